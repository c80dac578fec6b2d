import { describe, expect, it } from 'vitest';
import { timeAgo } from './time-ago';

describe('timeAgo', () => {
  const now = new Date('2026-11-26T12:00:00Z');
  it.each([
    ['2026-11-26T11:59:30Z', 'just now'],
    ['2026-11-26T11:55:00Z', '5 minutes ago'],
    ['2026-11-26T09:00:00Z', '3 hours ago'],
    ['2026-11-25T11:00:00Z', 'yesterday'],
    ['2026-11-22T12:00:00Z', '4 days ago'],
    ['2026-11-01T12:00:00Z', 'Nov 1'],
    // A clock a little behind the server's: not "in 1 minute".
    ['2026-11-26T12:00:30Z', 'just now'],
  ])('%s is %s', (createdAt, text) => {
    expect(timeAgo(createdAt, now)).toBe(text);
  });
});
