import { daysBetween } from '../dates';
import { type Cents, formatMoney } from '../money';
import { amountOfLeftover } from '../savings/allocation';
import { dailyRequired } from '../savings/progress';
import type { InsightPriority } from './ai.schema';
import type { GoalFacts, InsightDraft, InsightFacts } from './insight-facts';
import { confidence, dayLabel, scale, setPercent, source, spanLabel, weekStart } from './insight-text';

/**
 * Savings: leftover no goal receives, and goals behind the even pace to their target date.
 */

/** Unallocated leftover below this is not worth a suggestion; from the second, it is medium priority. */
export const LEFTOVER_MIN_UNALLOCATED: Cents = 25_00;
export const LEFTOVER_MEDIUM_UNALLOCATED: Cents = 100_00;
/** A goal behind by less than this (and less than GOAL_BEHIND_MIN_SHORTFALL_PERCENT of its target) is on its way. */
export const GOAL_BEHIND_MIN_SHORTFALL: Cents = 10_00;
export const GOAL_BEHIND_MIN_SHORTFALL_PERCENT = 2;
/** A goal behind with this few days to go, or this far behind (percent of its target), is high priority. */
export const GOAL_BEHIND_SOON_DAYS = 30;
export const GOAL_BEHIND_HIGH_PERCENT = 25;
export const GOAL_BEHIND_MEDIUM_PERCENT = 10;

const isOpen = (g: GoalFacts) => g.isActive && !g.isCompleted;

/**
 * The current period's leftover so far, less the goals' combined share of it (rounded down as the split
 * does), when that rest is at least LEFTOVER_MIN_UNALLOCATED: a suggestion to raise an allocation or, with
 * no goal, to create one. This is also where a large leftover becomes a suggestion to save it: one finding,
 * never two. Keyed on the period's end, and on whether there is a goal to raise.
 */
export function unallocatedLeftoverInsights(facts: InsightFacts): InsightDraft[] {
  const { leftover, budget } = facts;
  if (!leftover || leftover.soFar <= 0 || leftover.allocatedPercent >= 100) return [];
  const goalsShare = amountOfLeftover(leftover.allocatedPercent, leftover.soFar);
  const unallocated = leftover.soFar - goalsShare;
  if (unallocated < LEFTOVER_MIN_UNALLOCATED) return [];
  const open = facts.goals.filter(isOpen);
  const hasGoal = open.length > 0 && leftover.allocatedPercent > 0;
  const behind = open
    .filter((g) => g.status === 'behind')
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : a.id < b.id ? -1 : 1))[0];
  const periodEnd = dayLabel(leftover.periodEnd, facts.today);
  const window = { startDate: budget?.startDate ?? null, endDate: facts.today };
  const soFarLabel = budget
    ? `Budget leftover, ${spanLabel(budget.startDate, facts.today)}`
    : 'Budget leftover so far';
  return [
    {
      key: `${hasGoal ? 'leftover-unallocated' : 'leftover-no-goal'}:${leftover.periodEnd}`,
      // Leftover that could fund a goal is a savings finding; moving it into the goals one has, advice.
      type: hasGoal ? 'recommendation' : 'savings',
      priority: unallocated >= LEFTOVER_MEDIUM_UNALLOCATED ? 'medium' : 'low',
      context: 'savings',
      title: hasGoal ? "Part of your leftover isn't being saved" : 'Put your leftover to work',
      message: hasGoal
        ? `Your budget has ${formatMoney(leftover.soFar)} left over so far this period (it ends ${periodEnd}). ` +
          `Your goals take ${setPercent(leftover.allocatedPercent)} of it, so ${formatMoney(unallocated)} goes to none.`
        : `Your budget has ${formatMoney(leftover.soFar)} left over so far this period (it ends ${periodEnd}), ` +
          `and no savings goal takes a share of it.`,
      // The leftover so far can still be spent: surer the further the period has gone.
      confidence: confidence(
        budget ? 0.5 + 0.45 * (budget.daysElapsed / Math.max(1, budget.totalDays)) : 0.6,
      ),
      actionSuggestion: !hasGoal
        ? open.length > 0
          ? 'Give a savings goal an allocation, and each period it receives its share of the leftover.'
          : 'Create a savings goal, and each period it receives its share of the leftover.'
        : behind
          ? `Raise ${behind.name}'s allocation to help it catch up, or add a goal for the rest.`
          : "Raise a goal's allocation, or add a new goal, so the rest is saved too.",
      figures: [
        { label: 'Leftover so far', amount: leftover.soFar, source: source(soFarLabel, window) },
        ...(hasGoal
          ? [
              {
                label: "Goals' share",
                amount: goalsShare,
                source: source(`${setPercent(leftover.allocatedPercent)} of the leftover so far`, window),
              },
            ]
          : []),
        {
          label: 'Unallocated',
          amount: unallocated,
          source: source('Leftover so far no goal receives', window),
        },
      ],
    },
  ];
}

function behindPriority(shortfall: Cents, target: Cents, daysLeft: number): InsightPriority {
  if (daysLeft <= GOAL_BEHIND_SOON_DAYS) return 'high';
  const percent = (shortfall * 100) / target;
  return percent >= GOAL_BEHIND_HIGH_PERCENT
    ? 'high'
    : percent >= GOAL_BEHIND_MEDIUM_PERCENT
      ? 'medium'
      : 'low';
}

/**
 * Active goals the server reads as behind: saved less than an even pace from the start day to the target
 * date would have by today (savings/progress.ts goalStatus), by at least GOAL_BEHIND_MIN_SHORTFALL and
 * GOAL_BEHIND_MIN_SHORTFALL_PERCENT of the target. A goal whose date has come is due, with what it still
 * needs. Keyed on the goal and the week, so a standing finding does not return daily once dismissed.
 */
export function goalBehindInsights(facts: InsightFacts): InsightDraft[] {
  const { today } = facts;
  const out: InsightDraft[] = [];
  for (const g of facts.goals) {
    if (!isOpen(g) || g.status !== 'behind' || g.targetDate === null) continue;
    const rest = g.targetAmount - g.currentAmount;
    if (rest <= 0) continue;
    const goalWindow = { startDate: g.startDate, endDate: today };
    const saved = {
      label: 'Saved',
      amount: g.currentAmount,
      source: source(`${g.name}: saved so far`, goalWindow),
    };
    const target = {
      label: 'Target',
      amount: g.targetAmount,
      source: source(`${g.name}: target`, goalWindow),
    };
    const targetDay = dayLabel(g.targetDate, today);

    if (g.targetDate <= today) {
      out.push({
        key: `goal-due:${g.id}:${g.targetDate}`,
        type: 'savings',
        priority: 'high',
        context: 'savings',
        title: `${g.name} is past its date`,
        message:
          `${g.name}'s target date, ${targetDay}, ${g.targetDate === today ? 'is today' : 'has passed'}, ` +
          `with ${formatMoney(rest)} of its ${formatMoney(g.targetAmount)} still to save.`,
        confidence: confidence(0.95),
        actionSuggestion: `Add money to finish ${g.name}, or give it a new target date.`,
        figures: [
          saved,
          target,
          {
            label: 'Still to save',
            amount: rest,
            source: source('The target less what is saved', goalWindow),
          },
        ],
      });
      continue;
    }

    const span = daysBetween(g.startDate, g.targetDate);
    if (span <= 0) continue;
    const elapsed = Math.min(Math.max(daysBetween(g.startDate, today), 0), span);
    const expected = Math.round((g.targetAmount * elapsed) / span);
    const shortfall = expected - g.currentAmount;
    if (
      shortfall < GOAL_BEHIND_MIN_SHORTFALL ||
      shortfall * 100 < g.targetAmount * GOAL_BEHIND_MIN_SHORTFALL_PERCENT
    ) {
      continue;
    }
    const daily = g.dailyRequired ?? dailyRequired(g, today) ?? 0;
    const daysLeft = daysBetween(today, g.targetDate);
    out.push({
      key: `goal-behind:${g.id}:${weekStart(today)}`,
      type: 'savings',
      priority: behindPriority(shortfall, g.targetAmount, daysLeft),
      context: 'savings',
      title: `${g.name} is behind schedule`,
      message:
        `${g.name} has ${formatMoney(g.currentAmount)} saved; an even pace from ` +
        `${dayLabel(g.startDate, today)} to ${targetDay} would have ${formatMoney(expected)} by now. ` +
        `To reach ${formatMoney(g.targetAmount)} on time it needs ${formatMoney(daily)} a day.`,
      // Surer the longer the goal has run, and the further behind it is.
      confidence: confidence(
        0.5 +
          0.3 * (elapsed / span) +
          0.15 * scale(shortfall * 100, 0, g.targetAmount * GOAL_BEHIND_HIGH_PERCENT),
      ),
      actionSuggestion: `Add ${formatMoney(shortfall)} to catch up, or raise its allocation so more of each leftover goes to it.`,
      figures: [
        saved,
        {
          label: 'Even pace by today',
          amount: expected,
          source: source(`${g.name}: the target spread evenly, ${elapsed} of ${span} days in`, goalWindow),
        },
        { label: 'Behind by', amount: shortfall, source: source('Even pace less what is saved', goalWindow) },
        target,
        {
          label: 'Needed per day',
          amount: daily,
          source: source(`What is left over the days to ${targetDay}`, {
            startDate: today,
            endDate: g.targetDate,
          }),
        },
      ],
    });
  }
  return out;
}
