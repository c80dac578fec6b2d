import { addDays } from '../dates';
import type { Cents } from '../money';

export type AchievementTitle =
  | 'Week Warrior'
  | 'Spending Pause'
  | 'Budget Monk'
  | 'Saver Supreme'
  | 'Future Planner';
export type Achievement = {
  title: AchievementTitle;
  description: string;
  icon: string;
  /** The day it was first earned in the period. */
  earnedDate: string;
};

export type CountUpInput = {
  allocated: Cents;
  /** The period's first day and its length. */
  startDate: string;
  totalDays: number;
  /** Money out in the category on each day of the period so far (index 0 = the first day). */
  dailySpent: readonly Cents[];
  /** Carried over from the previous period: unspent (positive) or overspent (negative). */
  rolledOver?: Cents;
  /** Replaces allocated ÷ days as what each day earns. */
  customDailyAllowance?: Cents | null;
};

export type CountUpStatus = {
  dailyAllowance: Cents;
  earnedToDate: Cents;
  actualSpent: Cents;
  availableBalance: Cents;
  isOverEarned: boolean;
  daysElapsed: number;
  totalDays: number;
  consecutiveDaysUnderBudget: number;
  zeroSpendingDays: number;
  achievements: Achievement[];
};

/**
 * What the first `days` days of the period have earned. With the even split, whole cents are handed out
 * as they accrue, so the last day's total is exactly the allocation; a custom allowance earns its amount
 * every day.
 */
export function earnedThrough(
  {
    allocated,
    totalDays,
    customDailyAllowance,
  }: Pick<CountUpInput, 'allocated' | 'totalDays' | 'customDailyAllowance'>,
  days: number,
): Cents {
  const elapsed = Math.min(Math.max(days, 0), totalDays);
  if (customDailyAllowance != null) return customDailyAllowance * elapsed;
  return Math.floor((allocated * elapsed) / totalDays);
}

/** What one day earns, as shown: the custom allowance, or the allocation over the days, to the cent. */
export function dailyAllowance(
  input: Pick<CountUpInput, 'allocated' | 'totalDays' | 'customDailyAllowance'>,
): Cents {
  return input.customDailyAllowance ?? Math.round(input.allocated / input.totalDays);
}

/** What each achievement (SPEC §9) says and its icon's name. */
export const ACHIEVEMENTS: Record<AchievementTitle, Omit<Achievement, 'title' | 'earnedDate'>> = {
  'Week Warrior': { description: '7 days in a row under budget', icon: 'trophy' },
  'Spending Pause': { description: '3 days without spending', icon: 'coffee-off' },
  'Budget Monk': { description: '10 days without spending', icon: 'meditation' },
  'Saver Supreme': { description: '20 days in a row under budget', icon: 'crown' },
  'Future Planner': { description: 'More than a week of allowance saved up', icon: 'calendar-star' },
};

/**
 * A category's count-up status after the days in `dailySpent` (SPEC §3): earned grows every day, available
 * is what was earned (plus any rollover) minus what was spent. A day is under budget when its spending is
 * within what that day earned; achievements follow SPEC §9, each earned once, on the first day it is met.
 */
export function countUp(input: CountUpInput): CountUpStatus {
  const { totalDays, dailySpent, rolledOver = 0, startDate } = input;
  const allowance = dailyAllowance(input);
  const daysElapsed = Math.min(dailySpent.length, totalDays);
  // The day index each achievement was first met on; dates are worked out once, at the end.
  const earnedOn = new Map<AchievementTitle, number>();
  const earn = (title: AchievementTitle, index: number) => {
    if (!earnedOn.has(title)) earnedOn.set(title, index);
  };

  let spent = 0;
  let streak = 0;
  let zeroDays = 0;
  let earnedBefore = 0;
  for (let i = 0; i < daysElapsed; i += 1) {
    const spentToday = dailySpent[i] ?? 0;
    const earnedByNow = earnedThrough(input, i + 1);
    spent += spentToday;
    streak = spentToday <= earnedByNow - earnedBefore ? streak + 1 : 0;
    earnedBefore = earnedByNow;
    // A day with only a refund spent nothing.
    if (spentToday <= 0) zeroDays += 1;
    if (streak >= 7) earn('Week Warrior', i);
    if (streak >= 20) earn('Saver Supreme', i);
    if (zeroDays >= 3) earn('Spending Pause', i);
    if (zeroDays >= 10) earn('Budget Monk', i);
    if (earnedByNow - spent + rolledOver > 7 * allowance && allowance > 0) earn('Future Planner', i);
  }

  const earnedToDate = earnedThrough(input, daysElapsed);
  return {
    dailyAllowance: allowance,
    earnedToDate,
    actualSpent: spent,
    availableBalance: earnedToDate - spent + rolledOver,
    isOverEarned: spent > earnedToDate,
    daysElapsed,
    totalDays,
    consecutiveDaysUnderBudget: streak,
    zeroSpendingDays: zeroDays,
    achievements: [...earnedOn].map(([title, index]) => ({
      title,
      ...ACHIEVEMENTS[title],
      earnedDate: addDays(startDate, index),
    })),
  };
}

/**
 * What a category carries into the next period when it allows rollover: what was left of the allocation
 * and the previous rollover, or the overspend (negative).
 */
export const rollover = ({
  allocated,
  spent,
  rolledOver = 0,
}: {
  allocated: Cents;
  spent: Cents;
  rolledOver?: Cents;
}) => allocated + rolledOver - spent;

/** Remaining and percentage used of a traditional (count-down) category. */
export function categoryUsage({ allocated, spent }: { allocated: Cents; spent: Cents }) {
  return {
    remaining: allocated - spent,
    percentageUsed: allocated > 0 ? Math.round((spent / allocated) * 10_000) / 100 : spent > 0 ? 100 : 0,
  };
}
