import { describe, expect, it } from 'vitest';
import { completePeriods, completeSince, previousSpan } from './measures';

describe('previousSpan', () => {
  it.each([
    [
      'this month so far',
      { startDate: '2026-11-01', endDate: '2026-11-26', label: 'this month' },
      '2026-11-26',
      ['2026-10-01', '2026-10-31'],
    ],
    [
      'this month so far in January',
      { startDate: '2027-01-01', endDate: '2027-01-15', label: 'this month' },
      '2027-01-15',
      ['2026-12-01', '2026-12-31'],
    ],
    [
      'this year so far in January',
      { startDate: '2027-01-01', endDate: '2027-01-15', label: 'this year' },
      '2027-01-15',
      ['2026-01-01', '2026-12-31'],
    ],
    [
      'this year so far',
      { startDate: '2026-01-01', endDate: '2026-11-26', label: 'this year' },
      '2026-11-26',
      ['2025-01-01', '2025-12-31'],
    ],
    [
      'a whole month',
      { startDate: '2026-03-01', endDate: '2026-03-31', label: 'in March' },
      '2026-11-26',
      ['2026-02-01', '2026-02-28'],
    ],
    [
      'a week',
      { startDate: '2026-11-15', endDate: '2026-11-21', label: 'last week' },
      '2026-11-26',
      ['2026-11-08', '2026-11-14'],
    ],
    [
      'the last 30 days',
      { startDate: '2026-10-28', endDate: '2026-11-26', label: 'in the last 30 days' },
      '2026-11-26',
      ['2026-09-28', '2026-10-27'],
    ],
  ] as const)('before %s', (_, span, today, [startDate, endDate]) => {
    expect(previousSpan(span, today)).toMatchObject({ startDate, endDate });
  });
});

describe('completePeriods and completeSince', () => {
  it('gives the last complete months and Sunday–Saturday weeks, oldest first', () => {
    expect(completePeriods('2026-11-26', 'month', 3).map((p) => p.startDate)).toEqual([
      '2026-08-01',
      '2026-09-01',
      '2026-10-01',
    ]);
    expect(completePeriods('2026-11-26', 'week', 2)).toMatchObject([
      { startDate: '2026-11-08', endDate: '2026-11-14' },
      { startDate: '2026-11-15', endDate: '2026-11-21' },
    ]);
  });

  it('counts the complete months since the history began, at least one', () => {
    expect(completeSince('2026-05-27', '2026-11-26', 'month')).toBe(5);
    expect(completeSince('2026-06-01', '2026-11-26', 'month')).toBe(5);
    expect(completeSince('2026-11-20', '2026-11-26', 'month')).toBe(1);
  });

  it('reads at most the last 36 weeks or months of a long history', () => {
    expect(completeSince('2024-01-01', '2026-11-26', 'week')).toBe(36);
    expect(completeSince('2020-01-01', '2026-11-26', 'month')).toBe(36);
    expect(completeSince('2026-10-04', '2026-11-26', 'week')).toBe(7);
  });
});
