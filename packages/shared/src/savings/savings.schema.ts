import { z } from 'zod';
import { isoDay } from '../dates';
import { hasAtMostTwoDecimals, money } from '../money';

/** SPEC §3: the icons and colours a goal can wear. */
export const GOAL_ICONS = [
  'target',
  'home',
  'truck',
  'map-pin',
  'gift',
  'book',
  'dollar-sign',
  'trending-up',
  'heart',
  'star',
] as const;
export type GoalIcon = (typeof GOAL_ICONS)[number];
export const GOAL_COLORS = [
  'blue',
  'green',
  'purple',
  'pink',
  'orange',
  'red',
  'teal',
  'cyan',
  'yellow',
  'gray',
] as const;
export type GoalColor = (typeof GOAL_COLORS)[number];

/** SPEC §9: a new goal takes 10% of each period's leftover; all active goals together at most 100%. */
export const DEFAULT_ALLOCATION_PERCENT = 10;
export const MAX_GOAL_NAME_LENGTH = 100;
export const MAX_GOAL_DESCRIPTION_LENGTH = 500;
export const MAX_GOAL_TARGET = 10_000_000;
export const MAX_CONTRIBUTION_NOTE_LENGTH = 200;

/** Dollars above 0 with at most two decimals. */
const dollars = (required: string, max: number, tooMuch: string) =>
  z
    .number({ error: required })
    .refine((n) => n > 0, required)
    .refine((n) => n <= max, tooMuch)
    .refine(hasAtMostTwoDecimals, 'Amount can have at most 2 decimals');

/** Percent of the leftover, 1 to 100 with at most two decimals (SPEC §5). */
export const allocationPercentage = z
  .number({ error: 'Allocation must be between 1% and 100%' })
  .refine((n) => n >= 1 && n <= 100, 'Allocation must be between 1% and 100%')
  .refine(hasAtMostTwoDecimals, 'Allocation can have at most 2 decimals');

/**
 * POST /savings/goals (SPEC §7) with SPEC §5's messages. "Target date must be in the future" needs the
 * person's today, and the 100% cap needs their other goals, so the server checks those (the form too).
 */
export const goalBody = z.object({
  name: z
    .string({ error: 'Goal name is required' })
    .trim()
    .min(1, 'Goal name is required')
    .max(MAX_GOAL_NAME_LENGTH, 'Name must be less than 100 characters'),
  description: z
    .string()
    .trim()
    .max(MAX_GOAL_DESCRIPTION_LENGTH, 'Description must be less than 500 characters')
    .nullish()
    .transform((d) => d || null),
  targetAmount: dollars(
    'Target amount must be greater than 0',
    MAX_GOAL_TARGET,
    'Target amount must be at most $10,000,000',
  ),
  allocationPercentage: allocationPercentage.default(DEFAULT_ALLOCATION_PERCENT),
  targetDate: z
    .union([isoDay, z.literal('')])
    .nullish()
    .transform((d) => d || null),
  iconName: z.enum(GOAL_ICONS, { error: 'Choose an icon' }).default('target'),
  colorTheme: z.enum(GOAL_COLORS, { error: 'Choose a colour' }).default('blue'),
});
export type GoalBody = z.input<typeof goalBody>;

/** PUT /savings/goals/{id}: the same plus isActive (a paused goal takes no share and leaves the cap). */
export const updateGoalBody = goalBody.extend({ isActive: z.boolean().default(true) });
export type UpdateGoalBody = z.input<typeof updateGoalBody>;

/** SPEC §3: completed, on_track, behind; anything else (no deadline) is active. */
export const GOAL_STATUSES = ['completed', 'on_track', 'behind', 'active'] as const;

/** A savings goal as the API answers it (SPEC §3). */
export const savingsGoal = z.object({
  id: z.uuid(),
  name: z.string(),
  description: z.string().nullable(),
  targetAmount: money,
  currentAmount: money,
  allocationPercentage: z.number(),
  targetDate: isoDay.nullable(),
  /** Whole days to the target date, null without one. */
  daysRemaining: z.number().int().nullable(),
  /** What must still be saved per day to make the date (rounded up to the cent), null without one. */
  dailyRequiredSavings: money.nullable(),
  /** SPEC §9: the target over the months until the target date; null without one. */
  monthlyContribution: money.nullable(),
  progressPercentage: z.number(),
  progressStatus: z.enum(GOAL_STATUSES),
  iconName: z.enum(GOAL_ICONS),
  colorTheme: z.enum(GOAL_COLORS),
  isActive: z.boolean(),
  isCompleted: z.boolean(),
  /** The day it reached its target. */
  completedDate: isoDay.nullable(),
  /** The day it was set, in the person's time zone. */
  startDate: isoDay,
  /** What its share of the current period's leftover comes to so far. */
  currentPeriodShare: money,
  createdAt: z.string(),
});
export type SavingsGoal = z.infer<typeof savingsGoal>;
export const savingsGoalList = z.array(savingsGoal);

/** The budget period the leftover is measured in. */
export const leftoverPeriod = z.object({
  budgetId: z.uuid(),
  budgetName: z.string(),
  periodId: z.uuid(),
  startDate: isoDay,
  endDate: isoDay,
  daysElapsed: z.number().int(),
  totalDays: z.number().int(),
  /** What the period has left so far (its allocations earned by day, less spending). */
  leftoverSoFar: money,
  /** What it leaves if the rest of the period spends nothing: budgeted less spent so far. */
  leftoverIfNoMoreSpending: money,
});
export type LeftoverPeriod = z.infer<typeof leftoverPeriod>;

/** GET /savings/overview (SPEC §3). */
export const savingsOverview = z.object({
  goals: savingsGoalList,
  totalSaved: money,
  /** The active goals' share of the current period's leftover so far. */
  totalAllocatedPerPeriod: money,
  /** Their percentages together (at most 100). */
  totalAllocationPercentage: z.number(),
  activeGoalsCount: z.number().int(),
  completedGoalsCount: z.number().int(),
  currentPeriodLeftover: money,
  unallocatedAmount: money,
  /** Saved into goals over the last 30 days. */
  monthlyGrowth: money,
  /** The active budget's current period, or null without a budget. */
  period: leftoverPeriod.nullable(),
});
export type SavingsOverview = z.infer<typeof savingsOverview>;

export const CONTRIBUTION_SOURCES = ['period', 'manual'] as const;
export type ContributionSource = (typeof CONTRIBUTION_SOURCES)[number];

/** One row of a goal's ledger: a period's leftover share, or money added by hand. */
export const contribution = z.object({
  id: z.uuid(),
  amount: money,
  source: z.enum(CONTRIBUTION_SOURCES),
  date: isoDay,
  /** The budget period it came from (source period). */
  periodStartDate: isoDay.nullable(),
  periodEndDate: isoDay.nullable(),
  note: z.string().nullable(),
});
export type Contribution = z.infer<typeof contribution>;

/** GET /savings/goals/{id}/progress: the goal, its ledger newest first, and its balance by day for the chart. */
export const goalProgressView = z.object({
  goal: savingsGoal,
  contributions: z.array(contribution),
  history: z.array(z.object({ date: isoDay, total: money })),
});
export type GoalProgressView = z.infer<typeof goalProgressView>;

/** POST /savings/goals/{id}/allocate: money added to a goal by hand. */
export const allocateBody = z.object({
  amount: dollars('Amount must be greater than 0', MAX_GOAL_TARGET, 'Amount must be at most $10,000,000'),
  note: z
    .string()
    .trim()
    .max(MAX_CONTRIBUTION_NOTE_LENGTH, 'Note must be less than 200 characters')
    .nullish()
    .transform((d) => d || null),
});
export type AllocateBody = z.input<typeof allocateBody>;

/** Savings achievements: each earned once, on the day it was first reached. */
export const SAVINGS_ACHIEVEMENTS = {
  first_goal: { title: 'First Goal', description: 'Set your first savings goal', icon: 'flag' },
  progress_25: { title: 'Quarter Way', description: 'Reached 25% of a goal', icon: 'trending-up' },
  progress_50: { title: 'Halfway There', description: 'Reached 50% of a goal', icon: 'target' },
  progress_75: { title: 'Almost There', description: 'Reached 75% of a goal', icon: 'rocket' },
  progress_100: { title: 'Goal Achieved', description: 'Reached 100% of a goal', icon: 'trophy' },
  streak_3: { title: 'On a Roll', description: '3 budget periods in a row funded your goals', icon: 'flame' },
  streak_6: {
    title: 'Steady Saver',
    description: '6 budget periods in a row funded your goals',
    icon: 'flame',
  },
  streak_12: {
    title: 'Savings Habit',
    description: '12 budget periods in a row funded your goals',
    icon: 'crown',
  },
} as const;
export type SavingsAchievementKind = keyof typeof SAVINGS_ACHIEVEMENTS;

export const savingsAchievement = z.object({
  id: z.uuid(),
  kind: z.enum(Object.keys(SAVINGS_ACHIEVEMENTS) as [SavingsAchievementKind, ...SavingsAchievementKind[]]),
  title: z.string(),
  description: z.string(),
  icon: z.string(),
  /** The goal it was earned on; null for first goal and streaks (and once that goal is deleted). */
  goalId: z.uuid().nullable(),
  goalName: z.string().nullable(),
  earnedDate: isoDay,
});
export type SavingsAchievement = z.infer<typeof savingsAchievement>;
export const savingsAchievementList = z.array(savingsAchievement);

/** POST /savings/achievements/check: what this check earned, and all of them. */
export const achievementCheck = z.object({
  newlyEarned: savingsAchievementList,
  achievements: savingsAchievementList,
});

/** A budget period's leftover and what went to goals from it. */
export const periodLeftoverView = z.object({
  periodId: z.uuid(),
  startDate: isoDay,
  endDate: isoDay,
  leftover: money,
  allocated: money,
  /** When its leftover went to goals; null while the period runs or waits for the job. */
  processedAt: z.string().nullable(),
  allocations: z.array(z.object({ goalId: z.uuid(), goalName: z.string(), amount: money })),
});
export type PeriodLeftoverView = z.infer<typeof periodLeftoverView>;

/** GET /savings/leftover/{budgetId}: the current period so far, and the ended ones, newest first (up to 12). */
export const budgetLeftover = z.object({
  budgetId: z.uuid(),
  current: leftoverPeriod.nullable(),
  periods: z.array(periodLeftoverView),
});
export type BudgetLeftover = z.infer<typeof budgetLeftover>;

/** POST /savings/allocations/process/{budgetId}: the ended periods this run shared out (none when done already). */
export const processResult = z.object({ processed: z.array(periodLeftoverView) });
export type ProcessResult = z.infer<typeof processResult>;

/** 'Total allocation would exceed 100%. Available: N%' with N to at most two decimals. */
export const allocationCapMessage = (availablePercent: number) =>
  `Total allocation would exceed 100%. Available: ${Math.max(0, Math.round(availablePercent * 100) / 100)}%`;
