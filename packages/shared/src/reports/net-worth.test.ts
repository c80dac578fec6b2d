import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ACCOUNT_TYPE } from '../accounts/account-types';
import { addDays } from '../dates';
import {
  type BalanceAccount,
  balanceHistory,
  type DayFlow,
  netWorthPoints,
  netWorthReportOf,
} from './net-worth';

const checking = (over: Partial<BalanceAccount> = {}): BalanceAccount => ({
  id: 'chk',
  name: 'Checking',
  type: ACCOUNT_TYPE.Depository,
  currentBalance: 100_000,
  reported: [],
  ...over,
});
const card = (over: Partial<BalanceAccount> = {}): BalanceAccount => ({
  id: 'card',
  name: 'Visa',
  type: ACCOUNT_TYPE.Credit,
  currentBalance: 20_000,
  reported: [],
  ...over,
});
const flow = (accountId: string, day: string, net: number, count = 1): DayFlow => ({
  accountId,
  day,
  net,
  count,
});

describe('balanceHistory', () => {
  it('runs back from the current balance when the bank never reported one', () => {
    const flows = [flow('chk', '2026-11-02', 50_000), flow('chk', '2026-11-05', -20_000)];
    expect(
      balanceHistory(checking(), flows, [
        '2026-11-01',
        '2026-11-02',
        '2026-11-04',
        '2026-11-05',
        '2026-11-30',
      ]),
    ).toEqual([70_000, 120_000, 120_000, 100_000, 100_000]);
  });

  it('counts what a card owes: a purchase raises it, a payment lowers it', () => {
    const flows = [flow('card', '2026-11-02', -5_000), flow('card', '2026-11-03', 10_000)];
    expect(balanceHistory(card(), flows, ['2026-11-01', '2026-11-02', '2026-11-03'])).toEqual([
      25_000, 30_000, 20_000,
    ]);
  });

  it('keeps every reported day as the bank reported it, and runs back from the next one', () => {
    // The bank's balances do not follow from the transactions alone (interest the feed never showed).
    const account = checking({
      currentBalance: 90_000,
      reported: [
        { day: '2026-11-03', balance: 40_000 },
        { day: '2026-11-06', balance: 90_000 },
      ],
    });
    const flows = [flow('chk', '2026-11-02', 10_000), flow('chk', '2026-11-05', 45_000)];
    const days = [
      '2026-11-01',
      '2026-11-02',
      '2026-11-03',
      '2026-11-04',
      '2026-11-05',
      '2026-11-06',
      '2026-11-08',
    ];
    expect(balanceHistory(account, flows, days)).toEqual([
      30_000, 40_000, 40_000, 45_000, 90_000, 90_000, 90_000,
    ]);
  });

  it('carries the last report forward with the transactions after it', () => {
    const account = checking({ currentBalance: 500, reported: [{ day: '2026-11-03', balance: 500 }] });
    const flows = [flow('chk', '2026-11-04', 300)];
    expect(balanceHistory(account, flows, ['2026-11-04'])).toEqual([500]);
    // The current balance follows every transaction, so a day after the last report runs back from it.
    expect(balanceHistory({ ...account, reported: [] }, flows, ['2026-11-03', '2026-11-04'])).toEqual([
      200, 500,
    ]);
  });

  it('agrees with the bank on every day it reported, and follows the transactions between (property)', () => {
    const start = '2026-01-01';
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            offset: fc.integer({ min: 0, max: 60 }),
            net: fc.integer({ min: -50_000, max: 50_000 }),
          }),
          {
            maxLength: 40,
          },
        ),
        fc.uniqueArray(
          fc.record({
            offset: fc.integer({ min: 0, max: 60 }),
            balance: fc.integer({ min: -1e6, max: 1e6 }),
          }),
          {
            selector: (r) => r.offset,
            maxLength: 5,
          },
        ),
        fc.boolean(),
        fc.integer({ min: -1e6, max: 1e6 }),
        (moves, reports, owed, current) => {
          const byDay = new Map<string, number>();
          for (const m of moves) {
            const day = addDays(start, m.offset);
            byDay.set(day, (byDay.get(day) ?? 0) + m.net);
          }
          const flows = [...byDay].sort(([a], [b]) => (a < b ? -1 : 1)).map(([day, net]) => ({ day, net }));
          const reported = reports
            .map((r) => ({ day: addDays(start, r.offset), balance: r.balance }))
            .sort((a, b) => (a.day < b.day ? -1 : 1));
          const account = (owed ? card : checking)({
            currentBalance: reported.at(-1)?.balance ?? current,
            reported,
          });
          const days = Array.from({ length: 62 }, (_, i) => addDays(start, i - 1));
          const history = balanceHistory(account, flows, days);
          const sign = owed ? -1 : 1;
          for (const r of reported) expect(history[days.indexOf(r.day)]).toBe(r.balance);
          for (let i = 1; i < days.length; i++) {
            const day = days[i] as string;
            // Between reports a day moves by exactly its transactions (what the transactions do not explain
            // shows on the day after a report, as the next report says).
            if (reported.some((r) => r.day === day || r.day === days[i - 1])) continue;
            expect(sign * ((history[i] as number) - (history[i - 1] as number)) + 0).toBe(
              byDay.get(day) ?? 0,
            );
          }
        },
      ),
    );
  });
});

describe('netWorthPoints', () => {
  it('is every day up to two years, and month ends beyond', () => {
    expect(netWorthPoints({ startDate: '2026-11-01', endDate: '2026-11-03' })).toEqual({
      step: 'day',
      points: [
        { startDate: '2026-11-01', endDate: '2026-11-01' },
        { startDate: '2026-11-02', endDate: '2026-11-02' },
        { startDate: '2026-11-03', endDate: '2026-11-03' },
      ],
    });
    const long = netWorthPoints({ startDate: '2022-01-15', endDate: '2026-11-28' });
    expect(long.step).toBe('month');
    expect(long.points[0]).toEqual({ startDate: '2022-01-15', endDate: '2022-01-31' });
    expect(long.points.at(-1)).toEqual({ startDate: '2026-11-01', endDate: '2026-11-28' });
  });
});

describe('netWorthReportOf', () => {
  const range = { startDate: '2026-11-01', endDate: '2026-11-05' };
  const flows = [
    flow('chk', '2026-10-20', 7_000),
    flow('chk', '2026-11-02', 50_000, 2),
    flow('chk', '2026-11-04', -12_000, 3),
    flow('card', '2026-11-04', 12_000, 1),
    flow('card', '2026-11-05', -3_000, 4),
  ];

  it("sums each day's balances, owed as negative, and says what moved it", () => {
    const report = netWorthReportOf({
      range,
      accounts: [checking(), card()],
      flows,
      comparison: { range: { startDate: '2026-10-27', endDate: '2026-10-31' }, label: 'previous period' },
    });
    expect(report.step).toBe('day');
    expect(report.points.map((p) => p.netWorth)).toEqual([33_000, 83_000, 83_000, 83_000, 80_000]);
    expect(report.points[3]).toMatchObject({ assets: 100_000, liabilities: 17_000, transactionCount: 4 });
    expect(report.opening).toEqual({ assets: 62_000, liabilities: 29_000, netWorth: 33_000 });
    expect(report.closing).toEqual({ assets: 100_000, liabilities: 20_000, netWorth: 80_000 });
    expect(report.change).toBe(47_000);
    expect(report.accounts).toEqual([
      {
        id: 'chk',
        name: 'Checking',
        kind: 'cash',
        opening: 62_000,
        closing: 100_000,
        change: 38_000,
        transactionCount: 5,
      },
      {
        id: 'card',
        name: 'Visa',
        kind: 'credit',
        opening: -29_000,
        closing: -20_000,
        change: 9_000,
        transactionCount: 5,
      },
    ]);
    expect(report.kinds.map((k) => [k.name, k.values.at(-1)])).toEqual([
      ['Cash', 100_000],
      ['Credit cards', -20_000],
    ]);
    // Net worth on a day is the sum of that day's balances, every day.
    expect(report.points.map((p) => p.netWorth)).toEqual(
      report.points.map((_, i) => report.kinds.reduce((n, k) => n + (k.values[i] as number), 0)),
    );
    expect(report.previousChange).toBe(0);
    expect(report.changes).toEqual([
      'Net worth rose $470 (142%) over the period: Checking +$380, Visa +$90.',
      'In the previous period it did not move.',
    ]);
  });

  it('counts month ends past two years, with each month of transactions', () => {
    const report = netWorthReportOf({
      range: { startDate: '2024-01-01', endDate: '2026-11-05' },
      accounts: [checking()],
      flows,
      comparison: null,
    });
    expect(report.step).toBe('month');
    expect(report.points.at(-1)).toMatchObject({
      startDate: '2026-11-01',
      endDate: '2026-11-05',
      transactionCount: 10,
    });
    expect(report.points.at(-2)).toMatchObject({
      endDate: '2026-10-31',
      netWorth: 62_000,
      transactionCount: 1,
    });
    expect(report.previousChange).toBeNull();
  });

  it('says nothing without accounts', () => {
    const report = netWorthReportOf({ range, accounts: [], flows: [], comparison: null });
    expect(report.points.every((p) => p.netWorth === 0)).toBe(true);
    expect(report.changes).toEqual([]);
    expect(report.kinds).toEqual([]);
  });
});
