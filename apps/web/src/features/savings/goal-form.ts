import {
  allocationCapMessage,
  amountOfLeftover,
  type Cents,
  centsToDollars,
  DEFAULT_ALLOCATION_PERCENT,
  dollarsToCents,
  formatMoney,
  type GoalBody,
  type GoalColor,
  type GoalIcon,
  goalBody,
  overAllocationCap,
  percentOfLeftover,
  type SavingsGoal,
  takesShare,
  toBasisPoints,
  type UpdateGoalBody,
  updateGoalBody,
} from '@tally/shared';
import { zodErrors } from '../../lib/form';

/** How the allocation is typed: a percent of each period's leftover, or dollars of this period's leftover. */
export type AllocationMode = 'percent' | 'amount';

/** The create/edit dialog's fields as the inputs hold them: amounts in dollars, as typed. */
export type GoalFormValues = {
  name: string;
  description: string;
  /** Dollars; '' while the input is empty. */
  targetAmount: number | '';
  allocationMode: AllocationMode;
  allocationPercent: number | '';
  /** Dollars per period, converted with the current period's leftover. */
  allocationAmount: number | '';
  /** YYYY-MM-DD, or null for no deadline. */
  targetDate: string | null;
  iconName: GoalIcon;
  colorTheme: GoalColor;
  /** Only the edit dialog shows it; a new goal is active. */
  isActive: boolean;
};

export const ALLOCATION_RANGE = 'Allocation must be between 1% and 100%';
export const PAST_TARGET_DATE = 'Target date must be in the future';

/** SPEC §9's defaults for a new goal: 10% of each period's leftover, no deadline. */
export function emptyGoalForm(): GoalFormValues {
  return {
    name: '',
    description: '',
    targetAmount: '',
    allocationMode: 'percent',
    allocationPercent: DEFAULT_ALLOCATION_PERCENT,
    allocationAmount: '',
    targetDate: null,
    iconName: 'target',
    colorTheme: 'blue',
    isActive: true,
  };
}

/** A goal in the edit dialog; its percent shown, and what it comes to in dollars of this leftover. */
export function goalForm(goal: SavingsGoal, leftover: Cents): GoalFormValues {
  const amount = amountOfLeftover(goal.allocationPercentage, leftover);
  return {
    name: goal.name,
    description: goal.description ?? '',
    targetAmount: centsToDollars(goal.targetAmount),
    allocationMode: 'percent',
    allocationPercent: goal.allocationPercentage,
    allocationAmount: amount > 0 ? centsToDollars(amount) : '',
    targetDate: goal.targetDate,
    iconName: goal.iconName,
    colorTheme: goal.colorTheme,
    isActive: goal.isActive,
  };
}

/** Dollars typed as cents, or null when they are not a sensible amount yet. */
function cents(dollars: number | ''): Cents | null {
  if (dollars === '' || !Number.isFinite(dollars) || dollars <= 0) return null;
  try {
    return dollarsToCents(dollars);
  } catch {
    return null;
  }
}

/**
 * The allocation as a percent, whichever way it was typed; null when it cannot be told (nothing typed, or
 * dollars with no leftover to compare them with). Dollars above the leftover come out above 100 so the
 * range rule catches them (percentOfLeftover itself stops at 100).
 */
export function allocationPercentOf(values: GoalFormValues, leftover: Cents): number | null {
  if (values.allocationMode === 'percent')
    return values.allocationPercent === '' ? null : values.allocationPercent;
  const amount = cents(values.allocationAmount);
  if (amount === null || leftover <= 0) return null;
  // Even a cent over is over: never rounded down to 100.
  if (amount > leftover) return Math.max(100.01, Math.round((amount * 10_000) / leftover) / 100);
  return percentOfLeftover(amount, leftover);
}

/**
 * Switching between percent and dollars carries the value over, so the other field shows the same share:
 * 10% of a $400 leftover becomes $40, and $50 of it becomes 12.5%.
 */
export function switchAllocationMode(
  values: GoalFormValues,
  mode: AllocationMode,
  leftover: Cents,
): Pick<GoalFormValues, 'allocationMode' | 'allocationPercent' | 'allocationAmount'> {
  if (mode === values.allocationMode)
    return {
      allocationMode: mode,
      allocationPercent: values.allocationPercent,
      allocationAmount: values.allocationAmount,
    };
  if (mode === 'amount') {
    const amount = values.allocationPercent === '' ? 0 : amountOfLeftover(values.allocationPercent, leftover);
    return {
      allocationMode: mode,
      allocationPercent: values.allocationPercent,
      allocationAmount: amount > 0 ? centsToDollars(amount) : '',
    };
  }
  const percent = allocationPercentOf(values, leftover);
  return {
    allocationMode: mode,
    allocationPercent: percent === null || percent === 0 ? values.allocationPercent : Math.min(percent, 100),
    allocationAmount: values.allocationAmount,
  };
}

/**
 * The line under the allocation field: what the share comes to in the other unit with this period's
 * leftover, e.g. '≈ $40.00 of this period's $400.00 leftover so far' or '= 12.5% of this period's …'.
 */
export function allocationConversion(values: GoalFormValues, leftover: Cents): string | null {
  if (leftover <= 0) return null;
  const of = `of this period's ${formatMoney(leftover)} leftover so far`;
  if (values.allocationMode === 'percent') {
    const percent = values.allocationPercent;
    if (percent === '' || percent <= 0 || percent > 100) return null;
    return `≈ ${formatMoney(amountOfLeftover(percent, leftover))} ${of}`;
  }
  const percent = allocationPercentOf(values, leftover);
  if (percent === null) return null;
  return `= ${percent}% ${of}`;
}

/** What the fields say, in the request's shape; missing values stay missing so the schema names them. */
function draft(values: GoalFormValues, leftover: Cents) {
  const percent = allocationPercentOf(values, leftover);
  return {
    name: values.name,
    description: values.description,
    targetAmount: values.targetAmount === '' ? undefined : values.targetAmount,
    // An allocation that cannot be told is sent as none, which the schema refuses with the range message.
    allocationPercentage: percent ?? Number.NaN,
    targetDate: values.targetDate,
    iconName: values.iconName,
    colorTheme: values.colorTheme,
  };
}

/** POST /savings/goals' body; call once the form is valid. */
export function toCreateBody(values: GoalFormValues, leftover: Cents): GoalBody {
  const body = draft(values, leftover);
  return { ...body, targetAmount: body.targetAmount ?? 0, description: body.description.trim() || null };
}

/** PUT /savings/goals/{id}'s body; call once the form is valid. */
export function toUpdateBody(values: GoalFormValues, leftover: Cents): Required<UpdateGoalBody> {
  const body = toCreateBody(values, leftover);
  return {
    name: body.name,
    description: body.description ?? null,
    targetAmount: body.targetAmount,
    allocationPercentage: body.allocationPercentage ?? DEFAULT_ALLOCATION_PERCENT,
    targetDate: body.targetDate ?? null,
    iconName: body.iconName ?? 'target',
    colorTheme: body.colorTheme ?? 'blue',
    isActive: values.isActive,
  };
}

/** The goals as SPEC §5's cap counts them (overAllocationCap): a paused or reached goal takes no share. */
export const capGoals = (goals: readonly SavingsGoal[]) =>
  goals.map((g) => ({
    id: g.id,
    allocationBasisPoints: toBasisPoints(g.allocationPercentage),
    takesShare: takesShare({
      isActive: g.isActive,
      saved: g.currentAmount,
      target: g.targetAmount,
    }),
  }));

export type GoalValidationContext = {
  /** The person's today: a target date on or before it is refused. */
  today: string;
  /** The current period's leftover so far, for dollars typed as the allocation. */
  leftover: Cents;
  /** The person's goals, for the 100% cap. */
  goals: readonly SavingsGoal[];
  /** The goal being edited; null for a new one. */
  editing: SavingsGoal | null;
};

/**
 * Every field's error with SPEC §5's messages: the shared schema's, a new target date in the future, and the
 * 100% cap over the active goals with this one counted once (at its new percentage). A goal saved paused,
 * or one its balance already completes, takes no share, so it is not held to the cap.
 */
export function validateGoalForm(
  values: GoalFormValues,
  { today, leftover, goals, editing }: GoalValidationContext,
): Record<string, string> {
  const body = draft(values, leftover);
  const errors = editing
    ? zodErrors(updateGoalBody, { ...body, isActive: values.isActive })
    : zodErrors(goalBody, body);
  const allocationField = values.allocationMode === 'percent' ? 'allocationPercent' : 'allocationAmount';
  const allocationError = errors.allocationPercentage;
  delete errors.allocationPercentage;
  if (allocationError) errors[allocationField] = allocationError;
  // A goal whose date has passed keeps it through other edits; only a new date must be ahead.
  const dateMoved = values.targetDate !== (editing?.targetDate ?? null);
  if (!errors.targetDate && values.targetDate && dateMoved && values.targetDate <= today)
    errors.targetDate = PAST_TARGET_DATE;

  const percent = body.allocationPercentage;
  const target = cents(values.targetAmount);
  const saved = editing === null ? 0 : editing.currentAmount;
  if (
    !errors[allocationField] &&
    takesShare({ isActive: values.isActive, saved, target: target ?? Number.POSITIVE_INFINITY })
  ) {
    const free = overAllocationCap(capGoals(goals), editing?.id ?? null, percent);
    if (free !== null) errors[allocationField] = allocationCapMessage(free);
  }
  return errors;
}

/**
 * The field a message the server sent belongs to, when it is one of SPEC §5's field messages (the server
 * judges the date by the person's time zone and the cap by the goals it holds, which may have moved on).
 */
export function fieldOfServerMessage(
  message: string,
  mode: AllocationMode,
): 'name' | 'description' | 'targetAmount' | 'allocationPercent' | 'allocationAmount' | 'targetDate' | null {
  if (message === PAST_TARGET_DATE) return 'targetDate';
  if (message.startsWith('Total allocation would exceed 100%') || message.startsWith('Allocation '))
    return mode === 'percent' ? 'allocationPercent' : 'allocationAmount';
  if (message === 'Goal name is required' || message.startsWith('Name must be')) return 'name';
  if (message.startsWith('Target amount')) return 'targetAmount';
  if (message.startsWith('Description must be')) return 'description';
  return null;
}
