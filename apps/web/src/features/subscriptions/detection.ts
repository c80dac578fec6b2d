import { type Cents, confidenceLabel, type DetectedSubscription, monthlyEquivalent } from '@tally/shared';

/** SPEC §9: detections with a confidence above this are selected when the list opens. */
export const PRESELECT_ABOVE = 0.8;

/** The ids selected when the detected list opens. */
export const preselectedIds = (items: readonly DetectedSubscription[]): Set<string> =>
  new Set(items.filter((item) => item.confidence > PRESELECT_ABOVE).map((item) => item.id));

/** What the selected items would cost a month, each at SPEC §9's monthly equivalent. */
export function selectionMonthlyTotal(
  items: readonly DetectedSubscription[],
  selected: ReadonlySet<string>,
): Cents {
  return items
    .filter((item) => selected.has(item.id))
    .reduce((sum, item) => sum + monthlyEquivalent(item.amount, item.frequency), 0);
}

/** 'High · 92%'. */
export const confidenceText = (confidence: number) =>
  `${confidenceLabel(confidence)} · ${Math.round(confidence * 100)}%`;

export const CONFIDENCE_COLORS = { High: 'brand', Medium: 'orange', Low: 'gray' } as const;

/** 'Confirm 3 Subscriptions'. */
export const confirmLabel = (count: number) => `Confirm ${count} Subscription${count === 1 ? '' : 's'}`;

/** 'every 30 days', 'every 7 days' — the usual gap between charges, to the day. */
export function intervalText(days: number): string {
  const rounded = Math.round(days);
  return rounded === 1 ? 'every day' : `every ${rounded} days`;
}
