import {
  accountList,
  billingState,
  connectionList,
  hiddenAccountsMessage,
  type LoginResult,
  notificationList,
  planOf,
  transactionList,
  webhookResponse,
} from '@tally/shared';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eventually, TODAY, testNow, waitForImport } from '../../../test/accounts';
import {
  DEFAULT_FAKE_ACCOUNTS,
  type FakeAccountInput,
  type FakePlaid,
  type FakeTransactionInput,
  startFakePlaid,
} from '../../../test/fake-plaid';
import { type FakeStripe, startFakeStripe } from '../../../test/fake-stripe';
import { bearer, createTestApp, expectJson, signUp, type TestApp } from '../../../test/helpers';

// SECURITY: the Starter plan's linked-account limit holds after every sync, not only at link time. A bank
// that later reports more accounts than the plan includes gets them kept hidden, without their transactions,
// and the person is told once; a plan that allows more (or a bank disconnected) shows them with their history.

const [checking, savings, credit] = DEFAULT_FAKE_ACCOUNTS as [
  FakeAccountInput,
  FakeAccountInput,
  FakeAccountInput,
];

const spend = (account: string, name: string, amount: number, back: number): FakeTransactionInput => ({
  account,
  name,
  amount,
  date: addDaysUtc(TODAY, -back),
  category: { primary: 'GENERAL_MERCHANDISE', detailed: 'GENERAL_MERCHANDISE_OTHER_GENERAL_MERCHANDISE' },
});

function addDaysUtc(day: string, days: number) {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

let fake: FakePlaid;
let stripe: FakeStripe;
let app: TestApp;
beforeAll(async () => {
  fake = await startFakePlaid({ now: testNow });
  stripe = await startFakeStripe();
});
afterAll(async () => {
  await fake.close();
  await stripe.close();
});
beforeEach(async () => {
  app = await createTestApp({ env: { ...fake.env(), ...stripe.env() }, now: testNow });
});
afterEach(() => app.close());

const get = async <S extends Parameters<typeof expectJson>[2]>(auth: LoginResult, url: string, schema: S) =>
  expectJson(await app.inject({ method: 'GET', url: `/api${url}`, headers: bearer(auth) }), 200, schema);

/** A person on Starter, with nothing linked yet: new on a server taking payments, their trial not started. */
const aStarter = () => signUp(app);

/** Links a bank holding `accounts`, with a few purchases on the first, and waits for its import. */
async function link(person: LoginResult, accounts: FakeAccountInput[]) {
  const first = accounts[0]?.key ?? 'checking';
  fake.seed = {
    accounts,
    transactions: [spend(first, 'HARDWARE STORE', 12.5, 3), spend(first, 'BOOKSHOP', 30, 10)],
  };
  const res = await app.inject({
    method: 'POST',
    url: '/api/plaid/exchange-public-token',
    headers: bearer(person),
    payload: { publicToken: fake.createPublicToken() },
  });
  expect(res.statusCode, res.body).toBe(200);
  const connectionId = (res.json() as { connection: { id: string } }).connection.id;
  await waitForImport(app, person.token, connectionId);
  const [row] = await app.database.query<{ item_id: string }>(
    'select item_id from bank_connections where id = $1',
    [connectionId],
  );
  if (!row) throw new Error('connection not stored');
  return { connectionId, itemId: row.item_id };
}

/** Plaid tells us, with a signed webhook, that the item has new changes: a bank-sync job is queued. */
async function syncUpdates(itemId: string) {
  const { body, plaidVerification } = await fake.syncUpdatesWebhook(itemId);
  const res = await app.inject({
    method: 'POST',
    url: '/api/plaid/webhook',
    headers: { 'content-type': 'application/json', 'plaid-verification': plaidVerification },
    payload: body,
  });
  expect(expectJson(res, 200, webhookResponse)).toEqual({ received: true });
}

/** Waits until a stored transaction has this description: the sync that brought it has applied its page. */
const stored = (person: LoginResult, description: string) =>
  eventually(async () => {
    const rows = await app.database.query<{ n: number }>(
      'select count(*)::int as n from transactions where user_id = $1 and description = $2',
      [person.user.id, description],
    );
    return Number(rows[0]?.n) > 0;
  }, `transaction ${description}`);

/** The stored rows of the person's account with this name (hidden or not). */
async function rowsOf(person: LoginResult, accountName: string) {
  const rows = await app.database.query<{ n: number }>(
    `select count(*)::int as n from transactions t join bank_accounts a on a.id = t.account_id
      where t.user_id = $1 and a.name = $2`,
    [person.user.id, accountName],
  );
  return Number(rows[0]?.n);
}

const hiddenNotices = async (person: LoginResult) =>
  (await get(person, '/notifications', notificationList)).notifications.filter(
    (n) => n.kind === 'accounts_hidden',
  );

/** A Starter person with two accounts linked, whose bank then reports a third with purchases on it. */
async function aThirdAccountArrives() {
  const ada = await aStarter();
  const bank = await link(ada, [checking, savings]);
  fake.addAccount(bank.itemId, credit);
  fake.addTransactions(bank.itemId, [
    spend('credit', 'AIRLINE TICKET', 420, 2),
    spend('credit', 'HOTEL', 180, 1),
    spend('checking', 'GROCER', 45.2, 1),
  ]);
  await syncUpdates(bank.itemId);
  await stored(ada, 'GROCER');
  return { ada, ...bank };
}

describe('the linked-account limit after a sync', () => {
  it('keeps an account past the limit hidden, stores none of its transactions, and tells the person once', async () => {
    const { ada, connectionId, itemId } = await aThirdAccountArrives();

    const accounts = await get(ada, '/plaid/accounts', accountList);
    expect(accounts.map((a) => a.name).sort()).toEqual(['Plaid Checking', 'Plaid Saving']);
    const [connection] = await get(ada, '/plaid/connections', connectionList);
    expect(connection).toMatchObject({ id: connectionId, hiddenAccounts: 1 });
    expect(connection?.accounts).toHaveLength(2);
    expect(await get(ada, '/billing', billingState)).toMatchObject({ linkedAccounts: 2, accountLimit: 2 });
    expect(await rowsOf(ada, 'Plaid Credit Card')).toBe(0);
    const listed = await get(ada, '/transactions?pageSize=100', transactionList);
    expect(listed.transactions.map((t) => t.description).sort()).toEqual([
      'BOOKSHOP',
      'GROCER',
      'HARDWARE STORE',
    ]);

    const notices = await hiddenNotices(ada);
    expect(notices).toHaveLength(1);
    expect(notices[0]).toMatchObject({
      title: 'First Platypus Bank: 1 account hidden',
      link: '/settings#plan',
    });
    expect(notices[0]?.body).toContain('your Starter plan includes (up to 2 bank accounts)');

    // The next sync brings more on both: the hidden account's still are not stored, nor told again.
    fake.addTransactions(itemId, [spend('credit', 'TAXI', 25, 0), spend('checking', 'BAKERY', 6.4, 0)]);
    await syncUpdates(itemId);
    await stored(ada, 'BAKERY');
    expect(await rowsOf(ada, 'Plaid Credit Card')).toBe(0);
    expect(await hiddenNotices(ada)).toHaveLength(1);
    expect(await get(ada, '/plaid/accounts', accountList)).toHaveLength(2);
    expect(hiddenAccountsMessage(planOf('starter'), 1)).toBe(
      '1 more account hidden — your Starter plan includes up to 2 bank accounts',
    );
  });

  it('keeps it hidden through a reset and resync of the whole history', async () => {
    const { ada, connectionId } = await aThirdAccountArrives();
    const res = await app.inject({
      method: 'POST',
      url: '/api/transactions/reset-and-resync',
      headers: bearer(ada),
      payload: { connectionId },
    });
    expect(res.statusCode, res.body).toBe(200);
    await waitForImport(app, ada.token, connectionId);
    await stored(ada, 'GROCER');
    expect(await rowsOf(ada, 'Plaid Credit Card')).toBe(0);
    expect(await get(ada, '/plaid/accounts', accountList)).toHaveLength(2);
    expect(await hiddenNotices(ada)).toHaveLength(1);
  });

  it('shows the hidden account with the history it missed once the person starts a Pro trial', async () => {
    const { ada } = await aThirdAccountArrives();
    expect(await rowsOf(ada, 'Plaid Credit Card')).toBe(0);
    expect(await get(ada, '/plaid/accounts', accountList)).toHaveLength(2);
    const upgraded = await app.inject({
      method: 'POST',
      url: '/api/billing/plan',
      headers: bearer(ada),
      payload: { plan: 'pro' },
    });
    expect(upgraded.statusCode, upgraded.body).toBe(200);

    await eventually(async () => (await rowsOf(ada, 'Plaid Credit Card')) === 2, 'the hidden history');
    const accounts = await get(ada, '/plaid/accounts', accountList);
    expect(accounts.map((a) => a.name).sort()).toEqual([
      'Plaid Checking',
      'Plaid Credit Card',
      'Plaid Saving',
    ]);
    const [connection] = await get(ada, '/plaid/connections', connectionList);
    expect(connection?.hiddenAccounts).toBeUndefined();
    expect(await get(ada, '/billing', billingState)).toMatchObject({ linkedAccounts: 3, accountLimit: null });
  });

  it('shows it once another bank is disconnected to make room', async () => {
    const bea = await aStarter();
    const first = await link(bea, [checking]);
    const second = await link(bea, [savings]);
    fake.addAccount(second.itemId, credit);
    fake.addTransactions(second.itemId, [
      spend('credit', 'CONCERT', 75, 1),
      spend('savings', 'INTEREST', -1, 1),
    ]);
    await syncUpdates(second.itemId);
    await stored(bea, 'INTEREST');
    expect(await rowsOf(bea, 'Plaid Credit Card')).toBe(0);
    expect(await get(bea, '/plaid/accounts', accountList)).toHaveLength(2);

    const gone = await app.inject({
      method: 'DELETE',
      url: `/api/plaid/connections/${first.connectionId}`,
      headers: bearer(bea),
    });
    expect(gone.statusCode, gone.body).toBe(200);
    await eventually(async () => (await rowsOf(bea, 'Plaid Credit Card')) === 1, 'the hidden history');
    const accounts = await get(bea, '/plaid/accounts', accountList);
    expect(accounts.map((a) => a.name).sort()).toEqual(['Plaid Credit Card', 'Plaid Saving']);
    expect(await get(bea, '/billing', billingState)).toMatchObject({ linkedAccounts: 2 });
  });

  it('shows it once another account of the bank is unlinked to make room', async () => {
    const { ada } = await aThirdAccountArrives();
    expect(await rowsOf(ada, 'Plaid Credit Card')).toBe(0);
    const savingsId = (await get(ada, '/plaid/accounts', accountList)).find(
      (a) => a.name === 'Plaid Saving',
    )?.id;
    const unlinked = await app.inject({
      method: 'DELETE',
      url: `/api/plaid/accounts/${savingsId}?history=keep`,
      headers: bearer(ada),
    });
    expect(unlinked.statusCode, unlinked.body).toBe(200);
    await eventually(async () => (await rowsOf(ada, 'Plaid Credit Card')) === 2, 'the hidden history');
    const accounts = await get(ada, '/plaid/accounts', accountList);
    expect(accounts.map((a) => a.name).sort()).toEqual(['Plaid Checking', 'Plaid Credit Card']);
    expect(await get(ada, '/billing', billingState)).toMatchObject({ linkedAccounts: 2 });
  });

  it("never shows one person's hidden accounts to another", async () => {
    const { ada, connectionId } = await aThirdAccountArrives();
    expect(await get(ada, '/plaid/connections', connectionList)).toMatchObject([{ hiddenAccounts: 1 }]);
    const cy = await aStarter();
    expect(await get(cy, '/plaid/connections', connectionList)).toEqual([]);
    const status = await app.inject({
      method: 'GET',
      url: `/api/plaid/connections/${connectionId}/status`,
      headers: bearer(cy),
    });
    expect(status.statusCode).toBe(404);
  });
});
