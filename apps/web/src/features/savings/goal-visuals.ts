import {
  type Icon,
  IconBook,
  IconCurrencyDollar,
  IconGift,
  IconHeart,
  IconHome,
  IconMapPin,
  IconStar,
  IconTarget,
  IconTrendingUp,
  IconTruck,
} from '@tabler/icons-react';
import type { GoalColor, GoalIcon, SavingsGoal } from '@tally/shared';

/** SPEC §3's goal icons, by the names the API uses, each named for what it shows. */
export const GOAL_ICON_VISUALS: Record<GoalIcon, { icon: Icon; label: string }> = {
  target: { icon: IconTarget, label: 'Target' },
  home: { icon: IconHome, label: 'Home' },
  truck: { icon: IconTruck, label: 'Truck' },
  'map-pin': { icon: IconMapPin, label: 'Map pin' },
  gift: { icon: IconGift, label: 'Gift' },
  book: { icon: IconBook, label: 'Book' },
  'dollar-sign': { icon: IconCurrencyDollar, label: 'Dollar sign' },
  'trending-up': { icon: IconTrendingUp, label: 'Trending up' },
  heart: { icon: IconHeart, label: 'Heart' },
  star: { icon: IconStar, label: 'Star' },
};

/** SPEC §3's goal colours as theme colours (the theme has no 'purple'; grape is its purple). */
export const GOAL_COLOR_VISUALS: Record<GoalColor, { color: string; label: string }> = {
  blue: { color: 'blue', label: 'Blue' },
  green: { color: 'green', label: 'Green' },
  purple: { color: 'grape', label: 'Purple' },
  pink: { color: 'pink', label: 'Pink' },
  orange: { color: 'orange', label: 'Orange' },
  red: { color: 'red', label: 'Red' },
  teal: { color: 'teal', label: 'Teal' },
  cyan: { color: 'cyan', label: 'Cyan' },
  yellow: { color: 'yellow', label: 'Yellow' },
  gray: { color: 'gray', label: 'Gray' },
};

export const goalIcon = (name: GoalIcon): Icon => GOAL_ICON_VISUALS[name].icon;
export const goalColor = (name: GoalColor): string => GOAL_COLOR_VISUALS[name].color;

/**
 * The badge a goal's progress status wears (SPEC §3). A goal without a deadline has no pace to keep, so it
 * has none; a completed one says Complete.
 */
export function goalStatusBadge(goal: Pick<SavingsGoal, 'progressStatus' | 'isActive' | 'isCompleted'>): {
  label: string;
  color: string;
} | null {
  if (goal.isCompleted || goal.progressStatus === 'completed') return { label: 'Complete', color: 'brand' };
  if (!goal.isActive) return { label: 'Paused', color: 'gray' };
  if (goal.progressStatus === 'on_track') return { label: 'On Track', color: 'brand' };
  if (goal.progressStatus === 'behind') return { label: 'Behind', color: 'orange' };
  return null;
}

/** 'Nd left' for a goal with a deadline (SPEC §2); 'Due today' on the day; 'Past due' after it. */
export function daysLeftLabel(
  goal: Pick<SavingsGoal, 'targetDate' | 'daysRemaining'>,
  today: string,
): string | null {
  if (goal.targetDate === null || goal.daysRemaining === null) return null;
  if (goal.targetDate < today) return 'Past due';
  if (goal.daysRemaining === 0) return 'Due today';
  return `${goal.daysRemaining}d left`;
}

/** A goal's progress as the cards print it: one decimal below 10%, whole percents above. */
export function formatGoalPercent(percent: number): string {
  if (percent > 0 && percent < 10) return `${(Math.round(percent * 10) / 10).toString()}%`;
  return `${Math.floor(percent)}%`;
}
