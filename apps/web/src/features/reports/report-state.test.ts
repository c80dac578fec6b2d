import type { CashFlowReport, CustomReport, MoneyFlowReport, NetWorthReport } from '@tally/shared';
import { describe, expect, it } from 'vitest';
import { groupHref } from './CustomSection';
import {
  bucketLabel,
  cashFlowCsv,
  customCsv,
  DEFAULT_REPORT,
  definitionOf,
  drillDownHref,
  flowCsv,
  netWorthCsv,
  reportFromParams,
  reportQueryString,
  reportToParams,
  sameDefinition,
  stateOfSaved,
} from './report-state';

const ACCOUNT = '0b6c1c9e-52c5-4a4b-9d55-1f6d6f3c9a10';

describe('the report in the address bar', () => {
  it('keeps only what differs from the default, and reads it back', () => {
    expect(reportToParams(DEFAULT_REPORT).toString()).toBe('');
    const state = {
      ...DEFAULT_REPORT,
      period: 'custom' as const,
      startDate: '2026-01-10',
      endDate: '2026-03-31',
      interval: 'week' as const,
      accountId: ACCOUNT,
      category: 21 as const,
      view: 'table' as const,
    };
    const params = reportToParams(state);
    expect(params.toString()).toBe(
      `period=custom&from=2026-01-10&to=2026-03-31&by=week&account=${ACCOUNT}&category=21&view=table`,
    );
    expect(reportFromParams(params)).toEqual(state);
  });

  it('leaves anything malformed at its default', () => {
    const state = reportFromParams(
      new URLSearchParams('period=decade&from=2026-02-30&compare=x&by=day&account=1&category=7&view=pie'),
    );
    expect(state).toEqual(DEFAULT_REPORT);
  });

  it('asks nothing of the API while a custom period lacks a day', () => {
    expect(reportQueryString({ ...DEFAULT_REPORT, period: 'custom', startDate: '2026-01-01' })).toBeNull();
    expect(reportQueryString({ ...DEFAULT_REPORT, category: 20 })).toBe(
      'period=last_6_months&compare=previous&interval=month&category=20',
    );
  });
});

describe('drillDownHref', () => {
  it("opens Transactions with exactly the bucket's days and the report's filters", () => {
    expect(
      drillDownHref(
        { startDate: '2026-11-01', endDate: '2026-11-20' },
        { ...DEFAULT_REPORT, accountId: ACCOUNT, category: 21 },
      ),
    ).toBe(`/transactions?category=21&from=2026-11-01&to=2026-11-20&account=${ACCOUNT}`);
  });
});

describe('cashFlowCsv', () => {
  it('has a row per month and the total, in dollars', () => {
    const figures = {
      income: 300_000,
      expenses: 45_050,
      net: 254_950,
      savingsRate: 0.8498,
      transactionCount: 4,
    };
    const report: CashFlowReport = {
      startDate: '2026-10-01',
      endDate: '2026-11-20',
      interval: 'month',
      comparison: null,
      buckets: [
        { ...figures, start: '2026-10-01', startDate: '2026-10-01', endDate: '2026-10-31' },
        {
          income: 0,
          expenses: 0,
          net: 0,
          savingsRate: null,
          transactionCount: 0,
          start: '2026-11-01',
          startDate: '2026-11-01',
          endDate: '2026-11-20',
        },
      ],
      totals: figures,
      averages: { income: 150_000, expenses: 22_525, net: 127_475 },
      previous: null,
      changes: [],
    };
    expect(cashFlowCsv(report).split('\r\n')).toEqual([
      'Period,From,To,Income,Spending,Net,Savings rate,Transactions',
      'Oct 2026,2026-10-01,2026-10-31,3000.00,450.50,2549.50,85.0,4',
      'Nov 2026,2026-11-01,2026-11-20,0.00,0.00,0.00,,0',
      'Total,2026-10-01,2026-11-20,3000.00,450.50,2549.50,85.0,4',
      '',
    ]);
    expect(bucketLabel({ start: '2026-11-02' }, 'week')).toBe('Week of Nov 2');
  });
});

describe('flowCsv', () => {
  it('writes each flow with its share of income, in cents exactly', () => {
    const node = (name: string, kind: MoneyFlowReport['nodes'][number]['kind'], amount: number) => ({
      name,
      kind,
      amount,
      category: null,
      transactionCount: null,
    });
    const report = {
      nodes: [
        node('Salary', 'income', 300_000),
        node('Income', 'total', 300_000),
        node('Dining Out', 'spending', 45_050),
        node('Saved', 'saved', 254_950),
      ],
      links: [
        { source: 0, target: 1, amount: 300_000 },
        { source: 1, target: 2, amount: 45_050 },
        { source: 1, target: 3, amount: 254_950 },
      ],
      totals: { income: 300_000, expenses: 45_050, net: 254_950, savingsRate: 0.8498, transactionCount: 3 },
    } as MoneyFlowReport;
    expect(flowCsv(report).split('\r\n')).toEqual([
      'From,To,Amount,Share of income',
      'Salary,Income,3000.00,100.0',
      'Income,Dining Out,450.50,15.0',
      'Income,Saved,2549.50,85.0',
      '',
    ]);
  });
});

describe('netWorthCsv', () => {
  it('writes each day, then each account with names safe for a spreadsheet', () => {
    const report = {
      startDate: '2026-11-01',
      endDate: '2026-11-02',
      points: [
        {
          startDate: '2026-11-01',
          endDate: '2026-11-01',
          assets: 500_000,
          liabilities: 100_000,
          netWorth: 400_000,
          transactionCount: 0,
        },
        {
          startDate: '2026-11-02',
          endDate: '2026-11-02',
          assets: 520_001,
          liabilities: 100_000,
          netWorth: 420_001,
          transactionCount: 2,
        },
      ],
      kinds: [{ kind: 'cash', name: 'Cash', values: [500_000, 520_001] }],
      accounts: [
        {
          id: 'a',
          name: '=Joint, "house"',
          kind: 'cash',
          opening: 500_000,
          closing: 520_001,
          change: 20_001,
          transactionCount: 2,
        },
      ],
    } as NetWorthReport;
    expect(netWorthCsv(report).split('\r\n')).toEqual([
      'Date,Assets,Liabilities,Net worth,Transactions',
      '2026-11-01,5000.00,1000.00,4000.00,0',
      '2026-11-02,5200.01,1000.00,4200.01,2',
      '',
      'Account,Kind,Start,End,Change,Transactions',
      `"'=Joint, ""house""",Cash,5000.00,5200.01,200.01,2`,
      '',
    ]);
  });
});

describe('the custom report', () => {
  const SAVED = '7d4b7f43-3c4e-4a47-9a55-2c9e0b1f3a21';
  const custom = {
    ...DEFAULT_REPORT,
    report: 'custom' as const,
    measure: 'count' as const,
    amount: 'income' as const,
    groupBy: 'merchant' as const,
    chart: 'stacked' as const,
    saved: SAVED,
  };

  it('keeps its builder and the saved report open in the address bar, and asks the API for them', () => {
    const params = reportToParams(custom);
    expect(params.toString()).toBe(
      `report=custom&measure=count&of=income&group=merchant&chart=stacked&saved=${SAVED}`,
    );
    expect(reportFromParams(params)).toEqual(custom);
    expect(reportQueryString(custom)).toBe(
      'period=last_6_months&compare=previous&measure=count&amount=income&groupBy=merchant&chart=stacked',
    );
    // Another report leaves the builder out of the address.
    expect(reportToParams({ ...custom, report: 'spending' }).toString()).toBe('report=spending');
  });

  it('saves what is on screen and opens it again as it was', () => {
    const state = {
      ...custom,
      period: 'custom' as const,
      startDate: '2026-01-01',
      endDate: '2026-03-31',
      accountId: ACCOUNT,
      category: 21 as const,
    };
    const definition = definitionOf(state);
    expect(definition).toEqual({
      measure: 'count',
      amount: 'income',
      groupBy: 'merchant',
      chart: 'stacked',
      period: 'custom',
      startDate: '2026-01-01',
      endDate: '2026-03-31',
      compare: 'previous',
      accountId: ACCOUNT,
      category: 21,
    });
    expect(stateOfSaved({ id: SAVED, definition })).toEqual({ ...state, interval: 'month', view: 'chart' });
    // The days of a period that is not custom are not kept: "last 6 months" moves on.
    expect(definitionOf({ ...custom, startDate: '2026-01-01', endDate: '2026-03-31' })).not.toHaveProperty(
      'startDate',
    );
    expect(sameDefinition(definition, { ...definition })).toBe(true);
    expect(sameDefinition(definition, { ...definition, chart: 'bars' })).toBe(false);
  });

  const report: CustomReport = {
    startDate: '2026-01-01',
    endDate: '2026-03-31',
    measure: 'total',
    amount: 'spending',
    groupBy: 'category',
    chart: 'stacked',
    comparison: { startDate: '2025-10-01', endDate: '2025-12-31', label: 'previous period' },
    groups: [
      {
        key: '21',
        label: '=Dining, "Out"',
        total: 12_345,
        count: 3,
        average: 137,
        previous: { total: 10_000, count: 2, average: 109 },
        drill: {
          startDate: '2026-01-01',
          endDate: '2026-03-31',
          category: 21,
          accountId: null,
          merchant: null,
        },
        parts: [],
      },
    ],
    more: 0,
    series: [
      { key: '2026-01-01', label: 'Jan 2026', category: null },
      { key: '2026-02-01', label: 'Feb 2026', category: null },
    ],
    totals: { total: 12_345, count: 3, average: 137 },
    previous: { total: 10_000, count: 2, average: 109 },
    changes: [],
  };

  it('writes its groups as CSV, names safe for a spreadsheet', () => {
    expect(customCsv(report).split('\r\n')).toEqual([
      'Category,Spending (total),Before,Transactions',
      `"'=Dining, ""Out""",123.45,100.00,3`,
      'Total,123.45,100.00,3',
      '',
    ]);
  });

  it("opens a group's transactions, and a month's band of it with that month's days", () => {
    expect(groupHref(report, 0, custom)).toBe('/transactions?category=21&from=2026-01-01&to=2026-03-31');
    expect(groupHref(report, 0, custom, '2026-02-01')).toBe(
      '/transactions?category=21&from=2026-02-01&to=2026-02-28',
    );
  });
});
