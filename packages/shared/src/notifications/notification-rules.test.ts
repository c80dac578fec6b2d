import { describe, expect, it } from 'vitest';
import {
  budgetLevel,
  budgetNotice,
  daysUntilWithin,
  subscriptionDueNotice,
  trialEndingNotice,
  trialEndsWithin,
} from './notification-rules';

describe('budgetLevel', () => {
  it.each([
    { allocated: 400_00, spent: 0, level: null },
    { allocated: 400_00, spent: 319_99, level: null },
    { allocated: 400_00, spent: 320_00, level: 'warning' },
    { allocated: 400_00, spent: 400_00, level: 'warning' },
    { allocated: 400_00, spent: 400_01, level: 'over' },
    // 80% of 5 cents is 4 cents, compared exactly.
    { allocated: 5, spent: 3, level: null },
    { allocated: 5, spent: 4, level: 'warning' },
    // Refunds beyond spending leave a category below nothing.
    { allocated: 100_00, spent: -20_00, level: null },
    // Nothing allocated: no share to be at.
    { allocated: 0, spent: 50_00, level: null },
  ] as const)('$spent of $allocated cents is $level', ({ allocated, spent, level }) => {
    expect(budgetLevel({ allocated, spent })).toBe(level);
  });
});

describe('daysUntilWithin', () => {
  it.each([
    ['2026-11-26', '2026-11-26', 0],
    ['2026-11-26', '2026-11-27', 1],
    ['2026-11-26', '2026-11-29', 3],
    ['2026-11-26', '2026-11-30', null],
    ['2026-11-26', '2026-11-25', null],
    // Across a month and a leap day.
    ['2028-02-27', '2028-03-01', 3],
    ['2026-12-30', '2027-01-02', 3],
  ] as const)('from %s to %s is %s', (today, day, days) => {
    expect(daysUntilWithin(today, day)).toBe(days);
  });
});

describe('trialEndsWithin (in the person’s time zone)', () => {
  const now = new Date('2026-11-26T23:30:00Z');
  it('counts calendar days where the person lives, not UTC', () => {
    const ends = new Date('2026-11-29T23:45:00Z');
    // In UTC it is the 26th and the trial ends on the 29th: 3 days.
    expect(trialEndsWithin(ends, 'UTC', now)).toBe(3);
    // In Auckland (UTC+13) it is already the 27th and it ends on the 30th: still 3.
    expect(trialEndsWithin(ends, 'Pacific/Auckland', now)).toBe(3);
    // In Los Angeles it is the 26th and it ends on the 29th at 15:45.
    expect(trialEndsWithin(ends, 'America/Los_Angeles', now)).toBe(3);
  });
  it('the same instant is a different number of days on either side of midnight', () => {
    const ends = new Date('2026-11-30T00:30:00Z');
    // UTC: the 26th to the 30th is 4 days, too far ahead; in New York it ends on the 29th, 3 days away.
    expect(trialEndsWithin(ends, 'UTC', now)).toBeNull();
    expect(trialEndsWithin(ends, 'America/New_York', now)).toBe(3);
  });
  it('says nothing once the trial has ended, and says today for the last day', () => {
    expect(trialEndsWithin(new Date('2026-11-26T23:00:00Z'), 'UTC', now)).toBeNull();
    expect(trialEndsWithin(new Date('2026-11-26T23:59:00Z'), 'UTC', now)).toBe(0);
  });
});

describe('texts', () => {
  it('names the level and keeps one key per category, period and level', () => {
    const base = { category: 7, periodId: 'p1', name: 'Groceries', allocated: 400_00 };
    const warning = budgetNotice({ ...base, level: 'warning', spent: 341_00 });
    const over = budgetNotice({ ...base, level: 'over', spent: 450_00 });
    expect(warning).toMatchObject({
      kind: 'budget_warning',
      key: 'budget:p1:7:warning',
      title: 'Groceries is at 85% of its budget',
      body: "You've spent $341.00 of $400.00 this period.",
      link: '/budgets',
    });
    expect(over).toMatchObject({
      kind: 'budget_over',
      key: 'budget:p1:7:over',
      title: 'Groceries is over budget',
      body: "You've spent $450.00 of $400.00 this period, $50.00 over.",
    });
  });
  it('says when a subscription is due in words', () => {
    const due = (dueDate: string) =>
      subscriptionDueNotice({ id: 's1', name: 'Netflix', amount: 15_99, dueDate, today: '2026-11-26' });
    expect(due('2026-11-29')).toMatchObject({
      key: 'subscription-due:s1:2026-11-29',
      title: 'Netflix is due in 3 days',
      body: '$15.99 on Nov 29.',
      link: '/subscriptions',
    });
    expect(due('2026-11-27').title).toBe('Netflix is due tomorrow');
    expect(due('2026-11-26').title).toBe('Netflix is due today');
  });
  it('keys a trial notice by its end, so a new end is told again', () => {
    const at = new Date('2026-11-29T10:00:00Z');
    expect(trialEndingNotice({ trialEndsAt: at, days: 1, planName: 'Premium' })).toMatchObject({
      key: 'trial-ending:2026-11-29T10:00:00.000Z',
      title: 'Your Premium trial ends tomorrow',
      body: 'Subscribe in Settings to keep Premium features.',
      link: '/settings',
    });
  });
});
