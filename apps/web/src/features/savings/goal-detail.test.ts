import { goalProgressView } from '@tally/shared';
import { describe, expect, it } from 'vitest';
import {
  achievedMessage,
  balanceSeries,
  contributionText,
  formatDayRange,
  historySummary,
} from './goal-detail';
import { aContribution, aGoal, aProgressView } from './test-fixtures';

describe('goal detail', () => {
  it('names a period by its days, with both years across a new year', () => {
    expect(formatDayRange('2026-10-01', '2026-10-31')).toBe('Oct 1 – Oct 31, 2026');
    expect(formatDayRange('2026-12-29', '2027-01-04')).toBe('Dec 29, 2026 – Jan 4, 2027');
  });

  it('says when a goal was achieved and what it holds', () => {
    expect(achievedMessage({ currentAmount: 150_000, completedDate: '2026-11-02' })).toBe(
      'Goal achieved on Nov 2, 2026! You saved $1,500.00.',
    );
    expect(achievedMessage({ currentAmount: 2_000, completedDate: null })).toBe(
      'Goal achieved! You saved $20.00.',
    );
  });

  it("tells a period's share from money added by hand", () => {
    expect(contributionText(aContribution())).toEqual({
      title: 'Period share',
      detail: 'Leftover of Oct 1 – Oct 31, 2026',
    });
    expect(contributionText(aContribution({ source: 'manual', note: 'Birthday money' }))).toEqual({
      title: 'Added by hand',
      detail: 'Birthday money',
    });
    // Its date is beside it already: no note, no second line.
    expect(contributionText(aContribution({ source: 'manual', note: null })).detail).toBeNull();
  });

  it('fills every day from the first entry to today with the balance of that day', () => {
    const series = balanceSeries(
      [
        { date: '2026-11-01', total: 100 },
        { date: '2026-11-03', total: 150 },
      ],
      '2026-11-05',
    );
    expect(series.map((p) => [p.date, p.total])).toEqual([
      ['2026-11-01', 100],
      ['2026-11-02', 100],
      ['2026-11-03', 150],
      ['2026-11-04', 150],
      ['2026-11-05', 150],
    ]);
    expect(series[0]?.label).toBe('Nov 1');
    expect(balanceSeries([], '2026-11-05')).toEqual([]);
  });

  it('samples a long history but keeps its first and last day', () => {
    const series = balanceSeries(
      [
        { date: '2024-01-01', total: 10 },
        { date: '2026-11-05', total: 900 },
      ],
      '2026-11-05',
    );
    expect(series.length).toBeLessThanOrEqual(372);
    expect(series[0]?.date).toBe('2024-01-01');
    expect(series.at(-1)).toMatchObject({ date: '2026-11-05', total: 900 });
  });

  it('says the chart in words', () => {
    // As the client reads them: in cents.
    const read = (view: ReturnType<typeof aProgressView>) => goalProgressView.parse(view);
    expect(historySummary(read(aProgressView()))).toBe(
      '$1,250.00 saved toward $5,000.00 since Sep 1, 2026, in 3 contributions.',
    );
    expect(
      historySummary(
        read(aProgressView({ goal: aGoal({ currentAmount: 0 }), contributions: [], history: [] })),
      ),
    ).toBe('$0.00 saved toward $5,000.00, in 0 contributions.');
  });
});
