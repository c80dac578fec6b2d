import fc from 'fast-check';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { CATEGORY, categoryName } from '../transactions/categories';
import type { PeriodRange } from '../transactions/dashboard-periods';
import {
  bucketName,
  type CustomTotals,
  customReportOf,
  isTimeGrouping,
  MAX_CUSTOM_GROUPS,
  MAX_STACKED_SERIES,
  measureOf,
} from './custom';
import { rangeBuckets } from './periods';
import type { CustomGrouping, CustomReport, CustomReportQuery } from './reports.schema';

// January to March 2026: 90 days. Its previous period is October to December 2025: 92 days.
const range = { startDate: '2026-01-01', endDate: '2026-03-31' };
const previousRange = { startDate: '2025-10-01', endDate: '2025-12-31' };

type Query = Pick<CustomReportQuery, 'measure' | 'amount' | 'groupBy' | 'chart'>;
type Input = Parameters<typeof customReportOf>[0];

const row = (
  group: string | number,
  income: number,
  expenses: number,
  extra: Partial<CustomTotals> = {},
) => ({
  group: String(group),
  split: null,
  isTransfer: false,
  count: 1,
  income,
  expenses,
  ...extra,
});

/** A report of spending totals by category in bars over `range`, unless told otherwise. */
const reportOf = (query: Partial<Query>, rows: CustomTotals[], extra: Partial<Input> = {}) =>
  customReportOf({
    query: { measure: 'total', amount: 'spending', groupBy: 'category', chart: 'bars', ...query },
    range,
    rows,
    accountNames: new Map(),
    comparison: null,
    ...extra,
  });

/** The previous period, with its rows. */
const previous = (rows: CustomTotals[]): Input['comparison'] => ({
  range: previousRange,
  compare: 'previous',
  rows,
});

const whole = { ...range, category: null, accountId: null, merchant: null };

describe('customReportOf by category', () => {
  const rows = [
    row(CATEGORY.Groceries, 0, 30_000, { count: 4 }),
    row(CATEGORY.DiningOut, 0, 50_000, { count: 2 }),
    // Income only: nothing to show as spending.
    row(CATEGORY.Salary, 400_000, 0),
    // A transfer is a transaction, never spending or income.
    row(CATEGORY.Uncategorized, 90_000, 90_000, { count: 2, isTransfer: true }),
  ];

  it('shows the categories spent in, largest first, each opening its transactions', () => {
    const report = reportOf({}, rows);
    expect(report.groups.map((g) => [g.key, g.label, g.total, g.count, g.average])).toEqual([
      [String(CATEGORY.DiningOut), 'Dining Out', 50_000, 2, 556],
      [String(CATEGORY.Groceries), 'Groceries', 30_000, 4, 333],
    ]);
    expect(report.groups[0]?.drill).toEqual({ ...whole, category: CATEGORY.DiningOut });
    expect(report.groups.every((g) => g.previous === null && g.parts.length === 0)).toBe(true);
    // Every transaction counts, transfers too; only spending adds up.
    expect(report.totals).toEqual({ total: 80_000, count: 9, average: 889 });
    expect(report).toMatchObject({
      ...range,
      measure: 'total',
      amount: 'spending',
      groupBy: 'category',
      chart: 'bars',
      comparison: null,
      more: 0,
      series: [],
      previous: null,
      changes: [],
    });
  });

  it('keeps every category with transactions when counting, transfers included', () => {
    const report = reportOf({ measure: 'count' }, rows);
    // Ties go by name: Dining Out before Other.
    expect(report.groups.map((g) => [g.label, g.count, g.total])).toEqual([
      ['Groceries', 4, 30_000],
      ['Dining Out', 2, 50_000],
      ['Other', 2, 0],
      ['Salary', 1, 0],
    ]);
    expect(report.totals).toEqual({ total: 80_000, count: 9, average: 889 });
  });

  // Spending is money out: a refund counts as income, as it does in the other reports.
  it.each([
    [
      'spending',
      [
        ['Dining Out', 50_000],
        ['Groceries', 30_000],
      ],
      80_000,
    ],
    [
      'income',
      [
        ['Salary', 400_000],
        ['Groceries', 2_000],
      ],
      402_000,
    ],
    [
      'net',
      [
        ['Salary', 400_000],
        ['Dining Out', -50_000],
        ['Groceries', -28_000],
      ],
      322_000,
    ],
  ] as const)('measures %s', (amount, groups, total) => {
    const report = reportOf({ amount }, [
      row(CATEGORY.Salary, 400_000, 0),
      row(CATEGORY.Groceries, 2_000, 30_000),
      row(CATEGORY.DiningOut, 0, 50_000),
      row(CATEGORY.Uncategorized, 10_000, 10_000, { isTransfer: true }),
    ]);
    expect(report.groups.map((g) => [g.label, g.total])).toEqual(groups);
    expect(report.totals.total).toBe(total);
  });

  it('drops a category whose income and spending cancel out when measuring net', () => {
    const report = reportOf({ amount: 'net' }, [
      row(CATEGORY.Groceries, 5_000, 5_000),
      row(CATEGORY.Travel, 0, 1_000),
    ]);
    expect(report.groups.map((g) => g.label)).toEqual(['Travel']);
  });

  it('sorts by the average per day when measuring it', () => {
    const report = reportOf({ measure: 'average' }, [
      row(CATEGORY.Groceries, 0, 9_000, { count: 9 }),
      row(CATEGORY.Travel, 0, 90_000),
    ]);
    expect(report.groups.map((g) => [g.label, g.average])).toEqual([
      ['Travel', 1_000],
      ['Groceries', 100],
    ]);
  });
});

describe('customReportOf by merchant and by account', () => {
  it('names a merchant as spelled and opens its transactions by that spelling', () => {
    const report = reportOf({ groupBy: 'merchant' }, [
      row('blue bottle', 0, 1_200, { name: 'Blue Bottle', count: 2 }),
      // No spelling given: the key it is.
      row('corner shop', 0, 800),
    ]);
    expect(report.groups.map((g) => [g.key, g.label, g.total, g.drill?.merchant])).toEqual([
      ['blue bottle', 'Blue Bottle', 1_200, 'Blue Bottle'],
      ['corner shop', 'corner shop', 800, 'corner shop'],
    ]);
    expect(report.groups[0]?.drill).toEqual({ ...whole, merchant: 'Blue Bottle' });
  });

  it(`keeps the ${MAX_CUSTOM_GROUPS} largest merchants and counts the rest`, () => {
    const rows = Array.from({ length: MAX_CUSTOM_GROUPS + 3 }, (_, i) =>
      row(`merchant ${i}`, 0, (i + 1) * 1_000, { name: `Merchant ${i}` }),
    );
    const report = reportOf({ groupBy: 'merchant' }, rows);
    expect(report.groups).toHaveLength(MAX_CUSTOM_GROUPS);
    expect(report.more).toBe(3);
    expect(report.groups[0]).toMatchObject({ label: 'Merchant 22', total: 23_000 });
    expect(report.groups.at(-1)).toMatchObject({ label: 'Merchant 3', total: 4_000 });
    // The totals are of every merchant, shown or not.
    expect(report.totals.total).toBe((23 * 24 * 1_000) / 2);
  });

  it('leaves no merchant out when there are no more than the most shown', () => {
    const rows = Array.from({ length: MAX_CUSTOM_GROUPS }, (_, i) => row(`m${i}`, 0, 100 + i));
    const report = reportOf({ groupBy: 'merchant' }, rows);
    expect(report.groups).toHaveLength(MAX_CUSTOM_GROUPS);
    expect(report.more).toBe(0);
  });

  it('names accounts by the names given, and one no longer there as removed', () => {
    const report = reportOf(
      { groupBy: 'account' },
      [row('acc-1', 0, 500), row('acc-2', 0, 2_000), row('gone', 0, 300)],
      {
        accountNames: new Map([
          ['acc-1', 'Checking'],
          ['acc-2', 'Visa'],
        ]),
      },
    );
    expect(report.groups.map((g) => [g.label, g.total, g.drill?.accountId])).toEqual([
      ['Visa', 2_000, 'acc-2'],
      ['Checking', 500, 'acc-1'],
      ['Removed account', 300, 'gone'],
    ]);
    expect(report.groups[0]?.drill).toEqual({ ...whole, accountId: 'acc-2' });
  });
});

describe('customReportOf by time', () => {
  it('gives every month of the range in order, clipped to it, an empty one too', () => {
    const report = reportOf(
      { groupBy: 'month' },
      [row('2026-01-01', 0, 17_000), row('2026-03-01', 0, 5_000)],
      {
        range: { startDate: '2026-01-15', endDate: '2026-03-10' },
      },
    );
    // January has 17 days of the range, February 28, March 10.
    expect(report.groups.map((g) => [g.key, g.label, g.total, g.average, g.previous])).toEqual([
      ['2026-01-01', 'Jan 2026', 17_000, 1_000, null],
      ['2026-02-01', 'Feb 2026', 0, 0, null],
      ['2026-03-01', 'Mar 2026', 5_000, 500, null],
    ]);
    expect(report.groups.map((g) => g.drill)).toEqual([
      { ...whole, startDate: '2026-01-15', endDate: '2026-01-31' },
      { ...whole, startDate: '2026-02-01', endDate: '2026-02-28' },
      { ...whole, startDate: '2026-03-01', endDate: '2026-03-10' },
    ]);
    // The whole range: 55 days.
    expect(report.totals).toEqual({ total: 22_000, count: 2, average: 400 });
  });

  it('gives every week from its Monday, clipped to the range, the average to the cent', () => {
    // Wednesday 7 to Tuesday 20 January 2026.
    const report = reportOf({ groupBy: 'week' }, [row('2026-01-05', 0, 1_000), row('2026-01-19', 0, 999)], {
      range: { startDate: '2026-01-07', endDate: '2026-01-20' },
    });
    expect(report.groups.map((g) => [g.key, g.label, g.total, g.average])).toEqual([
      ['2026-01-05', 'Week of Jan 5', 1_000, 200],
      ['2026-01-12', 'Week of Jan 12', 0, 0],
      ['2026-01-19', 'Week of Jan 19', 999, 500],
    ]);
    expect(report.groups.map((g) => [g.drill?.startDate, g.drill?.endDate])).toEqual([
      ['2026-01-07', '2026-01-11'],
      ['2026-01-12', '2026-01-18'],
      ['2026-01-19', '2026-01-20'],
    ]);
  });

  it('keeps empty months even when counting', () => {
    const report = reportOf({ groupBy: 'month', measure: 'count' }, []);
    expect(report.groups.map((g) => [g.label, g.count])).toEqual([
      ['Jan 2026', 0],
      ['Feb 2026', 0],
      ['Mar 2026', 0],
    ]);
    expect(report.changes).toEqual([]);
  });

  it.each([
    // Two whole weeks from a Monday: two of each day.
    ['2026-01-05', '2026-01-18', [2, 2, 2, 2, 2, 2, 2]],
    // Ten days from a Monday: Monday to Wednesday twice.
    ['2026-01-05', '2026-01-14', [2, 2, 2, 1, 1, 1, 1]],
    // Saturday to Monday.
    ['2026-01-10', '2026-01-12', [1, 0, 0, 0, 0, 1, 1]],
    // One Thursday.
    ['2026-01-01', '2026-01-01', [0, 0, 0, 1, 0, 0, 0]],
  ])(
    'gives the seven days of the week of %s to %s, each averaged over its days',
    (startDate, endDate, days) => {
      const rows = [1, 2, 3, 4, 5, 6, 7].map((day) => row(day, 0, 8_400));
      const report = reportOf({ groupBy: 'weekday' }, rows, { range: { startDate, endDate } });
      expect(report.groups.map((g) => [g.key, g.label, g.drill])).toEqual([
        ['1', 'Monday', null],
        ['2', 'Tuesday', null],
        ['3', 'Wednesday', null],
        ['4', 'Thursday', null],
        ['5', 'Friday', null],
        ['6', 'Saturday', null],
        ['7', 'Sunday', null],
      ]);
      expect(report.groups.map((g) => g.average)).toEqual(days.map((n) => (n === 0 ? 0 : 8_400 / n)));
    },
  );

  it('tells time groupings from the others', () => {
    expect(
      ['category', 'merchant', 'account', 'month', 'week', 'weekday'].map((g) =>
        isTimeGrouping(g as CustomGrouping),
      ),
    ).toEqual([false, false, false, true, true, true]);
    expect(bucketName('2026-11-01', 'month')).toBe('Nov 2026');
    expect(bucketName('2026-11-02', 'week')).toBe('Week of Nov 2');
  });
});

describe('customReportOf stacked', () => {
  it('splits each category by the range’s months', () => {
    const report = reportOf({ chart: 'stacked' }, [
      row(CATEGORY.Groceries, 0, 1_000, { split: '2026-01-01' }),
      row(CATEGORY.Groceries, 0, 3_000, { split: '2026-03-01', count: 2 }),
      row(CATEGORY.DiningOut, 0, 2_000, { split: '2026-02-01' }),
    ]);
    expect(report.series).toEqual([
      { key: '2026-01-01', label: 'Jan 2026', category: null },
      { key: '2026-02-01', label: 'Feb 2026', category: null },
      { key: '2026-03-01', label: 'Mar 2026', category: null },
    ]);
    expect(report.groups.map((g) => [g.label, g.parts.map((p) => [p.total, p.count])])).toEqual([
      [
        'Groceries',
        [
          [1_000, 1],
          [0, 0],
          [3_000, 2],
        ],
      ],
      [
        'Dining Out',
        [
          [0, 0],
          [2_000, 1],
          [0, 0],
        ],
      ],
    ]);
  });

  it('splits by every category when there are few enough', () => {
    const codes = [
      CATEGORY.Rent,
      CATEGORY.Groceries,
      CATEGORY.DiningOut,
      CATEGORY.Travel,
      CATEGORY.Gifts,
      CATEGORY.Shopping,
    ];
    const rows = codes.map((c, i) => row('2026-02-01', 0, (i + 1) * 100, { split: String(c) }));
    const report = reportOf({ groupBy: 'month', chart: 'stacked' }, rows);
    expect(report.series).toHaveLength(MAX_STACKED_SERIES);
    expect(report.series.map((s) => s.category)).toEqual([...codes].reverse());
    expect(report.series.map((s) => s.label)).toEqual([...codes].reverse().map(categoryName));
    expect(report.groups[1]?.parts.map((p) => p.total)).toEqual([600, 500, 400, 300, 200, 100]);
    expect(report.groups[0]?.parts.map((p) => p.total)).toEqual([0, 0, 0, 0, 0, 0]);
  });

  it('stacks the categories weighing least as one', () => {
    // Eight categories over two months: the five largest apart, three together.
    const codes = [
      CATEGORY.Rent,
      CATEGORY.Groceries,
      CATEGORY.DiningOut,
      CATEGORY.Travel,
      CATEGORY.Gifts,
      CATEGORY.Shopping,
      CATEGORY.Healthcare,
      CATEGORY.Education,
    ];
    const rows = codes.flatMap((c, i) => [
      row('2026-01-01', 0, (i + 1) * 1_000, { split: String(c) }),
      row('2026-03-01', 0, (i + 1) * 100, { split: String(c), count: 2 }),
    ]);
    const report = reportOf({ groupBy: 'month', chart: 'stacked' }, rows);
    expect(report.series.map((s) => [s.label, s.category])).toEqual([
      ['Education', CATEGORY.Education],
      ['Healthcare', CATEGORY.Healthcare],
      ['Shopping', CATEGORY.Shopping],
      ['Gifts & Donations', CATEGORY.Gifts],
      ['Travel', CATEGORY.Travel],
      ['Other categories', null],
    ]);
    expect(report.series).toHaveLength(MAX_STACKED_SERIES);
    // The rest: Rent, Groceries and Dining Out, $10 + $20 + $30 in January.
    expect(report.groups[0]?.parts.at(-1)).toMatchObject({ total: 6_000, count: 3 });
    expect(report.groups[2]?.parts.at(-1)).toMatchObject({ total: 600, count: 6 });
  });

  it('weighs categories by the measure: counting, the most transactions', () => {
    const codes = [
      CATEGORY.Rent,
      CATEGORY.Groceries,
      CATEGORY.DiningOut,
      CATEGORY.Travel,
      CATEGORY.Gifts,
      CATEGORY.Shopping,
      CATEGORY.Healthcare,
    ];
    // Rent spends the most, in one transaction; Healthcare the least, in seven.
    const rows = codes.map((c, i) =>
      row('2026-01-01', 0, (7 - i) * 10_000, { split: String(c), count: i + 1 }),
    );
    const report = reportOf({ groupBy: 'month', chart: 'stacked', measure: 'count' }, rows);
    expect(report.series.map((s) => s.category)).toEqual([
      CATEGORY.Healthcare,
      CATEGORY.Shopping,
      CATEGORY.Gifts,
      CATEGORY.Travel,
      CATEGORY.DiningOut,
      null,
    ]);
    expect(report.groups[0]?.parts.at(-1)).toMatchObject({ count: 3, total: 130_000 });
  });

  // A category with transactions but none of the chosen amount over the whole range (income only when
  // measuring spending, or net cancelling out across groups) weighs 0: it stacks as 'Other categories'.
  it('keeps every transaction in the parts, of a category with none of the amount too', () => {
    const report = reportOf({ groupBy: 'month', chart: 'stacked' }, [
      row('2026-01-01', 0, 1_000, { split: String(CATEGORY.Groceries) }),
      row('2026-01-01', 400_000, 0, { split: String(CATEGORY.Salary) }),
    ]);
    const january = report.groups[0];
    expect(january?.count).toBe(2);
    expect(january?.parts.reduce((n, p) => n + p.count, 0)).toBe(2);
  });

  // Travel's net is +$5 in January and −$5 in March, 0 over the range: its money stays in the parts.
  it('keeps every dollar in the parts when a category’s net cancels out over the range', () => {
    const report = reportOf({ groupBy: 'month', chart: 'stacked', amount: 'net' }, [
      row('2026-01-01', 0, 1_000, { split: String(CATEGORY.Groceries) }),
      row('2026-01-01', 500, 0, { split: String(CATEGORY.Travel) }),
      row('2026-03-01', 0, 500, { split: String(CATEGORY.Travel) }),
    ]);
    const january = report.groups[0];
    expect(january?.total).toBe(-500);
    expect(january?.parts.reduce((n, p) => n + p.total, 0)).toBe(-500);
  });
});

describe('customReportOf against a comparison', () => {
  it('says why spending changed, naming the category that moved it', () => {
    const report = reportOf({}, [row(CATEGORY.DiningOut, 0, 8_000), row(CATEGORY.Groceries, 0, 7_000)], {
      comparison: previous([row(CATEGORY.DiningOut, 0, 3_000), row(CATEGORY.Groceries, 0, 7_000)]),
    });
    expect(report.changes).toEqual(['Spending rose $50 (50%) against the previous period: Dining Out +$50.']);
    expect(report.comparison).toEqual({ ...previousRange, label: 'previous period' });
    // Averaged over the comparison's own 92 days.
    expect(report.previous).toEqual({ total: 10_000, count: 2, average: 109 });
    expect(report.groups.map((g) => [g.label, g.previous])).toEqual([
      ['Dining Out', { total: 3_000, count: 1, average: 33 }],
      ['Groceries', { total: 7_000, count: 1, average: 76 }],
    ]);
  });

  it('names the comparison a year ago as such', () => {
    const report = reportOf({}, [row(CATEGORY.Travel, 0, 20_000)], {
      comparison: {
        range: { startDate: '2025-01-01', endDate: '2025-03-31' },
        compare: 'year_ago',
        rows: [row(CATEGORY.Travel, 0, 40_000)],
      },
    });
    expect(report.changes).toEqual([
      'Spending fell $200 (50%) against the same period last year: Travel −$200.',
    ]);
    expect(report.comparison?.label).toBe('same period last year');
  });

  it('says counts, not dollars, when counting', () => {
    const report = reportOf(
      { measure: 'count' },
      [row(CATEGORY.Groceries, 0, 5_000, { count: 6 }), row(CATEGORY.DiningOut, 0, 1_000, { count: 3 })],
      {
        comparison: previous([
          row(CATEGORY.Groceries, 0, 9_000, { count: 3 }),
          row(CATEGORY.DiningOut, 0, 1_000, { count: 3 }),
        ]),
      },
    );
    expect(report.changes).toEqual(['Transactions rose 3 (50%) against the previous period: Groceries +3.']);
  });

  it('counts a category that is gone towards a fall', () => {
    const report = reportOf({}, [row(CATEGORY.Groceries, 0, 7_000)], {
      comparison: previous([row(CATEGORY.Groceries, 0, 7_000), row(CATEGORY.Travel, 0, 5_000)]),
    });
    expect(report.changes).toEqual(['Spending fell $50 (42%) against the previous period: Travel −$50.']);
    // Gone from the groups, though.
    expect(report.groups.map((g) => g.label)).toEqual(['Groceries']);
  });

  it('names merchants as spelled, in either period', () => {
    const report = reportOf(
      { groupBy: 'merchant' },
      [row('blue bottle', 0, 1_000, { name: 'Blue Bottle' })],
      {
        comparison: previous([
          row('blue bottle', 0, 1_000, { name: 'Blue Bottle' }),
          row('cafe', 0, 1_500, { name: 'Café' }),
        ]),
      },
    );
    expect(report.changes).toEqual(['Spending fell $15 (60%) against the previous period: Café −$15.']);
    expect(report.groups.map((g) => [g.label, g.previous?.total])).toEqual([['Blue Bottle', 1_000]]);
  });

  it('compares averages per day, each period over its own days', () => {
    // $90 over 90 days against $92 over 92 days: $1 a day both times.
    const report = reportOf({ measure: 'average' }, [row(CATEGORY.Groceries, 0, 9_000)], {
      comparison: previous([row(CATEGORY.Groceries, 0, 9_200)]),
    });
    expect(report.changes).toEqual(['Daily spending was the same as in the previous period ($1.00).']);
  });

  it('says what there is against nothing before', () => {
    const report = reportOf({ amount: 'income' }, [row(CATEGORY.Salary, 300_000, 0)], {
      comparison: previous([]),
    });
    expect(report.changes).toEqual(['Income was $3,000, against none in the previous period.']);
    expect(report.previous).toEqual({ total: 0, count: 0, average: 0 });
  });

  it('has nothing to say when both periods had none', () => {
    const report = reportOf({ amount: 'income' }, [row(CATEGORY.Groceries, 0, 1_000)], {
      comparison: previous([row(CATEGORY.Groceries, 0, 500)]),
    });
    expect(report.changes).toEqual([]);
    expect(report.previous).toEqual({ total: 0, count: 1, average: 0 });
  });

  it.each(['month', 'week', 'weekday'] as const)('compares only the whole when grouped by %s', (groupBy) => {
    const key = { month: '2026-01-01', week: '2026-01-05', weekday: '1' }[groupBy];
    const before = { month: '2025-10-01', week: '2025-10-06', weekday: '1' }[groupBy];
    const report = reportOf({ groupBy }, [row(key, 0, 15_000)], {
      comparison: previous([row(before, 0, 10_000)]),
    });
    expect(report.groups.every((g) => g.previous === null)).toBe(true);
    expect(report.changes).toEqual(['Spending rose $50 (50%) against the previous period.']);
    expect(report.previous?.total).toBe(10_000);
  });

  it('has the shape of the report the API sends', () => {
    const report = reportOf({}, [row(CATEGORY.Travel, 0, 1_000)], { comparison: previous([]) });
    expectTypeOf(report).toEqualTypeOf<CustomReport>();
    expect(measureOf(report.totals, 'count')).toBe(1);
  });
});

describe('customReportOf, for any rows', () => {
  const small: PeriodRange = { startDate: '2026-01-20', endDate: '2026-03-05' };
  const months = rangeBuckets(small, 'month').map((b) => b.start);
  const weeks = rangeBuckets(small, 'week').map((b) => b.start);
  const codes = Object.values(CATEGORY).map(String);
  /** Keys the database would give for each grouping over `small`. */
  const keys: Record<CustomGrouping, string[]> = {
    category: codes,
    merchant: ['blue bottle', 'cafe', 'corner shop', 'market'],
    account: ['acc-1', 'acc-2', 'gone'],
    month: months,
    week: weeks,
    weekday: ['1', '2', '3', '4', '5', '6', '7'],
  };
  const groupings = Object.keys(keys) as CustomGrouping[];
  const rowsOf = (groups: string[], splits: string[]) =>
    fc.array(
      fc.record({
        group: fc.constantFrom(...groups),
        split: fc.constantFrom(...splits),
        isTransfer: fc.boolean(),
        count: fc.integer({ min: 1, max: 50 }),
        income: fc.integer({ min: 0, max: 1_000_000 }),
        expenses: fc.integer({ min: 0, max: 1_000_000 }),
      }),
      { maxLength: 40 },
    );
  const queryOf = fc.record({
    measure: fc.constantFrom('total', 'count', 'average'),
    amount: fc.constantFrom('spending', 'income', 'net'),
    groupBy: fc.constantFrom(...groupings),
    chart: fc.constantFrom('bars', 'lines', 'stacked', 'table'),
  }) satisfies fc.Arbitrary<Query>;
  const input = queryOf.chain((query) =>
    fc.tuple(fc.constant(query), rowsOf(keys[query.groupBy], query.groupBy === 'category' ? months : codes)),
  );
  const amountOf = (r: CustomTotals, amount: Query['amount']) =>
    r.isTransfer
      ? 0
      : amount === 'spending'
        ? r.expenses
        : amount === 'income'
          ? r.income
          : r.income - r.expenses;
  const sum = (ns: number[]) => ns.reduce((n, x) => n + x, 0);
  const run = (query: Query, rows: CustomTotals[]) =>
    customReportOf({
      query,
      range: small,
      rows,
      accountNames: new Map([['acc-1', 'Checking']]),
      comparison: null,
    });

  it('totals every transaction, and the amount chosen of all but transfers', () => {
    fc.assert(
      fc.property(input, ([query, rows]) => {
        const report = run(query, rows);
        return (
          report.totals.count === sum(rows.map((r) => r.count)) &&
          report.totals.total === sum(rows.map((r) => amountOf(r, query.amount)))
        );
      }),
    );
  });

  it('counts every transaction in some group when counting by category or account', () => {
    const grouped = fc
      .constantFrom<CustomGrouping>('category', 'account')
      .chain((groupBy) => fc.tuple(fc.constant(groupBy), queryOf, rowsOf(keys[groupBy], codes)));
    fc.assert(
      fc.property(grouped, ([groupBy, query, rows]) => {
        const report = run({ ...query, groupBy, measure: 'count' }, rows);
        return sum(report.groups.map((g) => g.count)) === report.totals.count;
      }),
    );
  });

  it('orders the groups: time in order, every bucket; the others largest first, none empty', () => {
    fc.assert(
      fc.property(input, ([query, rows]) => {
        const report = run(query, rows);
        const shown = report.groups.map((g) => Math.abs(measureOf(g, query.measure)));
        if (isTimeGrouping(query.groupBy))
          return report.groups.map((g) => g.key).join() === keys[query.groupBy].join();
        return (
          shown.every((x, i) => i === 0 || x <= (shown[i - 1] ?? 0)) &&
          report.groups.every((g) => (query.measure === 'count' ? g.count > 0 : g.total !== 0))
        );
      }),
    );
  });

  // Whatever is measured: a category that weighs nothing stacks with the rest, so none falls out of the parts.
  it('makes each group’s stacked parts add up to the group', () => {
    fc.assert(
      fc.property(input, ([query, rows]) => {
        const stacked = { ...query, chart: 'stacked' as const };
        const report = run(stacked, rows);
        return (
          report.series.length <= Math.max(MAX_STACKED_SERIES, months.length) &&
          report.groups.every(
            (g) =>
              g.parts.length === report.series.length &&
              sum(g.parts.map((p) => p.total)) === g.total &&
              sum(g.parts.map((p) => p.count)) === g.count,
          )
        );
      }),
    );
  });
});
