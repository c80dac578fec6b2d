import { detectedSubscription } from '@tally/shared';
import { describe, expect, it } from 'vitest';
import {
  confidenceText,
  confirmLabel,
  intervalText,
  preselectedIds,
  selectionMonthlyTotal,
} from './detection';
import { aDetected } from './test-fixtures';

/** A detected subscription as the client reads it: in cents. */
const read = (over: Parameters<typeof aDetected>[0] = {}) => detectedSubscription.parse(aDetected(over));

describe('detected subscriptions', () => {
  it('pre-selects only confidences above 0.8', () => {
    const sure = read({ confidence: 0.93 });
    const edge = read({ confidence: 0.8 });
    const maybe = read({ confidence: 0.65 });
    const just = read({ confidence: 0.81 });
    expect([...preselectedIds([sure, edge, maybe, just])]).toEqual([sure.id, just.id]);
  });

  it("totals the selection's monthly equivalents with SPEC §9's factors", () => {
    const monthly = read({ amount: 17.99, frequency: 2 });
    const weekly = read({ amount: 10, frequency: 0 });
    const yearly = read({ amount: 139, frequency: 5 });
    const notSelected = read({ amount: 500 });
    const items = [monthly, weekly, yearly, notSelected];
    const selected = new Set([monthly.id, weekly.id, yearly.id]);
    // 17.99 + 10 × 4.33 + 139 / 12 (11.58)
    expect(selectionMonthlyTotal(items, selected)).toBe(1799 + 4330 + 1158);
    expect(selectionMonthlyTotal(items, new Set())).toBe(0);
  });

  it.each([
    [0.95, 'High · 95%'],
    [0.8, 'High · 80%'],
    [0.72, 'Medium · 72%'],
    [0.6, 'Medium · 60%'],
    [0.41, 'Low · 41%'],
  ])('labels confidence %f as %s', (confidence, text) => {
    expect(confidenceText(confidence)).toBe(text);
  });

  it('counts the confirm button and the usual gap in words', () => {
    expect(confirmLabel(0)).toBe('Confirm 0 Subscriptions');
    expect(confirmLabel(1)).toBe('Confirm 1 Subscription');
    expect(confirmLabel(6)).toBe('Confirm 6 Subscriptions');
    expect(intervalText(30.4)).toBe('every 30 days');
    expect(intervalText(7)).toBe('every 7 days');
  });
});
