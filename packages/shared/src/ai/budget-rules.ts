import { addDays } from '../dates';
import { type Cents, formatMoney } from '../money';
import { CATEGORIES } from '../transactions/categories';
import type { InsightPriority } from './ai.schema';
import type { BudgetFacts, DraftFigure, InsightDraft, InsightFacts } from './insight-facts';
import { confidence, count, dayLabel, scale, source, spanLabel, wholePercent } from './insight-text';

/**
 * The active budget's period: categories already over their allocation, and categories whose spending so
 * far, carried on at the same daily rate, would take them over before the period ends. Keys carry the
 * period's first day, so a finding holds its key for the whole period.
 */

/** The pace of the first days says little: no projection before this day of the period (day 4). */
export const BUDGET_PACE_MIN_DAYS = 4;
/** A pace drawn from one or two purchases is a guess: at least this many transactions. */
export const BUDGET_PACE_MIN_TRANSACTIONS = 3;
/** A projected overspend counts when it is both this much and this many percent of the allocation. */
export const BUDGET_PACE_MIN_OVERSPEND: Cents = 10_00;
export const BUDGET_PACE_MIN_OVERSPEND_PERCENT = 5;
/** Projected overspend, in percent of the allocation, from which the finding is high or medium priority. */
export const BUDGET_PACE_HIGH_PERCENT = 25;
export const BUDGET_PACE_MEDIUM_PERCENT = 10;
/** What has already happened: only a refund or a re-categorised transaction could undo it. */
export const OVER_BUDGET_CONFIDENCE = 0.95;

/**
 * Bills (rent, utilities, insurance, subscriptions, loans) are paid on set days, not spread over the
 * period, so a daily pace says nothing about them; they still count as over budget once they are.
 */
const BILLS: ReadonlySet<number> = new Set(
  CATEGORIES.filter((c) => c.group === 'Fixed Expenses').map((c) => c.code),
);

type BudgetCategory = BudgetFacts['categories'][number];

const periodSpan = (budget: BudgetFacts) => spanLabel(budget.startDate, budget.endDate);

/** What the category spent and was given, as the Transactions screen and the budget show them. */
function spentAndAllocated(budget: BudgetFacts, c: BudgetCategory): DraftFigure[] {
  const period = { startDate: budget.startDate, endDate: budget.endDate, category: c.category };
  return [
    {
      label: 'Spent',
      amount: c.spent,
      source: source(`${c.name}, ${periodSpan(budget)}`, { ...period, transactionCount: c.transactionCount }),
    },
    {
      label: 'Budget',
      amount: c.allocated,
      source: source(`${c.name} budget, ${periodSpan(budget)}`, period),
    },
  ];
}

/** Another category with enough left to cover an overspend, the one with the most left (ties: lower code). */
function coverFor(budget: BudgetFacts, over: BudgetCategory, amount: Cents): BudgetCategory | null {
  let best: BudgetCategory | null = null;
  for (const c of budget.categories) {
    if (c.category === over.category || c.allocated - c.spent < amount) continue;
    const left = c.allocated - c.spent;
    const bestLeft = best ? best.allocated - best.spent : -1;
    if (!best || left > bestLeft || (left === bestLeft && c.category < best.category)) best = c;
  }
  return best;
}

/** Every budget category that has spent more than it was given, at any point of the period. */
export function overBudgetInsights(facts: InsightFacts): InsightDraft[] {
  const { budget } = facts;
  if (!budget) return [];
  const daysLeft = Math.max(0, budget.totalDays - budget.daysElapsed);
  return budget.categories
    .filter((c) => c.spent > c.allocated)
    .map((c) => {
      const over = c.spent - c.allocated;
      const cover = daysLeft > 0 ? coverFor(budget, c, over) : null;
      const action = cover
        ? `${cover.name} has enough left to cover it: move ${formatMoney(over)} of its budget to ${c.name}.`
        : c.allowRollover
          ? `The overspend carries into next period's ${c.name} budget, so plan for less there.`
          : daysLeft > 0
            ? `Hold off on ${c.name} for the rest of the period if you can.`
            : `If this is typical, give ${c.name} a larger budget next period.`;
      return {
        key: `over-budget:${c.category}:${budget.startDate}`,
        type: 'budget',
        priority: 'high',
        context: 'budget',
        title: `${c.name} is over budget`,
        message:
          `You've spent ${formatMoney(c.spent)} on ${c.name} against a budget of ${formatMoney(c.allocated)}, ` +
          `${formatMoney(over)} over` +
          (daysLeft > 0
            ? `, with ${count(daysLeft, 'day')} of the period still to go.`
            : ' on its last day.'),
        confidence: OVER_BUDGET_CONFIDENCE,
        actionSuggestion: action,
        figures: [
          ...spentAndAllocated(budget, c),
          {
            label: 'Over budget',
            amount: over,
            source: source('Spent less the budget', {
              startDate: budget.startDate,
              endDate: budget.endDate,
              category: c.category,
            }),
          },
        ],
      } satisfies InsightDraft;
    });
}

function pacePriority(overspend: Cents, allocated: Cents): InsightPriority {
  const percent = (overspend * 100) / allocated;
  return percent >= BUDGET_PACE_HIGH_PERCENT
    ? 'high'
    : percent >= BUDGET_PACE_MEDIUM_PERCENT
      ? 'medium'
      : 'low';
}

/**
 * The day an allocation runs out when `spent` in the first `daysElapsed` days goes on at the same daily
 * rate: the first day whose running total reaches it, start + ⌈allocated ÷ (spent ÷ daysElapsed)⌉ − 1.
 * Spent must be above 0.
 */
export function budgetRunOutDay(
  startDate: string,
  allocated: Cents,
  spent: Cents,
  daysElapsed: number,
): string {
  // Whole cents times whole days, divided once: exact in floating point for any amount a budget holds.
  return addDays(startDate, Math.max(1, Math.ceil((allocated * daysElapsed) / spent)) - 1);
}

/**
 * Budget categories not over yet but on pace to be: spent ÷ days elapsed × days in the period exceeds the
 * allocation by BUDGET_PACE_MIN_OVERSPEND and BUDGET_PACE_MIN_OVERSPEND_PERCENT. The day it runs out is
 * budgetRunOutDay. Not in the period's first days, not on its last (nothing left to project), not for bills.
 */
export function budgetPaceInsights(facts: InsightFacts): InsightDraft[] {
  const { budget } = facts;
  if (!budget || budget.daysElapsed < BUDGET_PACE_MIN_DAYS || budget.daysElapsed >= budget.totalDays)
    return [];
  const { daysElapsed, totalDays } = budget;
  const daysLeft = totalDays - daysElapsed;
  const out: InsightDraft[] = [];
  for (const c of budget.categories) {
    if (BILLS.has(c.category) || c.transactionCount < BUDGET_PACE_MIN_TRANSACTIONS) continue;
    if (c.allocated <= 0 || c.spent <= 0 || c.spent > c.allocated) continue;
    const projected = Math.round((c.spent * totalDays) / daysElapsed);
    const overspend = projected - c.allocated;
    if (
      overspend < BUDGET_PACE_MIN_OVERSPEND ||
      overspend * 100 < c.allocated * BUDGET_PACE_MIN_OVERSPEND_PERCENT
    ) {
      continue;
    }
    const runOutDay = budgetRunOutDay(budget.startDate, c.allocated, c.spent, daysElapsed);
    const pace = `the period ends about ${formatMoney(overspend)} over (${wholePercent(overspend, c.allocated)}%)`;
    const message =
      c.spent === c.allocated
        ? `You've used all of your ${formatMoney(c.allocated)} ${c.name} budget in ${daysElapsed} of ${totalDays} ` +
          `days. At this pace ${pace}.`
        : `You've spent ${formatMoney(c.spent)} of your ${formatMoney(c.allocated)} ${c.name} budget in ` +
          `${daysElapsed} of ${totalDays} days. At this pace it runs out on ${dayLabel(runOutDay, facts.today)}, ` +
          `and ${pace}.`;
    const dailyRoom = Math.floor((c.allocated - c.spent) / daysLeft);
    const derived = { startDate: budget.startDate, endDate: budget.endDate, category: c.category };
    out.push({
      key: `budget-pace:${c.category}:${budget.startDate}`,
      type: 'budget',
      priority: pacePriority(overspend, c.allocated),
      context: 'budget',
      title: `${c.name} is on pace to go over budget`,
      message,
      confidence: confidence(
        0.45 +
          0.35 * (daysElapsed / totalDays) +
          0.15 * scale(c.transactionCount, BUDGET_PACE_MIN_TRANSACTIONS, 12),
      ),
      actionSuggestion:
        dailyRoom > 0
          ? `To stay within budget, keep ${c.name} to ${formatMoney(dailyRoom)} a day for the ${count(daysLeft, 'day')} left.`
          : `To stay within budget, hold off on ${c.name} for the ${count(daysLeft, 'day')} left.`,
      figures: [
        ...spentAndAllocated(budget, c),
        {
          label: 'Projected spending',
          amount: projected,
          source: source(`Spent so far at the same daily rate for all ${totalDays} days`, derived),
        },
        {
          label: 'Projected overspend',
          amount: overspend,
          source: source('Projected spending less the budget', derived),
        },
        ...(dailyRoom > 0
          ? [
              {
                label: 'Daily room left',
                amount: dailyRoom,
                source: source(`What the budget has left over the ${count(daysLeft, 'day')} to go`, derived),
              },
            ]
          : []),
      ],
    });
  }
  return out;
}
