// Subscriptions found in a person's history: detection, and confirming, dismissing or prefilling from it.
import {
  addDays,
  type confirmSubscriptionBody,
  type DetectedSubscription,
  detectSubscriptions,
  dollarsToCents,
  dueAfter,
  guessRecurrence,
  guessSubscriptionCategory,
  type Subscription,
  type SubscriptionPrefill,
  subscriptionMerchantKey,
} from '@tally/shared';
import type { z } from 'zod';
import type { detectedSubscriptions } from '../../db/schema';
import type { Viewer } from '../../lib/context';
import { badRequest, notFound } from '../../lib/errors';
import { withUserLock } from '../../lib/user-lock';
import {
  detectionRows,
  dismissedMerchantKeys,
  dismissSuggestion,
  insertSubscription,
  linkCharges,
  merchantPayments,
  replaceOpenSuggestions,
  takeOpenSuggestion,
  trackedMerchantKeys,
} from './subscriptions.queries';
import {
  anchorFor,
  NOT_A_PAYMENT,
  ownTransaction,
  type SubscriptionDeps,
  subscriptionView,
  todayOf,
} from './subscriptions.service';

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
    amount: row.amount,
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
      ? { previousAmount: details.priceChange.previousAmount, date: details.priceChange.date }
      : null,
  };
}

/** The recurring charges in the person's history, tracked and dismissed merchants left out; stores nothing. */
export async function findRecurring(
  deps: SubscriptionDeps,
  viewer: Viewer,
  options: { includeBills: boolean },
) {
  const [rows, tracked, dismissed] = await Promise.all([
    detectionRows(deps.db, viewer),
    trackedMerchantKeys(deps.db, viewer),
    dismissedMerchantKeys(deps.db, viewer),
  ]);
  return detectSubscriptions(rows, {
    today: todayOf(deps, viewer),
    includeBills: options.includeBills,
    skipMerchantKeys: new Set([...tracked, ...dismissed]),
  });
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
  const found = await findRecurring(deps, viewer, options);
  const suggestions = found.map((d) => ({
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
  }));
  const saved = await withUserLock(deps.db, 'subscriptions', viewer.userId, (tx) =>
    replaceOpenSuggestions(tx, { userId: viewer.userId, suggestions }),
  );
  const order = new Map(found.map((d, i) => [d.merchantKey, i]));
  return saved
    .sort((a, b) => (order.get(a.merchantKey) ?? 0) - (order.get(b.merchantKey) ?? 0))
    .map(detectedView);
}

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
    const found = await takeOpenSuggestion(tx, { userId: viewer.userId, id: body.id });
    if (!found) throw notFound('Detected subscription not found');
    const frequency = body.frequency ?? found.frequency;
    const details = found.details as Details;
    const estimate = body.estimatedNextDue ?? found.estimatedNextDue ?? details.lastChargeDate;
    const anchorDate = anchorFor(estimate, frequency, details.lastChargeDate);
    // The estimate may have passed since detection: the first due date from today on.
    const nextDueDate = dueAfter(anchorDate, frequency, addDays(today, -1));
    const created = await insertSubscription(tx, {
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
    });
    await linkCharges(tx, {
      userId: viewer.userId,
      subscriptionId: created.id,
      transactionIds: found.relatedTransactionIds,
    });
    return created;
  });
  return subscriptionView(row, today);
}

/** Remembers that the person does not want this merchant suggested again. */
export async function dismissDetected(deps: SubscriptionDeps, viewer: Viewer, id: string) {
  const dismissed = await dismissSuggestion(deps.db, { userId: viewer.userId, id, at: deps.now() });
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
  const charge = await ownTransaction(deps.db, { userId: viewer.userId, id: transactionId });
  if (charge.amount >= 0 || charge.isTransfer) throw badRequest(NOT_A_PAYMENT);
  const key = subscriptionMerchantKey(charge.merchantName, charge.description);
  // The merchant's earlier charges, narrowed to the same key.
  const history = (
    await merchantPayments(deps.db, {
      userId: viewer.userId,
      upTo: charge.date,
      merchantName: charge.merchantName,
      description: charge.description,
    })
  ).filter((t) => subscriptionMerchantKey(t.merchantName, t.description) === key);
  const guess = guessRecurrence(
    history.map((t) => ({ date: t.date, amount: t.amount })),
    todayOf(deps, viewer),
  );
  return {
    transactionId: charge.id,
    name: (charge.merchantName ?? charge.description).slice(0, 100),
    amount: -charge.amount,
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
