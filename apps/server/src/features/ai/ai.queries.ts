import {
  ACCOUNT_TYPE,
  type AccountKind,
  addDays,
  CATEGORIES,
  type CategoryCode,
  type InsightContext,
  type InsightType,
  type QuestionFilters,
  TRANSACTION_KIND_DETAILED,
} from '@tally/shared';
import {
  and,
  asc,
  desc,
  eq,
  gte,
  inArray,
  isNotNull,
  isNull,
  lte,
  min,
  notInArray,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  aiInsightRuns,
  aiInsights,
  aiUsage,
  bankAccounts,
  budgetCategories,
  savingsContributions,
  savingsGoals,
  subscriptions,
  transactionRollups,
  transactions,
} from '../../db/schema';
import { filterWhere } from '../transactions';

type Person = { userId: string };
/** An insight as stored, without who it is for and when it was made. */
export type InsightRow = Omit<typeof aiInsights.$inferInsert, 'userId' | 'isCurrent' | 'generatedAt'> & {
  key: string;
};

/**
 * Counts one AI request of the person's day, with what a model charged for it, unless the day already has
 * `limit`: answers whether it was counted. One statement, so two requests at once cannot both take the last.
 */
export async function countAiRequest(
  db: Db,
  { userId, day, limit, costMicros }: Person & { day: string; limit: number; costMicros: number },
): Promise<boolean> {
  const rows = await db
    .insert(aiUsage)
    .values({ userId, day, requests: 1, costMicros })
    .onConflictDoUpdate({
      target: [aiUsage.userId, aiUsage.day],
      set: {
        requests: sql`${aiUsage.requests} + 1`,
        costMicros: sql`${aiUsage.costMicros} + excluded.cost_micros`,
      },
      setWhere: sql`${aiUsage.requests} < ${limit}`,
    })
    .returning({ requests: aiUsage.requests });
  return rows.length > 0;
}

/** Adds what a model charged to the day's usage (the request itself was counted before it was asked). */
export async function addAiCost(
  db: Db,
  { userId, day, costMicros }: Person & { day: string; costMicros: number },
) {
  await db
    .update(aiUsage)
    .set({ costMicros: sql`${aiUsage.costMicros} + ${costMicros}` })
    .where(and(eq(aiUsage.userId, userId), eq(aiUsage.day, day)));
}

/** The day's requests and cost, if any were made. */
export async function aiUsageOn(db: Db, { userId, day }: Person & { day: string }) {
  const [row] = await db
    .select()
    .from(aiUsage)
    .where(and(eq(aiUsage.userId, userId), eq(aiUsage.day, day)));
  return row ?? null;
}

/**
 * Stores a generation: each insight upserted by its key (one seen before keeps its id, and stays dismissed
 * if it was), every other one no longer current, and when it ran. A set read from older numbers than the
 * stored one never replaces it (generations run under the person's 'ai' lock, so two take turns). One whose
 * numbers changed while it ran is still stored, as newer than what was (a screen asking now shows it rather
 * than nothing), but not as current: the next read computes them again.
 */
export async function storeInsights(
  db: Db,
  { userId, rows, now, version }: Person & { rows: InsightRow[]; now: Date; version: number },
) {
  const [run] = await db
    .select({ generatedVersion: aiInsightRuns.generatedVersion })
    .from(aiInsightRuns)
    .where(eq(aiInsightRuns.userId, userId));
  if ((run?.generatedVersion ?? Number.NEGATIVE_INFINITY) > version) return;
  if (rows.length > 0)
    await db
      .insert(aiInsights)
      .values(rows.map((row) => ({ ...row, userId, isCurrent: true, generatedAt: now })))
      .onConflictDoUpdate({
        target: [aiInsights.userId, aiInsights.key],
        set: {
          type: sql`excluded.type`,
          priority: sql`excluded.priority`,
          context: sql`excluded.context`,
          title: sql`excluded.title`,
          message: sql`excluded.message`,
          confidence: sql`excluded.confidence`,
          actionSuggestion: sql`excluded.action_suggestion`,
          figures: sql`excluded.figures`,
          rank: sql`excluded.rank`,
          isCurrent: true,
          generatedAt: now,
        },
      });
  await db
    .update(aiInsights)
    .set({ isCurrent: false })
    .where(
      and(
        eq(aiInsights.userId, userId),
        rows.length
          ? notInArray(
              aiInsights.key,
              rows.map((r) => r.key),
            )
          : undefined,
      ),
    );
  // Current only if nothing changed since the facts were read at `version`: a change committed since has moved
  // the version past it (and one still open holds the row, so this waits for it).
  await db
    .insert(aiInsightRuns)
    .values({ userId, version, generatedAt: now, generatedVersion: version })
    .onConflictDoUpdate({
      target: aiInsightRuns.userId,
      set: { generatedAt: now, generatedVersion: version },
    });
}

/** The person's insight run: the version of their numbers, and which version and when the stored ones were computed. */
export async function insightRun(db: Db, { userId }: Person) {
  const [run] = await db.select().from(aiInsightRuns).where(eq(aiInsightRuns.userId, userId));
  return run ?? null;
}

/** The keys of the findings the person dismissed (they stay hidden when found again). */
export async function dismissedKeys(db: Db, { userId }: Person) {
  const rows = await db
    .select({ key: aiInsights.key })
    .from(aiInsights)
    .where(and(eq(aiInsights.userId, userId), isNotNull(aiInsights.dismissedAt)));
  return new Set(rows.map((r) => r.key));
}

/** Whether any insight is stored for the person, current or not. */
export async function hasInsights(db: Db, { userId }: Person) {
  const [row] = await db
    .select({ id: aiInsights.id })
    .from(aiInsights)
    .where(eq(aiInsights.userId, userId))
    .limit(1);
  return row !== undefined;
}

/** The current, not dismissed insights of a screen (the dashboard shows every kind), most important first. */
export function currentInsights(
  db: Db,
  { userId, context, max, type }: Person & { context: InsightContext; max: number; type?: InsightType },
) {
  return db
    .select()
    .from(aiInsights)
    .where(
      and(
        eq(aiInsights.userId, userId),
        eq(aiInsights.isCurrent, true),
        isNull(aiInsights.dismissedAt),
        context === 'dashboard' ? undefined : eq(aiInsights.context, context),
        type ? eq(aiInsights.type, type) : undefined,
      ),
    )
    .orderBy(asc(aiInsights.rank))
    .limit(max);
}

/** One of the person's insights, or null. */
export async function insightOf(db: Db, { userId, id }: Person & { id: string }) {
  const [row] = await db
    .select()
    .from(aiInsights)
    .where(and(eq(aiInsights.userId, userId), eq(aiInsights.id, id)));
  return row ?? null;
}

export async function dismissInsight(db: Db, { userId, id, at }: Person & { id: string; at: Date }) {
  await db
    .update(aiInsights)
    .set({ dismissedAt: at })
    .where(and(eq(aiInsights.userId, userId), eq(aiInsights.id, id)));
}

const MAX_MERCHANTS = 2000;

/**
 * What the interpreter reads names against: the merchants the person has bought from (most used first),
 * their goals' and subscriptions' names, and the day their history starts.
 */
export async function advisorVocabulary(db: Db, { userId }: Person) {
  const t = transactions;
  const [merchants, goals, subs, historyStart, accounts] = await Promise.all([
    db
      .select({ name: t.merchantName })
      .from(t)
      .where(and(eq(t.userId, userId), isNull(t.deletedAt), isNotNull(t.merchantName)))
      .groupBy(t.merchantName)
      .orderBy(desc(sql`count(*)`))
      .limit(MAX_MERCHANTS),
    db.select({ name: savingsGoals.name }).from(savingsGoals).where(eq(savingsGoals.userId, userId)),
    db.select({ name: subscriptions.name }).from(subscriptions).where(eq(subscriptions.userId, userId)),
    firstTransactionDay(db, { userId }),
    accountBalances(db, { userId }),
  ]);
  return {
    merchants: merchants.map((m) => m.name ?? ''),
    goals: goals.map((g) => g.name),
    subscriptions: subs.map((s) => s.name),
    historyStart,
    accounts: accounts.map((a) => a.name),
  };
}

/**
 * A version of the person's history that any transaction added, removed or changed in amount moves: their
 * monthly rollups' totals (a thousand rows at 100,000 transactions, where the history itself is a pass).
 */
export async function historyVersion(db: Db, { userId }: Person): Promise<string> {
  const r = transactionRollups;
  const [row] = await db
    .select({
      version: sql<string>`concat_ws(':', count(*), sum(${r.count}), sum(${r.income}), sum(${r.expenses}))`,
    })
    .from(r)
    .where(eq(r.userId, userId));
  return row?.version ?? '';
}

// ---------------------------------------------------------------------------------------------------------
// What the insight rules and the advisor read (facts.ts shapes it)

type Days = { from: string; to: string };

/** Transactions the facts count: the person's, not deleted, not moves between their own accounts. */
const counted = (userId: string, { from, to }: Days) =>
  and(
    eq(transactions.userId, userId),
    isNull(transactions.deletedAt),
    eq(transactions.isTransfer, false),
    gte(transactions.date, from),
    lte(transactions.date, to),
  );

/**
 * The person's money out and in by category, merchant and window, in one pass over the days: `window` 1
 * from `recentStart` to `today`, 0 from `baselineStart` before it, null outside both (read only for the budget
 * period); `inPeriod` whether the day is in the budget period, when one is given. Each group's total spent
 * (cents, money out positive) and its number of transactions.
 */
export function spendingByWindow(
  db: Db,
  {
    userId,
    baselineStart,
    recentStart,
    today,
    period,
  }: Person & {
    baselineStart: string;
    recentStart: string;
    today: string;
    period?: { startDate: string; endDate: string } | null;
  },
) {
  const t = transactions;
  const from = period && period.startDate < baselineStart ? period.startDate : baselineStart;
  const to = period && period.endDate > today ? period.endDate : today;
  return (
    db
      .select({
        category: t.category,
        merchant: t.merchantName,
        window: sql<
          number | null
        >`case when ${t.date} > ${today} then null when ${t.date} >= ${recentStart} then 1
          when ${t.date} >= ${baselineStart} then 0 end`.mapWith(Number),
        inPeriod: period
          ? sql<boolean>`${t.date} between ${period.startDate} and ${period.endDate}`
          : sql<boolean>`false`,
        spent: sql<string>`-sum(${t.amount})`,
        // Every row, refunds too, as the Transactions screen counts them with the same filters.
        count: sql<number>`count(*)`.mapWith(Number),
      })
      .from(t)
      .where(counted(userId, { from, to }))
      // By position: the window tests are parameterised expressions, which GROUP BY cannot match by value.
      .groupBy(sql`1`, sql`2`, sql`3`, sql`4`)
  );
}

const INCOME_CATEGORIES = CATEGORIES.filter((c) => c.group === 'Income').map((c) => c.code);

/** The person's money in to income categories between two days (read by category: a few index ranges). */
export function moneyIn(db: Db, { userId, from, to }: Person & Days) {
  const t = transactions;
  return db
    .select({
      date: t.date,
      amount: t.amount,
      merchant: t.merchantName,
      description: t.description,
      category: t.category,
    })
    .from(t)
    .where(and(counted(userId, { from, to }), inArray(t.category, INCOME_CATEGORIES), sql`${t.amount} > 0`));
}

/** The person's goals, each with what its ledger has saved so far (cents, as a decimal string). */
export function goalsWithSaved(db: Db, { userId }: Person) {
  return db
    .select({
      goal: savingsGoals,
      saved: sql<string>`coalesce(sum(${savingsContributions.amount}), 0)`,
    })
    .from(savingsGoals)
    .leftJoin(savingsContributions, eq(savingsContributions.goalId, savingsGoals.id))
    .where(eq(savingsGoals.userId, userId))
    .groupBy(savingsGoals.id);
}

/** Every subscription the person tracks, whatever its status. */
export function trackedSubscriptionRows(db: Db, { userId }: Person) {
  return db.select().from(subscriptions).where(eq(subscriptions.userId, userId));
}

/** Cash now: the balances of the person's depository accounts (cents). */
export async function cashBalance(db: Db, { userId }: Person): Promise<number> {
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${bankAccounts.currentBalance}), 0)` })
    .from(bankAccounts)
    .where(
      and(
        eq(bankAccounts.userId, userId),
        eq(bankAccounts.isActive, true),
        eq(bankAccounts.type, 0),
        isNull(bankAccounts.hiddenAt),
      ),
    );
  return Number(row?.total ?? 0);
}

/** The day of the person's first live transaction (transfers too), or null without any. */
export async function firstTransactionDay(db: Db, { userId }: Person) {
  const [row] = await db
    .select({ first: min(transactions.date) })
    .from(transactions)
    .where(and(eq(transactions.userId, userId), isNull(transactions.deletedAt)));
  return row?.first ?? null;
}

// ---------------------------------------------------------------------------------------------------------
// What the advisor's answers read besides the facts

/**
 * The merchants the person paid most between two days, transfers aside, most first: what went out to each
 * (cents, as a decimal string; refunds not taken off) and its number of transactions.
 */
export function topMerchants(
  db: Db,
  { userId, startDate, endDate, limit }: Person & { startDate: string; endDate: string; limit: number },
) {
  const t = transactions;
  return db
    .select({
      merchant: t.merchantName,
      expenses: sql<string>`coalesce(-sum(${t.amount}) filter (where ${t.amount} < 0), 0)`,
      count: sql<number>`count(*)::int`,
    })
    .from(t)
    .where(
      and(
        filterWhere(userId, { startDate, endDate }),
        eq(t.isTransfer, false),
        sql`${t.merchantName} is not null`,
      ),
    )
    .groupBy(t.merchantName)
    .having(sql`sum(${t.amount}) filter (where ${t.amount} < 0) < 0`)
    .orderBy(desc(sql`2`), t.merchantName)
    .limit(limit);
}

/** The id of a budget's category for a code, or null when the budget has none for it. */
export async function budgetCategoryId(
  db: Db,
  { userId, budgetId, category }: Person & { budgetId: string; category: CategoryCode },
) {
  const [row] = await db
    .select({ id: budgetCategories.id })
    .from(budgetCategories)
    .where(
      and(
        eq(budgetCategories.userId, userId),
        eq(budgetCategories.budgetId, budgetId),
        eq(budgetCategories.category, category),
      ),
    );
  return row?.id ?? null;
}

// ---------------------------------------------------------------------------------------------------------
// What the advisor's question structure reads

/**
 * The person's accounts of the filters' kinds (as the balances read them: checking and savings by subtype,
 * cards by type) or names, or null when the filters name no account. Read first, so the rows are matched
 * against a list rather than a subquery inside every aggregate.
 */
async function accountsOf(db: Db, userId: string, f: QuestionFilters): Promise<string[] | null> {
  const kinds = f.accountKinds ?? [];
  const names = (f.accounts ?? []).map((n) => n.toLowerCase());
  if (kinds.length === 0 && names.length === 0) return null;
  const a = bankAccounts;
  const depository = (word: string) =>
    and(eq(a.type, ACCOUNT_TYPE.Depository), sql`lower(coalesce(${a.subtype}, '')) like ${`%${word}%`}`);
  const of: Record<AccountKind, SQL | undefined> = {
    checking: depository('checking'),
    savings: depository('savings'),
    credit: eq(a.type, ACCOUNT_TYPE.Credit),
  };
  const rows = await db
    .select({ id: a.id })
    .from(a)
    .where(
      and(
        eq(a.userId, userId),
        // By name, as the person sees them listed: active and not hidden.
        or(
          ...kinds.map((k) => of[k]),
          names.length > 0
            ? and(inArray(sql`lower(${a.name})`, names), eq(a.isActive, true), isNull(a.hiddenAt))
            : undefined,
        ),
      ),
    );
  return rows.map((r) => r.id);
}

/**
 * The rows a question's filters keep: any of its categories and merchants, less the excluded ones; from
 * accounts of its kinds and of its sizes (as the Transactions screen's amount filter: the size, either way).
 */
function questionWhere(f: QuestionFilters, accounts: string[] | null): SQL {
  const t = transactions;
  const merchant = sql`lower(${t.merchantName})`;
  const lower = (names: readonly string[]) => names.map((n) => n.toLowerCase());
  return (
    and(
      accounts === null ? undefined : accounts.length > 0 ? inArray(t.accountId, accounts) : sql`false`,
      f.kinds?.length
        ? inArray(
            t.providerCategory,
            f.kinds.flatMap((k) => TRANSACTION_KIND_DETAILED[k]),
          )
        : undefined,
      f.minAmount !== undefined ? sql`abs(${t.amount}) >= ${f.minAmount}` : undefined,
      f.maxAmount !== undefined ? sql`abs(${t.amount}) <= ${f.maxAmount}` : undefined,
      f.categories.length > 0 ? inArray(t.category, f.categories) : undefined,
      f.merchants.length > 0 ? inArray(merchant, lower(f.merchants)) : undefined,
      f.excludeCategories.length > 0 ? notInArray(t.category, f.excludeCategories) : undefined,
      f.excludeMerchants.length > 0
        ? or(isNull(t.merchantName), notInArray(merchant, lower(f.excludeMerchants)))
        : undefined,
    ) ?? sql`true`
  );
}

/**
 * Money out and in between two days, transfers aside, for the rows the filters keep and for all of them:
 * one pass over the days. Cents; out positive; largest and smallest are single payments out (or in).
 */
export async function flowOver(
  db: Db,
  { userId, from, to, filters }: Person & Days & { filters: QuestionFilters },
) {
  const [flow] = await flowsOver(db, { userId, periods: [{ from, to }], filters });
  if (!flow) throw new Error('an aggregate always has a row');
  return flow;
}

/**
 * The same as flowOver for each of several periods that follow one another day after day (the months of
 * an average): one pass over all their days, each row put in its period by its date.
 */
export async function flowsOver(
  db: Db,
  { userId, periods, filters }: Person & { periods: readonly Days[]; filters: QuestionFilters },
) {
  const accounts = await accountsOf(db, userId, filters);
  // Periods with gaps or out of order (a model may ask for any): each its own pass.
  const follow = periods.every((p, i) => i === 0 || p.from === addDays(periods[i - 1]?.to ?? '', 1));
  if (follow) return flowPass(db, { userId, periods, filters, accounts });
  return (
    await Promise.all(periods.map((p) => flowPass(db, { userId, periods: [p], filters, accounts })))
  ).flat();
}

/** One pass over the days of periods that follow one another, each row in its period. */
async function flowPass(
  db: Db,
  {
    userId,
    periods,
    filters,
    accounts,
  }: Person & { periods: readonly Days[]; filters: QuestionFilters; accounts: string[] | null },
) {
  const first = periods[0];
  const last = periods.at(-1);
  if (!first || !last) return [];
  const t = transactions;
  const kept = questionWhere(filters, accounts);
  // Which of the kind's accounts the rows kept come from, one bit each (a kind of account holds a few).
  const masked = accounts !== null && accounts.length > 1 && accounts.length <= 30;
  const mask = masked
    ? sql<number>`coalesce(bit_or(1 << (array_position(${sql.param(accounts)}::uuid[], ${t.accountId}) - 1)) filter (where ${kept}), 0)`.mapWith(
        Number,
      )
    : sql<null>`null`;
  const out = sql`${t.amount} < 0`;
  const into = sql`${t.amount} > 0`;
  const cents = (expression: SQL) => sql<string>`coalesce(${expression}, 0)`.mapWith(Number);
  // A row's period: how many of the periods' first days are on or before its date (1 for the first);
  // one period needs no grouping.
  const period =
    periods.length === 1
      ? sql<number>`1`.mapWith(Number)
      : sql<number>`width_bucket(${t.date}, ${sql.param(periods.map((p) => p.from))}::date[])`.mapWith(
          Number,
        );
  const rows = await db
    .select({
      period,
      /** Every row kept, money in and out: what the Transactions screen lists for the same filters. */
      count: cents(sql`count(*) filter (where ${kept})`),
      accountMask: mask,
      out: cents(sql`-sum(${t.amount}) filter (where ${out} and ${kept})`),
      outCount: cents(sql`count(*) filter (where ${out} and ${kept})`),
      largestOut: cents(sql`-min(${t.amount}) filter (where ${out} and ${kept})`),
      smallestOut: cents(sql`-max(${t.amount}) filter (where ${out} and ${kept})`),
      in: cents(sql`sum(${t.amount}) filter (where ${into} and ${kept})`),
      inCount: cents(sql`count(*) filter (where ${into} and ${kept})`),
      largestIn: cents(sql`max(${t.amount}) filter (where ${into} and ${kept})`),
      smallestIn: cents(sql`min(${t.amount}) filter (where ${into} and ${kept})`),
      allOut: cents(sql`-sum(${t.amount}) filter (where ${out})`),
      allIn: cents(sql`sum(${t.amount}) filter (where ${into})`),
    })
    .from(t)
    .where(counted(userId, { from: first.from, to: last.to }))
    .groupBy(periods.length === 1 ? sql`()` : sql`1`);
  // A period without a row: nothing kept, from none of the accounts.
  const empty = {
    count: 0,
    accountMask: masked ? 0 : null,
    out: 0,
    outCount: 0,
    largestOut: 0,
    smallestOut: 0,
    in: 0,
    inCount: 0,
    largestIn: 0,
    smallestIn: 0,
    allOut: 0,
    allIn: 0,
  };
  return periods.map((_, i) => {
    const {
      period: _p,
      accountMask,
      ...flow
    } = rows.find((r) => r.period === i + 1) ?? { period: 0, ...empty };
    return { ...flow, ...fromOneAccount(accounts, accountMask) };
  });
}

/**
 * Under a kind of account, whether the rows kept all come from one account, and which: a link to
 * Transactions can name one account, not a kind. Always true without a kind of account.
 */
function fromOneAccount(
  accounts: string[] | null,
  mask: number | null,
): { oneAccount: boolean; accountId: string | null } {
  if (accounts === null) return { oneAccount: true, accountId: null };
  if (accounts.length <= 1) return { oneAccount: true, accountId: accounts[0] ?? null };
  if (mask === null) return { oneAccount: false, accountId: null };
  if (mask === 0) return { oneAccount: true, accountId: null };
  const single = (mask & (mask - 1)) === 0;
  return { oneAccount: single, accountId: single ? (accounts[Math.log2(mask)] ?? null) : null };
}

/** The single largest or smallest payment out (or in) the filters keep between two days, or null. */
export async function extremeOver(
  db: Db,
  {
    userId,
    from,
    to,
    filters,
    direction,
    largest,
  }: Person & Days & { filters: QuestionFilters; direction: 'out' | 'in'; largest: boolean },
) {
  const t = transactions;
  const [row] = await db
    .select({ date: t.date, amount: t.amount, merchant: t.merchantName, description: t.description })
    .from(t)
    .where(
      and(
        counted(userId, { from, to }),
        questionWhere(filters, await accountsOf(db, userId, filters)),
        direction === 'out' ? sql`${t.amount} < 0` : sql`${t.amount} > 0`,
      ),
    )
    // By size, which the amount-size index holds in order: the largest one is its first match from the top.
    .orderBy(largest ? desc(sql`abs(${t.amount})`) : asc(sql`abs(${t.amount})`), desc(t.date))
    .limit(1);
  return row ?? null;
}

/** The person's visible, active accounts with what the bank last reported (cents). */
export function accountBalances(db: Db, { userId }: Person) {
  const a = bankAccounts;
  return db
    .select({ name: a.name, type: a.type, subtype: a.subtype, balance: a.currentBalance })
    .from(a)
    .where(and(eq(a.userId, userId), eq(a.isActive, true), isNull(a.hiddenAt)))
    .orderBy(a.name);
}
