import { addDays, daysBetween } from '../dates';
import { type Cents, formatMoney } from '../money';
import {
  MISSED_AFTER_DAYS,
  monthlyEquivalent,
  type SubscriptionFrequency,
  yearlyTotal,
} from '../subscriptions/schedule';
import { SUBSCRIPTION_STATUS } from '../subscriptions/subscriptions.schema';
import type { InsightPriority } from './ai.schema';
import type { InsightDraft, InsightFacts, SubscriptionFacts } from './insight-facts';
import { confidence, count, dayLabel, scale, source, wholePercent } from './insight-text';

/**
 * Recommendations about tracked subscriptions, active ones only (a paused or cancelled one is already
 * handled): a price that went up, and a charge that did not come.
 */

/** A price change older than this is old news: the new price is simply the price. */
export const PRICE_RISE_RECENT_DAYS = 90;
/** What a rise adds in a year, from which it is medium or high priority. */
export const PRICE_RISE_MEDIUM_YEARLY: Cents = 50_00;
export const PRICE_RISE_HIGH_YEARLY: Cents = 150_00;
/** The charges at both prices were seen: the rise is a fact. */
export const PRICE_RISE_CONFIDENCE = 0.9;
/** A charge this many days late is almost surely not coming (most confident from here). */
export const MISSED_CHARGE_SURE_DAYS = 30;

const isActive = (s: SubscriptionFacts) => s.status === SUBSCRIPTION_STATUS.Active;

/** Monthly first: a custom plan counts as monthly too (SPEC §9), so either reads the same. */
const FREQUENCIES: readonly SubscriptionFrequency[] = [2, 0, 1, 3, 4, 5];

/**
 * What the rise adds in a year. The facts give one charge and its monthly equivalent, not the frequency;
 * the frequency whose monthly equivalent matches gives the yearly totals exactly as the Subscriptions
 * screen counts them. Should none match, the monthly equivalent's own ratio stands in (a cent or so off).
 */
function yearlyRise(s: SubscriptionFacts, previousAmount: Cents): Cents {
  const frequency = FREQUENCIES.find((f) => monthlyEquivalent(s.amount, f) === s.monthlyAmount);
  if (frequency !== undefined)
    return yearlyTotal(s.amount, frequency) - yearlyTotal(previousAmount, frequency);
  return Math.round(((s.amount - previousAmount) * s.monthlyAmount * 12) / s.amount);
}

function risePriority(yearly: Cents): InsightPriority {
  return yearly >= PRICE_RISE_HIGH_YEARLY ? 'high' : yearly >= PRICE_RISE_MEDIUM_YEARLY ? 'medium' : 'low';
}

/**
 * Active subscriptions whose latest price change, within PRICE_RISE_RECENT_DAYS, was a rise: the old and
 * new charge, the percent, and what it adds in a year. Keyed on the subscription and the day it changed.
 */
export function priceRiseInsights(facts: InsightFacts): InsightDraft[] {
  const { today } = facts;
  const out: InsightDraft[] = [];
  for (const s of facts.subscriptions) {
    const change = s.priceChange;
    if (!isActive(s) || !change || s.amount <= change.previousAmount || change.previousAmount <= 0) continue;
    const age = daysBetween(change.date, today);
    if (age < 0 || age > PRICE_RISE_RECENT_DAYS) continue;
    const rise = s.amount - change.previousAmount;
    const yearly = yearlyRise(s, change.previousAmount);
    const changed = dayLabel(change.date, today);
    out.push({
      key: `price-rise:${s.id}:${change.date}`,
      type: 'recommendation',
      priority: risePriority(yearly),
      context: 'subscriptions',
      title: `${s.name} raised its price`,
      message:
        `${s.name} went from ${formatMoney(change.previousAmount)} to ${formatMoney(s.amount)} a charge on ` +
        `${changed} (${wholePercent(rise, change.previousAmount)}% more). That's about ${formatMoney(yearly)} ` +
        `more a year.`,
      confidence: PRICE_RISE_CONFIDENCE,
      actionSuggestion: `Check that ${s.name} is still worth ${formatMoney(s.amount)}, or look for a cheaper plan.`,
      figures: [
        {
          label: 'New price',
          amount: s.amount,
          source: source(`${s.name} charges from ${changed}`, {
            startDate: change.date,
            endDate: today,
            searchTerm: s.name,
          }),
        },
        {
          label: 'Old price',
          amount: change.previousAmount,
          source: source(`${s.name} charges before ${changed}`, {
            endDate: addDays(change.date, -1),
            searchTerm: s.name,
          }),
        },
        {
          label: 'More a year',
          amount: yearly,
          source: source(`The rise of ${formatMoney(rise)} a charge, over a year of charges`, {
            startDate: change.date,
            endDate: today,
            searchTerm: s.name,
          }),
        },
      ],
    });
  }
  return out;
}

/**
 * Active subscriptions with a due date whose charge has not come (MISSED_AFTER_DAYS on): the service may
 * have stopped, or been cancelled and not marked so, and it still counts in the monthly totals. Keyed on
 * the subscription and the missed day.
 */
export function missedChargeInsights(facts: InsightFacts): InsightDraft[] {
  const { today } = facts;
  const out: InsightDraft[] = [];
  for (const s of facts.subscriptions) {
    if (!isActive(s) || s.missedDueDate === null || s.missedDueDate >= today) continue;
    const late = daysBetween(s.missedDueDate, today);
    const due = dayLabel(s.missedDueDate, today);
    const since = { startDate: s.missedDueDate, endDate: today, searchTerm: s.name };
    out.push({
      key: `missed-charge:${s.id}:${s.missedDueDate}`,
      type: 'recommendation',
      priority: 'medium',
      context: 'subscriptions',
      title: `${s.name}'s charge didn't come`,
      message:
        `${s.name}'s ${formatMoney(s.amount)} charge due ${due} hasn't come in ${count(late, 'day')}` +
        (s.lastChargeDate ? `; the last one was on ${dayLabel(s.lastChargeDate, today)}. ` : '. ') +
        `It still counts ${formatMoney(s.monthlyAmount)} a month in your subscription totals.`,
      confidence: confidence(0.6 + 0.3 * scale(late, MISSED_AFTER_DAYS, MISSED_CHARGE_SURE_DAYS)),
      actionSuggestion: `If you cancelled ${s.name}, mark it cancelled; if not, check that its payment method still works.`,
      figures: [
        { label: 'Expected charge', amount: s.amount, source: source(`${s.name} charge due ${due}`, since) },
        {
          label: 'Per month',
          amount: s.monthlyAmount,
          source: source(`${s.name}, its monthly equivalent`, since),
        },
      ],
    });
  }
  return out;
}
