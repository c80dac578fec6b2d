import { formatMoney } from '@tally/shared';
import { describe, expect, it } from 'vitest';
import {
  formatCompactMoney,
  formatDay,
  formatLastSynced,
  formatSignedMoney,
  formatUpdatedAgo,
} from './format';

describe('formatters', () => {
  it.each([
    [123_450, '$1,234.50'],
    [-1_200, '-$12.00'],
    [-0, '$0.00'],
  ])('formats %s cents as %s', (cents, text) => expect(formatMoney(cents)).toBe(text));

  it('marks money in with a plus', () => {
    expect(formatSignedMoney(2_500)).toBe('+$25.00');
    expect(formatSignedMoney(-2_500)).toBe('-$25.00');
  });

  it.each([
    [0, '$0.0'],
    [95_000, '$950.0'],
    [150_000, '$1.5K'],
    [230_000_000, '$2.3M'],
  ])('labels a chart axis at %s cents as %s', (cents, text) => expect(formatCompactMoney(cents)).toBe(text));

  it('shows a day without shifting it across time zones', () => {
    expect(formatDay('2026-01-05')).toBe('Jan 5, 2026');
  });

  it.each([
    [30_000, '30s ago'],
    [5 * 60_000, '5m ago'],
  ])('says how long ago the list was updated (%i ms)', (ms, text) => {
    const now = new Date('2026-11-20T12:00:00Z');
    expect(formatUpdatedAgo(new Date(now.getTime() - ms), now)).toBe(text);
  });

  it.each([
    [null, 'Never synced'],
    [20_000, 'Just now'],
    [60_000, '1 minute ago'],
    [5 * 60_000, '5 minutes ago'],
    [3_600_000, '1 hour ago'],
    [3 * 3_600_000, '3 hours ago'],
    [25 * 3_600_000, '1 day ago'],
    [3 * 86_400_000, '3 days ago'],
    [30 * 86_400_000, 'Oct 21, 2026'],
  ])('describes a last sync %s ms ago', (ms, text) => {
    const now = new Date('2026-11-20T12:00:00Z');
    expect(formatLastSynced(ms === null ? null : new Date(now.getTime() - ms).toISOString(), now)).toBe(text);
  });
});
