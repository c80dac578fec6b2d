import { z } from 'zod';
import { BUDGETABLE_CATEGORIES } from '../budgets/budgets.schema';
import { type Cents, money } from '../money';
import { subscriptionFrequency } from '../subscriptions/subscriptions.schema';
import type { CategoryCode } from '../transactions/categories';
import { categoryCode } from '../transactions/transactions.schema';

/**
 * The first-run guide on the dashboard ("white-glove onboarding"), in order: bring money in, put the
 * largest uncategorised merchants in categories, a first budget from recent spending, the subscriptions
 * found, a first goal.
 */
export const ONBOARDING_STEPS = ['connect', 'categories', 'budget', 'subscriptions', 'goal'] as const;
export type OnboardingStep = (typeof ONBOARDING_STEPS)[number];
export const onboardingStep = z.enum(ONBOARDING_STEPS, {
  error: `Step must be one of: ${ONBOARDING_STEPS.join(', ')}`,
});

/**
 * What a Premium person's first import prepared before their first visit (white-glove onboarding): the
 * proposed first budget and the recurring charges found in the history, to review in the guide.
 */
export const preparedSetup = z.object({
  preparedAt: z.iso.datetime({ offset: true }),
  budget: z.object({ categories: z.number().int(), total: money }),
  subscriptions: z.array(
    z.object({ merchantName: z.string(), amount: money, frequency: subscriptionFrequency }),
  ),
});
export type PreparedSetup = z.infer<typeof preparedSetup>;

export const onboardingState = z.object({
  steps: z.array(z.object({ step: onboardingStep, status: z.enum(['todo', 'done', 'skipped']) })),
  /** Every step done or skipped: the guide is gone. */
  finished: z.boolean(),
  /** Premium: what the first import prepared; null until then, and on other plans. */
  prepared: preparedSetup.nullable(),
});
export type OnboardingState = z.infer<typeof onboardingState>;

export const markStepBody = z.object({
  step: onboardingStep,
  /** 'todo' takes a skip back. */
  status: z.enum(['done', 'skipped', 'todo'], { error: 'Status must be done, skipped or todo' }),
});

/** How many of the largest uncategorised merchants the guide puts in one screen. */
export const ONBOARDING_MERCHANTS = 10;

export const uncategorisedMerchants = z.object({
  merchants: z.array(
    z.object({
      merchant: z.string(),
      count: z.number(),
      /** Spent there, all time (positive). */
      spent: money,
    }),
  ),
});

export const categoriseMerchantsBody = z.object({
  merchants: z
    .array(
      z.object({
        merchant: z.string().trim().min(1, 'Merchant is required').max(200, 'Merchant is too long'),
        category: categoryCode,
        /** Also a rule, so later transactions there are categorised the same. */
        rule: z.boolean().default(false),
      }),
    )
    .min(1, 'Choose a category for at least one merchant')
    .max(ONBOARDING_MERCHANTS, `At most ${ONBOARDING_MERCHANTS} merchants at once`),
});

export const categorisedMerchants = z.object({ transactions: z.number(), rules: z.number() });

export const budgetProposal = z.object({
  /** The months the proposal averages (YYYY-MM), oldest first; empty when there is no history yet. */
  months: z.array(z.string()),
  totalIncome: money,
  categories: z.array(z.object({ category: z.number(), allocatedAmount: money, averageSpent: money })),
});
export type BudgetProposal = z.infer<typeof budgetProposal>;

/** Rounds an average up to whole $10 (cents in, cents out): a first budget with a little room. */
const roundUpTen = (cents: number): Cents => Math.ceil(cents / 1000) * 1000;

/**
 * A first monthly budget from the last full months: each budgetable category's average monthly spending,
 * rounded up to $10 (categories with none left out), and the average monthly income rounded down to $10.
 * `spent` and `income` are cents per month (positive); a month with nothing is 0 and still counts.
 */
export function proposeBudget(
  months: string[],
  spent: ReadonlyArray<{ month: string; category: CategoryCode; cents: number }>,
  income: ReadonlyArray<{ month: string; cents: number }>,
): BudgetProposal {
  const n = Math.max(months.length, 1);
  const inWindow = new Set(months);
  const totals = new Map<CategoryCode, number>();
  for (const row of spent) {
    if (!inWindow.has(row.month) || !BUDGETABLE_CATEGORIES.includes(row.category)) continue;
    totals.set(row.category, (totals.get(row.category) ?? 0) + Math.max(row.cents, 0));
  }
  const categories = BUDGETABLE_CATEGORIES.flatMap((category) => {
    const total = totals.get(category) ?? 0;
    if (total <= 0) return [];
    const average = Math.round(total / n);
    return [{ category, allocatedAmount: roundUpTen(average), averageSpent: average }];
  });
  const earned = income
    .filter((r) => inWindow.has(r.month))
    .reduce((sum, r) => sum + Math.max(r.cents, 0), 0);
  return { months, totalIncome: Math.floor(earned / n / 1000) * 1000, categories };
}
