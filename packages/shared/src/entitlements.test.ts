import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  accountLimitMessage,
  accountsFit,
  accountsRoom,
  hiddenAccountsMessage,
  percentChange,
  planAllows,
  planState,
  trialDaysLeft,
  upgradeMessage,
} from './entitlements';
import { trialEndsWithin } from './notifications/notification-rules';
import { FEATURE_PLAN, PAID_FEATURES, PLANS, planOf, TRIAL_DAYS } from './plans';

const now = new Date('2026-11-26T12:00:00Z');

describe('planState', () => {
  it.each([
    ['starter, trial running', 'starter', '2026-12-05T12:00:00Z', 'pro', true, 9],
    ['starter, trial ends later today', 'starter', '2026-11-26T13:00:00Z', 'pro', true, 0],
    ['starter, trial ends just after midnight', 'starter', '2026-11-27T00:30:00Z', 'pro', true, 1],
    ['starter, trial ended', 'starter', '2026-11-26T11:59:59Z', 'starter', false, null],
    ['starter, never on trial', 'starter', null, 'starter', false, null],
    ['premium during a trial', 'premium', '2026-12-05T12:00:00Z', 'premium', false, null],
    ['pro after its trial', 'pro', '2026-11-01T00:00:00Z', 'pro', false, null],
  ] as const)('%s', (_, plan, trialEndsAt, code, onTrial, daysLeft) => {
    const state = planState({ plan, trialEndsAt, trialPlan: 'pro' }, now);
    expect(state).toEqual({ plan: planOf(code), onTrial, trialDaysLeft: daysLeft });
  });
});

describe('planState at the trial boundaries', () => {
  const signedUp = new Date('2026-11-01T09:30:00Z');
  const trialEndsAt = new Date(signedUp.getTime() + TRIAL_DAYS * 86_400_000);
  const at = (ms: number) => planState({ plan: 'starter', trialPlan: 'pro', trialEndsAt }, new Date(ms));
  it.each([
    ['the moment of sign-up', signedUp.getTime(), 'pro', 14],
    ['a minute later', signedUp.getTime() + 60_000, 'pro', 14],
    ['one day in', signedUp.getTime() + 86_400_000, 'pro', 13],
    ['the evening before its last day', trialEndsAt.getTime() - 12 * 3_600_000, 'pro', 1],
    ['its last millisecond (its last day)', trialEndsAt.getTime() - 1, 'pro', 0],
    ['the moment it ends', trialEndsAt.getTime(), 'starter', null],
    ['a year later', trialEndsAt.getTime() + 365 * 86_400_000, 'starter', null],
  ] as const)('%s', (_, ms, code, daysLeft) => {
    expect(at(ms)).toMatchObject({ plan: { code }, trialDaysLeft: daysLeft, onTrial: code === 'pro' });
  });

  it('reads a trial end sent as a string the same as a date', () => {
    expect(
      planState({ plan: 'starter', trialPlan: 'pro', trialEndsAt: trialEndsAt.toISOString() }, signedUp),
    ).toEqual(planState({ plan: 'starter', trialPlan: 'pro', trialEndsAt }, signedUp));
  });
});

describe("planState's trial days, in the person's calendar", () => {
  const now = new Date('2026-11-26T23:00:00Z');
  const trialEndsAt = new Date('2026-11-28T01:00:00Z');
  it.each([
    // 26 hours off: two days in UTC (the 26th to the 28th), one where both moments fall a day apart.
    ['UTC', 2],
    ['America/Los_Angeles', 1],
    ['Pacific/Auckland', 1],
  ])('%s', (timeZone, days) => {
    expect(planState({ plan: 'starter', trialPlan: 'pro', trialEndsAt, timeZone }, now).trialDaysLeft).toBe(
      days,
    );
    expect(trialDaysLeft(trialEndsAt, timeZone, now)).toBe(days);
  });

  it('counts as UTC for someone with no time zone', () => {
    expect(planState({ plan: 'starter', trialPlan: 'pro', trialEndsAt }, now).trialDaysLeft).toBe(2);
  });

  it('agrees with the trial-ending notification everywhere, at every hour', () => {
    for (const timeZone of ['UTC', 'America/Los_Angeles', 'Asia/Kolkata', 'Pacific/Kiritimati']) {
      for (let hours = 1; hours <= 4 * 24; hours += 1) {
        const ends = new Date(now.getTime() + hours * 3_600_000);
        const shown = planState(
          { plan: 'starter', trialPlan: 'pro', trialEndsAt: ends, timeZone },
          now,
        ).trialDaysLeft;
        expect(trialEndsWithin(ends, timeZone, now, 10), `${timeZone} +${hours}h`).toBe(shown);
      }
    }
  });
});

describe('planAllows', () => {
  it.each(PAID_FEATURES)('gives %s to the plans of the price table', (feature) => {
    expect(planAllows(planOf('starter'), feature)).toBe(false);
    expect(planAllows(planOf('pro'), feature)).toBe(FEATURE_PLAN[feature] === 'pro');
    expect(planAllows(planOf('premium'), feature)).toBe(true);
  });

  it("matches the price table: Pro's features (advanced analytics among them) in Pro; the tax report, the prepared setup and access tokens in Premium only", () => {
    expect(FEATURE_PLAN).toEqual({
      'count-up': 'pro',
      advisor: 'pro',
      subscriptions: 'pro',
      'tax-report': 'premium',
      'prepared-setup': 'premium',
      'access-tokens': 'premium',
      reports: 'pro',
    });
    expect(planOf('pro').features).toContain('Advanced analytics');
    expect(planOf('premium').features).toContain('Tax optimization');
    expect(planOf('premium').features).toContain('Assistant integration');
    expect(planOf('premium').features).toContain('White-glove onboarding');
  });

  it("gives a running trial its plan's features and limits", () => {
    for (const trialPlan of ['pro', 'premium'] as const) {
      const state = planState({ plan: 'starter', trialPlan, trialEndsAt: '2026-12-05T12:00:00Z' }, now);
      expect(state).toMatchObject({ plan: planOf(trialPlan), onTrial: true, trialDaysLeft: 9 });
    }
    const ended = planState(
      { plan: 'starter', trialPlan: 'premium', trialEndsAt: '2026-11-20T00:00:00Z' },
      now,
    );
    expect(ended).toMatchObject({ plan: planOf('starter'), onTrial: false });
  });

  it('gives a running trial what its plan has', () => {
    const trial = (trialPlan: 'pro' | 'premium') =>
      planState({ plan: 'starter', trialPlan, trialEndsAt: '2026-12-05T12:00:00Z' }, now).plan;
    expect(PAID_FEATURES.filter((feature) => planAllows(trial('pro'), feature))).toEqual([
      'count-up',
      'advisor',
      'subscriptions',
      'reports',
    ]);
    expect(PAID_FEATURES.every((feature) => planAllows(trial('premium'), feature))).toBe(true);
  });

  it('says what to do in the refusals', () => {
    expect(upgradeMessage('advisor')).toBe(
      'The AI advisor is included in Pro and Premium. Upgrade to use it.',
    );
    expect(upgradeMessage('tax-report')).toBe('The tax report is included in Premium. Upgrade to use it.');
    expect(accountLimitMessage(planOf('starter'))).toBe(
      'Your Starter plan includes up to 2 bank accounts. Upgrade to Pro to link more.',
    );
  });
});

describe('PLANS', () => {
  it('are SPEC §1: free, $5 and $15 a month, a 14-day trial on the paid ones, 2 accounts on Starter', () => {
    expect(PLANS.map((p) => [p.code, p.priceMonthly, p.trialDays, p.accountLimit])).toEqual([
      ['starter', 0, 0, 2],
      ['pro', 5, 14, null],
      ['premium', 15, 14, null],
    ]);
    expect(planOf('premium').features).toEqual(
      expect.arrayContaining([
        'Investment tracking',
        'Tax optimization',
        'Custom AI models',
        'White-glove onboarding',
      ]),
    );
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

describe('accountsRoom', () => {
  it.each([
    ['Starter with none linked', 'starter', 0, 2],
    ['Starter with one linked', 'starter', 1, 1],
    ['Starter full', 'starter', 2, 0],
    ['Starter past its limit after a trial', 'starter', 5, 0],
    ['Pro', 'pro', 40, Number.POSITIVE_INFINITY],
  ] as const)('%s', (_, code, linked, room) => {
    expect(accountsRoom(planOf(code), linked)).toBe(room);
  });
});

describe('hiddenAccountsMessage', () => {
  it.each([
    ['starter', 1, '1 more account hidden — your Starter plan includes up to 2 bank accounts'],
    ['starter', 3, '3 more accounts hidden — your Starter plan includes up to 2 bank accounts'],
    ['pro', 1, '1 more account hidden — shown with its history after the next sync'],
    ['pro', 2, '2 more accounts hidden — shown with their history after the next sync'],
  ] as const)('%s, %i hidden', (code, hidden, message) => {
    expect(hiddenAccountsMessage(planOf(code), hidden)).toBe(message);
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
