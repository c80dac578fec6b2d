import { z } from 'zod';
import { isoDay } from '../dates';
import { money } from '../money';
import { CATEGORY_CODES, type CategoryCode } from './categories';
import { TRANSACTION_KIND_KEYS } from './kinds';

export const MAX_PAGE_SIZE = 100;
export const DEFAULT_PAGE_SIZE = 25;
export const MAX_NOTE_LENGTH = 500;
/** Amount filters are dollars from 0 up to this; searches are at most MAX_SEARCH_LENGTH characters. */
export const MAX_AMOUNT_FILTER = 1_000_000_000;
export const MAX_SEARCH_LENGTH = 100;

export const categoryCode = z.coerce
  .number({ error: 'Unknown category' })
  .int('Unknown category')
  .refine((n): n is CategoryCode => (CATEGORY_CODES as readonly number[]).includes(n), 'Unknown category');

const dollarsFilter = (label: string) =>
  z.coerce
    .number({ error: `${label} must be a number` })
    .min(0, `${label} cannot be negative`)
    .max(MAX_AMOUNT_FILTER);

/** The list/summary/export filters, as query-string values. Amount bounds apply to the size of the amount. */
export const transactionFilters = z
  .object({
    category: categoryCode.optional(),
    accountId: z.uuid('Unknown account').optional(),
    searchTerm: z.string().trim().max(MAX_SEARCH_LENGTH, 'Search is too long').optional(),
    /** One merchant by its name, case aside ("Uber" is not "Uber Eats"). */
    merchant: z.string().trim().min(1).max(MAX_SEARCH_LENGTH, 'Merchant is too long').optional(),
    /** A kind of purchase narrower than a category ("coffee"), by the bank's detailed category. */
    kind: z.enum(TRANSACTION_KIND_KEYS, 'Unknown kind of purchase').optional(),
    startDate: isoDay.optional(),
    endDate: isoDay.optional(),
    minAmount: dollarsFilter('Minimum amount').optional(),
    maxAmount: dollarsFilter('Maximum amount').optional(),
  })
  .refine((f) => !f.startDate || !f.endDate || f.startDate <= f.endDate, {
    message: 'Start date must be before end date',
    path: ['startDate'],
  })
  .refine((f) => f.minAmount === undefined || f.maxAmount === undefined || f.minAmount <= f.maxAmount, {
    message: 'Minimum amount must be less than maximum amount',
    path: ['minAmount'],
  });
export type TransactionFilters = z.infer<typeof transactionFilters>;

export const transactionListQuery = z.intersection(
  transactionFilters,
  z.object({
    page: z.coerce.number().int('Page must be a whole number').min(1, 'Page must be 1 or more').default(1),
    pageSize: z.coerce
      .number()
      .int('Page size must be a whole number')
      .min(1, 'Page size must be 1 or more')
      .max(MAX_PAGE_SIZE, `Page size must be at most ${MAX_PAGE_SIZE}`)
      .default(DEFAULT_PAGE_SIZE),
  }),
);
export type TransactionListQuery = z.infer<typeof transactionListQuery>;

export const dateRangeQuery = z
  .object({ startDate: isoDay.optional(), endDate: isoDay.optional() })
  .refine((f) => !f.startDate || !f.endDate || f.startDate <= f.endDate, {
    message: 'Start date must be before end date',
    path: ['startDate'],
  });

export const transaction = z.object({
  id: z.string(),
  description: z.string(),
  merchantName: z.string().nullable(),
  /** Positive = money in. */
  amount: money,
  accountId: z.string(),
  accountName: z.string(),
  category: z.number(),
  categoryName: z.string(),
  date: z.string(),
  pending: z.boolean(),
  isTransfer: z.boolean(),
  note: z.string().nullable(),
  /** In a manual account: editable by hand (PUT /transactions/manual/{id}). */
  isManual: z.boolean(),
});
export type Transaction = z.infer<typeof transaction>;

export const pagination = z.object({
  totalItems: z.number(),
  currentPage: z.number(),
  pageSize: z.number(),
  totalPages: z.number(),
  hasPreviousPage: z.boolean(),
  hasNextPage: z.boolean(),
});

export const transactionList = z.object({ transactions: z.array(transaction), pagination });
export type TransactionList = z.infer<typeof transactionList>;

export const transactionSummary = z.object({
  totalIncome: money,
  totalExpenses: money,
  netAmount: money,
  transactionCount: z.number(),
});
export type TransactionSummary = z.infer<typeof transactionSummary>;

export const categoryTotal = z.object({
  category: z.number(),
  categoryName: z.string(),
  group: z.string(),
  income: money,
  expenses: money,
  transactionCount: z.number(),
});
export const categoryTotals = z.array(categoryTotal);

export const spendingByCategory = z.array(
  z.object({ category: z.number(), categoryName: z.string(), amount: money }),
);

export const updateCategoryBody = z.object({ category: categoryCode });
export const updateNoteBody = z.object({
  note: z
    .string({ error: 'Note must be text' })
    .trim()
    .max(MAX_NOTE_LENGTH, `Note must be at most ${MAX_NOTE_LENGTH} characters`)
    .nullable(),
});

/** No body at all (as SPEC §7 calls it) means every active connection. */
export const resetAndResyncBody = z.preprocess(
  (body) => body ?? {},
  z.object({ connectionId: z.uuid('Unknown connection').optional() }),
);

export const resetAndResyncResponse = z.object({ connectionsResynced: z.number() });

export const MAX_CASH_FLOW_MONTHS = 24;
export const DEFAULT_CASH_FLOW_MONTHS = 6;

/** GET /reports/monthly-cash-flow: how many calendar months, ending with the person's current one. */
export const monthlyCashFlowQuery = z.object({
  months: z.coerce
    .number({ error: 'Months must be a number' })
    .int('Months must be a whole number')
    .min(1, 'Months must be 1 or more')
    .max(MAX_CASH_FLOW_MONTHS, `Months must be at most ${MAX_CASH_FLOW_MONTHS}`)
    .default(DEFAULT_CASH_FLOW_MONTHS),
});

/**
 * Income and spending (both positive) per calendar month, oldest first, every month present (a
 * month with nothing is zeros). Transfers between the person's own accounts are neither; the current month
 * counts up to today.
 */
export const monthlyCashFlow = z.array(
  z.object({
    /** The month's first day, YYYY-MM-01. */
    month: z.string(),
    income: money,
    expenses: money,
    /** Income less expenses. */
    net: money,
  }),
);
export type MonthlyCashFlow = z.infer<typeof monthlyCashFlow>;

export const MAX_DESCRIPTION_LENGTH = 200;
