import { money, type TransactionSummary, transactionSummary } from '@tally/shared';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { balanceStat, describeChange, flowStats } from './dashboard-stats';

/** A summary as the API sends it (dollars), read as the client reads it (cents). */
const summary = (totalIncome: number, totalExpenses: number): TransactionSummary =>
  transactionSummary.parse({
    totalIncome,
    totalExpenses,
    netAmount: Math.round((totalIncome - totalExpenses) * 100) / 100,
    transactionCount: 10,
  });
const account = (type: number, dollars: number) => ({ type, currentBalance: money.parse(dollars) });

describe('flowStats', () => {
  it('income, expenses and savings with their change against the 30 days before', () => {
    expect(flowStats(summary(5000, 3000), summary(4000, 3200))).toEqual({
      income: { cents: 500000, change: 25 },
      expenses: { cents: 300000, change: -6.2 },
      savings: { cents: 200000, change: 150 },
    });
  });

  it('omits a change whose previous figure was 0', () => {
    const stats = flowStats(summary(2500, 1000), summary(0, 1000));
    expect(stats.income.change).toBeNull();
    expect(stats.expenses.change).toBe(0);
    // Savings before: 0 − 1000 = −1000; now 1500: up by 250% of its size.
    expect(stats.savings.change).toBe(250);
  });

  it('omits every change when the previous period could not be read', () => {
    const stats = flowStats(summary(100, 50), undefined);
    expect([stats.income.change, stats.expenses.change, stats.savings.change]).toEqual([null, null, null]);
    expect(stats.savings.cents).toBe(5000);
  });

  it('savings that fall further below zero are a negative change', () => {
    expect(flowStats(summary(1000, 2500), summary(1000, 2000)).savings).toEqual({
      cents: -150000,
      change: -50,
    });
  });

  it('savings are always income less expenses, in whole cents', () => {
    const dollars = fc.integer({ min: 0, max: 100_000_000 }).map((c) => c / 100);
    fc.assert(
      fc.property(dollars, dollars, (income, expenses) => {
        const { savings } = flowStats(summary(income, expenses), undefined);
        expect(savings.cents).toBe(Math.round(income * 100) - Math.round(expenses * 100));
      }),
    );
  });
});

describe('balanceStat', () => {
  it("compares with the balance 30 days ago: today's less the period's net", () => {
    // 12,000 now; 1,000 more came in than went out, so 11,000 then: +9.1%.
    expect(balanceStat([account(0, 12_000)], summary(4000, 3000))).toEqual({ cents: 1_200_000, change: 9.1 });
  });

  it('leaves the change out without the period, or when the balance then was 0', () => {
    expect(balanceStat([account(0, 500)], undefined)).toEqual({ cents: 50000, change: null });
    expect(balanceStat([account(0, 500)], summary(500, 0)).change).toBeNull();
  });
});

describe('describeChange', () => {
  it.each([
    [12.34, true, '+12.3%', 'Up 12.3%', 'good'],
    [12.34, false, '+12.3%', 'Up 12.3%', 'bad'],
    [-5, true, '−5%', 'Down 5%', 'bad'],
    [-5, false, '−5%', 'Down 5%', 'good'],
    [0, true, '0%', 'No change', 'neutral'],
    [1234.5, true, '+1,234.5%', 'Up 1,234.5%', 'good'],
  ] as const)('%d (more is good: %s) → %s', (change, moreIsGood, text, label, tone) => {
    expect(describeChange(change, { moreIsGood })).toEqual({ text, label, tone });
  });
});
