import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { accountsFit, percentChange, planState } from './entitlements';
import { planOf } from './plans';

const now = new Date('2026-11-26T12:00:00Z');

describe('planState', () => {
  it.each([
    ['starter, trial running', 'starter', '2026-12-05T12:00:00Z', 'pro', true, 9],
    ['starter, trial ends in an hour', 'starter', '2026-11-26T13:00:00Z', 'pro', true, 1],
    ['starter, trial ended', 'starter', '2026-11-26T11:59:59Z', 'starter', false, null],
    ['starter, never on trial', 'starter', null, 'starter', false, null],
    ['premium during a trial', 'premium', '2026-12-05T12:00:00Z', 'premium', false, null],
    ['pro after its trial', 'pro', '2026-11-01T00:00:00Z', 'pro', false, null],
  ] as const)('%s', (_, plan, trialEndsAt, code, onTrial, daysLeft) => {
    const state = planState({ plan, trialEndsAt }, now);
    expect(state).toEqual({ plan: planOf(code), onTrial, trialDaysLeft: daysLeft });
  });
});

describe('accountsFit', () => {
  it('holds Starter to 2 accounts and leaves paid plans unlimited', () => {
    const starter = planOf('starter');
    expect(accountsFit(starter, 0, 2)).toBe(true);
    expect(accountsFit(starter, 1, 1)).toBe(true);
    expect(accountsFit(starter, 1, 2)).toBe(false);
    expect(accountsFit(starter, 2, 1)).toBe(false);
    expect(accountsFit(planOf('pro'), 40, 5)).toBe(true);
  });
});

describe('percentChange', () => {
  it.each([
    [150, 100, 50],
    [50, 100, -50],
    [100, 100, 0],
    [1, 3, -66.7],
    [-150, -100, -50],
    [0, 0, null],
    [25, 0, null],
  ])('%d against %d → %s', (current, previous, expected) => {
    expect(percentChange(current, previous)).toBe(expected);
  });

  it('is null only when the previous is 0, and otherwise has the sign of the difference', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -1e9, max: 1e9 }),
        fc.integer({ min: -1e9, max: 1e9 }),
        (current, previous) => {
          const change = percentChange(current, previous);
          if (previous === 0) return change === null;
          if (change === null) return false;
          // Rounded to one decimal, a tiny change can read as 0.
          return change === 0 || Math.sign(change) === Math.sign(current - previous);
        },
      ),
    );
  });
});
