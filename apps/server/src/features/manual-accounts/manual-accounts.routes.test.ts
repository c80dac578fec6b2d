import {
  account,
  accountList,
  CATEGORY,
  connectionList,
  errorBody,
  type LoginResult,
  MAX_MANUAL_ACCOUNTS,
  spendingByCategory,
  transaction,
  transactionList,
  transactionSummary,
} from '@tally/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fakeHistory, linkBankAndImport, TODAY, testNow } from '../../../test/accounts';
import { type FakePlaid, startFakePlaid } from '../../../test/fake-plaid';
import { bearer, createTestApp, expectJson, signUp, type TestApp } from '../../../test/helpers';
import { addManualAccount, addManualTransaction } from '../../../test/manual-accounts';

let fake: FakePlaid;
let app: TestApp;

beforeAll(async () => {
  fake = await startFakePlaid({ now: testNow, seed: fakeHistory(20) });
  app = await createTestApp({ env: fake.env(), now: testNow });
});
afterAll(async () => {
  await app.close();
  await fake.close();
});

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (auth: LoginResult, method: Method, url: string, payload?: object) =>
  app.inject({ method, url: `/api${url}`, headers: bearer(auth), ...(payload ? { payload } : {}) });

const accountsOf = async (auth: LoginResult) =>
  expectJson(await call(auth, 'GET', '/plaid/accounts'), 200, accountList);
const balanceOf = async (auth: LoginResult, accountId: string) =>
  (await accountsOf(auth)).find((a) => a.id === accountId)?.currentBalance;
const connectionsOf = async (auth: LoginResult) =>
  expectJson(await call(auth, 'GET', '/plaid/connections'), 200, connectionList);
const transactionsOf = async (auth: LoginResult, query = '') =>
  expectJson(await call(auth, 'GET', `/transactions?pageSize=100${query}`), 200, transactionList)
    .transactions;

async function manualConnections(userId: string) {
  return app.database.query<{
    id: string;
    provider: string;
    item_id: string;
    institution_name: string;
    access_token_encrypted: string;
    cursor: string | null;
  }>(
    `select id, provider, item_id, institution_name, access_token_encrypted, cursor
       from bank_connections where user_id = $1 and provider = 'manual'`,
    [userId],
  );
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe('POST /api/accounts/manual', () => {
  it('adds an account kept by hand, on the person’s one manual connection made with the first', async () => {
    const ada = await signUp(app);
    expect(await manualConnections(ada.user.id)).toEqual([]);
    const cash = await addManualAccount(app, ada, { name: '  Cash jar ', openingBalance: 250.5 });
    expect(cash).toMatchObject({
      name: 'Cash jar',
      institutionName: 'Manual accounts',
      type: 0,
      subtype: 'checking',
      currentBalance: 250.5,
      availableBalance: null,
      officialName: null,
      mask: null,
      isActive: true,
      isManual: true,
      openingBalance: 250.5,
    });
    const [connection] = await manualConnections(ada.user.id);
    expect(connection).toEqual({
      id: cash.connectionId,
      provider: 'manual',
      item_id: 'manual',
      institution_name: 'Manual accounts',
      access_token_encrypted: '',
      cursor: null,
    });
    const [stored] = await app.database.query<{ provider_account_id: string; opening_balance: string }>(
      'select provider_account_id, opening_balance::text from bank_accounts where id = $1',
      [cash.id],
    );
    expect(stored?.provider_account_id).toMatch(/^manual:/);
    expect(stored?.provider_account_id.slice('manual:'.length)).toMatch(UUID);
    expect(stored?.opening_balance).toBe('25050');

    const card = await addManualAccount(app, ada, {
      name: 'Store card',
      type: 2,
      subtype: 'creditcard',
      openingBalance: 0,
    });
    expect(card.connectionId).toBe(cash.connectionId);
    expect(await manualConnections(ada.user.id)).toHaveLength(1);

    // The connections list shows the group with its accounts; the account list shows them with the rest.
    const connections = await connectionsOf(ada);
    expect(connections).toHaveLength(1);
    expect(connections[0]).toMatchObject({
      id: cash.connectionId,
      provider: 'manual',
      institutionName: 'Manual accounts',
      isActive: true,
      lastSyncAt: null,
    });
    expect(connections[0]?.accounts.map((a) => a.name)).toEqual(['Cash jar', 'Store card']);
    expect((await accountsOf(ada)).map((a) => [a.name, a.isManual])).toEqual([
      ['Cash jar', true],
      ['Store card', true],
    ]);
  });

  it('opens with no balance when none is given', async () => {
    const ada = await signUp(app);
    const res = await call(ada, 'POST', '/accounts/manual', { name: 'Wallet', type: 0, subtype: 'checking' });
    expect(expectJson(res, 201, account)).toMatchObject({ currentBalance: 0, openingBalance: 0 });
  });

  it('makes one manual connection when the first accounts are added at the same moment', async () => {
    const ada = await signUp(app);
    const made = await Promise.all(
      Array.from({ length: 6 }, (_, i) => addManualAccount(app, ada, { name: `Envelope ${i}` })),
    );
    const [connection, ...others] = await manualConnections(ada.user.id);
    expect(others).toEqual([]);
    expect(new Set(made.map((a) => a.connectionId))).toEqual(new Set([connection?.id]));
  });

  it(`keeps at most ${MAX_MANUAL_ACCOUNTS} accounts per person, counted even when added at the same moment`, async () => {
    const ada = await signUp(app);
    await Promise.all(
      Array.from({ length: MAX_MANUAL_ACCOUNTS - 1 }, (_, i) =>
        addManualAccount(app, ada, { name: `Jar ${i}` }),
      ),
    );
    const last = () =>
      call(ada, 'POST', '/accounts/manual', { name: 'One more', type: 0, subtype: 'checking' });
    const [a, b] = await Promise.all([last(), last()]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([201, 400]);
    const refused = a.statusCode === 400 ? a : b;
    expect(expectJson(refused, 400, errorBody)).toMatchObject({
      code: 'MANUAL_ACCOUNT_LIMIT',
      message: `You can keep at most ${MAX_MANUAL_ACCOUNTS} manual accounts`,
    });
    expect((await accountsOf(ada)).length).toBe(MAX_MANUAL_ACCOUNTS);
  });

  it('says what is wrong with each field', async () => {
    const ada = await signUp(app);
    const valid = { name: 'Wallet', type: 0, subtype: 'checking', openingBalance: 10 };
    const cases: Array<[object, string]> = [
      [{ ...valid, name: undefined }, 'Account name is required'],
      [{ ...valid, name: '   ' }, 'Account name is required'],
      [{ ...valid, name: 'x'.repeat(101) }, 'Account name must be at most 100 characters'],
      [{ ...valid, type: undefined }, 'Choose an account type'],
      [{ ...valid, type: 1 }, 'Choose an account type'],
      [{ ...valid, type: '0' }, 'Choose an account type'],
      [{ ...valid, subtype: undefined }, 'Choose a subtype'],
      [{ ...valid, subtype: '' }, 'Choose a subtype'],
      [{ ...valid, subtype: 'creditcard' }, 'Choose a subtype of this account type'],
      [{ ...valid, type: 4, subtype: 'checking' }, 'Choose a subtype of this account type'],
      [{ ...valid, openingBalance: '10' }, 'Opening balance must be a number'],
      [{ ...valid, openingBalance: 100_000_000.01 }, 'Opening balance must be at most $100,000,000'],
      [{ ...valid, openingBalance: -100_000_001 }, 'Opening balance must be at most $100,000,000'],
      [{ ...valid, openingBalance: 1.005 }, 'Opening balance can have at most 2 decimals'],
    ];
    for (const [body, message] of cases) {
      const res = await call(ada, 'POST', '/accounts/manual', body);
      expect(expectJson(res, 400, errorBody).message, JSON.stringify(body)).toBe(message);
    }
    expect(await manualConnections(ada.user.id)).toEqual([]);
    // The largest balance typed by hand, either way, is taken to the cent.
    for (const openingBalance of [100_000_000, -99_999_999.99]) {
      expect((await addManualAccount(app, ada, { openingBalance })).currentBalance).toBe(openingBalance);
    }
  });
});

describe('PUT /api/accounts/manual/:id', () => {
  it('renames, changes the subtype, and moves the balance with the opening balance', async () => {
    const ada = await signUp(app);
    const savings = await addManualAccount(app, ada, { name: 'Savings', openingBalance: 100 });
    await addManualTransaction(app, ada, { accountId: savings.id, amount: 40.25 });
    expect(await balanceOf(ada, savings.id)).toBe(140.25);

    const res = await call(ada, 'PUT', `/accounts/manual/${savings.id}`, {
      name: 'Rainy day',
      subtype: 'savings',
      openingBalance: 1000.1,
    });
    expect(expectJson(res, 200, account)).toMatchObject({
      id: savings.id,
      name: 'Rainy day',
      subtype: 'savings',
      type: 0,
      openingBalance: 1000.1,
      currentBalance: 1040.35,
      isManual: true,
    });
    expect(await balanceOf(ada, savings.id)).toBe(1040.35);
  });

  it('keeps the type: a subtype of another type is refused', async () => {
    const ada = await signUp(app);
    const loan = await addManualAccount(app, ada, {
      name: 'Car',
      type: 4,
      subtype: 'auto',
      openingBalance: 9000,
    });
    const refused = await call(ada, 'PUT', `/accounts/manual/${loan.id}`, {
      name: 'Car',
      subtype: 'checking',
      openingBalance: 9000,
    });
    expect(expectJson(refused, 400, errorBody)).toMatchObject({
      message: 'Choose a subtype of this account type',
      details: [{ path: 'subtype', message: 'Choose a subtype of this account type' }],
    });
    const ok = await call(ada, 'PUT', `/accounts/manual/${loan.id}`, {
      name: 'Car loan',
      subtype: 'personal',
      openingBalance: 8000,
    });
    expect(expectJson(ok, 200, account)).toMatchObject({
      type: 4,
      subtype: 'personal',
      currentBalance: 8000,
    });
  });

  it('says what is wrong with each field', async () => {
    const ada = await signUp(app);
    const wallet = await addManualAccount(app, ada);
    const valid = { name: 'Wallet', subtype: 'checking', openingBalance: 10 };
    const cases: Array<[object, string]> = [
      [{ ...valid, name: '' }, 'Account name is required'],
      [{ ...valid, name: 'x'.repeat(101) }, 'Account name must be at most 100 characters'],
      [{ ...valid, subtype: undefined }, 'Choose a subtype'],
      [{ ...valid, openingBalance: undefined }, 'Opening balance must be a number'],
      [{ ...valid, openingBalance: 0.001 }, 'Opening balance can have at most 2 decimals'],
      [{ ...valid, openingBalance: 1e9 }, 'Opening balance must be at most $100,000,000'],
    ];
    for (const [body, message] of cases) {
      const res = await call(ada, 'PUT', `/accounts/manual/${wallet.id}`, body);
      expect(expectJson(res, 400, errorBody).message, JSON.stringify(body)).toBe(message);
    }
    const bad = await call(ada, 'PUT', '/accounts/manual/not-an-id', valid);
    expect(expectJson(bad, 400, errorBody).message).toBe('Invalid id');
    expect((await accountsOf(ada))[0]).toMatchObject({ name: 'Cash jar', openingBalance: 1000 });
  });
});

describe('DELETE /api/accounts/manual/:id', () => {
  it('deletes the account with its transactions, and the manual connection with the last account', async () => {
    const ada = await signUp(app);
    const cash = await addManualAccount(app, ada, { name: 'Cash' });
    const jar = await addManualAccount(app, ada, { name: 'Jar' });
    await addManualTransaction(app, ada, { accountId: cash.id, amount: -20, category: CATEGORY.DiningOut });
    await addManualTransaction(app, ada, { accountId: jar.id, amount: -5, category: CATEGORY.Groceries });
    const summary = async () =>
      expectJson(await call(ada, 'GET', '/transactions/summary'), 200, transactionSummary);
    expect(await summary()).toMatchObject({ totalExpenses: 25, transactionCount: 2 });

    expect((await call(ada, 'DELETE', `/accounts/manual/${cash.id}`)).statusCode).toBe(204);
    expect((await accountsOf(ada)).map((a) => a.name)).toEqual(['Jar']);
    expect((await transactionsOf(ada)).map((t) => t.accountName)).toEqual(['Jar']);
    // The totals follow (the monthly rollups lose the deleted account's rows too).
    expect(await summary()).toMatchObject({ totalExpenses: 5, transactionCount: 1 });
    expect(await manualConnections(ada.user.id)).toHaveLength(1);
    const again = await call(ada, 'DELETE', `/accounts/manual/${cash.id}`);
    expect(expectJson(again, 404, errorBody).message).toBe('Account not found');

    expect((await call(ada, 'DELETE', `/accounts/manual/${jar.id}`)).statusCode).toBe(204);
    expect(await manualConnections(ada.user.id)).toEqual([]);
    expect(await connectionsOf(ada)).toEqual([]);
    expect(await summary()).toMatchObject({ totalExpenses: 0, transactionCount: 0 });
    const [left] = await app.database.query<{ n: number }>(
      'select count(*)::int as n from transactions where user_id = $1',
      [ada.user.id],
    );
    expect(Number(left?.n)).toBe(0);

    // A first account again makes the connection again.
    const fresh = await addManualAccount(app, ada);
    expect((await manualConnections(ada.user.id))[0]?.id).toBe(fresh.connectionId);
  });
});

describe('transactions typed by hand', () => {
  it('are stored as the person’s own choice, posted and not a transfer, and shown as manual', async () => {
    const ada = await signUp(app);
    const cash = await addManualAccount(app, ada, { name: 'Cash' });
    const made = await addManualTransaction(app, ada, {
      accountId: cash.id,
      date: '2026-11-18',
      description: '  Bakery  ',
      amount: -4.5,
      category: CATEGORY.DiningOut,
      note: 'croissants',
    });
    expect(made).toEqual({
      id: expect.stringMatching(UUID),
      description: 'Bakery',
      merchantName: null,
      amount: -4.5,
      accountId: cash.id,
      accountName: 'Cash',
      category: CATEGORY.DiningOut,
      categoryName: 'Dining Out',
      date: '2026-11-18',
      pending: false,
      isTransfer: false,
      note: 'croissants',
      isManual: true,
    });
    const [row] = await app.database.query<{
      provider_transaction_id: string;
      category_source: string;
      amount: string;
    }>('select provider_transaction_id, category_source, amount::text from transactions where id = $1', [
      made.id,
    ]);
    expect(row?.provider_transaction_id.slice('manual:'.length)).toMatch(UUID);
    expect(row?.provider_transaction_id.startsWith('manual:')).toBe(true);
    expect(row).toMatchObject({ category_source: 'user', amount: '-450' });
    expect(await transactionsOf(ada)).toEqual([made]);
    const noNote = await addManualTransaction(app, ada, { accountId: cash.id });
    expect(noNote.note).toBeNull();
  });

  it('move the balance on add, edit, delete and restore; on a credit card spending raises what is owed', async () => {
    const ada = await signUp(app);
    const checking = await addManualAccount(app, ada, { name: 'Checking', openingBalance: 500 });
    const card = await addManualAccount(app, ada, {
      name: 'Card',
      type: 2,
      subtype: 'creditcard',
      openingBalance: 100,
    });
    const spent = await addManualTransaction(app, ada, { accountId: checking.id, amount: -75.5 });
    const paid = await addManualTransaction(app, ada, { accountId: checking.id, amount: 1200 });
    expect(await balanceOf(ada, checking.id)).toBe(1624.5);

    const onCard = await addManualTransaction(app, ada, { accountId: card.id, amount: -49.99 });
    expect(await balanceOf(ada, card.id)).toBe(149.99);
    await addManualTransaction(app, ada, { accountId: card.id, amount: 100, description: 'Card payment' });
    expect(await balanceOf(ada, card.id)).toBe(49.99);

    // An edit of the amount, and a move to the other account, move both balances.
    const edit = (id: string, body: object) =>
      call(ada, 'PUT', `/transactions/manual/${id}`, {
        date: TODAY,
        description: 'Farmers market',
        category: CATEGORY.Groceries,
        ...body,
      });
    const edited = await edit(spent.id, { accountId: checking.id, amount: -100 });
    expect(expectJson(edited, 200, transaction)).toMatchObject({ amount: -100, isManual: true });
    expect(await balanceOf(ada, checking.id)).toBe(1600);
    const moved = await edit(paid.id, { accountId: card.id, amount: 1200, description: 'Refund' });
    expect(expectJson(moved, 200, transaction)).toMatchObject({ accountId: card.id, accountName: 'Card' });
    expect(await balanceOf(ada, checking.id)).toBe(400);
    expect(await balanceOf(ada, card.id)).toBe(-1150.01);

    // Deleting (with undo) takes it out of the balance, and restoring puts it back.
    expect((await call(ada, 'DELETE', `/transactions/${onCard.id}`)).statusCode).toBe(204);
    expect(await balanceOf(ada, card.id)).toBe(-1200);
    expect((await call(ada, 'POST', `/transactions/${onCard.id}/restore`)).statusCode).toBe(200);
    expect(await balanceOf(ada, card.id)).toBe(-1150.01);

    // A deleted transaction cannot be edited until it is restored.
    await call(ada, 'DELETE', `/transactions/${onCard.id}`);
    const gone = await edit(onCard.id, { accountId: card.id, amount: -1 });
    expect(expectJson(gone, 404, errorBody).message).toBe('Transaction not found');
  });

  it('typed, deleted and moved at the same moment all count: every write lands and the balances agree', async () => {
    const ada = await signUp(app);
    const cash = await addManualAccount(app, ada, { name: 'Cash', openingBalance: 1000 });
    const wallet = await addManualAccount(app, ada, { name: 'Wallet', openingBalance: 0 });
    const early = await addManualTransaction(app, ada, { accountId: cash.id, amount: -5 });
    const there = await addManualTransaction(app, ada, { accountId: cash.id, amount: -7 });
    const back = await addManualTransaction(app, ada, { accountId: wallet.id, amount: -11 });
    const move = (id: string, accountId: string, amount: number) =>
      call(ada, 'PUT', `/transactions/manual/${id}`, {
        accountId,
        date: TODAY,
        description: 'Moved',
        category: CATEGORY.Groceries,
        amount,
      });
    // On PostgreSQL these run at once: a balance summed before another write committed, or two writers
    // waiting on each other's account, would show here as a wrong total or a 500.
    const answers = await Promise.all([
      ...Array.from({ length: 6 }, () =>
        call(ada, 'POST', '/transactions/manual', {
          accountId: cash.id,
          date: TODAY,
          description: 'Coffee',
          category: CATEGORY.DiningOut,
          amount: -2.5,
        }),
      ),
      call(ada, 'DELETE', `/transactions/${early.id}`),
      move(there.id, wallet.id, -7),
      move(back.id, cash.id, -11),
    ]);
    expect(answers.map((a) => a.statusCode)).toEqual([201, 201, 201, 201, 201, 201, 204, 200, 200]);
    expect(await balanceOf(ada, cash.id)).toBe(1000 - 6 * 2.5 - 11);
    expect(await balanceOf(ada, wallet.id)).toBe(-7);
  });

  it('keep the note unless the edit says otherwise, and clear it with an empty one', async () => {
    const ada = await signUp(app);
    const cash = await addManualAccount(app, ada);
    const made = await addManualTransaction(app, ada, { accountId: cash.id, note: 'keep me' });
    const body = {
      accountId: cash.id,
      date: '2026-11-01',
      description: 'Market',
      amount: -3,
      category: CATEGORY.Groceries,
    };
    const kept = await call(ada, 'PUT', `/transactions/manual/${made.id}`, body);
    expect(expectJson(kept, 200, transaction)).toMatchObject({
      note: 'keep me',
      date: '2026-11-01',
      description: 'Market',
      amount: -3,
    });
    const cleared = await call(ada, 'PUT', `/transactions/manual/${made.id}`, { ...body, note: '' });
    expect(expectJson(cleared, 200, transaction).note).toBeNull();
  });

  it('count in the list, the summary and spending by category like any other', async () => {
    const ada = await signUp(app);
    const cash = await addManualAccount(app, ada);
    const expense = await addManualTransaction(app, ada, {
      accountId: cash.id,
      amount: -42.1,
      category: CATEGORY.Entertainment,
      description: 'Concert tickets',
    });
    expect((await transactionsOf(ada, '&searchTerm=concert')).map((t) => t.id)).toEqual([expense.id]);
    expect((await transactionsOf(ada, `&accountId=${cash.id}`)).map((t) => t.id)).toEqual([expense.id]);
    const summary = expectJson(
      await call(ada, 'GET', `/transactions/summary?startDate=${TODAY}&endDate=${TODAY}`),
      200,
      transactionSummary,
    );
    expect(summary).toEqual({ totalIncome: 0, totalExpenses: 42.1, netAmount: -42.1, transactionCount: 1 });
    const byCategory = expectJson(
      await call(ada, 'GET', '/reports/spending-by-category?startDate=2026-11-01&endDate=2026-11-30'),
      200,
      spendingByCategory,
    );
    expect(byCategory).toEqual([
      { category: CATEGORY.Entertainment, categoryName: 'Entertainment', amount: 42.1 },
    ]);
  });

  it('say what is wrong with each field', async () => {
    const ada = await signUp(app);
    const cash = await addManualAccount(app, ada);
    const made = await addManualTransaction(app, ada, { accountId: cash.id });
    const valid = {
      accountId: cash.id,
      date: TODAY,
      description: 'Market',
      amount: -3,
      category: CATEGORY.Groceries,
    };
    const cases: Array<[object, string]> = [
      [{ ...valid, accountId: undefined }, 'Choose an account'],
      [{ ...valid, accountId: 'cash' }, 'Choose an account'],
      [{ ...valid, date: undefined }, 'Invalid input: expected string, received undefined'],
      [{ ...valid, date: '20/11/2026' }, 'Use a date like 2026-01-31'],
      [{ ...valid, date: '2026-02-30' }, 'Not a real date'],
      [{ ...valid, description: undefined }, 'Description is required'],
      [{ ...valid, description: '  ' }, 'Description is required'],
      [{ ...valid, description: 'x'.repeat(201) }, 'Description must be at most 200 characters'],
      [{ ...valid, amount: undefined }, 'Amount must be a number'],
      [{ ...valid, amount: '-3' }, 'Amount must be a number'],
      [{ ...valid, amount: 0 }, 'Amount cannot be 0'],
      [{ ...valid, amount: -3.001 }, 'Amount can have at most 2 decimals'],
      [{ ...valid, amount: 100_000_000.01 }, 'Amount must be at most $100,000,000'],
      [{ ...valid, category: undefined }, 'Unknown category'],
      [{ ...valid, category: 5 }, 'Unknown category'],
      [{ ...valid, note: 'x'.repeat(501) }, 'Note must be at most 500 characters'],
      [{ ...valid, note: 5 }, 'Note must be text'],
    ];
    for (const [body, message] of cases) {
      const created = await call(ada, 'POST', '/transactions/manual', body);
      expect(expectJson(created, 400, errorBody).message, `POST ${JSON.stringify(body)}`).toBe(message);
      const edited = await call(ada, 'PUT', `/transactions/manual/${made.id}`, body);
      expect(expectJson(edited, 400, errorBody).message, `PUT ${JSON.stringify(body)}`).toBe(message);
    }
    expect(await transactionsOf(ada)).toEqual([made]);
  });
});

describe('only the person’s own manual accounts', () => {
  let ada: LoginResult;
  let bob: LoginResult;
  let adaCash: { id: string };
  let adaTx: { id: string };
  let bank: { account: string; transaction: string };

  beforeAll(async () => {
    ada = await signUp(app);
    bob = await signUp(app);
    adaCash = await addManualAccount(app, ada, { name: 'Ada cash' });
    adaTx = await addManualTransaction(app, ada, { accountId: adaCash.id, description: 'Ada secret' });
    await linkBankAndImport(app, ada);
    const linked = (await transactionsOf(ada)).find((t) => !t.isManual);
    if (!linked) throw new Error('the linked bank imported nothing');
    bank = { account: linked.accountId, transaction: linked.id };
  });

  it('answer 404 to another person on every route, and change nothing of theirs', async () => {
    const bobCash = await addManualAccount(app, bob);
    const txBody = (accountId: string) => ({
      accountId,
      date: TODAY,
      description: 'Bob',
      amount: -1,
      category: CATEGORY.Groceries,
    });
    const attempts: Array<[Method, string, object | undefined, string]> = [
      [
        'PUT',
        `/accounts/manual/${adaCash.id}`,
        { name: 'Bob', subtype: 'checking', openingBalance: 0 },
        'Account not found',
      ],
      ['DELETE', `/accounts/manual/${adaCash.id}`, undefined, 'Account not found'],
      ['POST', '/transactions/manual', txBody(adaCash.id), 'Account not found'],
      ['PUT', `/transactions/manual/${adaTx.id}`, txBody(bobCash.id), 'Transaction not found'],
      // Bob's own transaction cannot be moved into Ada's account either.
      [
        'PUT',
        `/transactions/manual/${(await addManualTransaction(app, bob, { accountId: bobCash.id })).id}`,
        txBody(adaCash.id),
        'Account not found',
      ],
    ];
    const rowsOfAda = () =>
      app.database.query(
        `select to_jsonb(a)::text as row from bank_accounts a where user_id = $1
         union all select to_jsonb(t)::text from transactions t where user_id = $1 order by 1`,
        [ada.user.id],
      );
    const before = await rowsOfAda();
    const adaBefore = { accounts: await accountsOf(ada), transactions: await transactionsOf(ada) };
    for (const [method, url, payload, message] of attempts) {
      const res = await call(bob, method, url, payload);
      expect(expectJson(res, 404, errorBody).message, `${method} ${url}`).toBe(message);
    }
    expect({ accounts: await accountsOf(ada), transactions: await transactionsOf(ada) }).toEqual(adaBefore);
    expect(await rowsOfAda()).toEqual(before);
  });

  it('a linked bank’s accounts and transactions are not editable by hand (404)', async () => {
    const body = { name: 'Mine now', subtype: 'checking', openingBalance: 1 };
    const res = await call(ada, 'PUT', `/accounts/manual/${bank.account}`, body);
    expect(expectJson(res, 404, errorBody).message).toBe('Account not found');
    const del = await call(ada, 'DELETE', `/accounts/manual/${bank.account}`);
    expect(expectJson(del, 404, errorBody).message).toBe('Account not found');
    const tx = {
      accountId: bank.account,
      date: TODAY,
      description: 'Typed',
      amount: -1,
      category: CATEGORY.Groceries,
    };
    const added = await call(ada, 'POST', '/transactions/manual', tx);
    expect(expectJson(added, 404, errorBody).message).toBe('Account not found');
    const edited = await call(ada, 'PUT', `/transactions/manual/${bank.transaction}`, {
      ...tx,
      accountId: adaCash.id,
    });
    expect(expectJson(edited, 404, errorBody).message).toBe('Transaction not found');
    // Linked rows say they are not manual; the hand-entered one says it is.
    const listed = await transactionsOf(ada);
    expect(listed.filter((t) => t.isManual).map((t) => t.id)).toEqual([adaTx.id]);
    expect(listed.filter((t) => !t.isManual).length).toBeGreaterThan(0);
    const accounts = await accountsOf(ada);
    expect(accounts.filter((a) => a.isManual).map((a) => a.id)).toEqual([adaCash.id]);
    expect(accounts.filter((a) => !a.isManual).every((a) => a.openingBalance === null)).toBe(true);
    const connections = await connectionsOf(ada);
    expect(connections.map((c) => c.provider).sort()).toEqual(['manual', 'plaid']);
  });
});
