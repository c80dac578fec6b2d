import http from 'node:http';
import { ACCOUNT_TYPE } from '@tally/shared';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  EVERY_TRY,
  type FakePlaid,
  type FakeTransactionInput,
  PLAID_DOWN,
  startFakePlaid,
} from '../../../test/fake-plaid';
import { faultOutcome } from '../../../test/faults';
import { createPlaidProvider, fromPlaidAmount, PlaidProviderError, type PlaidProviderOptions } from './plaid';
import type { BankProvider } from './types';

let fake: FakePlaid;
let plaid: BankProvider;

function provider(overrides: Partial<PlaidProviderOptions> = {}): BankProvider {
  return createPlaidProvider({
    clientId: fake.clientId,
    secret: fake.secret,
    env: 'sandbox',
    baseUrl: fake.url,
    ...overrides,
  });
}

/** Links an item the way the app does in sandbox: public token, then exchange. */
async function linkItem(institutionId?: string) {
  const publicToken = await plaid.createSandboxPublicToken(institutionId);
  return plaid.exchangePublicToken(publicToken);
}

async function rejection(promise: Promise<unknown>): Promise<PlaidProviderError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  if (!(error instanceof PlaidProviderError)) throw new Error(`expected a PlaidProviderError, got ${error}`);
  return error;
}

const groceries = { primary: 'FOOD_AND_DRINK', detailed: 'FOOD_AND_DRINK_GROCERIES' };

function spend(overrides: Partial<FakeTransactionInput> = {}): FakeTransactionInput {
  return { account: 'checking', amount: 12.3, date: '2025-03-14', name: 'WHOLEFDS #123', ...overrides };
}

beforeEach(async () => {
  fake = await startFakePlaid();
  plaid = provider();
});

afterEach(async () => {
  await fake.close();
});

describe('link', () => {
  it('creates a link token for transactions in the US, with two years of history and the webhook', async () => {
    const { linkToken, expiration } = await plaid.createLinkToken({
      userId: 'user-42',
      webhookUrl: 'https://tally.example/api/plaid/webhook',
    });

    expect(linkToken).toMatch(/^link-sandbox-/);
    expect(new Date(expiration).toISOString()).toBeTruthy();
    expect(fake.linkTokens.get(linkToken)).toEqual({
      client_name: 'Tally',
      language: 'en',
      country_codes: ['US'],
      user: { client_user_id: 'user-42' },
      products: ['transactions'],
      transactions: { days_requested: 730 },
      webhook: 'https://tally.example/api/plaid/webhook',
    });
  });

  it('leaves the webhook out when none is configured', async () => {
    const { linkToken } = await plaid.createLinkToken({ userId: 'user-42' });
    expect(fake.linkTokens.get(linkToken)).not.toHaveProperty('webhook');
  });

  it('exchanges a public token from Link for an access token and item id', async () => {
    const publicToken = fake.createPublicToken('ins_109509');

    const { accessToken, itemId } = await plaid.exchangePublicToken(publicToken);

    const item = fake.item(itemId);
    expect(accessToken).toBe(item.accessToken);
    expect(item.institutionId).toBe('ins_109509');
  });

  it('rejects a public token that was already exchanged', async () => {
    const publicToken = fake.createPublicToken();
    await plaid.exchangePublicToken(publicToken);

    const error = await rejection(plaid.exchangePublicToken(publicToken));
    expect(error.code).toBe('INVALID_PUBLIC_TOKEN');
  });

  it('names the institution', async () => {
    await expect(plaid.getInstitutionName('ins_109508')).resolves.toBe('First Platypus Bank');
    expect(fake.requests.at(-1)?.body).toEqual({ institution_id: 'ins_109508', country_codes: ['US'] });
  });

  it('lists no institutions, since Plaid Link shows its own', async () => {
    await expect(plaid.listInstitutions()).resolves.toEqual([]);
  });
});

describe('sandbox public tokens', () => {
  it("creates one for Plaid's default sandbox bank with the transactions product", async () => {
    const publicToken = await plaid.createSandboxPublicToken();

    expect(publicToken).toMatch(/^public-sandbox-/);
    expect(fake.requests.at(-1)).toEqual({
      path: '/sandbox/public_token/create',
      body: { institution_id: 'ins_109508', initial_products: ['transactions'] },
    });
  });

  it('creates one for a chosen institution', async () => {
    const { itemId } = await linkItem('ins_109510');
    expect(fake.item(itemId).institutionId).toBe('ins_109510');
  });

  it('refuses outside the sandbox without calling Plaid', async () => {
    const production = provider({ env: 'production' });

    const error = await rejection(production.createSandboxPublicToken());

    expect(error.code).toBe('SANDBOX_ONLY');
    expect(fake.requests).toEqual([]);
  });
});

describe('accounts', () => {
  it('maps types to our codes and balances to exact cents with their own sign', async () => {
    fake.seed = {
      transactions: [],
      accounts: [
        {
          key: 'checking',
          name: 'Checking',
          mask: '0000',
          type: 'depository',
          subtype: 'checking',
          current: -25.5,
          available: 0.07,
        },
        {
          key: 'card',
          name: 'Card',
          type: 'credit',
          subtype: 'credit card',
          current: 1234.56,
          available: 765.44,
          limit: 2000,
        },
        { key: 'ira', name: 'IRA', type: 'investment', subtype: 'ira', current: 23631.9805, available: null },
        {
          key: 'home',
          name: 'Mortgage',
          type: 'loan',
          subtype: 'mortgage',
          current: 0.30000000000000004,
          available: null,
        },
        {
          key: 'other',
          name: 'Prepaid',
          type: 'other',
          subtype: null,
          current: null,
          available: null,
          isoCurrencyCode: 'CAD',
        },
      ],
    };
    const { accessToken, itemId } = await linkItem('ins_109509');
    const ids = fake.item(itemId).accountIds;

    const { institutionId, accounts } = await plaid.getAccounts(accessToken);

    expect(institutionId).toBe('ins_109509');
    expect(accounts).toEqual([
      {
        providerAccountId: ids.get('checking'),
        name: 'Checking',
        officialName: null,
        mask: '0000',
        type: ACCOUNT_TYPE.Depository,
        subtype: 'checking',
        currentBalance: -2550,
        availableBalance: 7,
        isoCurrencyCode: 'USD',
      },
      expect.objectContaining({
        type: ACCOUNT_TYPE.Credit,
        subtype: 'credit card',
        currentBalance: 123456,
        availableBalance: 76544,
      }),
      expect.objectContaining({
        type: ACCOUNT_TYPE.Investment,
        currentBalance: 2363198,
        availableBalance: null,
      }),
      expect.objectContaining({ type: ACCOUNT_TYPE.Loan, subtype: 'mortgage', currentBalance: 30 }),
      expect.objectContaining({
        type: ACCOUNT_TYPE.Depository,
        subtype: null,
        currentBalance: null,
        isoCurrencyCode: 'CAD',
      }),
    ]);
  });

  it('gives the default sandbox bank one account of each type group', async () => {
    const { accessToken } = await linkItem();
    const { accounts } = await plaid.getAccounts(accessToken);
    expect(new Set(accounts.map((a) => a.type))).toEqual(new Set([0, 2, 3, 4]));
  });
});

describe('transaction sync', () => {
  it.each([
    { plaid: 12.3, cents: -1230 },
    { plaid: 1234.56, cents: -123456 },
    { plaid: 0.07, cents: -7 },
    { plaid: -25.5, cents: 2550 },
    { plaid: 0.1 + 0.2, cents: -30 },
    { plaid: 19.99, cents: -1999 },
    { plaid: -2500, cents: 250000 },
    { plaid: 0, cents: 0 },
  ])(
    'turns Plaid $plaid into $cents cents (our sign: positive = money in)',
    async ({ plaid: amount, cents }) => {
      const { accessToken, itemId } = await linkItem();
      fake.addTransactions(itemId, [spend({ amount })]);

      const page = await plaid.syncTransactions(accessToken, null);

      expect(page.added[0]?.amount).toBe(cents);
    },
  );

  it('never produces negative zero', () => {
    expect(Object.is(fromPlaidAmount(0), 0)).toBe(true);
  });

  it('maps every field of a transaction', async () => {
    const { accessToken, itemId } = await linkItem();
    const [added] = fake.addTransactions(itemId, [
      spend({
        transactionId: 'txn-whole-foods',
        account: 'credit',
        amount: 87.65,
        date: '2025-03-14',
        authorizedDate: '2025-03-13',
        name: 'WHOLEFDS MKT #10234',
        merchantName: 'Whole Foods Market',
        category: groceries,
        paymentChannel: 'in store',
      }),
    ]);

    const page = await plaid.syncTransactions(accessToken, null);

    expect(page.added).toEqual([
      {
        providerTransactionId: 'txn-whole-foods',
        providerAccountId: added?.account_id,
        pendingTransactionId: null,
        pending: false,
        date: '2025-03-14',
        description: 'WHOLEFDS MKT #10234',
        merchantName: 'Whole Foods Market',
        amount: -8765,
        categoryPrimary: 'FOOD_AND_DRINK',
        categoryDetailed: 'FOOD_AND_DRINK_GROCERIES',
      },
    ]);
    expect(page.modified).toEqual([]);
    expect(page.removed).toEqual([]);
    expect(page.hasMore).toBe(false);
  });

  it('falls back to the original description when Plaid has no name, and to null categories', async () => {
    const { accessToken, itemId } = await linkItem();
    fake.addTransactions(itemId, [
      spend({ name: '', originalDescription: 'POS 1234 CORNER DELI', category: null }),
    ]);

    const [transaction] = (await plaid.syncTransactions(accessToken, null)).added;

    expect(transaction?.description).toBe('POS 1234 CORNER DELI');
    expect(transaction?.merchantName).toBeNull();
    expect(transaction?.categoryPrimary).toBeNull();
    expect(transaction?.categoryDetailed).toBeNull();
  });

  it('asks for 500 changes a page from the start, omitting the cursor', async () => {
    const { accessToken } = await linkItem();

    await plaid.syncTransactions(accessToken, null);

    expect(fake.requests.at(-1)?.body).toMatchObject({ access_token: accessToken, count: 500 });
    expect(fake.requests.at(-1)?.body).not.toHaveProperty('cursor');
  });

  it('pages with has_more until the history is done, then stays put at the last cursor', async () => {
    const { accessToken, itemId } = await linkItem();
    const dates = ['2025-01-01', '2025-01-02', '2025-01-03', '2025-01-04', '2025-01-05'];
    fake.addTransactions(
      itemId,
      dates.map((date, i) => spend({ transactionId: `txn-${i}`, date })),
    );

    const pages = [];
    let cursor: string | null = null;
    do {
      const page = await plaid.syncTransactions(accessToken, cursor, { count: 2 });
      pages.push(page);
      cursor = page.nextCursor;
    } while (pages.at(-1)?.hasMore);

    expect(pages.map((p) => p.added.map((t) => t.providerTransactionId))).toEqual([
      ['txn-0', 'txn-1'],
      ['txn-2', 'txn-3'],
      ['txn-4'],
    ]);
    expect(pages.map((p) => p.hasMore)).toEqual([true, true, false]);
    expect(fake.requests.filter((r) => r.path === '/transactions/sync').map((r) => r.body.count)).toEqual([
      2, 2, 2,
    ]);

    const again = await plaid.syncTransactions(accessToken, cursor);
    expect(again).toMatchObject({ added: [], modified: [], removed: [], hasMore: false, nextCursor: cursor });
  });

  it("pages by Plaid's own page size when it is smaller than asked", async () => {
    const { accessToken, itemId } = await linkItem();
    fake.maxPageSize = 3;
    fake.addTransactions(itemId, [spend(), spend(), spend(), spend()]);

    const first = await plaid.syncTransactions(accessToken, null);
    const second = await plaid.syncTransactions(accessToken, first.nextCursor);

    expect([first.added.length, first.hasMore, second.added.length, second.hasMore]).toEqual([
      3,
      true,
      1,
      false,
    ]);
  });

  it('reports modified and removed transactions after the cursor', async () => {
    const { accessToken, itemId } = await linkItem();
    fake.addTransactions(itemId, [
      spend({ transactionId: 'txn-coffee', amount: 4.5, name: 'Blue Bottle' }),
      spend({ transactionId: 'txn-refund', amount: -20, name: 'REFUND' }),
    ]);
    const initial = await plaid.syncTransactions(accessToken, null);

    fake.modifyTransaction(itemId, 'txn-coffee', { amount: 5.25, merchantName: 'Blue Bottle Coffee' });
    fake.removeTransactions(itemId, ['txn-refund']);
    const next = await plaid.syncTransactions(accessToken, initial.nextCursor);

    expect(next.added).toEqual([]);
    expect(next.modified).toEqual([
      expect.objectContaining({
        providerTransactionId: 'txn-coffee',
        amount: -525,
        merchantName: 'Blue Bottle Coffee',
      }),
    ]);
    expect(next.removed).toEqual(['txn-refund']);
    expect(next.nextCursor).not.toBe(initial.nextCursor);
  });

  it('reports a pending transaction that posts as removed, and the posted one pointing back at it', async () => {
    const { accessToken, itemId } = await linkItem();
    fake.addTransactions(itemId, [
      spend({
        transactionId: 'txn-pending-dinner',
        amount: 40,
        name: 'OSTERIA',
        pending: true,
        date: '2025-03-14',
      }),
    ]);
    const first = await plaid.syncTransactions(accessToken, null);
    expect(first.added[0]).toMatchObject({ pending: true, pendingTransactionId: null, amount: -4000 });

    // The tip lands when the charge posts.
    const posted = fake.postPending(itemId, 'txn-pending-dinner', { amount: 48, date: '2025-03-16' });
    const next = await plaid.syncTransactions(accessToken, first.nextCursor);

    expect(next.removed).toEqual(['txn-pending-dinner']);
    expect(next.added).toEqual([
      expect.objectContaining({
        providerTransactionId: posted.transaction_id,
        pendingTransactionId: 'txn-pending-dinner',
        pending: false,
        amount: -4800,
        date: '2025-03-16',
      }),
    ]);
  });
});

describe('errors', () => {
  it('rejects an unknown access token with Plaid’s code, without echoing the token', async () => {
    const token = 'access-sandbox-00000000-0000-0000-0000-000000000000';

    const error = await rejection(plaid.syncTransactions(token, null));

    expect(error).toBeInstanceOf(PlaidProviderError);
    expect(error).toMatchObject({ code: 'INVALID_ACCESS_TOKEN', type: 'INVALID_INPUT', status: 400 });
    expect(error.message).not.toContain(token);
    expect(JSON.stringify(error)).not.toContain(token);
  });

  it('reports a removed item as not found afterwards', async () => {
    const { accessToken, itemId } = await linkItem();

    await plaid.removeItem(accessToken);

    expect(fake.item(itemId).removed).toBe(true);
    const error = await rejection(plaid.getAccounts(accessToken));
    expect(error).toMatchObject({ code: 'ITEM_NOT_FOUND', type: 'ITEM_ERROR' });
  });

  it('takes removing an item Plaid no longer has as done, and passes on any other failure', async () => {
    const { accessToken, itemId } = await linkItem();
    await plaid.removeItem(accessToken);

    // Plaid answers ITEM_NOT_FOUND the second time; the item is gone, which is what was asked.
    await expect(plaid.removeItem(accessToken)).resolves.toBeUndefined();
    expect(fake.requestsTo('/item/remove').filter((r) => r.body.access_token === accessToken)).toHaveLength(
      2,
    );
    expect(fake.removedItemIds.filter((id) => id === itemId)).toHaveLength(1);

    const other = await linkItem();
    fake.failNext('/item/remove', PLAID_DOWN, EVERY_TRY);
    expect(await rejection(plaid.removeItem(other.accessToken))).toMatchObject({
      code: 'INTERNAL_SERVER_ERROR',
    });
    expect(fake.item(other.itemId).removed).toBe(false);
  });

  it('reports wrong credentials as INVALID_API_KEYS', async () => {
    const error = await rejection(provider({ secret: 'not-the-secret' }).createLinkToken({ userId: 'u' }));
    expect(error.code).toBe('INVALID_API_KEYS');
    expect(error.message).not.toContain('not-the-secret');
  });

  it('passes on errors Plaid raises mid-sync', async () => {
    const { accessToken } = await linkItem();
    fake.failNext('/transactions/sync', {
      errorType: 'TRANSACTIONS_ERROR',
      errorCode: 'TRANSACTIONS_SYNC_MUTATION_DURING_PAGINATION',
      errorMessage:
        'Underlying transaction data changed since last page was fetched. Please restart pagination from last update.',
    });

    const error = await rejection(plaid.syncTransactions(accessToken, null));

    expect(error.code).toBe('TRANSACTIONS_SYNC_MUTATION_DURING_PAGINATION');
    await expect(plaid.syncTransactions(accessToken, null)).resolves.toMatchObject({ hasMore: false });
  });

  it('tries again, a little later, a request Plaid refused for a passing reason (429, 5xx)', async () => {
    const { accessToken } = await linkItem();
    fake.failNext('/accounts/get', {
      status: 429,
      errorType: 'RATE_LIMIT_EXCEEDED',
      errorCode: 'ACCOUNTS_LIMIT',
    });
    fake.failNext('/accounts/get', { status: 503, errorType: 'API_ERROR', errorCode: 'PLANNED_MAINTENANCE' });

    const { accounts } = await plaid.getAccounts(accessToken);

    expect(accounts.length).toBeGreaterThan(0);
    expect(fake.requestsTo('/accounts/get')).toHaveLength(3);
    faultOutcome(
      'the bank answers 429, then 503',
      'tried again after a short wait each time; answered on the third try',
    );
  });

  it('gives up after its last try with what Plaid said, and never tries again a request it refused for good', async () => {
    const { accessToken } = await linkItem();
    fake.failNext(
      '/accounts/get',
      { status: 429, errorType: 'RATE_LIMIT_EXCEEDED', errorCode: 'ACCOUNTS_LIMIT' },
      EVERY_TRY,
    );
    expect(await rejection(plaid.getAccounts(accessToken))).toMatchObject({
      code: 'ACCOUNTS_LIMIT',
      status: 429,
    });
    expect(fake.requestsTo('/accounts/get')).toHaveLength(EVERY_TRY);

    fake.failNext('/transactions/sync', {
      status: 400,
      errorType: 'ITEM_ERROR',
      errorCode: 'ITEM_LOGIN_REQUIRED',
    });
    expect((await rejection(plaid.syncTransactions(accessToken, null))).code).toBe('ITEM_LOGIN_REQUIRED');
    expect(fake.requestsTo('/transactions/sync')).toHaveLength(1);
    faultOutcome(
      'the bank answers 429 to every try',
      `given up after ${EVERY_TRY} tries with what the bank said (ACCOUNTS_LIMIT); a refusal for good (400) is not tried again`,
    );
  });

  it('reports a Plaid outage with its status, and never spends a public token on a second try', async () => {
    fake.failNext('/item/public_token/exchange', PLAID_DOWN);

    const error = await rejection(plaid.exchangePublicToken(fake.createPublicToken()));

    expect(error).toMatchObject({ code: 'INTERNAL_SERVER_ERROR', status: 500 });
    expect(fake.requestsTo('/item/public_token/exchange')).toHaveLength(1);
  });

  it('does not try again a request that timed out: it has waited its whole time limit already', async () => {
    // A Plaid that takes every request and never answers.
    const asked: string[] = [];
    const silent = http.createServer((req) => void asked.push(req.url ?? ''));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as { port: number };
    try {
      const slow = provider({ baseUrl: `http://127.0.0.1:${port}`, timeoutMs: 200 });
      const error = await rejection(slow.getAccounts('access-sandbox-secret-item'));
      expect(error).toMatchObject({ code: 'PLAID_UNREACHABLE', status: null });
      expect(asked).toEqual(['/accounts/get']);
      faultOutcome(
        'the bank never answers',
        `given up after its time limit, not tried again (${asked.length} request): "${error.message}"`,
      );
    } finally {
      silent.closeAllConnections();
      await new Promise((resolve) => silent.close(resolve));
    }
  });

  it('reports Plaid as unreachable when nothing answers, without leaking credentials', async () => {
    const closedPort = await freePort();
    const offline = provider({ baseUrl: `http://127.0.0.1:${closedPort}` });

    const error = await rejection(offline.getAccounts('access-sandbox-secret-item'));

    expect(error).toMatchObject({ code: 'PLAID_UNREACHABLE', status: null });
    const seen = JSON.stringify({ ...error, message: error.message });
    expect(seen).not.toContain(fake.secret);
    expect(seen).not.toContain('access-sandbox-secret-item');
  });
});

/** A port that nothing listens on: bound once by us, then released. */
async function freePort(): Promise<number> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (!address || typeof address === 'string') throw new Error('no port');
  return address.port;
}
