import { z } from 'zod';
import { hasAtMostTwoDecimals, money } from '../money';
import { categoryCode } from '../transactions/transactions.schema';

export const ruleField = z.enum(['description', 'merchant', 'either'], {
  error: 'Choose where to look: description, merchant or either',
});
export const ruleOperator = z.enum(['contains', 'startsWith', 'equals'], {
  error: 'Choose how to match: contains, startsWith or equals',
});
export type RuleField = z.infer<typeof ruleField>;
export type RuleOperator = z.infer<typeof ruleOperator>;

export const MAX_RULE_PATTERN_LENGTH = 100;
export const MAX_RULES = 500;

const optionalDollars = (label: string) =>
  z
    .number({ error: `${label} must be a number` })
    .min(0, `${label} cannot be negative`)
    .max(100_000_000, `${label} must be at most $100,000,000`)
    .refine(hasAtMostTwoDecimals, `${label} can have at most 2 decimals`)
    .nullable()
    .default(null);

/** POST /rules and PUT /rules/{id}. Amounts are dollars compared with the size of a transaction's amount. */
export const ruleBody = z
  .object({
    field: ruleField.default('either'),
    operator: ruleOperator.default('contains'),
    pattern: z
      .string({ error: 'Enter the text to match' })
      .trim()
      .min(1, 'Enter the text to match')
      .max(
        MAX_RULE_PATTERN_LENGTH,
        `The text to match must be at most ${MAX_RULE_PATTERN_LENGTH} characters`,
      ),
    minAmount: optionalDollars('Minimum amount'),
    maxAmount: optionalDollars('Maximum amount'),
    accountId: z.uuid('Unknown account').nullable().default(null),
    setCategory: categoryCode.nullable().default(null),
    renameMerchant: z
      .string({ error: 'The merchant name must be text' })
      .trim()
      .max(100, 'The merchant name must be at most 100 characters')
      .nullable()
      .default(null)
      .transform((s) => (s === '' ? null : s)),
  })
  .refine((r) => r.minAmount === null || r.maxAmount === null || r.minAmount <= r.maxAmount, {
    message: 'Minimum amount cannot be more than maximum amount',
    path: ['minAmount'],
  })
  .refine((r) => r.setCategory !== null || r.renameMerchant !== null, {
    message: 'Choose a category to set or a merchant name',
    path: ['setCategory'],
  });
export type RuleBody = z.infer<typeof ruleBody>;

export const rule = z.object({
  id: z.string(),
  position: z.number(),
  field: ruleField,
  operator: ruleOperator,
  pattern: z.string(),
  minAmount: money.nullable(),
  maxAmount: money.nullable(),
  accountId: z.string().nullable(),
  accountName: z.string().nullable(),
  setCategory: z.number().nullable(),
  setCategoryName: z.string().nullable(),
  renameMerchant: z.string().nullable(),
  createdAt: z.string(),
});
export type Rule = z.infer<typeof rule>;
export const ruleList = z.array(rule);

/** PUT /rules/order: every rule id, in the order they apply. */
export const ruleOrderBody = z.object({
  ids: z
    .array(z.uuid('Unknown rule'), { error: 'List the rules in their new order' })
    .max(MAX_RULES, 'List each of your rules once'),
});

/** GET /rules/{id}/preview: how many past transactions applying it would change, and some of them. */
export const rulePreview = z.object({
  matching: z.number(),
  changing: z.number(),
  examples: z.array(
    z.object({
      id: z.string(),
      date: z.string(),
      description: z.string(),
      merchantName: z.string().nullable(),
      amount: money,
      fromCategoryName: z.string(),
      toCategoryName: z.string(),
      toMerchantName: z.string().nullable(),
    }),
  ),
});
export type RulePreview = z.infer<typeof rulePreview>;

/** POST /rules/{id}/apply: how many past transactions changed. */
export const ruleApplyResult = z.object({ changed: z.number() });
