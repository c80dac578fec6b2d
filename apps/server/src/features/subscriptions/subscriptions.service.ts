import {
  addDays,
  addMonths,
  dollarsToCents,
  dueAfter,
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
  type SubscriptionSummary,
  type subscriptionBody,
  subscriptionMerchantKey,
  todayIn,
  type updateSubscriptionBody,
  yearlyTotal,
} from '@tally/shared';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import type { Viewer } from '../../lib/context';
import { badRequest, found } from '../../lib/errors';
import { withUserLock } from '../../lib/user-lock';
import { catchUp, refreshSubscriptions } from './subscription-refresh';
import {
  deleteSubscriptionRow,
  getLiveTransaction,
  getSubscriptionRow,
  insertSubscription,
  linkCharges,
  listSubscriptionRows,
  type SubscriptionRow,
  updateSubscriptionRow,
} from './subscriptions.queries';

export type SubscriptionDeps = { db: Db; now: () => Date };
export type { SubscriptionRow };
export { catchUp, refreshSubscriptions };

type CreateBody = z.output<typeof subscriptionBody>;
type UpdateBody = z.output<typeof updateSubscriptionBody>;

export const todayOf = (deps: SubscriptionDeps, viewer: Viewer) => todayIn(viewer.timeZone, deps.now());

/** The subscription as the API answers it; the missed flag is read against the person's today. */
export function subscriptionView(row: SubscriptionRow, today: string): Subscription {
  const frequency = row.frequency;
  return {
    id: row.id,
    name: row.name,
    amount: row.amount,
    frequency,
    status: row.status,
    category: row.category,
    description: row.description,
    nextDueDate: row.nextDueDate,
    isDetected: row.isDetected,
    autoRenew: row.autoRenew,
    monthlyAmount: monthlyEquivalent(row.amount, frequency),
    merchantName: row.merchantName,
    lastChargeDate: row.lastChargeDate,
    priceChange:
      row.previousAmount !== null && row.priceChangedAt !== null
        ? { previousAmount: row.previousAmount, date: row.priceChangedAt }
        : null,
    missedDueDate: missedDueDate(row, today),
    createdAt: row.createdAt.toISOString(),
  };
}

export async function ownSubscription(db: Db, viewer: Viewer, id: string) {
  return found(
    await getSubscriptionRow(db, { userId: viewer.userId, subscriptionId: id }),
    'Subscription not found',
  );
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
export function anchorFor(
  nextDue: string,
  frequency: SubscriptionFrequency,
  lastCharge: string | null,
): string {
  const monthly =
    frequency !== SUBSCRIPTION_FREQUENCIES.Weekly && frequency !== SUBSCRIPTION_FREQUENCIES.BiWeekly;
  if (!monthly || !lastCharge || lastCharge > nextDue) return nextDue;
  return nextDue === lastDayOfMonth(nextDue) && lastCharge.slice(8) > nextDue.slice(8) ? lastCharge : nextDue;
}

/** Every subscription of the person, caught up with the charges posted and the due dates passed. */
export async function listSubscriptions(deps: SubscriptionDeps, viewer: Viewer) {
  const today = todayOf(deps, viewer);
  await refreshSubscriptions(deps, viewer.userId, today);
  return { rows: await listSubscriptionRows(deps.db, viewer), today };
}

export async function getSubscription(deps: SubscriptionDeps, viewer: Viewer, id: string) {
  const today = todayOf(deps, viewer);
  await refreshSubscriptions(deps, viewer.userId, today);
  return subscriptionView(await ownSubscription(deps.db, viewer, id), today);
}

export const NOT_A_PAYMENT = 'Only money going out can be marked as recurring';

/** The person's own live transaction, or 404. */
export async function ownTransaction(db: Db, { userId, id }: { userId: string; id: string }) {
  return found(await getLiveTransaction(db, { userId, transactionId: id }), 'Transaction not found');
}

export async function createSubscription(deps: SubscriptionDeps, viewer: Viewer, body: CreateBody) {
  const today = todayOf(deps, viewer);
  checkDue(body.nextDueDate, today);
  const charge = body.transactionId
    ? await ownTransaction(deps.db, { userId: viewer.userId, id: body.transactionId })
    : null;
  if (charge && (charge.amount >= 0 || charge.isTransfer)) throw badRequest(NOT_A_PAYMENT);
  const row = await withUserLock(deps.db, 'subscriptions', viewer.userId, async (tx) => {
    const created = await insertSubscription(tx, {
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
    });
    if (charge) {
      await linkCharges(tx, {
        userId: viewer.userId,
        subscriptionId: created.id,
        transactionIds: [charge.id],
      });
    }
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
    const saved = await updateSubscriptionRow(tx, {
      userId: viewer.userId,
      subscriptionId: row.id,
      set: {
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
      },
    });
    return found(saved, 'Subscription not found');
  });
  return subscriptionView(updated, today);
}

export async function deleteSubscription(deps: SubscriptionDeps, viewer: Viewer, row: SubscriptionRow) {
  await deleteSubscriptionRow(deps.db, { userId: viewer.userId, subscriptionId: row.id });
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
    monthlyTotal: monthly,
    yearlyTotal: yearly,
    activeCount: active.length,
    categoryBreakdown: [...byCategory]
      .sort(([, a], [, b]) => b.monthly - a.monthly)
      .map(([category, entry]) => ({
        category,
        categoryName: SUBSCRIPTION_CATEGORY_LABELS[category],
        count: entry.count,
        monthlyTotal: entry.monthly,
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
      amount: row.amount,
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
