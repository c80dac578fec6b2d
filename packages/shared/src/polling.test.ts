import { describe, expect, it } from 'vitest';
import { accountsRefreshInterval, transactionsRefreshInterval } from './polling';

// 2026-11-16 is a Monday, 2026-11-21 a Saturday; times are local.
const at = (day: string, time: string) => new Date(`${day}T${time}:00`);

describe('transactionsRefreshInterval', () => {
  it.each([
    ['2026-11-16', '08:59', 300_000],
    ['2026-11-16', '09:00', 30_000],
    ['2026-11-16', '16:59', 30_000],
    ['2026-11-16', '17:00', 300_000],
    ['2026-11-21', '12:00', 300_000],
  ])('on %s at %s polls every %i ms', (day, time, ms) =>
    expect(transactionsRefreshInterval(at(day, time))).toBe(ms),
  );
});

describe('accountsRefreshInterval', () => {
  it.each([
    ['2026-11-16', '06:59', 300_000],
    ['2026-11-16', '07:00', 30_000],
    ['2026-11-16', '18:59', 30_000],
    ['2026-11-16', '19:00', 60_000],
    ['2026-11-16', '22:59', 60_000],
    ['2026-11-16', '23:00', 300_000],
    ['2026-11-21', '08:59', 300_000],
    ['2026-11-21', '09:00', 60_000],
    ['2026-11-22', '17:59', 60_000],
    ['2026-11-22', '18:00', 300_000],
  ])('on %s at %s polls every %i ms', (day, time, ms) =>
    expect(accountsRefreshInterval(at(day, time))).toBe(ms),
  );
});
