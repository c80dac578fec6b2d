import { describe, expect, it } from 'vitest';
import type { InsightFacts } from './insight-facts';
import { goalBehindInsights, unallocatedLeftoverInsights } from './savings-rules';
import { budget, budgetCategory, facts, goal } from './test-facts';

const leftover = (soFar: number, allocatedPercent: number): NonNullable<InsightFacts['leftover']> => ({
  soFar,
  ifNoMoreSpending: soFar * 2,
  allocatedPercent,
  periodEnd: '2026-11-30',
});
const november = budget([budgetCategory(20, 'Groceries', 600_00, 300_00)]);

describe('leftover no goal receives', () => {
  it('with no goal, suggests creating one for the whole leftover so far', () => {
    const found = unallocatedLeftoverInsights(facts({ leftover: leftover(180_00, 0), budget: november }));
    expect(found).toEqual([
      {
        key: 'leftover-no-goal:2026-11-30',
        type: 'savings',
        priority: 'medium',
        context: 'savings',
        title: 'Put your leftover to work',
        message:
          'Your budget has $180.00 left over so far this period (it ends Nov 30), and no savings goal takes a share of it.',
        confidence: 0.89,
        actionSuggestion: 'Create a savings goal, and each period it receives its share of the leftover.',
        figures: [
          {
            label: 'Leftover so far',
            amount: 180_00,
            source: {
              description: 'Budget leftover, Nov 1 – Nov 26, 2026',
              startDate: '2026-11-01',
              endDate: '2026-11-26',
              category: null,
              merchant: null,
              transactionCount: null,
            },
          },
          {
            label: 'Unallocated',
            amount: 180_00,
            source: {
              description: 'Leftover so far no goal receives',
              startDate: '2026-11-01',
              endDate: '2026-11-26',
              category: null,
              merchant: null,
              transactionCount: null,
            },
          },
        ],
      },
    ]);
  });

  it("with goals, tells what their share leaves, split as the goals' shares are (rounded down)", () => {
    const [insight] = unallocatedLeftoverInsights(
      facts({ leftover: leftover(200_00, 30), budget: november, goals: [goal({ status: 'on_track' })] }),
    );
    expect(insight).toMatchObject({
      key: 'leftover-unallocated:2026-11-30',
      type: 'recommendation',
      priority: 'medium',
      title: "Part of your leftover isn't being saved",
      message:
        'Your budget has $200.00 left over so far this period (it ends Nov 30). Your goals take 30% of it, so ' +
        '$140.00 goes to none.',
      actionSuggestion: "Raise a goal's allocation, or add a new goal, so the rest is saved too.",
    });
    expect(insight?.figures.map((f) => [f.label, f.amount])).toEqual([
      ['Leftover so far', 200_00],
      ["Goals' share", 60_00],
      ['Unallocated', 140_00],
    ]);
  });

  it('quotes an allocation as it was set, and the cents the split leaves', () => {
    const [insight] = unallocatedLeftoverInsights(
      facts({
        leftover: leftover(99_99, 12.5),
        goals: [goal({ status: 'on_track', allocationPercentage: 12.5 })],
      }),
    );
    expect(insight?.message).toContain('Your goals take 12.5% of it, so $87.50 goes to none.');
    expect(insight?.priority).toBe('low');
  });

  it('names a goal that is behind as the one to raise', () => {
    const [insight] = unallocatedLeftoverInsights(
      facts({
        leftover: leftover(200_00, 40),
        goals: [goal({ id: 'g2', name: 'Car', status: 'on_track' }), goal({ name: 'Vacation' })],
      }),
    );
    expect(insight?.actionSuggestion).toBe(
      "Raise Vacation's allocation to help it catch up, or add a goal for the rest.",
    );
  });

  it('with goals but none taking a share, suggests giving one an allocation', () => {
    const [insight] = unallocatedLeftoverInsights(facts({ leftover: leftover(200_00, 0), goals: [goal()] }));
    expect(insight?.key).toBe('leftover-no-goal:2026-11-30');
    expect(insight?.actionSuggestion).toBe(
      'Give a savings goal an allocation, and each period it receives its share of the leftover.',
    );
  });

  it('counts completed goals as no goal', () => {
    const [insight] = unallocatedLeftoverInsights(
      facts({ leftover: leftover(200_00, 0), goals: [goal({ isCompleted: true, status: 'completed' })] }),
    );
    expect(insight?.actionSuggestion).toBe(
      'Create a savings goal, and each period it receives its share of the leftover.',
    );
  });

  it.each([
    ['no budget (no leftover)', null],
    ['no leftover so far', leftover(0, 0)],
    ['goals take all of it', leftover(500_00, 100)],
    ['less than $25 unallocated', leftover(35_70, 30)],
  ])('says nothing with %s', (_, left) => {
    expect(unallocatedLeftoverInsights(facts({ leftover: left, goals: [goal()] }))).toEqual([]);
  });

  it('tells $25 unallocated as low priority, $100 as medium', () => {
    const priority = (soFar: number) =>
      unallocatedLeftoverInsights(facts({ leftover: leftover(soFar, 0) }))[0]?.priority;
    expect(priority(25_00)).toBe('low');
    expect(priority(99_99)).toBe('low');
    expect(priority(100_00)).toBe('medium');
  });

  it('is surer the further the period has gone (the leftover so far can still be spent)', () => {
    const sureness = (day: number) =>
      unallocatedLeftoverInsights(facts({ leftover: leftover(200_00, 0), budget: budget([], day) }))[0]
        ?.confidence;
    expect(sureness(3)).toBe(0.55);
    expect(sureness(30)).toBe(0.95);
    expect(unallocatedLeftoverInsights(facts({ leftover: leftover(200_00, 0) }))[0]?.confidence).toBe(0.6);
  });
});

describe('a goal behind schedule', () => {
  it('tells what it has, what an even pace would have by today, and what it needs a day', () => {
    const found = goalBehindInsights(facts({ goals: [goal()] }));
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({
      key: 'goal-behind:g1:2026-11-23',
      type: 'savings',
      priority: 'medium',
      context: 'savings',
      title: 'Vacation is behind schedule',
      message:
        'Vacation has $800.00 saved; an even pace from Aug 18 to Mar 6, 2027 would have $1,000.00 by now. ' +
        'To reach $2,000.00 on time it needs $12.00 a day.',
      confidence: 0.71,
      actionSuggestion:
        'Add $200.00 to catch up, or raise its allocation so more of each leftover goes to it.',
    });
    expect(found[0]?.figures.map((f) => [f.label, f.amount])).toEqual([
      ['Saved', 800_00],
      ['Even pace by today', 1000_00],
      ['Behind by', 200_00],
      ['Target', 2000_00],
      ['Needed per day', 12_00],
    ]);
    expect(found[0]?.figures[4]?.source).toMatchObject({ startDate: '2026-11-26', endDate: '2027-03-06' });
  });

  it.each([
    ['2% behind: low', 960_00, 'low'],
    ['a dollar short of 2% behind: on its way', 961_00, null],
    ['10% behind: medium', 800_00, 'medium'],
    ['25% behind: high', 500_00, 'high'],
  ] as const)('%s', (_, currentAmount, priority) => {
    const found = goalBehindInsights(facts({ goals: [goal({ currentAmount })] }));
    expect(found.map((i) => i.priority)).toEqual(priority ? [priority] : []);
  });

  it('needs at least $10 behind even on a small goal', () => {
    const small = (currentAmount: number) =>
      goalBehindInsights(facts({ goals: [goal({ targetAmount: 100_00, currentAmount })] }));
    expect(small(40_01)).toEqual([]);
    expect(small(40_00)).toHaveLength(1);
  });

  it('is high priority with 30 days or fewer to go', () => {
    const soon = goal({
      startDate: '2026-06-01',
      targetDate: '2026-12-26',
      currentAmount: 1600_00,
      dailyRequired: 13_34,
    });
    expect(goalBehindInsights(facts({ goals: [soon] }))[0]?.priority).toBe('high');
  });

  it('works out the daily amount when the facts lack it', () => {
    const [insight] = goalBehindInsights(facts({ goals: [goal({ dailyRequired: null })] }));
    expect(insight?.message).toContain('it needs $12.00 a day.');
  });

  it('keeps its key through the week', () => {
    const key = (today: string) => goalBehindInsights(facts({ today, goals: [goal()] }))[0]?.key;
    expect(key('2026-11-23')).toBe('goal-behind:g1:2026-11-23');
    expect(key('2026-11-29')).toBe('goal-behind:g1:2026-11-23');
    expect(key('2026-11-30')).toBe('goal-behind:g1:2026-11-30');
  });

  it('tells a goal whose date has passed what it still needs', () => {
    const [insight] = goalBehindInsights(
      facts({ goals: [goal({ targetDate: '2026-11-01', currentAmount: 1500_00, dailyRequired: 500_00 })] }),
    );
    expect(insight).toMatchObject({
      key: 'goal-due:g1:2026-11-01',
      priority: 'high',
      title: 'Vacation is past its date',
      message: "Vacation's target date, Nov 1, has passed, with $500.00 of its $2,000.00 still to save.",
      actionSuggestion: 'Add money to finish Vacation, or give it a new target date.',
    });
    expect(insight?.figures.map((f) => [f.label, f.amount])).toEqual([
      ['Saved', 1500_00],
      ['Target', 2000_00],
      ['Still to save', 500_00],
    ]);
  });

  it('tells a goal due today', () => {
    const [insight] = goalBehindInsights(facts({ goals: [goal({ targetDate: '2026-11-26' })] }));
    expect(insight?.message).toBe(
      "Vacation's target date, Nov 26, is today, with $1,200.00 of its $2,000.00 still to save.",
    );
  });

  it.each([
    ['on track', goal({ status: 'on_track' })],
    ['completed', goal({ status: 'completed', isCompleted: true, currentAmount: 2000_00 })],
    ['paused', goal({ isActive: false })],
    ['without a date', goal({ targetDate: null, status: 'active', dailyRequired: null })],
  ])('says nothing for a goal %s', (_, g) => {
    expect(goalBehindInsights(facts({ goals: [g] }))).toEqual([]);
  });
});
