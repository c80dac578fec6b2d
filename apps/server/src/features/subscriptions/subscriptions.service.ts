import {
  addDays,
  addMonths,
  type CategoryCode,
  centsToDollars,
  type confirmSubscriptionBody,
  type DetectedSubscription,
  type DetectionTransaction,
  detectSubscriptions,
  dollarsToCents,
  dueAfter,
  guessRecurrence,
  guessSubscriptionCategory,
  lastDayOfMonth,
  missedDueDate,
  monthlyEquivalent,
  occurrencesBetween,
  SUBSCRIPTION_CATEGORY_LABELS,
  SUBSCRIPTION_FREQUENCIES,
  SUBSCRIPTION_STATUS,
  type Subscription,
  type SubscriptionCalendar,
  type SubscriptionCategory,
  type SubscriptionFrequency,
  type SubscriptionPrefill,
  type SubscriptionSummary,
  type subscriptionBody,
  subscriptionMerchantKey,
  todayIn,
  type updateSubscriptionBody,
  yearlyTotal,
} from '@tally/shared';
import { and, asc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { detectedSubscriptions, subscriptions, transactions } from '../../db/schema';
import type { Viewer } from '../../lib/context';
import { badRequest, found, notFound } from '../../lib/errors';
import { withUserLock } from '../../lib/user-lock';
import {
  catchUp,
  linkCharges,
  outflowsOf,
  refreshSubscriptions,
  type SubscriptionRow,
} from './subscription-refresh';

export type SubscriptionDeps = { db: Db; now: () => Date };
export type { SubscriptionRow };
export { catchUp, refreshSubscriptions };

type CreateBody = z.output<typeof subscriptionBody>;
type UpdateBody = z.output<typeof updateSubscriptionBody>;

const todayOf = (deps: SubscriptionDeps, viewer: Viewer) => todayIn(viewer.timeZone, deps.now());

/** The subscription as the API answers it; the missed flag is read against the person's today. */
export function subscriptionView(row: SubscriptionRow, today: string): Subscription {
  const frequency = row.frequency;
  return {
    id: row.id,
    name: row.name,
    amount: centsToDollars(row.amount),
    frequency,
    status: row.status,
    category: row.category,
    description: row.description,
    nextDueDate: row.nextDueDate,
    isDetected: row.isDetected,
    autoRenew: row.autoRenew,
    monthlyAmount: centsToDollars(monthlyEquivalent(row.amount, frequency)),
    merchantName: row.merchantName,
    lastChargeDate: row.lastChargeDate,
    priceChange:
      row.previousAmount !== null && row.priceChangedAt !== null
        ? { previousAmount: centsToDollars(row.previousAmount), date: row.priceChangedAt }
        : null,
    missedDueDate: missedDueDate(row, today),
    createdAt: row.createdAt.toISOString(),
  };
}

export async function ownSubscription(db: Db, viewer: Viewer, id: string) {
  const [row] = await db
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.userId, viewer.userId), eq(subscriptions.id, id)));
  return found(row, 'Subscription not found');
}

/** How far ahead a due date may be set: an annual plan's next charge, with room to spare. */
const MAX_DUE_YEARS = 10;

const checkDue = (date: string, today: string) => {
  if (date < today) throw badRequest('Due date cannot be in the past', 'VALIDATION_ERROR');
  if (date > addMonths(today, 12 * MAX_DUE_YEARS)) {
    throw badRequest(`Due date must be within ${MAX_DUE_YEARS} years`, 'VALIDATION_ERROR');
  }
};

/**
 * The day a schedule counts from. A month-end due date (Feb 28) stands for the later day of the month the
 * charges came on (the 31st), so the months after it fall on the 31st again.
 */
function anchorFor(nextDue: string, frequency: SubscriptionFrequency, lastCharge: string | null): string {
  const monthly =
    frequency !== SUBSCRIPTION_FREQUENCIES.Weekly && frequency !== SUBSCRIPTION_FREQUENCIES.BiWeekly;
  if (!monthly || !lastCharge || lastCharge > nextDue) return nextDue;
  return nextDue === lastDayOfMonth(nextDue) && lastCharge.slice(8) > nextDue.slice(8) ? lastCharge : nextDue;
}

/** Every subscription of the person, caught up with the charges posted and the due dates passed. */
export async function listSubscriptions(deps: SubscriptionDeps, viewer: Viewer) {
  const today = todayOf(deps, viewer);
  await refreshSubscriptions(deps, viewer.userId, today);
  const rows = await deps.db
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.userId, viewer.userId))
    .orderBy(asc(subscriptions.status), asc(subscriptions.nextDueDate), asc(subscriptions.name));
  return { rows, today };
}

export async function getSubscription(deps: SubscriptionDeps, viewer: Viewer, id: string) {
  const today = todayOf(deps, viewer);
  await refreshSubscriptions(deps, viewer.userId, today);
  return subscriptionView(await ownSubscription(deps.db, viewer, id), today);
}

const NOT_A_PAYMENT = 'Only money going out can be marked as recurring';

/** The person's own live transaction, or 404. */
async function ownTransaction(db: Db, userId: string, id: string) {
  const [row] = await db
    .select()
    .from(transactions)
    .where(and(eq(transactions.userId, userId), eq(transactions.id, id), isNull(transactions.deletedAt)));
  return found(row, 'Transaction not found');
}

export async function createSubscription(deps: SubscriptionDeps, viewer: Viewer, body: CreateBody) {
  const today = todayOf(deps, viewer);
  checkDue(body.nextDueDate, today);
  const charge = body.transactionId ? await ownTransaction(deps.db, viewer.userId, body.transactionId) : null;
  if (charge && (charge.amount >= 0 || charge.isTransfer)) throw badRequest(NOT_A_PAYMENT);
  const row = await withUserLock(deps.db, 'subscriptions', viewer.userId, async (tx) => {
    const [created] = await tx
      .insert(subscriptions)
      .values({
        userId: viewer.userId,
        name: body.name,
        amount: dollarsToCents(body.amount),
        frequency: body.frequency,
        category: body.category,
        description: body.description,
        nextDueDate: body.nextDueDate,
        anchorDate: anchorFor(body.nextDueDate, body.frequency, charge?.date ?? null),
        autoRenew: body.autoRenew,
        merchantKey: charge
          ? subscriptionMerchantKey(charge.merchantName, charge.description)
          : subscriptionMerchantKey(body.name, body.name),
        merchantName: charge ? (charge.merchantName ?? body.name) : null,
        lastChargeDate: charge?.date ?? null,
      })
      .returning();
    if (!created) throw new Error('insert returned nothing');
    if (charge) await linkCharges(tx, viewer.userId, created.id, [charge.id]);
    return created;
  });
  return subscriptionView(row, today);
}

/**
 * PUT: every field the body gives; frequency, category, status and auto-renew it leaves out stay. Read
 * and written under the person's lock, so a catch-up running alongside cannot write an older state back.
 */
export async function updateSubscription(
  deps: SubscriptionDeps,
  viewer: Viewer,
  id: string,
  body: UpdateBody,
) {
  const today = todayOf(deps, viewer);
  const updated = await withUserLock(deps.db, 'subscriptions', viewer.userId, async (tx) => {
    const row = await ownSubscription(tx, viewer, id);
    // A date the person did not touch may already be behind (a paused subscription); only a new one is checked.
    if (body.nextDueDate !== row.nextDueDate) checkDue(body.nextDueDate, today);
    const frequency = (body.frequency ?? row.frequency) as SubscriptionFrequency;
    const status = body.status ?? row.status;
    const amount = dollarsToCents(body.amount);
    const rescheduled = body.nextDueDate !== row.nextDueDate || frequency !== row.frequency;
    const active = status === SUBSCRIPTION_STATUS.Active;
    const anchorDate = rescheduled ? body.nextDueDate : row.anchorDate;
    // Resumed with a due date left behind while paused: the next one on schedule, not a missed one.
    const nextDueDate =
      active && body.nextDueDate < today
        ? dueAfter(anchorDate, frequency, addDays(today, -1))
        : body.nextDueDate;
    const [saved] = await tx
      .update(subscriptions)
      .set({
        name: body.name,
        amount,
        frequency,
        status,
        category: body.category ?? row.category,
        description: body.description,
        nextDueDate,
        anchorDate,
        autoRenew: body.autoRenew ?? row.autoRenew,
        // A typed-in subscription follows its name; one tied to a merchant's charges keeps that merchant.
        ...(row.merchantName === null && body.name !== row.name
          ? { merchantKey: subscriptionMerchantKey(body.name, body.name) }
          : {}),
        // A price typed in replaces what the charges said; the old price is not a change the bank showed.
        ...(amount !== row.amount ? { previousAmount: null, priceChangedAt: null } : {}),
        // Paused, cancelled or rescheduled: nothing is awaited any more.
        ...(!active || rescheduled ? { unpaidDueDate: null } : {}),
        updatedAt: deps.now(),
      })
      .where(and(eq(subscriptions.userId, viewer.userId), eq(subscriptions.id, row.id)))
      .returning();
    return found(saved, 'Subscription not found');
  });
  return subscriptionView(updated, today);
}

export async function deleteSubscription(deps: SubscriptionDeps, viewer: Viewer, row: SubscriptionRow) {
  await deps.db
    .delete(subscriptions)
    .where(and(eq(subscriptions.userId, viewer.userId), eq(subscriptions.id, row.id)));
}

const isCounted = (row: SubscriptionRow) => row.status === SUBSCRIPTION_STATUS.Active;

/** SPEC §3 summary over active subscriptions: monthly and yearly totals and the categories they fall in. */
export async function subscriptionSummary(
  deps: SubscriptionDeps,
  viewer: Viewer,
): Promise<SubscriptionSummary> {
  const { rows } = await listSubscriptions(deps, viewer);
  const active = rows.filter(isCounted);
  const byCategory = new Map<SubscriptionCategory, { count: number; monthly: number }>();
  let monthly = 0;
  let yearly = 0;
  for (const row of active) {
    const frequency = row.frequency;
    const m = monthlyEquivalent(row.amount, frequency);
    monthly += m;
    yearly += yearlyTotal(row.amount, frequency);
    const category = row.category;
    const entry = byCategory.get(category) ?? { count: 0, monthly: 0 };
    entry.count += 1;
    entry.monthly += m;
    byCategory.set(category, entry);
  }
  return {
    monthlyTotal: centsToDollars(monthly),
    yearlyTotal: centsToDollars(yearly),
    activeCount: active.length,
    categoryBreakdown: [...byCategory]
      .sort(([, a], [, b]) => b.monthly - a.monthly)
      .map(([category, entry]) => ({
        category,
        categoryName: SUBSCRIPTION_CATEGORY_LABELS[category],
        count: entry.count,
        monthlyTotal: centsToDollars(entry.monthly),
      })),
  };
}

/**
 * The charges of active subscriptions due in the range: from each one's next due date on (what is behind
 * it has been charged or missed, and shows on the card), never past an expiry without auto-renew.
 */
export async function subscriptionCalendar(
  deps: SubscriptionDeps,
  viewer: Viewer,
  range: { startDate: string; endDate: string },
): Promise<SubscriptionCalendar> {
  const { rows } = await listSubscriptions(deps, viewer);
  const occurrences = rows.filter(isCounted).flatMap((row) => {
    const frequency = row.frequency;
    const from = row.nextDueDate > range.startDate ? row.nextDueDate : range.startDate;
    // Without auto-renew the next due date is the last charge.
    const last = row.autoRenew
      ? range.endDate
      : row.nextDueDate < range.endDate
        ? row.nextDueDate
        : range.endDate;
    return occurrencesBetween(row.anchorDate, frequency, from, last).map((date) => ({
      date,
      subscriptionId: row.id,
      name: row.name,
      amount: centsToDollars(row.amount),
      category: row.category,
    }));
  });
  occurrences.sort((a, b) => a.date.localeCompare(b.date) || a.name.localeCompare(b.name));
  return { ...range, occurrences };
}

// ---------------------------------------------------------------------------------------------------------
// Following charges: subscription-refresh.ts (the notifications scan catches subscriptions up too)

// ---------------------------------------------------------------------------------------------------------
// Detection

/** Merchants already tracked, by key: detection leaves them out. */
async function trackedKeys(db: Db, userId: string) {
  const rows = await db
    .select({ key: subscriptions.merchantKey })
    .from(subscriptions)
    .where(eq(subscriptions.userId, userId));
  return rows.map((r) => r.key);
}

type DetectedRow = typeof detectedSubscriptions.$inferSelect;
type Details = {
  occurrences: number;
  firstChargeDate: string;
  lastChargeDate: string;
  averageIntervalDays: number;
  priceChange: { previousAmount: number; date: string } | null;
};

function detectedView(row: DetectedRow): DetectedSubscription {
  const details = row.details as Details;
  return {
    id: row.id,
    merchantName: row.merchantName,
    amount: centsToDollars(row.amount),
    frequency: row.frequency,
    confidence: Math.round(row.confidence * 1000) / 1000,
    estimatedNextDue: row.estimatedNextDue,
    relatedTransactionIds: row.relatedTransactionIds,
    category: row.category,
    occurrences: details.occurrences,
    firstChargeDate: details.firstChargeDate,
    lastChargeDate: details.lastChargeDate,
    averageIntervalDays: details.averageIntervalDays,
    priceChange: details.priceChange
      ? { previousAmount: centsToDollars(details.priceChange.previousAmount), date: details.priceChange.date }
      : null,
  };
}

type MerchantGroup = [
  merchantName: string | null,
  description: string,
  providerCategory: string | null,
  ids: string[],
  dates: string[],
  amounts: number[],
  categories: CategoryCode[],
];

/**
 * The rows detection reads: every live outflow of the person (transfers and money in never match). They
 * come as one JSON document of per-merchant arrays, not as rows: a heavy history is ~90k rows, and turning
 * each into a row object cost PGlite seconds where parsing the arrays costs tens of milliseconds. Rows with
 * a merchant name are grouped by it (detection's key ignores their descriptors); the rest by descriptor.
 */
async function detectionRows(db: Db, userId: string): Promise<DetectionTransaction[]> {
  const t = transactions;
  const merchants = db
    .select({
      merchantName: t.merchantName,
      description: sql<string>`min(${t.description})`.as('description'),
      providerCategory: sql<string | null>`min(${t.providerCategory})`.as('provider_category'),
      ids: sql`array_agg(${t.id})`.as('ids'),
      dates: sql`array_agg(${t.date})`.as('dates'),
      amounts: sql`array_agg(${t.amount})`.as('amounts'),
      categories: sql`array_agg(${t.category})`.as('categories'),
    })
    .from(t)
    .where(outflowsOf(userId))
    .groupBy(t.merchantName, sql`case when ${t.merchantName} is null then ${t.description} end`)
    .as('merchants');
  const m = merchants;
  const [result] = await db
    .select({
      json: sql<
        string | null
      >`json_agg(json_build_array(${m.merchantName}, ${m.description}, ${m.providerCategory}, ${m.ids}, ${m.dates}, ${m.amounts}, ${m.categories}))::text`,
    })
    .from(m);
  const json = result?.json;
  const groups: MerchantGroup[] = json ? JSON.parse(json) : [];
  const rows: DetectionTransaction[] = [];
  for (const [merchantName, description, providerCategory, ids, dates, amounts, categories] of groups) {
    for (let i = 0; i < ids.length; i += 1) {
      rows.push({
        id: ids[i] as string,
        date: dates[i] as string,
        amount: amounts[i] as number,
        merchantName,
        description,
        category: categories[i] as CategoryCode,
        providerCategory,
        isTransfer: false,
      });
    }
  }
  return rows;
}

/**
 * Finds recurring charges in the person's history and keeps them as suggestions (one per merchant, with an
 * id to confirm or dismiss by). Tracked and dismissed merchants are left out; suggestions the history no
 * longer supports are dropped.
 */
export async function detect(
  deps: SubscriptionDeps,
  viewer: Viewer,
  options: { includeBills: boolean },
): Promise<DetectedSubscription[]> {
  const today = todayOf(deps, viewer);
  const [rows, tracked, dismissed] = await Promise.all([
    detectionRows(deps.db, viewer.userId),
    trackedKeys(deps.db, viewer.userId),
    deps.db
      .select({ key: detectedSubscriptions.merchantKey })
      .from(detectedSubscriptions)
      .where(
        and(eq(detectedSubscriptions.userId, viewer.userId), isNotNull(detectedSubscriptions.dismissedAt)),
      ),
  ]);
  const found = detectSubscriptions(rows, {
    today,
    includeBills: options.includeBills,
    skipMerchantKeys: new Set([...tracked, ...dismissed.map((d) => d.key)]),
  });
  const saved = await withUserLock(deps.db, 'subscriptions', viewer.userId, async (tx) => {
    await tx
      .delete(detectedSubscriptions)
      .where(and(eq(detectedSubscriptions.userId, viewer.userId), isNull(detectedSubscriptions.dismissedAt)));
    if (found.length === 0) return [];
    return tx
      .insert(detectedSubscriptions)
      .values(
        found.map((d) => ({
          userId: viewer.userId,
          merchantKey: d.merchantKey,
          merchantName: d.merchantName,
          amount: d.amount,
          frequency: d.frequency,
          confidence: d.confidence,
          category: d.category,
          estimatedNextDue: d.estimatedNextDue,
          relatedTransactionIds: d.relatedTransactionIds,
          details: {
            occurrences: d.occurrences,
            firstChargeDate: d.firstChargeDate,
            lastChargeDate: d.lastChargeDate,
            averageIntervalDays: d.averageIntervalDays,
            priceChange: d.priceChange,
          } satisfies Details,
        })),
      )
      .returning();
  });
  const order = new Map(found.map((d, i) => [d.merchantKey, i]));
  return saved
    .sort((a, b) => (order.get(a.merchantKey) ?? 0) - (order.get(b.merchantKey) ?? 0))
    .map(detectedView);
}

/** An open suggestion of the person's (not dismissed, not yet confirmed). */
const openDetected = (userId: string, id: string) =>
  and(
    eq(detectedSubscriptions.userId, userId),
    eq(detectedSubscriptions.id, id),
    isNull(detectedSubscriptions.dismissedAt),
  );

/**
 * Tracks a detected subscription (SPEC §7 confirm): marked detected, following the merchant, linked to the
 * charges it was found from. The item's name, amount, frequency and category may have been edited. The
 * suggestion is taken first, so confirming it twice at once tracks it once.
 */
export async function confirmDetected(
  deps: SubscriptionDeps,
  viewer: Viewer,
  body: z.output<typeof confirmSubscriptionBody>,
): Promise<Subscription> {
  const today = todayOf(deps, viewer);
  const row = await withUserLock(deps.db, 'subscriptions', viewer.userId, async (tx) => {
    const [found] = await tx
      .delete(detectedSubscriptions)
      .where(openDetected(viewer.userId, body.id))
      .returning();
    if (!found) throw notFound('Detected subscription not found');
    const frequency = body.frequency ?? found.frequency;
    const details = found.details as Details;
    const estimate = body.estimatedNextDue ?? found.estimatedNextDue ?? details.lastChargeDate;
    const anchorDate = anchorFor(estimate, frequency, details.lastChargeDate);
    // The estimate may have passed since detection: the first due date from today on.
    const nextDueDate = dueAfter(anchorDate, frequency, addDays(today, -1));
    const [created] = await tx
      .insert(subscriptions)
      .values({
        userId: viewer.userId,
        name: body.merchantName ?? found.merchantName,
        amount: body.amount !== undefined ? dollarsToCents(body.amount) : found.amount,
        frequency,
        category: body.category ?? found.category,
        nextDueDate,
        anchorDate,
        isDetected: true,
        merchantKey: found.merchantKey,
        merchantName: found.merchantName,
        lastChargeDate: details.lastChargeDate,
        previousAmount: details.priceChange?.previousAmount ?? null,
        priceChangedAt: details.priceChange?.date ?? null,
      })
      .returning();
    if (!created) throw new Error('insert returned nothing');
    await linkCharges(tx, viewer.userId, created.id, found.relatedTransactionIds);
    return created;
  });
  return subscriptionView(row, today);
}

/** Remembers that the person does not want this merchant suggested again. */
export async function dismissDetected(deps: SubscriptionDeps, viewer: Viewer, id: string) {
  const [dismissed] = await deps.db
    .update(detectedSubscriptions)
    .set({ dismissedAt: deps.now() })
    .where(openDetected(viewer.userId, id))
    .returning({ id: detectedSubscriptions.id });
  if (!dismissed) throw notFound('Detected subscription not found');
}

// ---------------------------------------------------------------------------------------------------------
// Mark as Recurring

/**
 * What the add dialog starts from when a transaction is marked as recurring: its merchant and amount, and
 * the cadence and next due date its merchant's history suggests.
 */
export async function prefillFromTransaction(
  deps: SubscriptionDeps,
  viewer: Viewer,
  transactionId: string,
): Promise<SubscriptionPrefill> {
  const charge = await ownTransaction(deps.db, viewer.userId, transactionId);
  if (charge.amount >= 0 || charge.isTransfer) throw badRequest(NOT_A_PAYMENT);
  const key = subscriptionMerchantKey(charge.merchantName, charge.description);
  // The merchant's earlier charges: by the bank's merchant name when it gives one, else by descriptors
  // that start alike; both narrowed to the same key.
  const sameMerchant = charge.merchantName
    ? eq(transactions.merchantName, charge.merchantName)
    : sql`${transactions.description} like ${`${charge.description.slice(0, 6).replace(/[%_\\]/g, '\\$&')}%`}`;
  const history = (
    await deps.db
      .select({
        date: transactions.date,
        amount: transactions.amount,
        merchantName: transactions.merchantName,
        description: transactions.description,
      })
      .from(transactions)
      .where(and(outflowsOf(viewer.userId), sql`${transactions.date} <= ${charge.date}`, sameMerchant))
  ).filter((t) => subscriptionMerchantKey(t.merchantName, t.description) === key);
  const guess = guessRecurrence(
    history.map((t) => ({ date: t.date, amount: t.amount })),
    todayOf(deps, viewer),
  );
  return {
    transactionId: charge.id,
    name: (charge.merchantName ?? charge.description).slice(0, 100),
    amount: centsToDollars(-charge.amount),
    frequency: guess.frequency,
    category: guessSubscriptionCategory(
      {
        description: charge.description,
        providerCategory: charge.providerCategory,
        category: charge.category,
      },
      key,
    ),
    nextDueDate: guess.nextDueDate,
  };
}
