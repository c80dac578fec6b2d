import { describe, expect, it } from 'vitest';
import { missedChargeInsights, priceRiseInsights } from './subscription-rules';
import { facts, subscription } from './test-facts';

const netflixRise = subscription({ priceChange: { previousAmount: 15_49, date: '2026-10-03' } });

describe('a subscription whose price went up', () => {
  it('tells the old and new price, the rise in percent, and what it adds in a year', () => {
    expect(priceRiseInsights(facts({ subscriptions: [netflixRise] }))).toEqual([
      {
        key: 'price-rise:s1:2026-10-03',
        type: 'recommendation',
        priority: 'low',
        context: 'subscriptions',
        title: 'Netflix raised its price',
        message:
          "Netflix went from $15.49 to $17.99 a charge on Oct 3 (16% more). That's about $30.00 more a year.",
        confidence: 0.9,
        actionSuggestion: 'Check that Netflix is still worth $17.99, or look for a cheaper plan.',
        figures: [
          {
            label: 'New price',
            amount: 17_99,
            source: {
              description: 'Netflix charges from Oct 3',
              startDate: '2026-10-03',
              endDate: '2026-11-26',
              category: null,
              merchant: null,
              searchTerm: 'Netflix',
              transactionCount: null,
            },
          },
          {
            label: 'Old price',
            amount: 15_49,
            source: {
              description: 'Netflix charges before Oct 3',
              startDate: null,
              endDate: '2026-10-02',
              category: null,
              merchant: null,
              searchTerm: 'Netflix',
              transactionCount: null,
            },
          },
          {
            label: 'More a year',
            amount: 30_00,
            source: {
              description: 'The rise of $2.50 a charge, over a year of charges',
              startDate: '2026-10-03',
              endDate: '2026-11-26',
              category: null,
              merchant: null,
              searchTerm: 'Netflix',
              transactionCount: null,
            },
          },
        ],
      },
    ]);
  });

  it.each([
    ['monthly', 59_99, 59_99, 49_99, 120_00, 'medium'],
    ['annual: the rise once a year', 139_00, 11_58, 119_00, 20_00, 'low'],
    ['weekly: 4.33 weeks a month, as the Subscriptions screen counts', 12_00, 51_96, 10_00, 103_92, 'medium'],
    ['a large monthly rise', 115_00, 115_00, 100_00, 180_00, 'high'],
    ['a monthly equivalent no frequency gives: its own ratio', 10_00, 25_00, 8_00, 60_00, 'medium'],
  ] as const)('counts a year of a %s plan', (_, amount, monthlyAmount, previousAmount, yearly, priority) => {
    const [insight] = priceRiseInsights(
      facts({
        subscriptions: [
          subscription({ amount, monthlyAmount, priceChange: { previousAmount, date: '2026-11-01' } }),
        ],
      }),
    );
    expect(insight?.figures.find((f) => f.label === 'More a year')?.amount).toBe(yearly);
    expect(insight?.priority).toBe(priority);
  });

  it.each([
    [
      'a price cut',
      subscription({
        amount: 12_99,
        monthlyAmount: 12_99,
        priceChange: { previousAmount: 15_49, date: '2026-10-03' },
      }),
    ],
    [
      'a change over 90 days ago (old news)',
      subscription({ priceChange: { previousAmount: 15_49, date: '2026-08-27' } }),
    ],
    [
      'a change dated after today',
      subscription({ priceChange: { previousAmount: 15_49, date: '2026-11-27' } }),
    ],
    [
      'a paused subscription',
      subscription({ status: 1, priceChange: { previousAmount: 15_49, date: '2026-10-03' } }),
    ],
    [
      'a cancelled subscription',
      subscription({ status: 2, priceChange: { previousAmount: 15_49, date: '2026-10-03' } }),
    ],
    ['no change at all', subscription()],
  ])('says nothing for %s', (_, s) => {
    expect(priceRiseInsights(facts({ subscriptions: [s] }))).toEqual([]);
  });

  it('still tells a change exactly 90 days ago', () => {
    const s = subscription({ priceChange: { previousAmount: 15_49, date: '2026-08-28' } });
    expect(priceRiseInsights(facts({ subscriptions: [s] }))).toHaveLength(1);
  });
});

describe('a charge that did not come', () => {
  const spotify = subscription({
    id: 's2',
    name: 'Spotify',
    amount: 11_99,
    monthlyAmount: 11_99,
    lastChargeDate: '2026-10-12',
    missedDueDate: '2026-11-12',
  });

  it('suggests marking it cancelled or checking the payment, since it still counts in the totals', () => {
    expect(missedChargeInsights(facts({ subscriptions: [spotify] }))).toEqual([
      {
        key: 'missed-charge:s2:2026-11-12',
        type: 'recommendation',
        priority: 'medium',
        context: 'subscriptions',
        title: "Spotify's charge didn't come",
        message:
          "Spotify's $11.99 charge due Nov 12 hasn't come in 14 days; the last one was on Oct 12. It still counts " +
          '$11.99 a month in your subscription totals.',
        confidence: 0.71,
        actionSuggestion:
          'If you cancelled Spotify, mark it cancelled; if not, check that its payment method still works.',
        figures: [
          {
            label: 'Expected charge',
            amount: 11_99,
            source: {
              description: 'Spotify charge due Nov 12',
              startDate: '2026-11-12',
              endDate: '2026-11-26',
              category: null,
              merchant: null,
              searchTerm: 'Spotify',
              transactionCount: null,
            },
          },
          {
            label: 'Per month',
            amount: 11_99,
            source: {
              description: 'Spotify, its monthly equivalent',
              startDate: '2026-11-12',
              endDate: '2026-11-26',
              category: null,
              merchant: null,
              searchTerm: 'Spotify',
              transactionCount: null,
            },
          },
        ],
      },
    ]);
  });

  it('is surer the longer the charge is late', () => {
    const sureness = (missedDueDate: string) =>
      missedChargeInsights(facts({ subscriptions: [{ ...spotify, missedDueDate }] }))[0]?.confidence;
    expect(sureness('2026-11-20')).toBe(0.61);
    expect(sureness('2026-10-27')).toBe(0.9);
    expect(sureness('2026-09-01')).toBe(0.9);
  });

  it('reads without a last charge', () => {
    const [insight] = missedChargeInsights(facts({ subscriptions: [{ ...spotify, lastChargeDate: null }] }));
    expect(insight?.message).toBe(
      "Spotify's $11.99 charge due Nov 12 hasn't come in 14 days. It still counts $11.99 a month in your " +
        'subscription totals.',
    );
  });

  it('says nothing for a paused or cancelled subscription, or one paid on time', () => {
    expect(
      missedChargeInsights(
        facts({ subscriptions: [{ ...spotify, status: 1 }, { ...spotify, status: 2 }, subscription()] }),
      ),
    ).toEqual([]);
  });
});
