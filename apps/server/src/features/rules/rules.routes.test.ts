import {
  accountList,
  addDays,
  CATEGORY,
  errorBody,
  type LoginResult,
  MAX_RULES,
  type Rule,
  type RuleBody,
  ruleApplyResult,
  ruleList,
  rulePreview,
  rule as ruleResponse,
  transactionList,
  webhookResponse,
} from '@tally/shared';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually, linkBankAndImport, TODAY, testNow } from '../../../test/accounts';
import {
  DEFAULT_FAKE_ACCOUNTS,
  type FakePlaid,
  type FakeTransactionInput,
  startFakePlaid,
} from '../../../test/fake-plaid';
import { bearer, createTestApp, expectJson, signUp, type TestApp } from '../../../test/helpers';
import { RULE_APPLIES_PER_MINUTE, RULE_PREVIEWS_PER_MINUTE } from './rules.routes';
import { ACCOUNT_NOT_FOUND, BAD_ORDER, RULE_LIMIT, RULE_NOT_FOUND } from './rules.service';

const COFFEE = ['FOOD_AND_DRINK', 'FOOD_AND_DRINK_COFFEE'] as const;
const MARKETPLACE = ['GENERAL_MERCHANDISE', 'GENERAL_MERCHANDISE_ONLINE_MARKETPLACES'] as const;

/** Plaid's sign: positive = money out. */
const spend = (
  back: number,
  name: string,
  merchantName: string | null,
  amount: number,
  [primary, detailed]: readonly [string, string] = COFFEE,
  extra: Partial<FakeTransactionInput> = {},
): FakeTransactionInput => ({
  account: 'checking',
  amount,
  date: addDays(TODAY, -back),
  name,
  merchantName,
  category: { primary, detailed },
  ...extra,
});

/** A month of a person's bank: coffee in two shops, Amazon at two sizes, a juice bar, pay and rent. */
function history(): FakeTransactionInput[] {
  return [
    spend(1, 'BLUE BOTTLE COFFEE #12', 'Blue Bottle', 4.5),
    spend(3, 'BLUE  BOTTLE COFFEE #14', 'Blue Bottle', 5.25),
    spend(6, 'blue bottle coffee #12', null, 4.75),
    spend(2, 'STARBUCKS STORE 1234', 'Starbucks', 6.1),
    spend(4, 'AMZN Mktp US*2K3', 'Amazon', 30, MARKETPLACE),
    spend(5, 'AMZN Mktp US*9Q1', 'Amazon', 150, MARKETPLACE),
    spend(7, '100% JUICE BAR', null, 8, ['FOOD_AND_DRINK', 'FOOD_AND_DRINK_RESTAURANT']),
    spend(8, 'ACME CORP PAYROLL', 'Acme Corp', -2500, ['INCOME', 'INCOME_WAGES']),
    spend(9, 'BAYVIEW PROPERTY MGMT', 'Bayview', 2850, ['RENT_AND_UTILITIES', 'RENT_AND_UTILITIES_RENT']),
    spend(0, 'BLUE BOTTLE COFFEE #12', 'Blue Bottle', 3.5, COFFEE, {
      account: 'credit',
      pending: true,
      transactionId: 'pending-coffee',
    }),
  ];
}

let app: TestApp;
let fake: FakePlaid;
let alice: LoginResult;
let bob: LoginResult;

beforeAll(async () => {
  fake = await startFakePlaid({ now: testNow });
  app = await createTestApp({ env: fake.env(), now: testNow });
  [alice, bob] = await Promise.all([signUp(app), signUp(app)]);
});
afterAll(async () => {
  await app.close();
  await fake.close();
});

const call = (
  auth: LoginResult,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: unknown,
): Promise<LightMyRequestResponse> =>
  app.inject({
    method,
    url: `/api${url}`,
    headers: bearer(auth),
    ...(payload !== undefined ? { payload: payload as object } : {}),
  });

const aRule = (overrides: Partial<RuleBody> = {}) => ({
  pattern: 'blue bottle',
  setCategory: CATEGORY.DiningOut,
  ...overrides,
});

async function createRule(auth: LoginResult, body: object): Promise<Rule> {
  return expectJson(await call(auth, 'POST', '/rules', body), 201, ruleResponse);
}
async function rulesOf(auth: LoginResult): Promise<Rule[]> {
  return expectJson(await call(auth, 'GET', '/rules'), 200, ruleList);
}
async function clearRules(auth: LoginResult) {
  await app.database.query('delete from transaction_rules where user_id = $1', [auth.user.id]);
}
function expectError(res: LightMyRequestResponse, status: number, message: string) {
  expect(expectJson(res, status, errorBody).message).toBe(message);
}

/** A new person whose fake bank holds `transactions`, imported; answers the person and the bank item. */
async function personWithBank(transactions = history()) {
  const auth = await signUp(app);
  fake.seed = { accounts: DEFAULT_FAKE_ACCOUNTS, transactions };
  const connectionId = await linkBankAndImport(app, auth);
  const itemId = [...fake.items.values()].at(-1)!.itemId;
  return { auth, connectionId, itemId };
}

type StoredRow = {
  id: string;
  description: string;
  merchant_name: string | null;
  category: number;
  category_source: string;
  pending: boolean;
};
const stored = (auth: LoginResult) =>
  app.database.query<StoredRow>(
    `select id, description, merchant_name, category, category_source, pending from transactions
      where user_id = $1 and deleted_at is null order by date desc, description`,
    [auth.user.id],
  );
const storedLike = async (auth: LoginResult, text: string) =>
  (await stored(auth)).filter((r) => r.description.toLowerCase().replace(/\s+/g, ' ').includes(text));

/** Plaid tells us, with a signed webhook, that the item has new changes. */
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

describe('validation', () => {
  it.each<[string, object, string]>([
    ['an empty pattern', { pattern: '' }, 'Enter the text to match'],
    ['a pattern of spaces', { pattern: '   ' }, 'Enter the text to match'],
    ['no pattern', { pattern: undefined }, 'Enter the text to match'],
    ['a long pattern', { pattern: 'x'.repeat(101) }, 'The text to match must be at most 100 characters'],
    ['min above max', { minAmount: 20, maxAmount: 10 }, 'Minimum amount cannot be more than maximum amount'],
    ['a negative minimum', { minAmount: -1 }, 'Minimum amount cannot be negative'],
    ['a minimum in fractions of a cent', { minAmount: 1.005 }, 'Minimum amount can have at most 2 decimals'],
    ['a maximum as text', { maxAmount: '10' }, 'Maximum amount must be a number'],
    ['a huge maximum', { maxAmount: 100_000_001 }, 'Maximum amount must be at most $100,000,000'],
    [
      'neither a category nor a merchant name',
      { setCategory: null, renameMerchant: null },
      'Choose a category to set or a merchant name',
    ],
    [
      'a blank merchant name and no category',
      { setCategory: null, renameMerchant: '   ' },
      'Choose a category to set or a merchant name',
    ],
    ['an unknown category', { setCategory: 42 }, 'Unknown category'],
    ['a category that is no number', { setCategory: 'food' }, 'Unknown category'],
    ['an account id that is no id', { accountId: 'checking' }, 'Unknown account'],
    ['an unknown operator', { operator: 'like' }, 'Choose how to match: contains, startsWith or equals'],
    ['an unknown field', { field: 'note' }, 'Choose where to look: description, merchant or either'],
    [
      'a long merchant name',
      { renameMerchant: 'm'.repeat(101) },
      'The merchant name must be at most 100 characters',
    ],
  ])('refuses %s on create and update', async (_, overrides, message) => {
    const created = await createRule(alice, aRule());
    const body = { ...aRule(), ...overrides };
    expectError(await call(alice, 'POST', '/rules', body), 400, message);
    expectError(await call(alice, 'PUT', `/rules/${created.id}`, body), 400, message);
    expect(await rulesOf(alice)).toEqual([created]);
    await clearRules(alice);
  });

  it('names the field each message is about, for the form', async () => {
    for (const [body, path] of [
      [{ pattern: '' }, 'pattern'],
      [{ minAmount: 5, maxAmount: 1 }, 'minAmount'],
      [{ setCategory: null, renameMerchant: null }, 'setCategory'],
      [{ setCategory: 7 }, 'setCategory'],
      [{ maxAmount: -1 }, 'maxAmount'],
    ] as const) {
      const res = await call(alice, 'POST', '/rules', { ...aRule(), ...body });
      expect(expectJson(res, 400, errorBody).details?.[0]).toMatchObject({ path });
    }
  });

  it("answers 404 for an account that is not the person's, and 400 for one that is no id", async () => {
    const { auth: carol } = await personWithBank([]);
    const [carolsAccount] = expectJson(await call(carol, 'GET', '/plaid/accounts'), 200, accountList);
    expectError(
      await call(alice, 'POST', '/rules', aRule({ accountId: carolsAccount!.id })),
      404,
      ACCOUNT_NOT_FOUND,
    );
    const created = await createRule(alice, aRule());
    expectError(
      await call(alice, 'PUT', `/rules/${created.id}`, aRule({ accountId: carolsAccount!.id })),
      404,
      ACCOUNT_NOT_FOUND,
    );
    expect(await rulesOf(alice)).toEqual([created]);
    await clearRules(alice);
  });
});

describe('creating, listing, changing and deleting', () => {
  it('stores dollars as cents and answers dollars, with names for the account and category', async () => {
    const { auth } = await personWithBank([]);
    const [account] = expectJson(await call(auth, 'GET', '/plaid/accounts'), 200, accountList);
    const created = await createRule(auth, {
      field: 'description',
      operator: 'startsWith',
      pattern: '  AMZN Mktp ',
      minAmount: 0.1,
      maxAmount: 100.25,
      accountId: account!.id,
      setCategory: CATEGORY.Shopping,
      renameMerchant: ' Amazon ',
    });
    expect(created).toEqual({
      id: expect.any(String),
      position: 0,
      field: 'description',
      operator: 'startsWith',
      pattern: 'AMZN Mktp',
      minAmount: 0.1,
      maxAmount: 100.25,
      accountId: account!.id,
      accountName: account!.name,
      setCategory: CATEGORY.Shopping,
      setCategoryName: 'Shopping',
      renameMerchant: 'Amazon',
      createdAt: testNow().toISOString(),
    });
    const [row] = await app.database.query<{ min_amount: string; max_amount: string }>(
      'select min_amount::text, max_amount::text from transaction_rules where id = $1',
      [created.id],
    );
    expect(row).toEqual({ min_amount: '10', max_amount: '10025' });

    // Defaults: either field, contains, no bounds, no account; a rename alone is enough.
    const renameOnly = await createRule(auth, { pattern: 'acme', renameMerchant: 'Acme' });
    expect(renameOnly).toMatchObject({
      position: 1,
      field: 'either',
      operator: 'contains',
      minAmount: null,
      maxAmount: null,
      accountId: null,
      accountName: null,
      setCategory: null,
      setCategoryName: null,
      renameMerchant: 'Acme',
    });
    expect(await rulesOf(auth)).toEqual([created, renameOnly]);
  });

  it('updates every field and keeps the place; deletes, and the later rules move up', async () => {
    const { auth } = await personWithBank([]);
    const [a, b, c] = [
      await createRule(auth, aRule({ pattern: 'a' })),
      await createRule(auth, aRule({ pattern: 'b' })),
      await createRule(auth, aRule({ pattern: 'c' })),
    ];
    const updated = expectJson(
      await call(auth, 'PUT', `/rules/${b!.id}`, {
        pattern: 'bee',
        operator: 'equals',
        field: 'merchant',
        setCategory: null,
        renameMerchant: 'Bee',
        maxAmount: 9.99,
      }),
      200,
      ruleResponse,
    );
    expect(updated).toMatchObject({
      id: b!.id,
      position: 1,
      pattern: 'bee',
      operator: 'equals',
      field: 'merchant',
      setCategory: null,
      renameMerchant: 'Bee',
      minAmount: null,
      maxAmount: 9.99,
    });

    expect((await call(auth, 'DELETE', `/rules/${a!.id}`)).statusCode).toBe(204);
    expect((await rulesOf(auth)).map((r) => [r.id, r.position])).toEqual([
      [b!.id, 0],
      [c!.id, 1],
    ]);
    expectError(await call(auth, 'DELETE', `/rules/${a!.id}`), 404, RULE_NOT_FOUND);
    expect((await call(auth, 'DELETE', `/rules/${c!.id}`)).statusCode).toBe(204);
    expect((await rulesOf(auth)).map((r) => [r.id, r.position])).toEqual([[b!.id, 0]]);
  });

  it(`allows at most ${MAX_RULES} rules a person`, async () => {
    const auth = await signUp(app);
    await app.database.query(
      `insert into transaction_rules (user_id, position, field, operator, pattern, set_category)
       select $1, n, 'either', 'contains', 'shop ' || n, 24 from generate_series(0, $2::int - 2) as n`,
      [auth.user.id, MAX_RULES],
    );
    const last = await createRule(auth, aRule());
    expect(last.position).toBe(MAX_RULES - 1);
    const refused = await call(auth, 'POST', '/rules', aRule());
    expectError(refused, 400, RULE_LIMIT);
    expect(refused.json().code).toBe('RULE_LIMIT');
    expect(await rulesOf(auth)).toHaveLength(MAX_RULES);
    // After a delete there is room again.
    expect((await call(auth, 'DELETE', `/rules/${last.id}`)).statusCode).toBe(204);
    expect((await createRule(auth, aRule())).position).toBe(MAX_RULES - 1);
  });

  it("closes the gap an account's deletion leaves (its rules go with it)", async () => {
    const { auth } = await personWithBank([]);
    const [first, second] = expectJson(await call(auth, 'GET', '/plaid/accounts'), 200, accountList);
    const a = await createRule(auth, aRule({ pattern: 'a' }));
    await createRule(auth, aRule({ pattern: 'b', accountId: first!.id }));
    const c = await createRule(auth, aRule({ pattern: 'c', accountId: second!.id }));
    await app.database.query('delete from bank_accounts where user_id = $1 and id = $2', [
      auth.user.id,
      first!.id,
    ]);
    expect((await rulesOf(auth)).map((r) => [r.pattern, r.position])).toEqual([
      ['a', 0],
      ['c', 1],
    ]);
    const d = await createRule(auth, aRule({ pattern: 'd' }));
    expect(d.position).toBe(2);
    const stored = await app.database.query<{ id: string; position: number }>(
      'select id, position from transaction_rules where user_id = $1 order by position',
      [auth.user.id],
    );
    expect(stored).toEqual([
      { id: a.id, position: 0 },
      { id: c.id, position: 1 },
      { id: d.id, position: 2 },
    ]);
  });

  it('adds two rules at the same moment at two positions', async () => {
    const auth = await signUp(app);
    await Promise.all([1, 2, 3, 4].map((n) => createRule(auth, aRule({ pattern: `p${n}` }))));
    expect((await rulesOf(auth)).map((r) => r.position)).toEqual([0, 1, 2, 3]);
  });
});

describe('reordering', () => {
  it('sets the order given and answers the list in it', async () => {
    const auth = await signUp(app);
    const [a, b, c] = [
      await createRule(auth, aRule({ pattern: 'a' })),
      await createRule(auth, aRule({ pattern: 'b' })),
      await createRule(auth, aRule({ pattern: 'c' })),
    ];
    const reordered = expectJson(
      await call(auth, 'PUT', '/rules/order', { ids: [c!.id, a!.id, b!.id] }),
      200,
      ruleList,
    );
    expect(reordered.map((r) => [r.pattern, r.position])).toEqual([
      ['c', 0],
      ['a', 1],
      ['b', 2],
    ]);
    expect(await rulesOf(auth)).toEqual(reordered);
    // Then a delete keeps the new order, dense.
    expect((await call(auth, 'DELETE', `/rules/${a!.id}`)).statusCode).toBe(204);
    expect((await rulesOf(auth)).map((r) => [r.pattern, r.position])).toEqual([
      ['c', 0],
      ['b', 1],
    ]);
  });

  it('refuses a list that is not exactly the person’s rules, and changes nothing', async () => {
    const auth = await signUp(app);
    const a = await createRule(auth, aRule({ pattern: 'a' }));
    const b = await createRule(auth, aRule({ pattern: 'b' }));
    const bobs = await createRule(bob, aRule({ pattern: 'bob' }));
    const before = await rulesOf(auth);
    for (const ids of [
      [a.id],
      [a.id, b.id, b.id],
      [b.id, b.id],
      [a.id, b.id, bobs.id],
      [a.id, bobs.id],
      [a.id, crypto.randomUUID()],
      [],
    ]) {
      expectError(await call(auth, 'PUT', '/rules/order', { ids }), 400, BAD_ORDER);
    }
    expectError(await call(auth, 'PUT', '/rules/order', { ids: ['a'] }), 400, 'Unknown rule');
    expectError(await call(auth, 'PUT', '/rules/order', {}), 400, 'List the rules in their new order');
    expect(await rulesOf(auth)).toEqual(before);
    expect((await rulesOf(bob)).map((r) => r.id)).toContain(bobs.id);
    await clearRules(bob);
  });

  it('accepts an empty list from a person with no rules', async () => {
    const auth = await signUp(app);
    expect(expectJson(await call(auth, 'PUT', '/rules/order', { ids: [] }), 200, ruleList)).toEqual([]);
  });
});

describe("another person's rules", () => {
  it('answer 404 on every route with an id, and stay as they were', async () => {
    const { auth: owner } = await personWithBank();
    const own = await createRule(owner, aRule());
    const before = await rulesOf(owner);
    const rowsBefore = await stored(owner);
    for (const [method, url, body] of [
      ['GET', `/rules/${own.id}/preview`, undefined],
      ['POST', `/rules/${own.id}/apply`, undefined],
      ['PUT', `/rules/${own.id}`, aRule({ pattern: 'mine now' })],
      ['DELETE', `/rules/${own.id}`, undefined],
    ] as const) {
      expectError(await call(bob, method, url, body), 404, RULE_NOT_FOUND);
    }
    expect(await rulesOf(bob)).toEqual([]);
    expect(await rulesOf(owner)).toEqual(before);
    expect(await stored(owner)).toEqual(rowsBefore);
  });

  it('answer 400 for a malformed id, 401 without a session', async () => {
    expectError(await call(alice, 'GET', '/rules/not-an-id/preview'), 400, 'Invalid id');
    const res = await app.inject({ method: 'GET', url: '/api/rules' });
    expect(res.statusCode).toBe(401);
  });
});

describe('preview and apply to past transactions', () => {
  it('previews what apply changes: the same count, the newest ten, categories the person chose kept', async () => {
    const { auth } = await personWithBank();
    const coffee = await storedLike(auth, 'blue bottle');
    expect(coffee).toHaveLength(4);
    // The person chose a category for one of them by hand.
    const chosen = coffee[1]!;
    expect(
      (await call(auth, 'PUT', `/transactions/${chosen.id}/category`, { category: CATEGORY.Groceries }))
        .statusCode,
    ).toBe(200);
    // And deleted another: never matched.
    const deleted = coffee[2]!;
    expect((await call(auth, 'DELETE', `/transactions/${deleted.id}`)).statusCode).toBe(204);

    const rule = await createRule(
      auth,
      aRule({ pattern: 'BLUE   bottle', renameMerchant: 'Blue Bottle Coffee' }),
    );
    const preview = expectJson(await call(auth, 'GET', `/rules/${rule.id}/preview`), 200, rulePreview);
    expect(preview.matching).toBe(3);
    expect(preview.changing).toBe(3);
    const live = coffee.filter((r) => r.id !== deleted.id);
    expect(preview.examples.map((e) => e.id)).toEqual(live.map((r) => r.id));
    const example = preview.examples.find((e) => e.id === chosen.id)!;
    expect(example).toMatchObject({
      fromCategoryName: 'Groceries',
      toCategoryName: 'Groceries',
      toMerchantName: 'Blue Bottle Coffee',
    });
    const other = preview.examples.find((e) => e.id !== chosen.id)!;
    expect(other).toMatchObject({ toCategoryName: 'Dining Out', toMerchantName: 'Blue Bottle Coffee' });
    expect(other.amount).toBeLessThan(0);

    const applied = expectJson(await call(auth, 'POST', `/rules/${rule.id}/apply`), 200, ruleApplyResult);
    expect(applied.changed).toBe(preview.changing);
    const after = await storedLike(auth, 'blue bottle');
    expect(after.map((r) => [r.id, r.merchant_name, r.category, r.category_source])).toEqual(
      live.map((r) => [
        r.id,
        'Blue Bottle Coffee',
        r.id === chosen.id ? CATEGORY.Groceries : CATEGORY.DiningOut,
        r.id === chosen.id ? 'user' : 'rule',
      ]),
    );
    const [deletedAfter] = await app.database.query<{ merchant_name: string | null }>(
      'select merchant_name from transactions where id = $1',
      [deleted.id],
    );
    expect(deletedAfter?.merchant_name).toBe(deleted.merchant_name);

    // Applying again changes nothing, and the preview says so.
    const again = expectJson(await call(auth, 'GET', `/rules/${rule.id}/preview`), 200, rulePreview);
    expect(again).toEqual({ matching: 3, changing: 0, examples: [] });
    expect(expectJson(await call(auth, 'POST', `/rules/${rule.id}/apply`), 200, ruleApplyResult)).toEqual({
      changed: 0,
    });

    // The list and its totals show the change.
    const listed = expectJson(
      await call(auth, 'GET', '/transactions?searchTerm=bottle&pageSize=100'),
      200,
      transactionList,
    );
    expect(listed.transactions.map((t) => t.merchantName)).toEqual(live.map(() => 'Blue Bottle Coffee'));
  });

  it('counts only the rows whose category changes when the rule sets a category alone', async () => {
    const { auth } = await personWithBank();
    const rule = await createRule(auth, aRule({ pattern: 'amzn', setCategory: CATEGORY.Shopping }));
    const preview = expectJson(await call(auth, 'GET', `/rules/${rule.id}/preview`), 200, rulePreview);
    // The bank already calls both Shopping (general merchandise): nothing to change.
    expect(preview).toEqual({ matching: 2, changing: 0, examples: [] });

    const sized = await createRule(
      auth,
      aRule({ pattern: 'amzn', minAmount: 100, setCategory: CATEGORY.Education, field: 'description' }),
    );
    const big = expectJson(await call(auth, 'GET', `/rules/${sized.id}/preview`), 200, rulePreview);
    expect(big).toMatchObject({ matching: 1, changing: 1 });
    expect(big.examples).toEqual([
      expect.objectContaining({ amount: -150, fromCategoryName: 'Shopping', toCategoryName: 'Education' }),
    ]);
    expect(
      expectJson(await call(auth, 'POST', `/rules/${sized.id}/apply`), 200, ruleApplyResult).changed,
    ).toBe(1);
  });

  it('matches % and _ as themselves', async () => {
    const { auth } = await personWithBank();
    const percent = await createRule(auth, aRule({ pattern: '100%', setCategory: CATEGORY.Groceries }));
    expect(
      expectJson(await call(auth, 'GET', `/rules/${percent.id}/preview`), 200, rulePreview).matching,
    ).toBe(1);
    const wildcard = await createRule(auth, aRule({ pattern: '%', setCategory: CATEGORY.Groceries }));
    expect(
      expectJson(await call(auth, 'GET', `/rules/${wildcard.id}/preview`), 200, rulePreview).matching,
    ).toBe(1);
    const underscore = await createRule(
      auth,
      aRule({ pattern: 'amzn_mktp', setCategory: CATEGORY.Groceries }),
    );
    expect(
      expectJson(await call(auth, 'GET', `/rules/${underscore.id}/preview`), 200, rulePreview).matching,
    ).toBe(0);
  });

  it('shows at most ten examples, newest first', async () => {
    const many = Array.from({ length: 14 }, (_, i) => spend(i, `CORNER DELI ${i}`, 'Corner Deli', 7 + i));
    const { auth } = await personWithBank(many);
    const rule = await createRule(auth, aRule({ pattern: 'corner deli', setCategory: CATEGORY.Groceries }));
    const preview = expectJson(await call(auth, 'GET', `/rules/${rule.id}/preview`), 200, rulePreview);
    expect(preview.matching).toBe(14);
    expect(preview.changing).toBe(14);
    expect(preview.examples.map((e) => e.description)).toEqual(
      Array.from({ length: 10 }, (_, i) => `CORNER DELI ${i}`),
    );
    expect(
      expectJson(await call(auth, 'POST', `/rules/${rule.id}/apply`), 200, ruleApplyResult).changed,
    ).toBe(14);
  });

  it('applies a pattern with accented letters exactly', async () => {
    const { auth } = await personWithBank([
      spend(1, 'CAFÉ DU MONDE', null, 12),
      spend(2, 'Café du Monde', null, 13),
      spend(3, 'CAFE DU MONDE', null, 14),
      spend(4, 'CAFÈ DU MONDE', null, 15),
    ]);
    const rule = await createRule(auth, aRule({ pattern: 'café', setCategory: CATEGORY.Groceries }));
    const preview = expectJson(await call(auth, 'GET', `/rules/${rule.id}/preview`), 200, rulePreview);
    expect(preview.examples.map((e) => e.description)).toEqual(['CAFÉ DU MONDE', 'Café du Monde']);
    expect(
      expectJson(await call(auth, 'POST', `/rules/${rule.id}/apply`), 200, ruleApplyResult).changed,
    ).toBe(2);
  });
});

describe('rules and bank imports', () => {
  it('categorise and rename what a later import brings, in the order of the rules', async () => {
    const auth = await signUp(app);
    // Two rules match Blue Bottle: the first one's category wins, the second still renames.
    await createRule(auth, { pattern: 'blue bottle', setCategory: CATEGORY.Entertainment });
    await createRule(auth, {
      pattern: 'coffee',
      field: 'description',
      setCategory: CATEGORY.DiningOut,
      renameMerchant: 'Blue Bottle Coffee',
    });
    await createRule(auth, { pattern: 'amzn', minAmount: 100, setCategory: CATEGORY.Education });
    fake.seed = { accounts: DEFAULT_FAKE_ACCOUNTS, transactions: history() };
    await linkBankAndImport(app, auth);

    const coffee = await storedLike(auth, 'blue bottle');
    expect(coffee).toHaveLength(4);
    for (const row of coffee) {
      expect(row).toMatchObject({
        merchant_name: 'Blue Bottle Coffee',
        category: CATEGORY.Entertainment,
        category_source: 'rule',
      });
    }
    const amazon = await storedLike(auth, 'amzn');
    expect(amazon.map((r) => [r.category, r.category_source]).sort()).toEqual([
      [CATEGORY.Shopping, 'provider'],
      [CATEGORY.Education, 'rule'],
    ]);
    expect((await storedLike(auth, 'starbucks'))[0]).toMatchObject({
      merchant_name: 'Starbucks',
      category: CATEGORY.DiningOut,
      category_source: 'provider',
    });
  });

  it('follow a new order on the next sync, and the person’s own choice on a pending row survives it posting', async () => {
    const { auth, itemId } = await personWithBank();
    const first = await createRule(auth, { pattern: 'blue bottle', setCategory: CATEGORY.Entertainment });
    const second = await createRule(auth, {
      pattern: 'blue bottle',
      setCategory: CATEGORY.Groceries,
      renameMerchant: 'BB',
    });
    expectJson(await call(auth, 'PUT', '/rules/order', { ids: [second.id, first.id] }), 200, ruleList);
    const pending = (await storedLike(auth, 'blue bottle')).find((r) => r.pending)!;
    expect(
      (await call(auth, 'PUT', `/transactions/${pending.id}/category`, { category: CATEGORY.Travel }))
        .statusCode,
    ).toBe(200);

    fake.addTransactions(itemId, [spend(0, 'BLUE BOTTLE COFFEE #99', 'Blue Bottle', 9.5)]);
    fake.postPending(itemId, 'pending-coffee', { amount: 4 });
    await syncUpdates(itemId);
    const rows = await eventually(async () => {
      const all = await storedLike(auth, 'blue bottle');
      return all.some((r) => r.description.includes('#99')) && !all.some((r) => r.pending) ? all : undefined;
    }, 'the sync');

    expect(rows.find((r) => r.description.includes('#99'))).toMatchObject({
      merchant_name: 'BB',
      category: CATEGORY.Groceries,
      category_source: 'rule',
    });
    const posted = rows.filter((r) => r.category_source === 'user');
    expect(posted).toHaveLength(1);
    expect(posted[0]).toMatchObject({ category: CATEGORY.Travel, merchant_name: 'BB', pending: false });
  });

  it('come before the category remembered for a merchant, which comes before the bank', async () => {
    const { auth, itemId } = await personWithBank();
    const starbucks = (await storedLike(auth, 'starbucks'))[0]!;
    // Remembers Starbucks → Groceries for later imports.
    expect(
      (await call(auth, 'PUT', `/transactions/${starbucks.id}/category`, { category: CATEGORY.Groceries }))
        .statusCode,
    ).toBe(200);
    await createRule(auth, { pattern: 'starbucks store 2', setCategory: CATEGORY.Gifts });
    fake.addTransactions(itemId, [
      spend(0, 'STARBUCKS STORE 2000', 'Starbucks', 3),
      spend(0, 'STARBUCKS STORE 3000', 'Starbucks', 4),
    ]);
    await syncUpdates(itemId);
    const rows = await eventually(async () => {
      const all = await storedLike(auth, 'starbucks');
      return all.length === 3 ? all : undefined;
    }, 'the sync');
    const byDescription = Object.fromEntries(
      rows.map((r) => [r.description, [r.category, r.category_source]]),
    );
    expect(byDescription).toEqual({
      'STARBUCKS STORE 1234': [CATEGORY.Groceries, 'user'],
      'STARBUCKS STORE 2000': [CATEGORY.Gifts, 'rule'],
      'STARBUCKS STORE 3000': [CATEGORY.Groceries, 'rule'],
    });
  });
});

describe('limits on the work a rule asks for', () => {
  it.each([
    ['previews', 'GET', 'preview', RULE_PREVIEWS_PER_MINUTE],
    ['applies', 'POST', 'apply', RULE_APPLIES_PER_MINUTE],
  ] as const)('%s a few times a minute per person, then answers 429', async (_, method, action, limit) => {
    const [carol, dave] = await Promise.all([signUp(app), signUp(app)]);
    const [carolRule, daveRule] = await Promise.all([createRule(carol, aRule()), createRule(dave, aRule())]);
    for (let i = 0; i < limit; i++) {
      expect((await call(carol, method, `/rules/${carolRule.id}/${action}`)).statusCode).toBe(200);
    }
    const limited = await call(carol, method, `/rules/${carolRule.id}/${action}`);
    expect(expectJson(limited, 429, errorBody).code).toBe('RATE_LIMITED');
    // Counted per person: someone else is not held up by it.
    expect((await call(dave, method, `/rules/${daveRule.id}/${action}`)).statusCode).toBe(200);
  });
});
