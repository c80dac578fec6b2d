import { describe, expect, it } from 'vitest';
import { catchUp, type SubscriptionRow } from './subscriptions.service';

// How a tracked subscription follows its merchant's charges, without a database: the rules the routes'
// refresh applies on every read.

const row = (over: Partial<SubscriptionRow> = {}): SubscriptionRow => ({
  id: 's',
  userId: 'u',
  name: 'Netflix',
  amount: 17_99,
  frequency: 2,
  status: 0,
  category: 1,
  description: null,
  nextDueDate: '2026-12-14',
  anchorDate: '2026-12-14',
  isDetected: true,
  autoRenew: true,
  merchantKey: 'netflix',
  merchantName: 'Netflix',
  lastChargeDate: '2026-11-14',
  previousAmount: null,
  priceChangedAt: null,
  unpaidDueDate: null,
  createdAt: new Date('2026-11-20T00:00:00Z'),
  updatedAt: new Date('2026-11-20T00:00:00Z'),
  ...over,
});

const paid = (date: string, cents: number) => ({
  id: `${date}:${cents}`,
  date,
  amount: -cents,
  merchantName: 'Netflix',
  description: 'NETFLIX.COM',
});

describe('catching a subscription up', () => {
  it('changes nothing before its due date with no new charge', () => {
    expect(catchUp(row(), [], '2026-12-01')).toBeNull();
  });

  it('takes a charge a few days early as the due one, and counts the next from the anchor', () => {
    const early = paid('2026-12-11', 17_99);
    expect(catchUp(row(), [early], '2026-12-12')).toEqual({
      linked: [early.id],
      set: expect.objectContaining({
        nextDueDate: '2027-01-14',
        lastChargeDate: '2026-12-11',
        unpaidDueDate: null,
      }),
    });
  });

  it('ignores a charge far before the due date and one far off the price (other purchases there)', () => {
    const extra = paid('2026-11-28', 17_99);
    const giftCard = paid('2026-12-14', 30_00);
    const cheap = paid('2026-12-14', 11_00);
    expect(catchUp(row(), [extra, giftCard, cheap], '2026-12-10')).toBeNull();
  });

  it('records a new price from the charge, keeping the old one', () => {
    const dearer = paid('2026-12-14', 19_99);
    expect(catchUp(row(), [dearer], '2026-12-15')?.set).toMatchObject({
      amount: 19_99,
      previousAmount: 17_99,
      priceChangedAt: '2026-12-14',
    });
  });

  it('moves past due dates with no charge on, awaiting the first of them', () => {
    expect(catchUp(row(), [], '2027-02-20')?.set).toMatchObject({
      nextDueDate: '2027-03-14',
      unpaidDueDate: '2026-12-14',
    });
    // One never charged (typed in, nothing seen yet) awaits only its latest due date.
    expect(catchUp(row({ lastChargeDate: null }), [], '2027-02-20')?.set).toMatchObject({
      nextDueDate: '2027-03-14',
      unpaidDueDate: '2027-02-14',
    });
  });

  it('lets a late charge pay the awaited date without moving the next one back', () => {
    const late = paid('2026-12-20', 17_99);
    const caught = row({ nextDueDate: '2027-01-14', unpaidDueDate: '2026-12-14' });
    expect(catchUp(caught, [late], '2026-12-21')?.set).toMatchObject({
      nextDueDate: '2027-01-14',
      unpaidDueDate: null,
      lastChargeDate: '2026-12-20',
    });
  });

  it('lets a charge near the next due date settle a skipped one, instead of leaving the next one unpaid', () => {
    const skipped = row({
      nextDueDate: '2027-02-14',
      unpaidDueDate: '2027-01-14',
      lastChargeDate: '2026-12-14',
    });
    const february = paid('2027-02-11', 17_99);
    expect(catchUp(skipped, [february], '2027-02-12')?.set).toMatchObject({
      nextDueDate: '2027-03-14',
      unpaidDueDate: null,
      lastChargeDate: '2027-02-11',
    });
  });

  it("takes a typed-in subscription's first charge even when it posts after the due date has moved on", () => {
    const typed = row({ lastChargeDate: null, nextDueDate: '2027-01-14', unpaidDueDate: '2026-12-14' });
    const late = paid('2026-12-16', 17_99);
    expect(catchUp(typed, [late], '2026-12-17')?.set).toMatchObject({
      nextDueDate: '2027-01-14',
      unpaidDueDate: null,
      lastChargeDate: '2026-12-16',
    });
  });

  it('keeps month-end anchors: due on the 31st, then the 28th, then the 31st again', () => {
    const monthEnd = row({
      nextDueDate: '2027-01-31',
      anchorDate: '2027-01-31',
      lastChargeDate: '2026-12-31',
    });
    const jan = paid('2027-01-31', 17_99);
    expect(catchUp(monthEnd, [jan], '2027-02-01')?.set.nextDueDate).toBe('2027-02-28');
    const feb = paid('2027-02-28', 17_99);
    const afterJan = row({ ...monthEnd, nextDueDate: '2027-02-28', lastChargeDate: '2027-01-31' });
    expect(catchUp(afterJan, [feb], '2027-03-01')?.set.nextDueDate).toBe('2027-03-31');
  });

  it('expires one without auto-renew once its date passes, and leaves paused ones alone', () => {
    expect(catchUp(row({ autoRenew: false }), [], '2026-12-15')?.set.status).toBe(3);
    expect(catchUp(row({ status: 1 }), [], '2027-06-01')).toBeNull();
  });
});
