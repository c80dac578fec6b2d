import { addDays, daysBetween } from '../dates';
import { type Cents, formatMoney } from '../money';
import type { InsightPriority } from './ai.schema';
import type { DraftFigure, InsightDraft, InsightFacts } from './insight-facts';
import { confidence, count, dayLabel, monthLabel, source, spanLabel } from './insight-text';

/**
 * The cash a person should have at the end of the calendar month:
 *   cash now + income expected − subscriptions due − the usual daily spending × the days left.
 * Subscriptions and transfers are left out of the daily average, so nothing is counted twice.
 */

/** Projected cash under this many days of usual spending is thin: medium priority. Below 0 is high. */
export const CASH_FORECAST_THIN_DAYS = 7;

type Outlook = 'short' | 'thin' | 'ok';

const PRIORITY: Record<Outlook, InsightPriority> = { short: 'high', thin: 'medium', ok: 'low' };

const sum = (items: readonly { amount: Cents }[]) => items.reduce((total, i) => total + i.amount, 0);

/**
 * The month-end cash forecast, from tomorrow to monthEnd. Not on the month's last day (nothing is left to
 * forecast), and not when history does not cover the recent window: its daily average would count days
 * before the first transaction as days without spending, and promise more cash than there will be. Keyed on
 * the month and the outlook, so dismissing a comfortable forecast does not hide a later shortfall.
 */
export function monthEndCashInsights(facts: InsightFacts): InsightDraft[] {
  const { today, monthEnd, historyStart } = facts;
  if (today >= monthEnd || historyStart === null || historyStart > facts.recentStart) return [];
  const daysLeft = daysBetween(today, monthEnd);
  const income = sum(facts.expectedIncome);
  const charges = sum(facts.upcomingCharges);
  const daily = facts.averageDailySpending;
  const spending = daily * daysLeft;
  const projected = facts.cashBalance + income - charges - spending;
  const outlook: Outlook =
    projected < 0 ? 'short' : projected < daily * CASH_FORECAST_THIN_DAYS ? 'thin' : 'ok';

  const end = dayLabel(monthEnd, today);
  const ahead = { startDate: addDays(today, 1), endDate: monthEnd };
  // By day, then name, so the same facts in any order describe the same way.
  const when = (items: { name: string; date: string }[]) =>
    items
      .map((i) => ({ ...i, text: `${i.name} on ${dayLabel(i.date, today)}` }))
      .sort((a, b) =>
        a.date < b.date ? -1 : a.date > b.date ? 1 : a.text < b.text ? -1 : a.text > b.text ? 1 : 0,
      )
      .map((i) => i.text)
      .join(', ');

  const figures: DraftFigure[] = [
    {
      label: 'Cash now',
      amount: facts.cashBalance,
      source: source('Cash in checking and savings accounts', { endDate: today }),
    },
  ];
  if (income > 0) {
    figures.push({
      label: 'Income expected',
      amount: income,
      source: source(when(facts.expectedIncome.map((i) => ({ name: i.label, date: i.date }))), ahead),
    });
  }
  if (charges > 0) {
    figures.push({
      label: 'Subscriptions due',
      amount: charges,
      source: source(when(facts.upcomingCharges), ahead),
    });
  }
  figures.push(
    {
      label: 'Usual spending a day',
      amount: daily,
      source: source(
        `Average a day, ${spanLabel(facts.recentStart, today)}, subscriptions and transfers left out`,
        { startDate: facts.recentStart, endDate: today },
      ),
    },
    {
      label: `Spending over ${count(daysLeft, 'day')}`,
      amount: spending,
      source: source(`The usual daily spending for the ${count(daysLeft, 'day')} left`, ahead),
    },
    {
      label: `Cash on ${end}`,
      amount: projected,
      source: source('Cash now, plus income expected, less subscriptions due and usual spending', ahead),
    },
  );

  const have =
    `You have ${formatMoney(facts.cashBalance)} in cash` +
    (income > 0 ? ` and ${formatMoney(income)} of income expected by ${end}.` : '.');
  const spend =
    `Spending your usual ${formatMoney(daily)} a day for the ${count(daysLeft, 'day')} left (${formatMoney(spending)})` +
    (charges > 0 ? ` and paying ${formatMoney(charges)} in subscriptions due` : '');
  const ending =
    outlook === 'short'
      ? `you'd be about ${formatMoney(-projected)} short by ${end}.`
      : `you'd end ${monthLabel(monthEnd)} with about ${formatMoney(projected)}.`;

  return [
    {
      key: `month-end-cash:${monthEnd}:${outlook}`,
      type: 'prediction',
      priority: PRIORITY[outlook],
      context: 'dashboard',
      title:
        outlook === 'short'
          ? `Cash may run short by ${end}`
          : outlook === 'thin'
            ? `Cash will be tight by ${end}`
            : `${monthLabel(monthEnd)} should end with cash to spare`,
      message: `${have} ${spend}, ${ending}`,
      // Fewer days left leave less to go differently; a longer history makes the average surer; pay that
      // has not arrived yet might come late.
      confidence: confidence(
        0.55 +
          0.3 * (1 - Math.min(daysLeft, 31) / 31) +
          (historyStart <= facts.baselineStart ? 0.1 : 0) -
          (income > 0 ? 0.05 : 0),
      ),
      actionSuggestion:
        outlook === 'short'
          ? `Put off spending that can wait, or move money into checking, before ${end}.`
          : outlook === 'thin'
            ? `Keep spending light until ${end}: there's little room for a surprise.`
            : null,
      figures,
    },
  ];
}
