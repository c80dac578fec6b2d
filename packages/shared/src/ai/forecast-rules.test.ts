import { describe, expect, it } from 'vitest';
import { monthEndCashInsights } from './forecast-rules';
import type { InsightFacts } from './insight-facts';
import { facts } from './test-facts';

const payday: Partial<InsightFacts> = {
  cashBalance: 2340_00,
  expectedIncome: [{ label: 'Acme Payroll', amount: 1800_00, date: '2026-11-28' }],
  upcomingCharges: [
    { subscriptionId: 's2', name: 'Spotify', amount: 11_99, date: '2026-11-30' },
    { subscriptionId: 's1', name: 'Netflix', amount: 17_99, date: '2026-11-29' },
  ],
  averageDailySpending: 85_20,
};

describe('cash at the end of the month', () => {
  it('adds expected income to the cash, takes off subscriptions due and usual spending, and lists each part', () => {
    expect(monthEndCashInsights(facts(payday))).toEqual([
      {
        key: 'month-end-cash:2026-11-30:ok',
        type: 'prediction',
        priority: 'low',
        context: 'dashboard',
        title: 'November should end with cash to spare',
        message:
          'You have $2,340.00 in cash and $1,800.00 of income expected by Nov 30. Spending your usual $85.20 a ' +
          "day for the 4 days left ($340.80) and paying $29.98 in subscriptions due, you'd end November with " +
          'about $3,769.22.',
        confidence: 0.86,
        actionSuggestion: null,
        figures: [
          {
            label: 'Cash now',
            amount: 2340_00,
            source: {
              description: 'Cash in checking and savings accounts',
              startDate: null,
              endDate: '2026-11-26',
              category: null,
              merchant: null,
              transactionCount: null,
            },
          },
          {
            label: 'Income expected',
            amount: 1800_00,
            source: {
              description: 'Acme Payroll on Nov 28',
              startDate: '2026-11-27',
              endDate: '2026-11-30',
              category: null,
              merchant: null,
              transactionCount: null,
            },
          },
          {
            label: 'Subscriptions due',
            amount: 29_98,
            source: {
              description: 'Netflix on Nov 29, Spotify on Nov 30',
              startDate: '2026-11-27',
              endDate: '2026-11-30',
              category: null,
              merchant: null,
              transactionCount: null,
            },
          },
          {
            label: 'Usual spending a day',
            amount: 85_20,
            source: {
              description: 'Average a day, Oct 28 – Nov 26, 2026, subscriptions and transfers left out',
              startDate: '2026-10-28',
              endDate: '2026-11-26',
              category: null,
              merchant: null,
              transactionCount: null,
            },
          },
          {
            label: 'Spending over 4 days',
            amount: 340_80,
            source: {
              description: 'The usual daily spending for the 4 days left',
              startDate: '2026-11-27',
              endDate: '2026-11-30',
              category: null,
              merchant: null,
              transactionCount: null,
            },
          },
          {
            label: 'Cash on Nov 30',
            amount: 3769_22,
            source: {
              description: 'Cash now, plus income expected, less subscriptions due and usual spending',
              startDate: '2026-11-27',
              endDate: '2026-11-30',
              category: null,
              merchant: null,
              transactionCount: null,
            },
          },
        ],
      },
    ]);
  });

  it('warns, high, when spending would take cash below zero', () => {
    const [insight] = monthEndCashInsights(facts({ cashBalance: 100_00, averageDailySpending: 50_00 }));
    expect(insight).toMatchObject({
      key: 'month-end-cash:2026-11-30:short',
      priority: 'high',
      title: 'Cash may run short by Nov 30',
      message:
        "You have $100.00 in cash. Spending your usual $50.00 a day for the 4 days left ($200.00), you'd be about " +
        '$100.00 short by Nov 30.',
      actionSuggestion: 'Put off spending that can wait, or move money into checking, before Nov 30.',
    });
    expect(insight?.figures.map((f) => f.label)).toEqual([
      'Cash now',
      'Usual spending a day',
      'Spending over 4 days',
      'Cash on Nov 30',
    ]);
    expect(insight?.figures.at(-1)?.amount).toBe(-100_00);
  });

  it.each([
    ['below zero: high', 199_99, 'high', 'short'],
    ['exactly zero: thin, medium', 200_00, 'medium', 'thin'],
    ['under a week of spending left: medium', 549_99, 'medium', 'thin'],
    ['a week of spending left: low', 550_00, 'low', 'ok'],
  ] as const)('%s', (_, cashBalance, priority, outlook) => {
    const [insight] = monthEndCashInsights(facts({ cashBalance, averageDailySpending: 50_00 }));
    expect(insight?.priority).toBe(priority);
    expect(insight?.key).toBe(`month-end-cash:2026-11-30:${outlook}`);
  });

  it('warns of a thin month end', () => {
    const [insight] = monthEndCashInsights(facts({ cashBalance: 300_00, averageDailySpending: 50_00 }));
    expect(insight?.title).toBe('Cash will be tight by Nov 30');
    expect(insight?.actionSuggestion).toBe(
      "Keep spending light until Nov 30: there's little room for a surprise.",
    );
  });

  it.each([
    ['on the last day of the month (nothing to predict)', { today: '2026-11-30' }],
    ['with no history', { historyStart: null }],
    ['with history shorter than the 30 days its average covers', { historyStart: '2026-11-01' }],
  ])('says nothing %s', (_, over) => {
    expect(monthEndCashInsights(facts({ ...payday, ...over }))).toEqual([]);
  });

  it('is surer with fewer days left, and with history beyond the recent window', () => {
    const sureness = (over: Partial<InsightFacts>) =>
      monthEndCashInsights(facts({ cashBalance: 1000_00, averageDailySpending: 10_00, ...over }))[0]
        ?.confidence;
    expect(sureness({ today: '2026-11-02' })).toBe(0.68);
    expect(sureness({ today: '2026-11-29' })).toBe(0.94);
    expect(sureness({ historyStart: '2026-10-01' })).toBe(0.81);
  });

  it('reads the month by name, a single day left as one day', () => {
    const [insight] = monthEndCashInsights(
      facts({
        today: '2026-12-30',
        monthEnd: '2026-12-31',
        cashBalance: 1000_00,
        averageDailySpending: 10_00,
      }),
    );
    expect(insight?.message).toBe(
      "You have $1,000.00 in cash. Spending your usual $10.00 a day for the 1 day left ($10.00), you'd end " +
        'December with about $990.00.',
    );
  });
});
