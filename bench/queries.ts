import { setTimeout } from 'node:timers/promises';
import { BUDGETABLE_CATEGORIES, CATEGORY } from '@tally/shared';
import { createRandom } from '../apps/server/src/providers/bank/demo/random';
import { type App, type Auth, call } from './lib/app';

export type Group =
  | 'baseline'
  | 'list'
  | 'summary'
  | 'spending'
  | 'reports'
  | 'budget'
  | 'subscriptions'
  | 'savings'
  | 'ai'
  | 'dashboard';

/**
 * GET unless said; a POST is sent without a body (detection, which rewrites only its own suggestions).
 * A query with `parallel` sends those requests at once and is timed until the last answer (the dashboard).
 */
export type Query = {
  name: string;
  group: Group;
  url: string;
  method?: 'POST';
  body?: object;
  parallel?: Query[];
  /** Runs before each request, untimed (the advisor's questions clear the day's allowance). */
  reset?: () => Promise<unknown>;
  /** At most this many timed requests a run, for a route limited per minute (detection allows 20). */
  samples?: number;
};

export type QueryResult = Query & {
  /** Rows the filters match (list: totalItems; summary: transactionCount; spending: categories; reports: the period's rows). */
  matched: number;
  runs: { p50: number; p95: number; mean: number; max: number }[];
  /** Medians over the runs. */
  p50: number;
  p95: number;
};

const addDays = (day: string, n: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

type Account = { id: string; name: string; type: number; subtype: string | null };
type List = { pagination: { totalItems: number; totalPages: number } };

/**
 * The filter matrix, at L's data: none, each filter alone, several together, search common and absent,
 * and deep pages. Dates are relative to the last day of the generated history.
 */
export async function buildQueries(
  app: App,
  auth: Auth,
  anchor: string,
  {
    resetAiUsage,
    staleInsights,
  }: { resetAiUsage?: () => Promise<unknown>; staleInsights?: () => Promise<unknown> } = {},
): Promise<Query[]> {
  const accounts = await call<Account[]>(app, auth, 'GET', '/api/plaid/accounts');
  const card = accounts.find((a) => a.subtype === 'credit card');
  const savings = accounts.find((a) => a.subtype === 'savings');
  if (!card || !savings) throw new Error('L is missing a credit card or a savings account');
  const last30 = `startDate=${addDays(anchor, -29)}&endDate=${anchor}`;
  const last90 = `startDate=${addDays(anchor, -89)}&endDate=${anchor}`;
  const year = `startDate=${addDays(anchor, -364)}&endDate=${anchor}`;
  const month = `startDate=${addDays(anchor, -395)}&endDate=${addDays(anchor, -366)}`;
  const C = CATEGORY;
  const list = (name: string, query: string): Query => ({
    name,
    group: 'list',
    url: `/api/transactions${query ? `?${query}` : ''}`,
  });
  const report = (name: string, query: string, path = 'cash-flow'): Query => ({
    name: `reports: ${name}`,
    group: 'reports',
    url: `/api/reports/${path}?${query}`,
  });
  const first = await call<List>(app, auth, 'GET', '/api/transactions');
  const queries: Query[] = [
    // What every request pays before any transaction is read: routing, bearer check against sessions, one row.
    { name: 'baseline: GET /api/user/profile', group: 'baseline', url: '/api/user/profile' },
    list('no filter (page 1 of 25)', ''),
    list('no filter, pageSize=100', 'pageSize=100'),
    list('category Groceries', `category=${C.Groceries}`),
    list('category Travel (rare)', `category=${C.Travel}`),
    list('account: a credit card', `accountId=${card.id}`),
    list('account: savings (small)', `accountId=${savings.id}`),
    list('dates: last 30 days', last30),
    list('dates: last 365 days', year),
    list('dates: one month a year ago', month),
    list('minAmount=500', 'minAmount=500'),
    list('maxAmount=5', 'maxAmount=5'),
    list('amount 20..50', 'minAmount=20&maxAmount=50'),
    list("search 'grocery' (common)", 'searchTerm=grocery'),
    list("search 'starbucks'", 'searchTerm=starbucks'),
    list("search 'amzn mktp'", 'searchTerm=amzn%20mktp'),
    list("search 'zzqx' (absent)", 'searchTerm=zzqx'),
    list('category + last 90 days', `category=${C.Groceries}&${last90}`),
    list('account + 365 days + minAmount=100', `accountId=${card.id}&${year}&minAmount=100`),
    list("search 'uber' + account", `searchTerm=uber&accountId=${card.id}`),
    list(
      "search 'grocery' + category + 365 days + 10..200",
      `searchTerm=grocery&category=${C.Groceries}&${year}&minAmount=10&maxAmount=200`,
    ),
    list(
      'all filters (search, category, account, dates, amounts)',
      `searchTerm=star&category=${C.DiningOut}&accountId=${card.id}&${year}&minAmount=1&maxAmount=100`,
    ),
    list('deep: page=200', 'page=200'),
    list('deep: page=200, pageSize=100', 'page=200&pageSize=100'),
    list('deep: last page', `page=${first.pagination.totalPages}`),
    list('deep: category DiningOut page=100', `category=${C.DiningOut}&page=100`),
    { name: 'summary: no filter', group: 'summary', url: '/api/transactions/summary' },
    { name: 'summary: last 365 days', group: 'summary', url: `/api/transactions/summary?${year}` },
    { name: 'summary: last 30 days', group: 'summary', url: `/api/transactions/summary?${last30}` },
    {
      name: "summary: search 'grocery'",
      group: 'summary',
      url: '/api/transactions/summary?searchTerm=grocery',
    },
    {
      name: 'summary: category + account + 365 days',
      group: 'summary',
      url: `/api/transactions/summary?category=${C.DiningOut}&accountId=${card.id}&${year}`,
    },
    {
      name: 'spending-by-category: 365 days',
      group: 'spending',
      url: `/api/reports/spending-by-category?${year}`,
    },
    {
      name: 'spending-by-category: last 30 days',
      group: 'spending',
      url: `/api/reports/spending-by-category?${last30}`,
    },
    { name: 'spending-by-category: all time', group: 'spending', url: '/api/reports/spending-by-category' },
    report('cash flow: last 12 months by month, vs a year earlier', 'period=last_12_months&compare=year_ago'),
    report(
      'cash flow: 2 years by week',
      `period=custom&startDate=${addDays(anchor, -729)}&endDate=${anchor}&interval=week&compare=none`,
    ),
    report(
      'cash flow: 400 days of a card, vs the 400 before',
      `period=custom&startDate=${addDays(anchor, -399)}&endDate=${anchor}&accountId=${card.id}`,
    ),
    report(
      'cash flow: one category, 2 years by month',
      `period=custom&startDate=${addDays(anchor, -729)}&endDate=${anchor}&category=${C.DiningOut}`,
    ),
    report(
      'spending: last 12 months by month, merchants, vs a year earlier',
      'period=last_12_months&compare=year_ago',
      'spending',
    ),
    report('money flow: last 12 months, vs a year earlier', 'period=last_12_months&compare=year_ago', 'flow'),
    report(
      'net worth: 2 years by day',
      `period=custom&startDate=${addDays(anchor, -729)}&endDate=${anchor}&compare=none`,
      'net-worth',
    ),
    report(
      'net worth: last 12 months by day, vs a year earlier',
      'period=last_12_months&compare=year_ago',
      'net-worth',
    ),
    report(
      'custom: spending by category, stacked by month, last 12 months vs a year earlier',
      'period=last_12_months&compare=year_ago&groupBy=category&chart=stacked',
      'custom',
    ),
    report(
      'custom: spending by merchant, 2 years, vs the 2 before',
      `period=custom&startDate=${addDays(anchor, -729)}&endDate=${anchor}&groupBy=merchant`,
      'custom',
    ),
    report(
      'custom: average a day by day of the week, stacked, 2 years',
      `period=custom&startDate=${addDays(anchor, -729)}&endDate=${anchor}&groupBy=weekday&measure=average&chart=stacked&compare=none`,
      'custom',
    ),
    report(
      'custom: count by week, 2 years',
      `period=custom&startDate=${addDays(anchor, -729)}&endDate=${anchor}&groupBy=week&measure=count&compare=none`,
      'custom',
    ),
  ];
  const { monthly, yearly } = await budgets(app, auth);
  const budget = (name: string, url: string): Query => ({ name: `budget: ${name}`, group: 'budget', url });
  queries.push(
    budget('active (monthly, 15 categories)', '/api/budget/active'),
    budget('countup (monthly, 15 categories)', `/api/budget/${monthly}/countup`),
    budget('by id (yearly, 15 categories)', `/api/budget/${yearly}`),
    budget('countup (yearly, 15 categories)', `/api/budget/${yearly}/countup`),
    budget('list', '/api/budget'),
  );
  await subscriptions(app, auth);
  const subs = (name: string, url: string, method?: 'POST'): Query => ({
    name: `subscriptions: ${name}`,
    group: 'subscriptions',
    url,
    method,
  });
  queries.push(
    { ...subs('detect (whole history)', '/api/subscriptions/detect', 'POST'), samples: 15 },
    subs('list (caught up with new charges)', '/api/subscriptions'),
    subs('summary', '/api/subscriptions/summary'),
    subs(
      'calendar (42 days)',
      `/api/subscriptions/calendar?startDate=${addDays(anchor, -20)}&endDate=${addDays(anchor, 21)}`,
    ),
  );
  const goal = await savingsGoals(app, auth);
  const save = (name: string, url: string): Query => ({ name: `savings: ${name}`, group: 'savings', url });
  queries.push(
    save('overview (8 goals, 3 years of ledger)', '/api/savings/overview'),
    save('goals', '/api/savings/goals'),
    save('goal progress (ledger and chart)', `/api/savings/goals/${goal}/progress`),
  );
  // The first request generates L's insights (timed once: what a stale read costs); the measured ones
  // read them while fresh (15 minutes).
  const started = performance.now();
  await call(app, auth, 'POST', '/api/ai/insights/refresh/dashboard');
  console.log(`ai: generating L's insights took ${(performance.now() - started).toFixed(1)} ms`);
  queries.push(
    {
      name: 'ai: insights (dashboard, 3, fresh)',
      group: 'ai',
      url: '/api/ai/insights',
      method: 'POST',
      body: { context: 'dashboard', maxInsights: 3 },
    },
    {
      name: 'ai: insights (budget, 3, fresh)',
      group: 'ai',
      url: '/api/ai/insights',
      method: 'POST',
      body: { context: 'budget', maxInsights: 3 },
    },
  );

  if (resetAiUsage) queries.push(...advisorQuestions(anchor, resetAiUsage, staleInsights));
  queries.push(...dashboard(anchor));
  return queries;
}

/**
 * Questions to the advisor (POST /api/ai/query, the built-in interpreter) that make the executor read L's
 * history: one of each shape of the question structure, over whole months and the whole year before the
 * last day of the history. The day's allowance is cleared before each one (untimed). Advice answers with the
 * stored insights: once as they are (fresh), once marked stale first, so the request recomputes them.
 */
function advisorQuestions(
  anchor: string,
  reset: () => Promise<unknown>,
  staleInsights?: () => Promise<unknown>,
): Query[] {
  const monthOf = (back: number) => {
    const d = new Date(Date.parse(`${anchor.slice(0, 7)}-01T00:00:00Z`));
    d.setUTCMonth(d.getUTCMonth() - back);
    return d.toLocaleString('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });
  };
  const year = anchor.slice(0, 4);
  const ask = (name: string, query: string): Query => ({
    name: `ai: ask, ${name}`,
    group: 'ai',
    url: '/api/ai/query',
    method: 'POST',
    body: { query },
    reset,
  });
  return [
    ask('total', `how much did I spend on groceries in ${monthOf(1)}`),
    ask('count', `how many times did I eat out in ${monthOf(1)}`),
    ask('per purchase', `average grocery trip in ${monthOf(1)}`),
    ask('largest of a year', `what was my biggest purchase in ${year}`),
    ask('share of a year', `what percent of my spending in ${year} was dining out`),
    ask('savings rate of a year', `savings rate in ${year}`),
    ask('exclusions', `spending in ${monthOf(1)} excluding rent and utilities`),
    ask('a kind of purchase, a year', `how much did I spend on coffee in ${year}`),
    ask('sizes on one kind of account, a year', `how many purchases over $100 on my credit card in ${year}`),
    ask('average of 12 months', 'what do I spend a month on average over the last 12 months'),
    ask('comparison', `did I spend more on dining in ${monthOf(1)} than in ${monthOf(2)}`),
    ask('top merchants of a year', `top 5 merchants in ${year}`),
    ask('net worth', "what's my net worth"),
    ask('subscriptions a year', 'what do my subscriptions cost per year'),
    ask('budget used', 'what percent of my budget have I used'),
    ask('goals still needed', 'how much do I still need for my goals'),
    ask('advice', 'how can I save more?'),
    // As after any change to the numbers (a trigger marks the stored insights stale): recomputed first.
    ...(staleInsights
      ? [
          {
            ...ask('advice, insights stale', 'how can I save more?'),
            reset: () => Promise.all([reset(), staleInsights()]),
          },
        ]
      : []),
    ask('declined', 'should I buy bitcoin?'),
  ];
}

/**
 * What the dashboard asks for when it opens (SPEC §7 "Dashboard loading and calculations"), each request
 * alone and then all of them at once, as the browser sends them: accounts, the 50 transactions it reads,
 * the current and previous 30-day summaries, spending by category, six months of cash flow, the active
 * budget, the savings overview and the three insights (fresh).
 */
function dashboard(anchor: string): Query[] {
  const current = `startDate=${addDays(anchor, -29)}&endDate=${anchor}`;
  const previous = `startDate=${addDays(anchor, -59)}&endDate=${addDays(anchor, -30)}`;
  const one = (name: string, url: string, post?: object): Query => ({
    name: `dashboard: ${name}`,
    group: 'dashboard',
    url,
    ...(post ? { method: 'POST' as const, body: post } : {}),
  });
  const parts = [
    one('accounts', '/api/plaid/accounts'),
    one('transactions (pageSize=50)', '/api/transactions?page=1&pageSize=50'),
    one('summary, last 30 days', `/api/transactions/summary?${current}`),
    one('summary, the 30 days before', `/api/transactions/summary?${previous}`),
    one('spending by category, last 30 days', `/api/reports/spending-by-category?${current}`),
    one('monthly cash flow, 6 months', '/api/reports/monthly-cash-flow?months=6'),
    one('active budget', '/api/budget/active'),
    one('savings overview', '/api/savings/overview'),
    one('insights (3, fresh)', '/api/ai/insights', { context: 'dashboard', maxInsights: 3 }),
  ];
  return [
    ...parts,
    {
      name: `dashboard: all ${parts.length} requests at once`,
      group: 'dashboard',
      url: '(parallel)',
      parallel: parts,
    },
  ];
}

/**
 * L's savings: 8 goals, each with three years of monthly contributions (288 ledger rows), as a person
 * saving for a while would have. Created once and kept with the cached data.
 */
async function savingsGoals(app: App, auth: Auth): Promise<string> {
  let goals = await call<{ id: string }[]>(app, auth, 'GET', '/api/savings/goals');
  if (goals.length === 0) {
    for (let i = 0; i < 8; i += 1) {
      const created = await call<{ id: string }>(
        app,
        auth,
        'POST',
        '/api/savings/goals',
        { name: `Goal ${i + 1}`, targetAmount: 50_000 + i * 1_000, allocationPercentage: 12 },
        201,
      );
      for (let month = 0; month < 36; month += 1) {
        await call(
          app,
          auth,
          'POST',
          `/api/savings/goals/${created.id}/allocate`,
          { amount: 100 + month },
          201,
        );
      }
    }
    goals = await call<{ id: string }[]>(app, auth, 'GET', '/api/savings/goals');
  }
  const first = goals[0];
  if (!first) throw new Error('L has no savings goals');
  return first.id;
}

/**
 * L's subscriptions: whatever detection finds in the history, confirmed (as a person would after their
 * first Detect), so the reads follow real charges. Done once and kept with the cached data; later
 * detections find only what is left.
 */
async function subscriptions(app: App, auth: Auth) {
  const tracked = await call<unknown[]>(app, auth, 'GET', '/api/subscriptions');
  if (tracked.length > 0) return;
  const found = await call<{ id: string }[]>(app, auth, 'POST', '/api/subscriptions/detect');
  for (const d of found) await call(app, auth, 'POST', '/api/subscriptions/confirm', d, 201);
}

/**
 * L's budgets: this month's (active) and this year's (archived, still readable), every budgetable category
 * with count-up and rollover on, so the reads do the most work a budget can ask for. Created once and kept
 * with the cached data.
 */
async function budgets(app: App, auth: Auth): Promise<{ monthly: string; yearly: string }> {
  const find = async () => {
    const list = await call<{ id: string; name: string; isActive: boolean }[]>(
      app,
      auth,
      'GET',
      '/api/budget',
    );
    return {
      monthly: list.find((b) => b.name === 'Monthly plan' && b.isActive)?.id,
      yearly: list.find((b) => b.name === 'Yearly plan')?.id,
    };
  };
  const create = (name: string, period: number) =>
    call(
      app,
      auth,
      'POST',
      '/api/budget',
      {
        name,
        period,
        totalIncome: period === 4 ? 240_000 : 20_000,
        categories: BUDGETABLE_CATEGORIES.map((category) => ({
          category,
          allocatedAmount: period === 4 ? 6_000 : 500,
          allowRollover: true,
          countUp: true,
        })),
      },
      201,
    );
  let found = await find();
  if (!found.yearly) await create('Yearly plan', 4);
  // Created after the yearly one, which it archives.
  if (!found.yearly || !found.monthly) await create('Monthly plan', 2);
  found = await find();
  if (!found.monthly || !found.yearly) throw new Error('L has no budgets');
  return { monthly: found.monthly, yearly: found.yearly };
}

async function matched(app: App, auth: Auth, q: Query): Promise<number> {
  if (q.parallel) return q.parallel.length;
  await q.reset?.();
  const body = await call<unknown>(app, auth, q.method ?? 'GET', q.url, q.body);
  if (q.group === 'list') return (body as List).pagination.totalItems;
  if (q.group === 'summary') return (body as { transactionCount: number }).transactionCount;
  if (q.group === 'spending') return (body as unknown[]).length;
  if (q.group === 'reports') {
    type Counted = { transactionCount: number }[];
    const b = body as { totals?: { transactionCount: number }; categories?: Counted; accounts?: Counted };
    return (
      b.totals?.transactionCount ??
      (b.categories ?? b.accounts ?? []).reduce((n, c) => n + c.transactionCount, 0)
    );
  }
  if (q.group === 'ai')
    return Array.isArray(body) ? body.length : (body as { figures: unknown[] }).figures.length;
  if (q.group === 'savings') {
    if (q.url.endsWith('progress')) return (body as { contributions: unknown[] }).contributions.length;
    return Array.isArray(body) ? body.length : (body as { goals: unknown[] }).goals.length;
  }
  if (q.group === 'dashboard') {
    if (Array.isArray(body)) return body.length;
    const b = body as { pagination?: { totalItems: number }; transactionCount?: number; goals?: unknown[] };
    return b.pagination?.totalItems ?? b.transactionCount ?? b.goals?.length ?? 1;
  }
  if (q.group === 'budget' || q.group === 'subscriptions') {
    if (q.url.includes('calendar')) return (body as { occurrences: unknown[] }).occurrences.length;
    if (q.url.endsWith('summary')) return (body as { activeCount: number }).activeCount;
    return Array.isArray(body) ? body.length : (body as { categories: unknown[] }).categories.length;
  }
  return 1;
}

export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const rank = (p / 100) * (sorted.length - 1);
  const lo = Math.floor(rank);
  const hi = Math.ceil(rank);
  return sorted[lo]! + (sorted[hi]! - sorted[lo]!) * (rank - lo);
}

export const median = (values: readonly number[]) =>
  percentile(
    [...values].sort((a, b) => a - b),
    50,
  );

/**
 * Times every query through app.inject (routing, auth, validation, SQL, serialisation), after a warm-up.
 * Each run visits the queries round-robin in a shuffled order per iteration, so no query gets a cache
 * or JIT state the others did not have; p50/p95 per query per run, then the median over runs.
 */
export async function measureQueries(
  app: App,
  auth: Auth,
  queries: Query[],
  options: { runs: number; iterations: number; warmup: number; log: (message: string) => void },
): Promise<QueryResult[]> {
  const samples = queries.map(() => [] as number[][]);
  const counts: number[] = [];
  for (const q of queries) counts.push(await matched(app, auth, q));
  const inject = (q: Query) =>
    app.inject({
      method: q.method ?? 'GET',
      url: q.url,
      headers: auth,
      ...(q.body ? { payload: q.body } : {}),
    });
  // A parallel set answers as its slowest part; any part that fails fails it.
  const send = async (q: Query) => {
    if (!q.parallel) return inject(q);
    const answers = await Promise.all(q.parallel.map(inject));
    return answers.find((res) => res.statusCode !== 200) ?? answers[0]!;
  };
  const random = createRandom('bench-order');
  for (let run = 0; run < options.runs; run++) {
    for (let w = 0; w < options.warmup; w++) {
      for (const q of queries) {
        await q.reset?.();
        await send(q);
      }
    }
    const times = queries.map(() => [] as number[]);
    const order = queries.map((_, i) => i);
    const started = performance.now();
    for (let it = 0; it < options.iterations; it++) {
      for (let i = order.length - 1; i > 0; i--) {
        const j = Math.floor(random.next() * (i + 1));
        [order[i], order[j]] = [order[j]!, order[i]!];
      }
      for (const i of order) {
        const q = queries[i]!;
        if (q.samples !== undefined && times[i]!.length >= q.samples) continue;
        await q.reset?.();
        let t = performance.now();
        let res = await send(q);
        // A route limited per minute (detection) is faster than its limit here: wait the window out, untimed.
        while (res.statusCode === 429) {
          await setTimeout(1000 * Number(res.headers['retry-after'] ?? 1));
          t = performance.now();
          res = await send(q);
        }
        const ms = performance.now() - t;
        if (res.statusCode !== 200) throw new Error(`${q.url}: ${res.statusCode} ${res.body}`);
        times[i]!.push(ms);
      }
    }
    options.log(
      `  run ${run + 1}/${options.runs}: ${options.iterations} × ${queries.length} requests in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
    times.forEach((t, i) => {
      samples[i]!.push(t);
    });
  }
  return queries.map((q, i) => {
    const runs = samples[i]!.map((t) => {
      const sorted = [...t].sort((a, b) => a - b);
      return {
        p50: percentile(sorted, 50),
        p95: percentile(sorted, 95),
        mean: t.reduce((a, b) => a + b, 0) / t.length,
        max: sorted.at(-1)!,
      };
    });
    return {
      ...q,
      matched: counts[i]!,
      runs,
      p50: median(runs.map((r) => r.p50)),
      p95: median(runs.map((r) => r.p95)),
    };
  });
}
