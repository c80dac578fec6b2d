import { SUBSCRIPTION_STATUS, subscription, subscriptionList } from '@tally/shared';
import { describe, expect, it } from 'vitest';
import { dueDetail, dueThisMonth, priceIncrease, relativeDue, shortDay } from './subscription-list';
import { aSubscription, threeSubscriptions } from './test-fixtures';

// The fixtures as the client reads them: in cents.
const read = (over: Parameters<typeof aSubscription>[0] = {}) => subscription.parse(aSubscription(over));
const readThree = () => subscriptionList.parse(threeSubscriptions());

describe('subscription list', () => {
  it("keeps to the person's month for 'This Month', active subscriptions only", () => {
    const list = readThree();
    // Spotify is due on the 28th too, but it is paused.
    expect(dueThisMonth(list, '2026-11-12').map((s) => s.name)).toEqual(['Netflix']);
    expect(dueThisMonth(list, '2026-12-31')).toEqual([]);
    expect(dueThisMonth(list, '2027-02-28').map((s) => s.name)).toEqual(['Crunch Fitness']);
  });

  it('counts neither paused, cancelled nor expired subscriptions as due', () => {
    const list = Object.entries(SUBSCRIPTION_STATUS).map(([name, status], i) =>
      read({ id: `5d1f0c8e-3b6a-4c2d-9e7f-00000000001${i}`, name, status }),
    );
    expect(dueThisMonth(list, '2026-11-12').map((s) => s.name)).toEqual(['Active']);
  });

  it("keeps the server's order", () => {
    const list = [
      read({ id: '5d1f0c8e-3b6a-4c2d-9e7f-00000000000b', name: 'Zoom', nextDueDate: '2026-11-25' }),
      read({ id: '5d1f0c8e-3b6a-4c2d-9e7f-00000000000a', name: 'Apple Music', nextDueDate: '2026-11-15' }),
    ];
    expect(dueThisMonth(list, '2026-11-12').map((s) => s.name)).toEqual(['Zoom', 'Apple Music']);
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

  it("says 'Next due' only while something is due", () => {
    const today = '2026-11-12';
    expect(dueDetail(read({ status: 0 }), today)).toEqual({ label: 'Next due', hint: 'In 8 days' });
    expect(dueDetail(read({ status: 1 }), today)).toEqual({ label: 'Next due' });
    // Cancelled: the renewal it will not make ends it.
    expect(dueDetail(read({ status: 2 }), today)).toEqual({ label: 'Ends' });
    expect(dueDetail(read({ status: 2, nextDueDate: '2026-11-01' }), today)).toEqual({
      label: 'Ended',
    });
    expect(dueDetail(read({ status: 3, nextDueDate: '2026-11-01' }), today)).toEqual({
      label: 'Ended',
    });
  });

  it('points out a price change only when it went up', () => {
    const up = read({ amount: 17.99, priceChange: { previousAmount: 15.49, date: '2026-10-20' } });
    const down = read({ amount: 9.99, priceChange: { previousAmount: 11.99, date: '2026-10-20' } });
    expect(priceIncrease(up)).toEqual({ previousAmount: 1549, date: '2026-10-20' });
    expect(priceIncrease(down)).toBeNull();
    expect(priceIncrease(read())).toBeNull();
  });
});
