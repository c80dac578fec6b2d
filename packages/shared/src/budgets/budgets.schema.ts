import { z } from 'zod';
import { isoDay } from '../dates';
import { dollarsToCents, hasAtMostTwoDecimals, money } from '../money';
import { CATEGORY, type CategoryCode } from '../transactions/categories';

/** The categories a budget can allocate to, in the create form's order (SPEC §3). */
export const BUDGETABLE_CATEGORIES: readonly CategoryCode[] = [
  CATEGORY.Groceries,
  CATEGORY.DiningOut,
  CATEGORY.Transportation,
  CATEGORY.Entertainment,
  CATEGORY.Shopping,
  CATEGORY.Healthcare,
  CATEGORY.Travel,
  CATEGORY.PersonalCare,
  CATEGORY.Education,
  CATEGORY.Gifts,
  CATEGORY.Utilities,
  CATEGORY.Insurance,
  CATEGORY.Subscriptions,
  CATEGORY.LoanPayments,
  CATEGORY.Uncategorized,
];

/** Budget amounts are dollars from 0 up to this, with at most two decimals. */
export const MAX_BUDGET_AMOUNT = 1_000_000_000;
export const MAX_BUDGET_NAME_LENGTH = 100;

/** Weekly 0, BiWeekly 1, Monthly 2, Quarterly 3, Yearly 4 (periods.ts). */
export const budgetPeriod = z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(3), z.literal(4)], {
  error: 'Choose a budget period',
});

const dollars = (label: string) =>
  z
    .number({ error: `${label} must be a number` })
    .min(0, `${label} cannot be negative`)
    .max(MAX_BUDGET_AMOUNT, `${label} is too large`)
    .refine(hasAtMostTwoDecimals, `${label} can have at most 2 decimals`);

export const budgetCategoryInput = z.object({
  category: z
    .number({ error: 'Unknown budget category' })
    .refine(
      (n): n is CategoryCode => (BUDGETABLE_CATEGORIES as readonly number[]).includes(n),
      'Unknown budget category',
    ),
  allocatedAmount: dollars('Allocated amount'),
  allowRollover: z.boolean().default(false),
  /** Count-up for this category from the start (the create form's toggle). */
  countUp: z.boolean().default(false),
});

/**
 * What creating (or editing) a budget sends (SPEC §3 and §5), with the form's messages in its order:
 * name, income, at least one allocation, allocations within income. Sums are taken in cents.
 */
export const budgetBody = z
  .object({
    name: z
      .string({ error: 'Budget name is required' })
      .trim()
      .min(1, 'Budget name is required')
      .max(MAX_BUDGET_NAME_LENGTH, 'Budget name is too long'),
    period: budgetPeriod,
    /** The first period's first day; by default the start of the current week, month, quarter or year. */
    startDate: isoDay.optional(),
    autoReset: z.boolean().default(true),
    totalIncome: dollars('Total income').refine((n) => n > 0, 'Total income must be greater than 0'),
    categories: z.array(budgetCategoryInput).max(BUDGETABLE_CATEGORIES.length),
  })
  .superRefine((body, ctx) => {
    const allocated = body.categories.filter((c) => c.allocatedAmount > 0);
    if (allocated.length === 0) {
      ctx.addIssue({
        code: 'custom',
        path: ['categories'],
        message: 'Please select at least one budget category',
      });
      return;
    }
    if (new Set(body.categories.map((c) => c.category)).size !== body.categories.length) {
      ctx.addIssue({ code: 'custom', path: ['categories'], message: 'Each category can be budgeted once' });
    }
    const total = allocated.reduce((sum, c) => sum + dollarsToCents(c.allocatedAmount), 0);
    if (total > dollarsToCents(body.totalIncome)) {
      ctx.addIssue({
        code: 'custom',
        path: ['categories'],
        message: 'Total allocated amount cannot exceed total income',
      });
    }
  });
export type BudgetBody = z.input<typeof budgetBody>;

/** A budget category as the API answers it (SPEC §3), for the period shown. */
export const budgetCategory = z.object({
  id: z.uuid(),
  category: z.number(),
  categoryName: z.string(),
  allocatedAmount: money,
  /** Money out in the category in the period, less refunds in it; transfers never count. */
  spentAmount: money,
  /** Allocated − spent (no rollover: the count-up view adds it). */
  remainingAmount: money,
  percentageUsed: z.number(),
  allowRollover: z.boolean(),
  /** Carried in from the previous period (negative: overspent there); 0 without rollover. */
  rolledOverAmount: money,
  countUpEnabled: z.boolean(),
  /** Replaces allocated ÷ days as what a count-up day earns; null = the even split. */
  customDailyAllowance: money.nullable(),
});
export type BudgetCategory = z.infer<typeof budgetCategory>;

/** A budget and the period it is in (or its last one, once archived or ended without auto-reset). */
export const budget = z.object({
  id: z.uuid(),
  name: z.string(),
  period: budgetPeriod,
  autoReset: z.boolean(),
  startDate: isoDay,
  endDate: isoDay,
  totalIncome: money,
  /** The one budget in use; creating another archives this one. */
  isActive: z.boolean(),
  /** The person's today, in their time zone (the period may be over, or not begun). */
  today: isoDay,
  categories: z.array(budgetCategory),
});
export type Budget = z.infer<typeof budget>;

/** GET /budget: every budget of the person, active first, then newest. */
export const budgetListItem = budget.pick({
  id: true,
  name: true,
  period: true,
  startDate: true,
  endDate: true,
  totalIncome: true,
  isActive: true,
});
export const budgetList = z.array(budgetListItem);
export type BudgetListItem = z.infer<typeof budgetListItem>;

/** PUT /budget/{id}/category/{categoryId}: one category's allocation or rollover, within the income. */
export const updateBudgetCategoryBody = z
  .object({
    allocatedAmount: dollars('Allocated amount').optional(),
    allowRollover: z.boolean().optional(),
  })
  .refine((b) => b.allocatedAmount !== undefined || b.allowRollover !== undefined, 'Nothing to update');

/** POST /budget/category/{id}/enable-countup (SPEC §7); categoryId repeats the address's id. */
export const enableCountUpBody = z.object({ categoryId: z.uuid(), enable: z.boolean() });

/** PUT /budget/category/{id}/countup-settings (SPEC §7); null goes back to the even split. */
export const countUpSettingsBody = z.object({
  categoryId: z.uuid(),
  customDailyAllowance: dollars('Daily allowance').nullable(),
});

export const achievement = z.object({
  title: z.string(),
  description: z.string(),
  icon: z.string(),
  earnedDate: isoDay,
});

/**
 * A day of a period in an answer: the server worked it out from real days, so the format is enough. (A
 * year's count-up holds thousands; checking each against the calendar was a third of the answer's time.)
 */
const periodDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

/** A category's count-up status as the API answers it (SPEC §3). */
export const countUpStatus = z.object({
  categoryId: z.uuid(),
  category: z.number(),
  categoryName: z.string(),
  countUpEnabled: z.boolean(),
  dailyAllowance: money,
  earnedToDate: money,
  allocatedAmount: money,
  actualSpent: money,
  rolledOverAmount: money,
  availableBalance: money,
  isOverEarned: z.boolean(),
  daysElapsed: z.number().int(),
  totalDays: z.number().int(),
  consecutiveDaysUnderBudget: z.number().int(),
  zeroSpendingDays: z.number().int(),
  achievements: z.array(achievement),
  /**
   * For the pace chart: per day of the period so far (index 0 = its first day), what had been spent and
   * what had been earned by its end (running totals).
   */
  days: z.array(z.object({ date: periodDay, spent: money, earned: money })),
});
export type CountUpStatusResponse = z.infer<typeof countUpStatus>;

/** GET /budget/{id}/countup: the period and every category's status (enabled or not, so a toggle shows it). */
export const countUpResponse = z.object({
  budgetId: z.uuid(),
  startDate: isoDay,
  endDate: isoDay,
  today: isoDay,
  daysElapsed: z.number().int(),
  totalDays: z.number().int(),
  categories: z.array(countUpStatus),
});
export type CountUpResponse = z.infer<typeof countUpResponse>;
