import { budget as budgetSchema, countUpResponse } from '@tally/shared';
import { describe, expect, it } from 'vitest';
import {
  budgetStatus,
  budgetTotals,
  categoryUsageColor,
  countUpTotals,
  formatDateRange,
  formatPercent,
  overallUsageColor,
  paceSeries,
  paceSummary,
  periodLabel,
  periodWord,
  visibleAchievements,
} from './budget-summary';
import { aBudget, aCountUp, aCountUpStatus } from './test-fixtures';

describe('categoryUsageColor (SPEC §9: red at 100%+, orange at 80%+, else green)', () => {
  it.each([
    { percent: 0, color: 'brand' },
    { percent: 79.99, color: 'brand' },
    { percent: 80, color: 'orange' },
    { percent: 99.99, color: 'orange' },
    { percent: 100, color: 'red' },
    { percent: 250, color: 'red' },
  ])('$percent% is $color', ({ percent, color }) => expect(categoryUsageColor(percent)).toBe(color));
});

describe('overallUsageColor (SPEC §9: orange above 80%)', () => {
  it.each([
    { percent: 50, color: 'brand' },
    { percent: 80, color: 'brand' },
    { percent: 80.1, color: 'orange' },
    { percent: 120, color: 'orange' },
  ])('$percent% is $color', ({ percent, color }) => expect(overallUsageColor(percent)).toBe(color));
});

describe('formatPercent', () => {
  it.each([
    { percent: 0, text: '0%' },
    { percent: 0.44, text: '0.4%' },
    { percent: 9.96, text: '10%' },
    { percent: 66.5, text: '67%' },
    { percent: 115.25, text: '115%' },
  ])('$percent → $text', ({ percent, text }) => expect(formatPercent(percent)).toBe(text));
});

describe('periods', () => {
  it('labels each period and lower-cases it inside sentences', () => {
    expect(([0, 1, 2, 3, 4] as const).map(periodLabel)).toEqual([
      'Weekly',
      'Bi-weekly',
      'Monthly',
      'Quarterly',
      'Yearly',
    ]);
    expect(([0, 1, 2, 3, 4] as const).map(periodWord)).toEqual([
      'weekly',
      'bi-weekly',
      'monthly',
      'quarterly',
      'yearly',
    ]);
  });
});

describe('budgetTotals', () => {
  it('adds the categories up in cents', () => {
    const totals = budgetTotals(
      budgetSchema.parse(
        aBudget({
          totalIncome: 1000,
          categories: aBudget().categories.map((c) => ({ ...c, allocatedAmount: 0.1, spentAmount: 0.2 })),
        }),
      ),
    );
    expect(totals).toEqual({
      income: 100_000,
      allocated: 30,
      spent: 60,
      remaining: -30,
      unallocated: 99_970,
      percentUsed: 200,
    });
  });

  it('answers 0% for a budget with nothing allocated or spent', () => {
    expect(budgetTotals({ totalIncome: 1_000, categories: [] }).percentUsed).toBe(0);
  });
});

describe('budgetStatus', () => {
  const base = { isActive: true, startDate: '2026-11-01', endDate: '2026-11-30' };
  it.each([
    { case: 'in its period', budget: { ...base, today: '2026-11-30' }, status: 'Active' },
    { case: 'before its first day', budget: { ...base, today: '2026-10-31' }, status: 'Upcoming' },
    { case: 'over, without a next period', budget: { ...base, today: '2026-12-01' }, status: 'Ended' },
    {
      case: 'replaced by another',
      budget: { ...base, isActive: false, today: '2026-11-05' },
      status: 'Archived',
    },
  ])('$case: $status', ({ budget, status }) => expect(budgetStatus(budget)).toBe(status));
});

describe('formatDateRange', () => {
  it.each([
    { start: '2026-11-01', end: '2026-11-30', text: 'Nov 1 – Nov 30, 2026' },
    { start: '2026-12-20', end: '2027-01-02', text: 'Dec 20, 2026 – Jan 2, 2027' },
  ])('$start..$end', ({ start, end, text }) => expect(formatDateRange(start, end)).toBe(text));
});

describe('countUpTotals', () => {
  it('adds only the categories counting up', () => {
    const countUp = aCountUp();
    countUp.categories.push(
      aCountUpStatus({
        categoryId: '0b7a4c2e-1d3f-4a5b-8c6d-000000000099',
        dailyAllowance: 0.1,
        availableBalance: -0.3,
        earnedToDate: 0.2,
      }),
    );
    expect(countUpTotals(countUpResponse.parse(countUp))).toEqual({
      dailyEarnings: 2010,
      totalAvailable: 8470,
      earnedToDate: 24_020,
      spent: 36_000,
      enabled: 2,
    });
  });
});

describe('visibleAchievements', () => {
  it.each([
    { count: 0, shown: 0, more: 0 },
    { count: 3, shown: 3, more: 0 },
    { count: 5, shown: 3, more: 2 },
  ])('$count achievements: $shown shown, $more more', ({ count, shown, more }) => {
    const result = visibleAchievements(Array.from({ length: count }, (_, i) => i));
    expect(result.shown).toHaveLength(shown);
    expect(result.more).toBe(more);
  });
});

describe('paceSeries', () => {
  it('puts spending to date next to what was earned by then, day by day', () => {
    expect(
      paceSeries([
        { date: '2026-11-01', spent: 10, earned: 2_000 },
        { date: '2026-11-02', spent: 30, earned: 4_000 },
        { date: '2026-11-03', spent: 30, earned: 6_000 },
      ]),
    ).toEqual([
      { date: '2026-11-01', label: 'Nov 1', earned: 2_000, spent: 10 },
      { date: '2026-11-02', label: 'Nov 2', earned: 4_000, spent: 30 },
      { date: '2026-11-03', label: 'Nov 3', earned: 6_000, spent: 30 },
    ]);
  });
});

describe('paceSummary', () => {
  it.each([
    { earned: 24_000, spent: 18_000, verdict: '$60.00 under pace' },
    { earned: 10_000, spent: 13_050, verdict: '$30.50 over pace' },
    { earned: 5_000, spent: 5_000, verdict: 'exactly on pace' },
  ])('$verdict', ({ earned, spent, verdict }) =>
    expect(
      paceSummary({
        categoryName: 'Travel',
        daysElapsed: 3,
        totalDays: 7,
        earnedToDate: earned,
        actualSpent: spent,
      }),
    ).toContain(verdict),
  );
});
