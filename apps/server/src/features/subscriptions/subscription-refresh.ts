import {
  addDays,
  dueAfter,
  priceIncreaseNotice,
  SUBSCRIPTION_STATUS,
  type SubscriptionFrequency,
  subscriptionMerchantKey,
} from '@tally/shared';
import type { Db } from '../../db/client';
import { withUserLock } from '../../lib/user-lock';
import { notify } from '../notifications';
import {
  activeSubscriptionRows,
  type Charge,
  linkCharges,
  type SubscriptionRow,
  unlinkedChargesSince,
  updateSubscriptionRow,
} from './subscriptions.queries';

/**
 * Following a subscription's charges: what its due dates, price and unpaid date become as charges post
 * and days pass. The Subscriptions screen's reads and the notifications scan both catch up through here.
 */

/** How far before its due date a charge may post and still pay it (card posting, business days, early billing). */
const EARLY_DAYS: Record<SubscriptionFrequency, number> = { 0: 2, 1: 3, 2: 5, 3: 7, 4: 10, 5: 14, 99: 5 };

/**
 * A charge within this factor of the tracked price is the subscription's (a price rise is rarely more than
 * half again); beyond it, another purchase at the merchant (a gift card, a one-off order).
 */
const PRICE_BAND = 1.5;

/**
 * Catches every active subscription of a person up with today: charges posted at its merchant since the
 * last one pay the due date they answer (recording a new price), due dates that passed move on, and a due
 * date passed with no charge is remembered as unpaid (shown as missed after MISSED_AFTER_DAYS). Idempotent;
 * runs on every read, like a budget's period roll, so what is shown is never behind.
 */
export async function refreshSubscriptions(deps: { db: Db; now: () => Date }, userId: string, today: string) {
  await withUserLock(deps.db, 'subscriptions', userId, async (tx) => {
    const rows = await activeSubscriptionRows(tx, { userId });
    if (rows.length === 0) return;
    const since = rows.reduce((min, r) => {
      const from = r.lastChargeDate
        ? addDays(r.lastChargeDate, 1)
        : addDays(r.unpaidDueDate ?? r.nextDueDate, -EARLY_DAYS[r.frequency]);
      return from < min ? from : min;
    }, today);
    const charges = await unlinkedChargesSince(tx, {
      userId,
      since,
      merchantKeys: [...new Set(rows.map((r) => r.merchantKey))],
    });
    const byKey = new Map<string, Charge[]>();
    for (const c of charges) {
      const key = subscriptionMerchantKey(c.merchantName, c.description);
      const list = byKey.get(key);
      if (list) list.push(c);
      else byKey.set(key, [c]);
    }
    // Two subscriptions may follow one merchant (two plans); a charge pays the first that takes it.
    const taken = new Set<string>();
    for (const row of rows) {
      const open = (byKey.get(row.merchantKey) ?? []).filter((c) => !taken.has(c.id));
      const next = catchUp(row, open, today);
      if (!next) continue;
      for (const id of next.linked) taken.add(id);
      if (next.linked.length > 0) {
        await linkCharges(tx, { userId, subscriptionId: row.id, transactionIds: next.linked });
      }
      await updateSubscriptionRow(tx, {
        userId,
        subscriptionId: row.id,
        set: { ...next.set, updatedAt: deps.now() },
      });
      const { amount, previousAmount, priceChangedAt } = { ...row, ...next.set };
      if (
        priceChangedAt &&
        priceChangedAt !== row.priceChangedAt &&
        previousAmount !== null &&
        amount > previousAmount
      ) {
        await notify(tx, {
          userId,
          notice: priceIncreaseNotice({
            id: row.id,
            name: row.name,
            previousAmount,
            amount,
            changedOn: priceChangedAt,
          }),
          createdAt: deps.now(),
        });
      }
    }
  });
}

type CatchUp = { linked: string[]; set: Partial<SubscriptionRow> };

/** What one subscription's state becomes given its merchant's new charges (oldest first) and today. */
export function catchUp(row: SubscriptionRow, charges: readonly Charge[], today: string): CatchUp | null {
  const frequency = row.frequency;
  let { amount, nextDueDate, lastChargeDate, unpaidDueDate, previousAmount, priceChangedAt } = row;
  let status = row.status;
  const linked: string[] = [];
  const early = EARLY_DAYS[frequency];
  for (const c of charges) {
    if (lastChargeDate && c.date <= lastChargeDate) continue;
    // The due date it pays: the next one when it is near it (which also settles a skipped one), else the
    // one still awaited; a charge before either is another purchase at the merchant.
    const pays =
      c.date >= addDays(nextDueDate, -early)
        ? nextDueDate
        : unpaidDueDate && c.date >= addDays(unpaidDueDate, -early)
          ? unpaidDueDate
          : null;
    if (!pays) continue;
    const paid = -c.amount;
    if (paid * PRICE_BAND < amount || paid > amount * PRICE_BAND) continue;
    linked.push(c.id);
    if (paid !== amount) {
      previousAmount = amount;
      priceChangedAt = c.date;
      amount = paid;
    }
    lastChargeDate = c.date;
    unpaidDueDate = null;
    nextDueDate = dueAfter(row.anchorDate, frequency, c.date > pays ? c.date : pays);
  }
  // Due dates that passed without a charge move on, and one stays awaited: the first of them once the
  // subscription has been charged (what the card calls missed), else the latest (so a first charge posted a
  // little late is still taken, and the search for it never reaches far back).
  while (nextDueDate < today && status === SUBSCRIPTION_STATUS.Active) {
    if (!row.autoRenew) {
      status = SUBSCRIPTION_STATUS.Expired;
      break;
    }
    if (unpaidDueDate === null || lastChargeDate === null) unpaidDueDate = nextDueDate;
    nextDueDate = dueAfter(row.anchorDate, frequency, nextDueDate);
  }
  const set = { amount, nextDueDate, lastChargeDate, unpaidDueDate, previousAmount, priceChangedAt, status };
  const changed = (Object.keys(set) as (keyof typeof set)[]).some((k) => set[k] !== row[k]);
  return changed || linked.length > 0 ? { linked, set } : null;
}
