import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays, daysBetween } from '../dates';
import { budgetPaceInsights, budgetRunOutDay, overBudgetInsights } from './budget-rules';
import type { BudgetFacts } from './insight-facts';
import { budget, budgetCategory, facts } from './test-facts';

/** November's budget `daysElapsed` days in, today being that day. */
const on = (daysElapsed: number, categories: BudgetFacts['categories']) =>
  facts({ today: addDays('2026-11-01', daysElapsed - 1), budget: budget(categories, daysElapsed) });

describe('over budget', () => {
  const groceries = budgetCategory(20, 'Groceries', 400_00, 450_00, 12);

  it('tells how far over, with the days still to go and where the money could come from', () => {
    const found = overBudgetInsights(
      on(26, [
        groceries,
        budgetCategory(24, 'Shopping', 200_00, 50_00),
        budgetCategory(21, 'Dining Out', 300_00, 290_00),
      ]),
    );
    expect(found).toEqual([
      {
        key: 'over-budget:20:2026-11-01',
        type: 'budget',
        priority: 'high',
        context: 'budget',
        title: 'Groceries is over budget',
        message:
          "You've spent $450.00 on Groceries against a budget of $400.00, $50.00 over, with 4 days of the period still to go.",
        confidence: 0.95,
        actionSuggestion: 'Shopping has enough left to cover it: move $50.00 of its budget to Groceries.',
        figures: [
          {
            label: 'Spent',
            amount: 450_00,
            source: {
              description: 'Groceries, Nov 1 – Nov 30, 2026',
              startDate: '2026-11-01',
              endDate: '2026-11-30',
              category: 20,
              merchant: null,
              transactionCount: 12,
            },
          },
          {
            label: 'Budget',
            amount: 400_00,
            source: {
              description: 'Groceries budget, Nov 1 – Nov 30, 2026',
              startDate: '2026-11-01',
              endDate: '2026-11-30',
              category: 20,
              merchant: null,
              transactionCount: null,
            },
          },
          {
            label: 'Over budget',
            amount: 50_00,
            source: {
              description: 'Spent less the budget',
              startDate: '2026-11-01',
              endDate: '2026-11-30',
              category: 20,
              merchant: null,
              transactionCount: null,
            },
          },
        ],
      },
    ]);
  });

  it.each([
    [
      'no category can cover it',
      26,
      [groceries, budgetCategory(24, 'Shopping', 200_00, 170_00)],
      'Hold off on Groceries for the rest of the period if you can.',
    ],
    [
      'the category rolls over',
      26,
      [budgetCategory(20, 'Groceries', 400_00, 450_00, 12, true)],
      "The overspend carries into next period's Groceries budget, so plan for less there.",
    ],
    [
      'the most room covers it (ties to the lower code)',
      26,
      [
        groceries,
        budgetCategory(24, 'Shopping', 200_00, 50_00),
        budgetCategory(22, 'Transportation', 250_00, 100_00),
        budgetCategory(23, 'Entertainment', 400_00, 100_00),
      ],
      'Entertainment has enough left to cover it: move $50.00 of its budget to Groceries.',
    ],
    [
      'on the last day',
      30,
      [groceries, budgetCategory(24, 'Shopping', 200_00, 50_00)],
      'If this is typical, give Groceries a larger budget next period.',
    ],
  ] as const)('when %s, suggests accordingly', (_, day, categories, action) => {
    const [insight] = overBudgetInsights(on(day, [...categories]));
    expect(insight?.actionSuggestion).toBe(action);
  });

  it('says it is the last day rather than counting none', () => {
    expect(overBudgetInsights(on(30, [groceries]))[0]?.message).toBe(
      "You've spent $450.00 on Groceries against a budget of $400.00, $50.00 over on its last day.",
    );
    expect(overBudgetInsights(on(29, [groceries]))[0]?.message).toContain(
      'with 1 day of the period still to go.',
    );
  });

  it('fires from the first day: being over is no projection', () => {
    expect(overBudgetInsights(on(1, [budgetCategory(12, 'Insurance', 100_00, 120_00, 1)]))).toHaveLength(1);
  });

  it('says nothing at or under the allocation, or without a budget', () => {
    expect(overBudgetInsights(on(26, [budgetCategory(20, 'Groceries', 400_00, 400_00)]))).toEqual([]);
    expect(overBudgetInsights(facts())).toEqual([]);
  });
});

describe('on pace to go over budget', () => {
  it('projects the daily rate to the period end: the day it runs out, the overspend, and what a day can take', () => {
    const [insight, ...rest] = budgetPaceInsights(
      on(10, [budgetCategory(21, 'Dining Out', 300_00, 150_00, 8)]),
    );
    expect(rest).toEqual([]);
    expect(insight).toMatchObject({
      key: 'budget-pace:21:2026-11-01',
      type: 'budget',
      priority: 'high',
      context: 'budget',
      title: 'Dining Out is on pace to go over budget',
      message:
        "You've spent $150.00 of your $300.00 Dining Out budget in 10 of 30 days. At this pace it runs out on " +
        'Nov 20, and the period ends about $150.00 over (50%).',
      confidence: 0.65,
      actionSuggestion: 'To stay within budget, keep Dining Out to $7.50 a day for the 20 days left.',
    });
    expect(insight?.figures.map((f) => [f.label, f.amount, f.source.transactionCount])).toEqual([
      ['Spent', 150_00, 8],
      ['Budget', 300_00, null],
      ['Projected spending', 450_00, null],
      ['Projected overspend', 150_00, null],
      ['Daily room left', 7_50, null],
    ]);
  });

  it.each([
    ['$5 over: too little to matter', 101_67, null],
    ['$12 over but 4%: too little to matter', 104_00, null],
    ['5% and $15 over: low', 105_00, 'low'],
    ['10% over: medium', 110_00, 'medium'],
    ['25% over: high', 125_00, 'high'],
    ['on pace to end under budget', 90_00, null],
  ] as const)('%s', (_, spent, priority) => {
    const found = budgetPaceInsights(on(10, [budgetCategory(21, 'Dining Out', 300_00, spent, 8)]));
    expect(found.map((i) => i.priority)).toEqual(priority ? [priority] : []);
  });

  it('keeps quiet in the first 3 days of a period, and on its last (nothing left to project)', () => {
    const dining = (spent: number) => [budgetCategory(21, 'Dining Out', 300_00, spent, 5)];
    expect(budgetPaceInsights(on(3, dining(60_00)))).toEqual([]);
    expect(budgetPaceInsights(on(4, dining(60_00)))).toHaveLength(1);
    expect(budgetPaceInsights(on(30, dining(299_00)))).toEqual([]);
  });

  it('leaves bills and thin spending alone: one payment is not a pace', () => {
    expect(budgetPaceInsights(on(10, [budgetCategory(11, 'Utilities', 150_00, 120_00, 3)]))).toEqual([]);
    expect(budgetPaceInsights(on(10, [budgetCategory(21, 'Dining Out', 300_00, 150_00, 2)]))).toEqual([]);
  });

  it('leaves a category already over to the over-budget rule', () => {
    expect(budgetPaceInsights(on(10, [budgetCategory(21, 'Dining Out', 300_00, 310_00, 8)]))).toEqual([]);
  });

  it('says so when the budget is used up exactly, and suggests holding off', () => {
    const [insight] = budgetPaceInsights(on(20, [budgetCategory(20, 'Groceries', 200_00, 200_00, 10)]));
    expect(insight?.message).toBe(
      "You've used all of your $200.00 Groceries budget in 20 of 30 days. At this pace the period ends about $100.00 over (50%).",
    );
    expect(insight?.actionSuggestion).toBe(
      'To stay within budget, hold off on Groceries for the 10 days left.',
    );
    expect(insight?.figures.map((f) => f.label)).not.toContain('Daily room left');
  });

  it('is surer later in the period and with more transactions', () => {
    const sureness = (day: number, count: number) =>
      budgetPaceInsights(on(day, [budgetCategory(21, 'Dining Out', 300_00, day * 15_00, count)]))[0]
        ?.confidence ?? 0;
    expect(sureness(5, 8)).toBeLessThan(sureness(15, 8));
    expect(sureness(10, 3)).toBeLessThan(sureness(10, 12));
  });

  it('runs out on the first day whose running total at the same rate reaches the allocation', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 7, max: 366 }),
        fc.integer({ min: 1, max: 100_000_00 }),
        fc.double({ min: 0.001, max: 1, noNaN: true }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (totalDays, allocated, share, dayShare) => {
          const daysElapsed = Math.min(totalDays - 1, 4 + Math.floor(dayShare * (totalDays - 4)));
          const spent = Math.max(1, Math.floor(allocated * share));
          const day = budgetRunOutDay('2026-01-01', allocated, spent, daysElapsed);
          const n = daysBetween('2026-01-01', day) + 1;
          // n days at spent/daysElapsed a day reach the allocation; n − 1 do not (in exact integers).
          expect(n * spent).toBeGreaterThanOrEqual(allocated * daysElapsed);
          if (n > 1) expect((n - 1) * spent).toBeLessThan(allocated * daysElapsed);
          // Not spent beyond the allocation yet: it runs out today or later.
          expect(n).toBeGreaterThanOrEqual(daysElapsed);
        },
      ),
    );
  });
});
