import { describe, expect, it } from 'vitest';
import { dueThisMonth, priceIncrease, relativeDue, shortDay, sortSubscriptions } from './subscription-list';
import { aSubscription, threeSubscriptions } from './test-fixtures';

describe('subscription list', () => {
  it('puts active ones first, each group soonest due first', () => {
    expect(sortSubscriptions(threeSubscriptions()).map((s) => s.name)).toEqual([
      'Netflix',
      'Crunch Fitness',
      'Spotify',
    ]);
  });

  it("keeps to the person's month for 'This Month'", () => {
    const list = threeSubscriptions();
    expect(dueThisMonth(list, '2026-11-12').map((s) => s.name)).toEqual(['Netflix', 'Spotify']);
    expect(dueThisMonth(list, '2026-12-31')).toEqual([]);
    expect(dueThisMonth(list, '2027-02-28').map((s) => s.name)).toEqual(['Crunch Fitness']);
  });

  it('says when something is due, in words', () => {
    expect(relativeDue('2026-11-12', '2026-11-12')).toBe('Today');
    expect(relativeDue('2026-11-13', '2026-11-12')).toBe('Tomorrow');
    expect(relativeDue('2026-11-20', '2026-11-12')).toBe('In 8 days');
    expect(relativeDue('2026-11-11', '2026-11-12')).toBe('Yesterday');
    expect(relativeDue('2026-11-02', '2026-11-12')).toBe('10 days ago');
    expect(shortDay('2026-11-14', '2026-11-12')).toBe('Nov 14');
    expect(shortDay('2027-01-03', '2026-11-12')).toBe('Jan 3, 2027');
  });

  it('points out a price change only when it went up', () => {
    const up = aSubscription({ amount: 17.99, priceChange: { previousAmount: 15.49, date: '2026-10-20' } });
    const down = aSubscription({ amount: 9.99, priceChange: { previousAmount: 11.99, date: '2026-10-20' } });
    expect(priceIncrease(up)).toEqual({ previousAmount: 15.49, date: '2026-10-20' });
    expect(priceIncrease(down)).toBeNull();
    expect(priceIncrease(aSubscription())).toBeNull();
  });
});
