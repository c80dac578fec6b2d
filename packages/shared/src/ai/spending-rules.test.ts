import { describe, expect, it } from 'vitest';
import { spendingDropInsights, spendingRiseInsights } from './spending-rules';
import { budget, budgetCategory, category, facts, goal, merchant } from './test-facts';

const dining = (recent: readonly [number, number], baseline: readonly [number, number]) =>
  category(21, 'Dining Out', recent, baseline);

describe('spending well above its usual level', () => {
  it('compares the last 30 days with a third of the 90 before, quoting both, with the figures to check them', () => {
    const [insight, ...rest] = spendingRiseInsights(
      facts({ categories: [dining([412_50, 12], [630_00, 27])] }),
    );
    expect(rest).toEqual([]);
    expect(insight).toEqual({
      key: 'spending-up:category:21:2026-11',
      type: 'spending',
      priority: 'medium',
      context: 'transactions',
      title: 'Spending on Dining Out up 96%',
      message:
        'You spent $412.50 on Dining Out in the last 30 days (12 transactions), $202.50 more than your usual ' +
        '$210.00, the average for 30 days over the 90 before.',
      confidence: 0.82,
      actionSuggestion:
        'Look through your Dining Out transactions, and consider a Dining Out budget if this is the new normal.',
      figures: [
        {
          label: 'Last 30 days',
          amount: 412_50,
          source: {
            description: 'Dining Out, Oct 28 – Nov 26, 2026',
            startDate: '2026-10-28',
            endDate: '2026-11-26',
            category: 21,
            merchant: null,
            transactionCount: 12,
          },
        },
        {
          label: 'Previous 90 days',
          amount: 630_00,
          source: {
            description: 'Dining Out, Jul 30 – Oct 27, 2026',
            startDate: '2026-07-30',
            endDate: '2026-10-27',
            category: 21,
            merchant: null,
            transactionCount: 27,
          },
        },
        {
          label: 'Usual 30 days',
          amount: 210_00,
          source: {
            description: "The previous 90 days' total for 30 days",
            startDate: '2026-07-30',
            endDate: '2026-10-27',
            category: 21,
            merchant: null,
            transactionCount: null,
          },
        },
        {
          label: 'Increase',
          amount: 202_50,
          source: {
            description: 'The last 30 days against the usual',
            startDate: '2026-10-28',
            endDate: '2026-11-26',
            category: 21,
            merchant: null,
            transactionCount: null,
          },
        },
      ],
    });
  });

  it.each([
    ['exactly 40% and $50 more', [175_00, 5], [375_00, 9], 'low'],
    ['a cent short of 40%', [174_99, 5], [375_00, 9], null],
    ['40% up but only $45 more', [145_00, 5], [300_00, 9], null],
    ['$70 more but only 35% up', [270_00, 5], [600_00, 9], null],
    ['more than $100 more: medium', [250_00, 5], [450_00, 9], 'medium'],
    ['75% up: medium', [175_00, 5], [300_00, 9], 'medium'],
    ['double and $200 more: high', [400_00, 8], [450_00, 9], 'high'],
    ['double but only $150 more: medium', [300_00, 8], [450_00, 9], 'medium'],
    ['$250 more but under double: medium', [550_00, 8], [900_00, 9], 'medium'],
    ['spending less', [100_00, 3], [630_00, 27], null],
    ['refunds beyond spending', [-20_00, 2], [630_00, 27], null],
  ] as const)('%s: %s', (_, recent, baseline, priority) => {
    const found = spendingRiseInsights(facts({ categories: [dining(recent, baseline)] }));
    expect(found.map((i) => i.priority)).toEqual(priority ? [priority] : []);
  });

  it.each([
    ['no history at all', { historyStart: null }],
    [
      'history that starts inside the baseline (a new account would look like a spike)',
      { historyStart: '2026-08-15' },
    ],
  ])('says nothing with %s', (_, over) => {
    expect(
      spendingRiseInsights(facts({ ...over, categories: [dining([412_50, 12], [630_00, 27])] })),
    ).toEqual([]);
  });

  it('fires with history starting on the baseline day itself', () => {
    expect(
      spendingRiseInsights(
        facts({ historyStart: '2026-07-30', categories: [dining([412_50, 12], [630_00, 27])] }),
      ),
    ).toHaveLength(1);
  });

  it('needs at least 3 baseline transactions to know what is usual', () => {
    expect(spendingRiseInsights(facts({ categories: [dining([412_50, 12], [210_00, 2])] }))).toEqual([]);
    expect(spendingRiseInsights(facts({ categories: [dining([412_50, 12], [210_00, 3])] }))).toHaveLength(1);
  });

  it('says nothing when nothing was usually spent', () => {
    expect(spendingRiseInsights(facts({ categories: [dining([412_50, 12], [0, 4])] }))).toEqual([]);
  });

  it('leaves a monthly bill alone when the window caught two of its due dates', () => {
    const rent = category(10, 'Rent/Mortgage', [3000_00, 2], [4500_00, 3]);
    const raisedRent = category(10, 'Rent/Mortgage', [3600_00, 2], [4500_00, 3]);
    expect(spendingRiseInsights(facts({ categories: [rent, raisedRent] }))).toEqual([]);
  });

  it('still tells a single bill well above its usual (a rent rise)', () => {
    const rent = category(10, 'Rent/Mortgage', [2200_00, 1], [4500_00, 3]);
    const [insight] = spendingRiseInsights(facts({ categories: [rent] }));
    expect(insight?.title).toBe('Spending on Rent/Mortgage up 47%');
    // One purchase may be a one-off: less sure than the same rise over many.
    expect(insight?.confidence).toBe(0.41);
  });

  it('is surer with more history and a larger rise', () => {
    const confidence = (recent: readonly [number, number], baseline: readonly [number, number]) =>
      spendingRiseInsights(facts({ categories: [dining(recent, baseline)] }))[0]?.confidence ?? 0;
    expect(confidence([300_00, 8], [450_00, 3])).toBeLessThan(confidence([300_00, 8], [450_00, 30]));
    expect(confidence([250_00, 8], [450_00, 9])).toBeLessThan(confidence([600_00, 8], [450_00, 9]));
  });

  it('tells merchants apart, at the merchant', () => {
    const [insight] = spendingRiseInsights(
      facts({ merchants: [merchant('Starbucks', [120_00, 20], [150_00, 30])] }),
    );
    expect(insight?.key).toBe('spending-up:merchant:Starbucks:2026-11');
    expect(insight?.title).toBe('Spending at Starbucks up 140%');
    expect(insight?.message).toContain(
      'You spent $120.00 at Starbucks in the last 30 days (20 transactions), $70.00 more',
    );
    expect(insight?.figures[0]?.source).toMatchObject({
      merchant: 'Starbucks',
      category: null,
      transactionCount: 20,
    });
    expect(insight?.actionSuggestion).toBe(
      "Look through your Starbucks transactions for anything unexpected or a charge you don't recognise.",
    );
  });

  it('does not tell the same rise twice: a merchant driving its category rise is left to the category', () => {
    const found = spendingRiseInsights(
      facts({
        categories: [dining([412_50, 12], [630_00, 27])],
        merchants: [
          merchant('Starbucks', [190_00, 20], [120_00, 12], 21),
          merchant('Uber Eats', [160_00, 6], [180_00, 9], 21),
          merchant('Amazon', [300_00, 6], [450_00, 9], null),
        ],
      }),
    );
    expect(found.map((i) => i.key)).toEqual([
      'spending-up:category:21:2026-11',
      'spending-up:merchant:Uber Eats:2026-11',
      'spending-up:merchant:Amazon:2026-11',
    ]);
  });

  it('suggests staying within the budget when the category has one', () => {
    const [insight] = spendingRiseInsights(
      facts({
        categories: [dining([412_50, 12], [630_00, 27])],
        budget: budget([budgetCategory(21, 'Dining Out', 500_00, 412_50)]),
      }),
    );
    expect(insight?.actionSuggestion).toBe(
      'Look through your Dining Out transactions, and ease off to stay within its budget.',
    );
  });

  it('keeps its key through the month, whatever the day', () => {
    const on = (today: string) =>
      spendingRiseInsights(facts({ today, categories: [dining([412_50, 12], [630_00, 27])] }))[0]?.key;
    expect(on('2026-11-01')).toBe(on('2026-11-30'));
    expect(on('2026-12-01')).toBe('spending-up:category:21:2026-12');
  });
});

describe('spending well below its usual level', () => {
  it('tells the largest drop only, as a low-priority note', () => {
    const found = spendingDropInsights(
      facts({
        categories: [
          dining([100_00, 4], [630_00, 27]),
          category(24, 'Shopping', [50_00, 1], [450_00, 6]),
          category(20, 'Groceries', [390_00, 12], [1200_00, 36]),
        ],
      }),
    );
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({
      key: 'spending-down:category:21:2026-11',
      type: 'spending',
      priority: 'low',
      context: 'transactions',
      title: 'Spending on Dining Out down 52%',
      message:
        'You spent $100.00 on Dining Out in the last 30 days, $110.00 less than your usual $210.00. Nice work.',
      actionSuggestion: null,
    });
    expect(found[0]?.figures.map((f) => [f.label, f.amount])).toEqual([
      ['Last 30 days', 100_00],
      ['Previous 90 days', 630_00],
      ['Usual 30 days', 210_00],
      ['Decrease', 110_00],
    ]);
  });

  it.each([
    ['exactly 40% and $50 less', [75_00, 3], [375_00, 9], true],
    ['39% less', [76_00, 3], [375_00, 9], false],
    ['60% less but only $30', [20_00, 1], [150_00, 9], false],
    ['a monthly bill whose due date fell outside the window', [0, 0], [4500_00, 3], false],
    ['nothing at all where there used to be plenty', [0, 0], [900_00, 12], true],
  ] as const)('%s: %s', (_, recent, baseline, fires) => {
    expect(spendingDropInsights(facts({ categories: [dining(recent, baseline)] }))).toHaveLength(
      fires ? 1 : 0,
    );
  });

  it('breaks a tie by key, so input order does not matter', () => {
    const a = category(21, 'Dining Out', [100_00, 4], [630_00, 27]);
    const b = category(24, 'Shopping', [100_00, 4], [630_00, 27]);
    expect(spendingDropInsights(facts({ categories: [b, a] }))[0]?.key).toBe(
      'spending-down:category:21:2026-11',
    );
  });

  it('ignores merchants (a merchant dropping often means shopping elsewhere)', () => {
    expect(spendingDropInsights(facts({ merchants: [merchant('Starbucks', [0, 0], [450_00, 30])] }))).toEqual(
      [],
    );
  });

  it.each([
    [
      'a budgeted category with a goal',
      budgetCategory(21, 'Dining Out', 300_00, 100_00),
      [goal()],
      "Keep it up: what your Dining Out budget doesn't spend this period adds to the leftover your savings goals share.",
    ],
    [
      'a budgeted category without a goal',
      budgetCategory(21, 'Dining Out', 300_00, 100_00),
      [],
      "Keep it up, and consider a savings goal for what your Dining Out budget doesn't spend.",
    ],
    [
      'a category that rolls over (what it leaves stays in it)',
      budgetCategory(21, 'Dining Out', 300_00, 100_00, 4, true),
      [goal()],
      null,
    ],
  ])('with %s, suggests what the saving can do', (_, budgeted, goals, action) => {
    const [insight] = spendingDropInsights(
      facts({ categories: [dining([100_00, 4], [630_00, 27])], budget: budget([budgeted]), goals }),
    );
    expect(insight?.actionSuggestion).toBe(action);
  });
});
