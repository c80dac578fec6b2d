import crypto from 'node:crypto';
import { addDays, CATEGORY, exchangeResponse, type LoginResult, transactionList } from '@tally/shared';
import type { LightMyRequestResponse } from 'fastify';
import { eventually, TODAY, testNow, waitForImport } from './accounts';
import { DEFAULT_FAKE_ACCOUNTS, type FakePlaid, type FakeSeed, startFakePlaid } from './fake-plaid';
import { bearer, createTestApp, expectJson, signUp, type TestApp } from './helpers';
import { type JsonSchema, propertiesOf, type RouteInfo, requiredOf, routeCollector } from './routes';
import { startSmtpCatcher } from './smtp-catcher';

/**
 * The safety harness's world: one app on the fake Plaid server whose route table is read from Fastify,
 * people with linked banks, and generic snapshots of everything a person owns.
 */
export async function startHarness(env: Record<string, string> = {}, { runJobs = true } = {}) {
  const { routes, onRoute } = routeCollector();
  const fake = await startFakePlaid({ now: testNow });
  // Mail goes somewhere, so every route can answer as it does on a server set up to send it (support).
  const smtp = await startSmtpCatcher();
  const app = await createTestApp({
    env: {
      ...fake.env(),
      SMTP_URL: smtp.url,
      SUPPORT_EMAIL: 'support@tally.test',
      // Everyone on Premium, set by the operator: every route runs in full, nobody can change their plan, and
      // a request that slipped another plan to someone would show.
      SELF_HOSTED_PLAN: 'premium',
      // The matrix signs up a throwaway person for every route that ends a session or deletes, more than
      // a minute's sign-ups allow one address (the limit itself: auth.routes.test.ts).
      AUTH_RATE_LIMIT_PER_MINUTE: '1000',
      ...env,
    },
    now: testNow,
    onRoute,
    runJobs,
    testPushOrigins: [PUSH_ORIGIN],
  });
  await app.ready();
  return {
    app,
    fake,
    routes,
    close: async () => {
      await app.close();
      await fake.close();
      await smtp.close();
    },
  };
}

/** What a seeded person owns, by kind of id; the route recipes name these kinds. */
export type OwnedIds = {
  connection: string;
  account: string;
  transaction: string;
  /** A transaction the person deleted, for restore. */
  deletedTransaction: string;
  budget: string;
  budgetCategory: string;
  subscription: string;
  /** A detected subscription still open to confirm or dismiss. */
  detectedSubscription: string;
  savingsGoal: string;
  /** An AI insight about the person's numbers. */
  insight: string;
  /** A notification shown to the person (not dismissed). */
  notification: string;
  /** An account the person keeps by hand (checking), and a transaction typed into it. */
  manualAccount: string;
  manualTransaction: string;
  /** A transaction rule of the person (the first in their order). */
  rule: string;
  /** A custom report the person saved. */
  savedReport: string;
  /** A second sign-in of the person, other than the one the tests send (`auth`). */
  session: string;
  /** A passkey of the person. */
  passkey: string;
  /** A personal access token of the person. */
  accessToken: string;
};
export type OwnedKind = keyof OwnedIds;

export type Person = {
  auth: LoginResult;
  password: string;
  marker: string;
  ids: OwnedIds;
  /** Every id and distinctive value of the person that another person must never see. */
  secrets: string[];
  /** All the person's rule ids in their order: PUT /rules/order must list exactly these. */
  ruleIds: string[];
  itemId: string;
};

/** A bank history whose every name carries `marker`, with amounts no other seed uses. */
function markedSeed(marker: string, cents: number): FakeSeed {
  const transactions: FakeSeed['transactions'] = [];
  for (let back = 0; back < 12; back += 1) {
    transactions.push({
      account: back % 2 === 0 ? 'checking' : 'credit',
      amount: (cents + back) / 100,
      date: addDays(TODAY, -back),
      name: `${marker} SHOP #${back}`,
      merchantName: `${marker} Merchant ${back % 3}`,
      category: { primary: 'FOOD_AND_DRINK', detailed: 'FOOD_AND_DRINK_GROCERIES' },
    });
  }
  // Two weekly charges the person never tracked, so detection has something of theirs to suggest.
  for (const [n, first] of [
    [20, 3],
    [21, 4],
  ] as const) {
    for (let week = 0; week < 4; week += 1) {
      transactions.push({
        account: 'credit',
        amount: (cents + n) / 100,
        date: addDays(TODAY, -(first + 7 * week)),
        name: `${marker} BOX ${n} WEEKLY`,
        merchantName: `${marker} Box ${n}`,
        category: { primary: 'GENERAL_SERVICES', detailed: 'GENERAL_SERVICES_OTHER_GENERAL_SERVICES' },
      });
    }
  }
  return {
    accounts: DEFAULT_FAKE_ACCOUNTS.map((a) => ({ ...a, name: `${marker} ${a.name}`, officialName: null })),
    transactions,
  };
}

/**
 * Signs a person up and links a bank whose names carry `marker`; the import finishes before this returns.
 * The person also writes a note (with the marker), picks a category and deletes a transaction, so every
 * table a person can own holds a row of theirs.
 */
export async function seedPerson(
  app: TestApp,
  fake: FakePlaid,
  marker = `MK${crypto.randomBytes(4).toString('hex').toUpperCase()}`,
  // Without background jobs the quick sync (30 days, all of the seed) is the whole import.
  { awaitImport = true } = {},
): Promise<Person> {
  const password = `pw ${crypto.randomBytes(6).toString('hex')}`;
  const auth = await signUp(app, { firstName: `${marker}first`, lastName: `${marker}last`, password });
  // Amounts from 1000.01 to 8999.99 dollars that only this person has.
  const cents = 100_001 + crypto.randomInt(0, 800_000);
  fake.seed = markedSeed(marker, cents);
  const publicToken = fake.createPublicToken();
  const linked = expectJson(
    await app.inject({
      method: 'POST',
      url: '/api/plaid/exchange-public-token-quick-sync',
      headers: bearer(auth),
      payload: { publicToken },
    }),
    200,
    exchangeResponse,
  );
  const connection = linked.connection.id;
  if (awaitImport) await waitForImport(app, auth.token, connection);
  const list = expectJson(
    await app.inject({ method: 'GET', url: '/api/transactions?pageSize=100', headers: bearer(auth) }),
    200,
    transactionList,
  ).transactions;
  const [noted, categorised, deleted] = list;
  if (!noted || !categorised || !deleted) throw new Error('seeded bank imported too few transactions');
  const put = (url: string, payload: unknown) =>
    app.inject({ method: 'PUT', url, headers: bearer(auth), payload: payload as object });
  expectOk(await put(`/api/transactions/${noted.id}/note`, { note: `${marker} private note` }));
  expectOk(await put(`/api/transactions/${categorised.id}/category`, { category: CATEGORY.DiningOut }));
  expectOk(
    await app.inject({ method: 'DELETE', url: `/api/transactions/${deleted.id}`, headers: bearer(auth) }),
  );
  const made = await app.inject({
    method: 'POST',
    url: '/api/budget',
    headers: bearer(auth),
    payload: budgetFor(marker),
  });
  expectOk(made);
  const { id: budget, categories } = made.json() as { id: string; categories: { id: string }[] };
  const tracked = await app.inject({
    method: 'POST',
    url: '/api/subscriptions',
    headers: bearer(auth),
    payload: subscriptionFor(marker, cents),
  });
  expectOk(tracked);
  const detected = await app.inject({
    method: 'POST',
    url: '/api/subscriptions/detect',
    headers: bearer(auth),
  });
  expectOk(detected);
  const suggestions = detected.json() as { id: string }[];
  if (suggestions.length < 2) throw new Error(`seeding expected 2 detected subscriptions: ${detected.body}`);
  const goal = await app.inject({
    method: 'POST',
    url: '/api/savings/goals',
    headers: bearer(auth),
    payload: goalFor(marker),
  });
  expectOk(goal);
  const savingsGoal = (goal.json() as { id: string }).id;
  expectOk(
    await app.inject({
      method: 'POST',
      url: `/api/savings/goals/${savingsGoal}/allocate`,
      headers: bearer(auth),
      payload: { amount: cents / 100, note: `${marker} saved` },
    }),
  );
  const refreshed = await app.inject({
    method: 'POST',
    url: '/api/ai/insights/refresh/dashboard',
    headers: bearer(auth),
  });
  expectOk(refreshed);
  const insights = refreshed.json() as { id: string }[];
  if (insights.length === 0) throw new Error(`seeding expected an insight: ${refreshed.body}`);
  // The import's notification and (everyone here is Premium) the setup it prepares are written as its jobs
  // end: waited for, so they land before any check.
  if (awaitImport) await importFollowedUp(app, auth.user.id);
  const told = await app.inject({ method: 'GET', url: '/api/notifications', headers: bearer(auth) });
  expectOk(told);
  const notification = (told.json() as { notifications: { id: string }[] }).notifications[0]?.id;
  if (!notification) throw new Error(`seeding expected a notification: ${told.body}`);
  expectOk(
    await app.inject({
      method: 'POST',
      url: '/api/notifications/push/subscriptions',
      headers: bearer(auth),
      payload: pushSubscriptionFor(marker),
    }),
  );
  const manual = await seedManualAccount(app, auth, marker, cents);
  const ruled = await app.inject({
    method: 'POST',
    url: '/api/rules',
    headers: bearer(auth),
    payload: ruleFor(marker, linked.connection.accounts[0]?.id ?? null),
  });
  expectOk(ruled);
  const rule = (ruled.json() as { id: string }).id;
  const saved = await app.inject({
    method: 'POST',
    url: '/api/reports/saved',
    headers: bearer(auth),
    payload: savedReportFor(marker),
  });
  expectOk(saved);
  const savedReport = (saved.json() as { id: string }).id;
  const session = await secondSession(app, auth.user.id);
  const passkey = await aPasskey(app, auth.user.id);
  const accessToken = await anAccessToken(app, auth.user.id);
  const itemId = fake.items.get([...fake.items.keys()].at(-1) ?? '')?.itemId ?? '';
  const accounts = linked.connection.accounts.map((a) => a.id);
  return {
    auth,
    password,
    marker,
    itemId,
    ruleIds: [rule],
    ids: {
      connection,
      account: accounts[0] ?? '',
      transaction: noted.id,
      deletedTransaction: deleted.id,
      budget,
      budgetCategory: categories[0]?.id ?? '',
      subscription: (tracked.json() as { id: string }).id,
      detectedSubscription: suggestions[0]?.id ?? '',
      savingsGoal,
      insight: insights[0]?.id ?? '',
      notification,
      manualAccount: manual.account,
      manualTransaction: manual.transaction,
      rule,
      savedReport,
      session,
      passkey,
      accessToken,
    },
    secrets: [
      rule,
      savedReport,
      notification,
      pushSubscriptionFor(marker).endpoint,
      budget,
      savingsGoal,
      ...insights.map((i) => i.id),
      (tracked.json() as { id: string }).id,
      ...suggestions.map((d) => d.id),
      ...categories.map((c) => c.id),
      marker,
      auth.user.id,
      auth.user.email,
      auth.token,
      connection,
      ...accounts,
      ...list.map((t) => t.id),
      manual.connection,
      manual.account,
      manual.transaction,
      // The amounts as dollars, as JSON and CSV would print them.
      ...Array.from({ length: 31 }, (_, i) => ((cents + i) / 100).toFixed(2)),
    ],
  };
}

/**
 * A manual account whose name carries the person's marker, with a transaction typed into it at an amount
 * only they have, dated before the bank's history so `transaction` stays one of the bank's.
 */
async function seedManualAccount(app: TestApp, auth: LoginResult, marker: string, cents: number) {
  const made = await app.inject({
    method: 'POST',
    url: '/api/accounts/manual',
    headers: bearer(auth),
    payload: manualAccountFor(marker, cents),
  });
  expectOk(made);
  const { id: account, connectionId: connection } = made.json() as { id: string; connectionId: string };
  const typed = await app.inject({
    method: 'POST',
    url: '/api/transactions/manual',
    headers: bearer(auth),
    payload: {
      accountId: account,
      date: addDays(TODAY, -20),
      description: `${marker} typed by hand`,
      amount: -(cents + 25) / 100,
      category: CATEGORY.Groceries,
      note: `${marker} manual note`,
    },
  });
  expectOk(typed);
  return { connection, account, transaction: (typed.json() as { id: string }).id };
}

/** A saved report whose name carries the person's marker (another each time: names are one per person). */
const savedReportFor = (marker: string) => ({
  name: `${marker} report ${crypto.randomUUID().slice(0, 8)}`,
  definition: { groupBy: 'merchant', chart: 'table', period: 'last_3_months' },
  onDashboard: true,
});

/** A rule whose pattern and merchant name carry the person's marker. */
const ruleFor = (marker: string, accountId: string | null) => ({
  pattern: `${marker} shop`,
  accountId,
  setCategory: CATEGORY.Groceries,
  renameMerchant: `${marker} renamed`,
});

const manualTransactionFor = (person: Person) => ({
  accountId: person.ids.manualAccount,
  date: addDays(TODAY, -21),
  description: `${person.marker} typed again`,
  amount: -7.25,
  category: CATEGORY.Groceries,
});

/** A small CSV of the person's own spending, for the file-import routes. */
const importFileFor = (person: Person) => ({
  accountId: person.ids.manualAccount,
  content: [
    'Date,Description,Amount',
    `${addDays(TODAY, -23)},${person.marker} market,-12.34`,
    `${addDays(TODAY, -22)},${person.marker} cafe,-4.50`,
  ].join('\n'),
});

/** A manual checking account whose name carries the person's marker, opened at an amount only they have. */
const manualAccountFor = (marker: string, cents: number) => ({
  name: `${marker} cash`,
  type: 0,
  subtype: 'checking',
  openingBalance: (cents + 26) / 100,
});

/**
 * A browser's push subscription for the person, with real keys. Nothing listens on port 9 of this
 * machine (taken as a push service by this app only), so a delivery attempt fails at once instead of
 * reaching anything.
 */
const PUSH_ORIGIN = 'https://127.0.0.1:9';
const pushSubscriptionFor = (marker: string) => {
  const browser = crypto.createECDH('prime256v1');
  browser.generateKeys();
  return {
    endpoint: `${PUSH_ORIGIN}/push/${marker}`,
    keys: {
      p256dh: browser.getPublicKey().toString('base64url'),
      auth: crypto.createHash('sha256').update(marker).digest().subarray(0, 16).toString('base64url'),
    },
  };
};

async function importFollowedUp(app: TestApp, userId: string) {
  await eventually(async () => {
    const rows = await app.database.query(
      `select 1 where exists (select 1 from notifications where user_id = $1 and kind in ('import_completed', 'import_failed'))
         and exists (select 1 from onboarding_preparations where user_id = $1)`,
      [userId],
    );
    return rows.length > 0;
  }, 'the import to be notified and the setup prepared');
}

/** A savings goal whose name carries the person's marker; 10%, so the matrix's own create fits the cap. */
const goalFor = (marker: string) => ({
  name: `${marker} goal`,
  description: `${marker} goal description`,
  targetAmount: 90_000,
  allocationPercentage: 10,
});

/** A subscription whose name carries the person's marker, at a price only they pay. */
const subscriptionFor = (marker: string, cents: number) => ({
  name: `${marker} subscription`,
  amount: (cents + 30) / 100,
  frequency: 2,
  nextDueDate: addDays(TODAY, 3),
});

/** A budget whose name carries the person's marker, with a category that counts up. */
const budgetFor = (marker: string) => ({
  name: `${marker} budget`,
  period: 2,
  totalIncome: 5000,
  categories: [{ category: CATEGORY.Groceries, allocatedAmount: 400, allowRollover: true, countUp: true }],
});

function expectOk(res: LightMyRequestResponse) {
  if (res.statusCode >= 300) throw new Error(`seeding failed: ${res.statusCode} ${res.body}`);
}

/** The tables a person owns rows in: `users` by id, every other table by its user_id column. */
async function ownedTables(app: TestApp): Promise<string[]> {
  const rows = await app.database.query<{ table_name: string }>(
    `select c.table_name from information_schema.columns c
       join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
      where c.table_schema = 'public' and c.column_name = 'user_id' and t.table_type = 'BASE TABLE'
      order by 1`,
  );
  return rows.map((r) => r.table_name);
}

let tablesCache: string[] | undefined;

/** Every row a person owns in every table, as text: any write to any of them shows as a difference. */
export async function snapshotOwner(app: TestApp, userId: string): Promise<Record<string, string[]>> {
  tablesCache ??= await ownedTables(app);
  const snapshot: Record<string, string[]> = {};
  const [user] = await app.database.query<{ row: string }>(
    'select to_jsonb(u)::text as row from users u where id = $1',
    [userId],
  );
  snapshot.users = user ? [user.row] : [];
  for (const table of tablesCache) {
    // Less the delivery stamps of notifications: the queue's deliveries (and their retries, while a push
    // service or SMTP is out of reach) write them in the background, whatever request is being made.
    const rows = await app.database.query<{ row: string }>(
      `select (to_jsonb(x) - 'pushed_at' - 'emailed_at')::text as row from "${table}" x where user_id = $1 order by 1`,
      [userId],
    );
    snapshot[table] = rows.map((r) => r.row);
  }
  return snapshot;
}

/** How many rows a person owns per table, in one round trip. */
export async function countOwned(app: TestApp, userId: string): Promise<Record<string, number>> {
  tablesCache ??= await ownedTables(app);
  const sql = tablesCache
    .map((t) => `select '${t}' as name, count(*)::int as n from "${t}" where user_id = $1`)
    .join(' union all ');
  const rows = await app.database.query<{ name: string; n: number | string }>(sql, [userId]);
  return Object.fromEntries(rows.map((r) => [r.name, Number(r.n)]));
}

/** Waits until no import of the person is pending or running, so row counts hold still. */
export async function importsSettled(app: TestApp, userId: string) {
  await eventually(async () => {
    const [row] = await app.database.query<{ n: number | string }>(
      `select count(*)::int as n from history_syncs where user_id = $1 and status in ('Pending', 'InProgress')`,
      [userId],
    );
    return Number(row?.n) === 0;
  }, 'imports to settle');
}

// ---- Valid input per route ----

/**
 * Routes that end or change the caller's own sign-in or account. The harness calls them as a throwaway
 * person, last, so they neither cut the main callers off nor hide what they do to others.
 */
export const SESSION_ENDING = new Set([
  'POST /api/auth/logout',
  'POST /api/auth/logout-all',
  'POST /api/auth/change-password',
  'POST /api/auth/set-password',
  'DELETE /api/user',
]);

/**
 * Which of the owner's ids a path parameter takes, by route. A route with a path parameter not matched
 * here cannot be exercised and fails the isolation matrix by name.
 */
export const PATH_ID_RECIPES: Array<{ url: RegExp; param: string; kind: OwnedKind }> = [
  { url: /^\/api\/budget\/category\/:id(\/|$)/, param: 'id', kind: 'budgetCategory' },
  { url: /^\/api\/budget\/:id(\/|$)/, param: 'id', kind: 'budget' },
  { url: /^\/api\/budget\/:id\/category\/:categoryId$/, param: 'categoryId', kind: 'budgetCategory' },
  { url: /^\/api\/plaid\/connections\/:id(\/|$)/, param: 'id', kind: 'connection' },
  { url: /^\/api\/plaid\/accounts\/:id$/, param: 'id', kind: 'account' },
  { url: /^\/api\/ai\/insights\/generate\/:id$/, param: 'id', kind: 'insight' },
  { url: /^\/api\/savings\/goals\/:id(\/|$)/, param: 'id', kind: 'savingsGoal' },
  { url: /^\/api\/savings\/(leftover|allocations\/process)\/:id$/, param: 'id', kind: 'budget' },
  { url: /^\/api\/subscriptions\/:id\/dismiss$/, param: 'id', kind: 'detectedSubscription' },
  {
    url: /^\/api\/subscriptions\/from-transaction\/:transactionId$/,
    param: 'transactionId',
    kind: 'transaction',
  },
  { url: /^\/api\/subscriptions\/:id$/, param: 'id', kind: 'subscription' },
  { url: /^\/api\/accounts\/manual\/:id$/, param: 'id', kind: 'manualAccount' },
  { url: /^\/api\/transactions\/manual\/:id$/, param: 'id', kind: 'manualTransaction' },
  { url: /^\/api\/transactions\/:id\/restore$/, param: 'id', kind: 'deletedTransaction' },
  { url: /^\/api\/transactions\/:id(\/|$)/, param: 'id', kind: 'transaction' },
  { url: /^\/api\/tax\/transactions\/:id$/, param: 'id', kind: 'transaction' },
  { url: /^\/api\/notifications\/:id(\/|$)/, param: 'id', kind: 'notification' },
  { url: /^\/api\/rules\/:id(\/|$)/, param: 'id', kind: 'rule' },
  { url: /^\/api\/reports\/saved\/:id$/, param: 'id', kind: 'savedReport' },
  { url: /^\/api\/auth\/sessions\/:id$/, param: 'id', kind: 'session' },
  { url: /^\/api\/auth\/passkeys\/:id$/, param: 'id', kind: 'passkey' },
  { url: /^\/api\/access-tokens\/:id$/, param: 'id', kind: 'accessToken' },
];

/** Which owned id a body or query-string field takes, by field name. */
export const FIELD_ID_RECIPES: Record<string, OwnedKind> = {
  connectionId: 'connection',
  accountId: 'account',
  transactionId: 'transaction',
  categoryId: 'budgetCategory',
  insightId: 'insight',
  // The only body field named plainly id: POST /subscriptions/confirm's detected item.
  id: 'detectedSubscription',
};

/** Where a route's field takes another kind of id than FIELD_ID_RECIPES says, by route. */
export const ROUTE_FIELD_ID_RECIPES: Record<string, Record<string, OwnedKind>> = {
  // Transactions are typed into manual accounts only.
  'POST /api/transactions/manual': { accountId: 'manualAccount' },
  'POST /api/imports/preview': { accountId: 'manualAccount' },
  'POST /api/imports': { accountId: 'manualAccount' },
  'PUT /api/transactions/manual/:id': { accountId: 'manualAccount' },
};

/** Which owned id a route's body or query-string field takes, if any. */
export function fieldIdKind(route: RouteInfo, field: string): OwnedKind | undefined {
  return ROUTE_FIELD_ID_RECIPES[route.key]?.[field] ?? FIELD_ID_RECIPES[field];
}

/**
 * The order the harness calls routes in, so each finds the caller's data whole: reads first, then writes
 * to one thing of theirs, then writes that may rebuild their data (re-imports), then deletes, then
 * whatever ends the session.
 */
export function phaseOf(route: RouteInfo): number {
  const key = route.key.replace(/^HEAD /, 'GET ');
  if (SESSION_ENDING.has(key)) return 4;
  if (route.method === 'GET' || route.method === 'HEAD') return 0;
  if (route.method === 'DELETE') return 3;
  return route.pathParams.length > 0 ? 1 : 2;
}

/** Path parameters that name nothing a person owns (the schema gives their valid values). */
export const PUBLIC_PATH_PARAMS: Record<string, string> = {
  context: 'a screen of the app (dashboard, budget, …), the same for everyone',
};

/** Fields that end in "Id" but name nothing a person owns. */
export const PUBLIC_ID_FIELDS: Record<string, string> = {
  institutionId: "a bank's public id, the same for everyone",
  challengeId:
    "a passkey challenge handed out a moment before; another person's is refused like an expired one (passkeys.routes.test.ts)",
};

/** A passkey row of the person (its key need not sign anything: passkeys.routes.test.ts signs in with real ones). */
async function aPasskey(app: TestApp, userId: string): Promise<string> {
  const [row] = await app.database.query<{ id: string }>(
    `insert into passkeys (user_id, credential_id, public_key, name, transports)
     values ($1, md5(random()::text), 'pQECAyYgASFY', 'Laptop', '["internal"]') returning id`,
    [userId],
  );
  if (!row) throw new Error('seeding expected a passkey');
  return row.id;
}

/** A personal access token row of the person (its secret is never needed: access-tokens.routes.test.ts uses real ones). */
async function anAccessToken(app: TestApp, userId: string): Promise<string> {
  const [row] = await app.database.query<{ id: string }>(
    `insert into access_tokens (user_id, name, scope, secret_hash, hint)
     values ($1, 'Spreadsheet', 'read', md5(random()::text), 'tly_seed') returning id`,
    [userId],
  );
  if (!row) throw new Error('seeding expected an access token');
  return row.id;
}

/** A saved report of the person, through the API. */
async function saveAReport(app: TestApp, person: Person): Promise<string> {
  const saved = await app.inject({
    method: 'POST',
    url: '/api/reports/saved',
    headers: bearer(person.auth),
    payload: savedReportFor(person.marker),
  });
  expectOk(saved);
  return (saved.json() as { id: string }).id;
}

/** Opens another session of the person (as a sign-in on a second device would) and gives its id. */
async function secondSession(app: TestApp, userId: string): Promise<string> {
  const [row] = await app.database.query<{ id: string }>(
    `insert into sessions (user_id, expires_at, ip, user_agent, last_seen_at)
     values ($1, $2::timestamptz + interval '1 day', '81.2.69.142',
             'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
             $2::timestamptz)
     returning id`,
    [userId, testNow().toISOString()],
  );
  if (!row) throw new Error('seeding expected a second session');
  return row.id;
}

/**
 * The person's ids as the database holds them now: a re-import replaces transaction ids, a disconnect
 * leaves the connection inactive. Kept ids are used where nothing current is found.
 */
export async function refreshIds(app: TestApp, person: Person): Promise<void> {
  const userId = person.auth.user.id;
  const first = async (sql: string, params: unknown[] = [userId]) =>
    (await app.database.query<{ id: string }>(sql, params))[0]?.id;
  const connection =
    (await first(
      'select id from bank_connections where user_id = $1 and is_active order by created_at limit 1',
    )) ?? person.ids.connection;
  const account =
    (await first(
      'select id from bank_accounts where user_id = $1 and connection_id = $2 order by id limit 1',
      [userId, connection],
    )) ?? person.ids.account;
  // Transactions of a disconnected bank are hidden, so only those of active accounts count.
  const ofActive = (deleted: boolean) =>
    `select t.id from transactions t
       join bank_accounts a on a.user_id = t.user_id and a.id = t.account_id and a.is_active
       join bank_connections c on c.user_id = t.user_id and c.id = a.connection_id and c.is_active
      where t.user_id = $1 and t.deleted_at is ${deleted ? 'not null' : 'null'} order by t.date desc, t.id limit 1`;
  const live = ofActive(false);
  const deleted = ofActive(true);
  const budget =
    (await first(
      'select id from budgets where user_id = $1 order by is_active desc, created_at desc limit 1',
    )) ?? person.ids.budget;
  const budgetCategory =
    (await first(
      `select c.id from budget_categories c
         join budget_period_categories p on p.category_id = c.id
        where c.user_id = $1 and c.budget_id = $2 order by c.category limit 1`,
      [userId, budget],
    )) ?? person.ids.budgetCategory;
  const subscription =
    (await first('select id from subscriptions where user_id = $1 order by created_at limit 1')) ??
    person.ids.subscription;
  // Detection replaces open suggestions, and dismissing or confirming uses one up.
  const detectedSubscription =
    (await first(
      'select id from detected_subscriptions where user_id = $1 and dismissed_at is null order by merchant_key limit 1',
    )) ?? person.ids.detectedSubscription;
  const savingsGoal =
    (await first('select id from savings_goals where user_id = $1 order by created_at limit 1')) ??
    person.ids.savingsGoal;
  const insight =
    (await first(
      'select id from ai_insights where user_id = $1 and is_current and dismissed_at is null order by rank limit 1',
    )) ?? person.ids.insight;
  const notification =
    (await first(
      'select id from notifications where user_id = $1 and dismissed_at is null order by created_at desc, id limit 1',
    )) ?? person.ids.notification;
  // Deleting a manual account takes its transactions: another of the person's is used when one is left.
  const manualAccount =
    (await first(
      'select id from bank_accounts where user_id = $1 and opening_balance is not null order by created_at, id limit 1',
    )) ?? person.ids.manualAccount;
  const manualTransaction =
    (await first(
      `select t.id from transactions t
         join bank_accounts a on a.user_id = t.user_id and a.id = t.account_id and a.opening_balance is not null
        where t.user_id = $1 and t.deleted_at is null order by t.created_at, t.id limit 1`,
    )) ?? person.ids.manualTransaction;
  const rules = await app.database.query<{ id: string }>(
    'select id from transaction_rules where user_id = $1 order by position',
    [userId],
  );
  person.ruleIds = rules.map((r) => r.id);
  // Deleting a saved report uses it up: another is saved when none is left.
  const savedReport =
    (await first('select id from saved_reports where user_id = $1 order by created_at, id limit 1')) ??
    (await saveAReport(app, person));
  // Signing a device out uses one up: another is opened when none is left.
  const current = JSON.parse(Buffer.from(person.auth.token.split('.')[1] ?? '', 'base64url').toString()).jti;
  const session =
    (await first(
      'select id from sessions where user_id = $1 and revoked_at is null and expires_at > $3 and id <> $2 order by created_at limit 1',
      [userId, current, testNow().toISOString()],
    )) ?? (await secondSession(app, userId));
  const passkey =
    (await first('select id from passkeys where user_id = $1 order by created_at, id limit 1')) ??
    (await aPasskey(app, userId));
  // Revoking one, or signing out everywhere, uses them up: another is made when none is left.
  const accessToken =
    (await first('select id from access_tokens where user_id = $1 order by created_at, id limit 1')) ??
    (await anAccessToken(app, userId));
  person.ids = {
    passkey,
    accessToken,
    session,
    rule: rules[0]?.id ?? person.ids.rule,
    savedReport,
    manualAccount,
    manualTransaction,
    notification,
    insight,
    savingsGoal,
    connection,
    account,
    budget,
    budgetCategory,
    subscription,
    detectedSubscription,
    transaction: (await first(live)) ?? person.ids.transaction,
    deletedTransaction: (await first(deleted)) ?? person.ids.deletedTransaction,
  };
}

/**
 * Values for fields whose valid value cannot be read off the schema (refinements, live tokens).
 * Anything else is derived from the JSON Schema.
 */
export type ValueContext = { fake: FakePlaid; person: Person };
export const FIELD_VALUES: Record<string, (ctx: ValueContext) => unknown> = {
  publicToken: ({ fake }) => {
    fake.seed = { accounts: DEFAULT_FAKE_ACCOUNTS.slice(0, 1), transactions: [] };
    return fake.createPublicToken();
  },
  category: () => CATEGORY.Groceries,
  note: () => 'a harmless note',
  firstName: ({ person }) => `${person.marker}first`,
  lastName: ({ person }) => `${person.marker}last`,
  timeZone: () => 'UTC',
  email: ({ person }) => person.auth.user.email,
  password: ({ person }) => person.password,
  currentPassword: ({ person }) => person.password,
  newPassword: () => 'another horse battery',
};

/** Per route, a body or query that replaces the derived one (routes whose schema alone cannot say). */
export const INPUT_OVERRIDES: Record<
  string,
  (ctx: ValueContext) => Partial<Record<'body' | 'querystring', unknown>>
> = {
  'POST /api/plaid/import-historical-data': ({ person }) => ({
    body: { connectionId: person.ids.connection, range: '30d' },
  }),
  'POST /api/budget': ({ person }) => ({ body: budgetFor(person.marker) }),
  'POST /api/accounts/manual': ({ person }) => ({ body: manualAccountFor(person.marker, 100_000) }),
  'PUT /api/accounts/manual/:id': ({ person }) => ({
    body: { name: `${person.marker} wallet`, subtype: 'savings', openingBalance: 12.5 },
  }),
  // Spending, dated before the bank's history: the newest transaction (what `transaction` names, which
  // marking as recurring wants as money going out) stays the bank's.
  'POST /api/transactions/manual': ({ person }) => ({ body: manualTransactionFor(person) }),
  'POST /api/imports/preview': ({ person }) => ({ body: importFileFor(person) }),
  'POST /api/imports': ({ person }) => ({ body: importFileFor(person) }),
  'POST /api/rules': ({ person }) => ({ body: ruleFor(person.marker, person.ids.account) }),
  'PUT /api/rules/:id': ({ person }) => ({ body: ruleFor(person.marker, person.ids.account) }),
  'POST /api/reports/saved': ({ person }) => ({ body: savedReportFor(person.marker) }),
  'PATCH /api/reports/saved/:id': ({ person }) => ({ body: savedReportFor(person.marker) }),
  // Exactly the caller's rules, last first.
  'PUT /api/rules/order': ({ person }) => ({ body: { ids: [...person.ruleIds].reverse() } }),
  'PUT /api/transactions/manual/:id': ({ person }) => ({ body: manualTransactionFor(person) }),
  'PUT /api/budget/:id': ({ person }) => ({ body: budgetFor(person.marker) }),
  'PUT /api/budget/:id/category/:categoryId': () => ({ body: { allocatedAmount: 350 } }),
  'POST /api/subscriptions': ({ person }) => ({
    body: { ...subscriptionFor(person.marker, 100_000), transactionId: person.ids.transaction },
  }),
  'PUT /api/subscriptions/:id': ({ person }) => ({
    body: { ...subscriptionFor(person.marker, 100_000), status: 1 },
  }),
  'POST /api/savings/goals': ({ person }) => ({ body: goalFor(person.marker) }),
  'POST /api/onboarding/merchants': ({ person }) => ({
    body: { merchants: [{ merchant: `${person.marker} merchant`, category: 21, rule: false }] },
  }),
  'PUT /api/savings/goals/:id': ({ person }) => ({ body: { ...goalFor(person.marker), isActive: true } }),
  'POST /api/subscriptions/confirm': ({ person }) => ({ body: { id: person.ids.detectedSubscription } }),
  // A paid plan, not the schema's first value (Starter, a cancellation).
  'POST /api/billing/plan': () => ({ body: { plan: 'premium' } }),
  'POST /api/notifications/push/subscriptions': ({ person }) => ({
    body: pushSubscriptionFor(person.marker),
  }),
  'DELETE /api/notifications/push/subscriptions': ({ person }) => ({
    body: { endpoint: pushSubscriptionFor(person.marker).endpoint },
  }),
};

export function pathIdKind(route: RouteInfo, param: string): OwnedKind | undefined {
  return PATH_ID_RECIPES.find((r) => r.param === param && r.url.test(route.url))?.kind;
}

/** A value the schema accepts, or undefined when it cannot tell (the caller then finds out by a 400). */
export function sampleValue(schema: JsonSchema): unknown {
  if (schema.default !== undefined) return schema.default;
  if (schema.enum?.length) return schema.enum[0];
  const options = schema.anyOf ?? schema.allOf;
  if (options) {
    const nonNull = options.find((o) => o.type !== 'null') ?? options[0];
    return nonNull ? sampleValue(nonNull) : null;
  }
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  switch (type) {
    case 'boolean':
      return true;
    case 'integer':
    case 'number':
      return Math.max(schema.minimum ?? 1, 1);
    case 'string':
      if (schema.format === 'uuid') return crypto.randomUUID();
      // isoDay (a day from 1900 to 2199).
      if (schema.pattern?.endsWith('\\d{2}-\\d{2}-\\d{2}$')) return TODAY;
      return 'x'.repeat(Math.max(schema.minLength ?? 1, 1));
    case 'array':
      return [];
    case 'object':
      return objectFor(schema, () => undefined);
    default:
      return undefined;
  }
}

function objectFor(schema: JsonSchema, pick: (field: string, schema: JsonSchema) => unknown) {
  const required = new Set(requiredOf(schema));
  const out: Record<string, unknown> = {};
  for (const [field, fieldSchema] of Object.entries(propertiesOf(schema))) {
    const value = pick(field, fieldSchema);
    if (value !== undefined) out[field] = value;
    else if (required.has(field)) out[field] = sampleValue(fieldSchema);
  }
  return out;
}

export type RouteInput = {
  params: Record<string, string>;
  querystring: Record<string, unknown>;
  body: Record<string, unknown> | undefined;
};

/**
 * A valid request for `route` made by `person` on their own data: path ids and id fields are theirs,
 * fields named in FIELD_VALUES get those values, the rest is derived from the schema (required fields only).
 */
export function validInput(route: RouteInfo, ctx: ValueContext): RouteInput {
  const ownId = (field: string) => {
    const kind = fieldIdKind(route, field);
    return kind ? ctx.person.ids[kind] : undefined;
  };
  const params: Record<string, string> = {};
  for (const param of route.pathParams) {
    const kind = pathIdKind(route, param);
    params[param] = kind
      ? ctx.person.ids[kind]
      : String(sampleValue(route.json.params?.properties?.[param] ?? {}));
  }
  const derive = (schema: JsonSchema | undefined, requiredOnly: boolean) =>
    objectFor(schema ?? {}, (field) => {
      if (FIELD_VALUES[field] && (!requiredOnly || requiredOf(schema).includes(field)))
        return FIELD_VALUES[field](ctx);
      return requiredOnly && !requiredOf(schema).includes(field) ? undefined : ownId(field);
    });
  const override = INPUT_OVERRIDES[route.key]?.(ctx) ?? {};
  const querystring = (override.querystring ?? derive(route.json.querystring, true)) as Record<
    string,
    unknown
  >;
  const hasBody = route.json.body !== undefined;
  const body = (override.body ?? (hasBody ? derive(route.json.body, false) : undefined)) as
    | Record<string, unknown>
    | undefined;
  return { params, querystring, body };
}
