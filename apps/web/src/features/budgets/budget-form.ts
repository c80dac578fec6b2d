import {
  BUDGETABLE_CATEGORIES,
  type Budget,
  type BudgetBody,
  type BudgetPeriod,
  type BudgetProposal,
  budgetBody,
  type CategoryCode,
  type Cents,
  centsToDollars,
  defaultBudgetStart,
  dollarsToCents,
  type PeriodBounds,
  periodAt,
} from '@tally/shared';
import { zodErrors } from '../../lib/form';

/** An amount input's value: dollars as typed, or '' while it is empty. */
export type AmountValue = number | '';

export type AllocationRow = {
  category: CategoryCode;
  allocatedAmount: AmountValue;
  allowRollover: boolean;
  countUp: boolean;
};

/** The create/edit form: every budgetable category has a row, allocated or not. */
export type BudgetFormValues = {
  name: string;
  /** The period's number as the select holds it ('2' = Monthly). */
  period: string;
  totalIncome: AmountValue;
  /** A new budget's first period: the calendar period holding today (the default), or from today. */
  start: 'period' | 'today';
  categories: AllocationRow[];
};

const amount = (value: AmountValue) => (value === '' ? 0 : value);
const isAllocated = (row: AllocationRow) => amount(row.allocatedAmount) > 0;

/** A new budget: Monthly, nothing allocated (SPEC §5). */
export function emptyBudgetForm(): BudgetFormValues {
  return {
    name: '',
    period: '2',
    totalIncome: '',
    start: 'period',
    categories: BUDGETABLE_CATEGORIES.map((category) => ({
      category,
      allocatedAmount: '',
      allowRollover: false,
      countUp: false,
    })),
  };
}

/** A proposed first budget (the guide's, from recent spending) in the form, to change before saving. */
export function proposedBudgetForm(proposal: BudgetProposal): BudgetFormValues {
  const byCode = new Map(proposal.categories.map((c) => [c.category, c.allocatedAmount]));
  const empty = emptyBudgetForm();
  return {
    ...empty,
    name: 'Monthly budget',
    totalIncome: proposal.totalIncome > 0 ? centsToDollars(proposal.totalIncome) : '',
    categories: empty.categories.map((row) => {
      const cents = byCode.get(row.category);
      return cents ? { ...row, allocatedAmount: centsToDollars(cents) } : row;
    }),
  };
}

/** An existing budget in the form: its amounts (in dollars, as the fields take them) and flags on its rows. */
export function budgetForm(budget: Budget): BudgetFormValues {
  const byCode = new Map(budget.categories.map((c) => [c.category, c]));
  return {
    name: budget.name,
    period: String(budget.period),
    totalIncome: centsToDollars(budget.totalIncome),
    start: 'period',
    categories: BUDGETABLE_CATEGORIES.map((category) => {
      const existing = byCode.get(category);
      return existing && existing.allocatedAmount > 0
        ? {
            category,
            allocatedAmount: centsToDollars(existing.allocatedAmount),
            allowRollover: existing.allowRollover,
            countUp: existing.countUpEnabled,
          }
        : { category, allocatedAmount: '', allowRollover: false, countUp: false };
    }),
  };
}

/**
 * The request body: only allocated categories are sent, and a category without an allocation never
 * carries rollover or count-up (SPEC §5). `today` is given when the budget's first period starts today;
 * otherwise the server starts it with the calendar period.
 */
export function toBudgetBody(values: BudgetFormValues, today?: string): BudgetBody {
  return {
    name: values.name,
    period: Number(values.period) as BudgetPeriod,
    ...(today && values.start === 'today' ? { startDate: today } : {}),
    autoReset: true,
    totalIncome: amount(values.totalIncome),
    categories: values.categories.filter(isAllocated).map((row) => ({
      category: row.category,
      allocatedAmount: amount(row.allocatedAmount),
      allowRollover: row.allowRollover,
      countUp: row.countUp,
    })),
  };
}

/**
 * The form's errors from the shared schema, under the form's own paths: 'name', 'totalIncome', and
 * 'categories' for the allocation rules, with SPEC §5's messages.
 */
export function validateBudgetForm(values: BudgetFormValues): Record<string, string> {
  const errors = zodErrors(budgetBody, toBudgetBody(values));
  // Per-category issues point into the sent (allocated-only) list; they belong to the allocation section.
  const out: Record<string, string> = {};
  for (const [path, message] of Object.entries(errors)) {
    const key = path.startsWith('categories') ? 'categories' : path;
    out[key] ??= message;
  }
  return out;
}

/** A new amount for a row; cleared to nothing, the row also loses its rollover and count-up flags. */
export function setAllocation(row: AllocationRow, value: AmountValue): AllocationRow {
  const allocated = amount(value) > 0;
  return {
    ...row,
    allocatedAmount: value,
    allowRollover: allocated && row.allowRollover,
    countUp: allocated && row.countUp,
  };
}

export type AllocationTotals = { income: Cents; allocated: Cents; remaining: Cents; categories: number };

/** The running 'remaining to allocate' under the form. */
export function allocationTotals(
  values: Pick<BudgetFormValues, 'totalIncome' | 'categories'>,
): AllocationTotals {
  const income = safeCents(amount(values.totalIncome));
  const allocatedRows = values.categories.filter(isAllocated);
  const allocated = allocatedRows.reduce((sum, row) => sum + safeCents(amount(row.allocatedAmount)), 0);
  return { income, allocated, remaining: income - allocated, categories: allocatedRows.length };
}

/** Typed amounts can be anything while being typed; the schema reports them, the totals ignore them. */
function safeCents(dollars: number): Cents {
  try {
    return dollarsToCents(dollars);
  } catch {
    return 0;
  }
}

/** The first period a new budget would have: from the calendar period's first day, or from today. */
export function firstPeriod(values: Pick<BudgetFormValues, 'period' | 'start'>, today: string): PeriodBounds {
  const period = Number(values.period) as BudgetPeriod;
  return periodAt(period, values.start === 'today' ? today : defaultBudgetStart(period, today));
}
