import { describe, expect, it } from 'vitest';
import { describeWait, growingDelay, type RecentFailures, signInWait } from './sign-in-throttle';

const now = new Date('2026-03-02T09:00:00Z');
const ago = (seconds: number) => new Date(now.getTime() - seconds * 1000);
const lockout = { failures: 5, minutes: 15 };
const none: RecentFailures = {
  pair: [],
  email: { count: 0, last: null },
  address: { count: 0, last: null },
};

describe('growingDelay', () => {
  it.each([
    [0, 0],
    [4, 0],
    [5, 1000],
    [6, 2000],
    [10, 32_000],
    [11, 60_000],
    [500, 60_000],
  ])('waits %i failures → %i ms (5 free, capped at a minute)', (failures, expected) => {
    expect(growingDelay(failures, 5, 60_000)).toBe(expected);
  });
});

describe('signInWait', () => {
  it.each<[string, Partial<RecentFailures>, number]>([
    ['no failures', {}, 0],
    ['four failures from this address', { pair: [ago(1), ago(2), ago(3), ago(4)] }, 0],
    [
      'five from this address: until the fifth newest leaves the window',
      { pair: [ago(1), ago(2), ago(3), ago(4), ago(60)], email: { count: 5, last: ago(1) } },
      (15 * 60 - 60) * 1000,
    ],
    ['five at the email from elsewhere, the last just now', { email: { count: 5, last: now } }, 1000],
    ['seven at the email, the last 1 s ago', { email: { count: 7, last: ago(1) } }, 3000],
    ['fifty at the email: a minute at most', { email: { count: 50, last: now } }, 60_000],
    ['seven at the email, the last long enough ago', { email: { count: 7, last: ago(4) } }, 0],
    ['nineteen from this address across emails', { address: { count: 19, last: now } }, 0],
    ['twenty from this address across emails', { address: { count: 20, last: now } }, 1000],
    ['sixty from this address: the window at most', { address: { count: 60, last: now } }, 15 * 60_000],
    ['the longest wait wins', { email: { count: 8, last: now }, address: { count: 21, last: now } }, 8000],
  ])('%s', (_case, recent, expected) => {
    expect(signInWait({ ...none, ...recent }, now, lockout)).toBe(expected);
  });

  it('caps the email wait at the window when the window is shorter than a minute', () => {
    expect(signInWait({ ...none, email: { count: 50, last: now } }, now, { failures: 5, minutes: 0.5 })).toBe(
      30_000,
    );
  });
});

describe('describeWait', () => {
  it.each([
    [1, '1 second'],
    [1000, '1 second'],
    [1001, '2 seconds'],
    [59_000, '59 seconds'],
    [60_000, '1 minute'],
    [61_000, '2 minutes'],
    [15 * 60_000, '15 minutes'],
  ])('%i ms reads "%s"', (ms, text) => {
    expect(describeWait(ms)).toBe(text);
  });
});
