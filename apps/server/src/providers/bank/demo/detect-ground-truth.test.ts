import {
  CATEGORY,
  categoryFromProvider,
  type DetectionTransaction,
  detectSubscriptions,
  SUBSCRIPTION_CATEGORY,
  SUBSCRIPTION_FREQUENCIES,
  type SubscriptionFrequency,
  subscriptionMerchantKey,
} from '@tally/shared';
import { describe, expect, it } from 'vitest';
import type { ProviderTransaction } from '../types';
import type { DemoCadence } from './calendar';
import { generateHistory } from './generator';

/**
 * Subscription detection against the demo bank's own ground truth (DEMO_RECURRING): the household's eight
 * subscriptions are found with their cadence, price and next due day, and nothing else is at the default
 * settings (bills, loans, transfers and income are not subscriptions).
 */

/** As the import stores a provider row (features/accounts/apply-page.ts: category and the transfer rule). */
function asStored(t: ProviderTransaction): DetectionTransaction {
  const isTransfer =
    t.categoryPrimary === 'TRANSFER_IN' ||
    t.categoryPrimary === 'TRANSFER_OUT' ||
    t.categoryDetailed === 'LOAN_PAYMENTS_CREDIT_CARD_PAYMENT';
  return {
    id: t.providerTransactionId,
    date: t.date,
    amount: t.amount,
    merchantName: t.merchantName,
    description: t.description,
    category: isTransfer
      ? CATEGORY.Uncategorized
      : categoryFromProvider(t.categoryPrimary, t.categoryDetailed),
    providerCategory: t.categoryDetailed ?? t.categoryPrimary,
    isTransfer,
  };
}

const FREQUENCY: Record<DemoCadence, SubscriptionFrequency> = {
  weekly: SUBSCRIPTION_FREQUENCIES.Weekly,
  biweekly: SUBSCRIPTION_FREQUENCIES.BiWeekly,
  monthly: SUBSCRIPTION_FREQUENCIES.Monthly,
  annual: SUBSCRIPTION_FREQUENCIES.Annual,
};

describe.each([
  { seed: undefined, today: '2026-11-22', anchor: undefined },
  { seed: 'household-2', today: '2025-03-05', anchor: undefined },
  // A connection whose history has moved on three weeks since it was first generated.
  { seed: 'household-3', today: '2027-07-21', anchor: '2027-06-30' },
])('subscription detection on the demo bank (seed $seed, today $today)', ({ seed, today, anchor }) => {
  const history = generateHistory({ today, seed, anchor });
  const rows = history.institutions.flatMap((i) => i.transactions).map(asStored);
  const truth = history.recurring.filter((r) => r.kind === 'subscription');

  it('finds the eight subscriptions and nothing else', () => {
    expect(truth).toHaveLength(8);
    const found = detectSubscriptions(rows, { today });
    expect(found.map((d) => d.merchantKey).sort()).toEqual(
      truth.map((r) => subscriptionMerchantKey(r.merchantName, r.description)).sort(),
    );
  });

  it.each(truth.map((r) => [r.name, r] as const))('gets %s right', (_, sub) => {
    const found = detectSubscriptions(rows, { today }).find(
      (d) => d.merchantKey === subscriptionMerchantKey(sub.merchantName, sub.description),
    );
    const latestChange = sub.resolvedPriceChanges.at(-1);
    expect(found).toMatchObject({
      frequency: FREQUENCY[sub.cadence],
      amount: -(sub.currentAmount ?? 0),
      estimatedNextDue: sub.nextDate,
      occurrences: sub.charges.length,
      firstChargeDate: sub.charges[0]?.date,
      lastChargeDate: sub.charges.at(-1)?.date,
      category: SUBSCRIPTION_CATEGORY[sub.subscriptionCategory ?? 'Other'],
      priceChange: latestChange ? { previousAmount: -latestChange.from, date: latestChange.date } : null,
    });
    expect(found?.relatedTransactionIds).toEqual(sub.charges.map((c) => c.transactionId));
    expect(found?.confidence).toBeGreaterThanOrEqual(0.8);
  });

  it('adds the bills and the loan, and only those, when asked to', () => {
    const subscriptions = new Set(detectSubscriptions(rows, { today }).map((d) => d.merchantKey));
    const extra = detectSubscriptions(rows, { today, includeBills: true }).filter(
      (d) => !subscriptions.has(d.merchantKey),
    );
    const billsAndLoans = history.recurring.filter((r) => r.kind === 'bill' || r.kind === 'loan');
    const keys = new Set(billsAndLoans.map((r) => subscriptionMerchantKey(r.merchantName, r.description)));
    for (const d of extra) expect(keys).toContain(d.merchantKey);
    // Rent (with its renewal), the gas and electric bill (seasonal), internet, phone, both insurances, the car.
    expect(extra.length).toBeGreaterThanOrEqual(7);
  });
});
