import { z } from 'zod';
import { isoDay } from '../dates';
import { hasAtMostTwoDecimals } from '../money';
import { categoryCode, MAX_DESCRIPTION_LENGTH, updateNoteBody } from '../transactions/transactions.schema';

/** The subtypes a manual account may have, per type (SPEC §3's list). */
export const MANUAL_SUBTYPES: Record<0 | 2 | 3 | 4, readonly string[]> = {
  0: ['checking', 'savings', 'moneymarket', 'cashmanagement', 'cd', 'hsa'],
  2: ['creditcard'],
  3: ['ira', '401k', 'brokerage'],
  4: ['student', 'mortgage', 'auto', 'personal'],
};
export const MAX_ACCOUNT_NAME_LENGTH = 100;
/** Manual accounts one person may keep. */
export const MAX_MANUAL_ACCOUNTS = 50;
/** Dollars: the largest balance or amount typed by hand. */
export const MAX_MANUAL_AMOUNT = 100_000_000;

/** A dollar amount typed by a person: finite, at most 2 decimals, within ±MAX_MANUAL_AMOUNT. */
export const manualDollars = (label: string) =>
  z
    .number({ error: `${label} must be a number` })
    .refine(Number.isFinite, `${label} must be a number`)
    .refine((n) => Math.abs(n) <= MAX_MANUAL_AMOUNT, `${label} must be at most $100,000,000`)
    .refine(hasAtMostTwoDecimals, `${label} can have at most 2 decimals`);

const accountName = z
  .string({ error: 'Account name is required' })
  .trim()
  .min(1, 'Account name is required')
  .max(MAX_ACCOUNT_NAME_LENGTH, `Account name must be at most ${MAX_ACCOUNT_NAME_LENGTH} characters`);

/** POST /accounts/manual. Currency is USD. */
export const createManualAccountBody = z
  .object({
    name: accountName,
    type: z.union([z.literal(0), z.literal(2), z.literal(3), z.literal(4)], {
      error: 'Choose an account type',
    }),
    subtype: z.string({ error: 'Choose a subtype' }).min(1, 'Choose a subtype'),
    openingBalance: manualDollars('Opening balance').default(0),
  })
  .refine((b) => MANUAL_SUBTYPES[b.type].includes(b.subtype), {
    message: 'Choose a subtype of this account type',
    path: ['subtype'],
  });
export type CreateManualAccountBody = z.infer<typeof createManualAccountBody>;

/** PUT /accounts/manual/{id}: the type stays; name, subtype and opening balance may change. */
export const updateManualAccountBody = z.object({
  name: accountName,
  subtype: z.string({ error: 'Choose a subtype' }).min(1, 'Choose a subtype'),
  openingBalance: manualDollars('Opening balance'),
});
export type UpdateManualAccountBody = z.infer<typeof updateManualAccountBody>;

/**
 * POST /transactions/manual and PUT /transactions/manual/{id}: one transaction typed by hand into a manual
 * account. Amount in dollars with the app's sign: positive = money in, negative = money out.
 */
export const manualTransactionBody = z.object({
  accountId: z.uuid('Choose an account'),
  date: isoDay,
  description: z
    .string({ error: 'Description is required' })
    .trim()
    .min(1, 'Description is required')
    .max(MAX_DESCRIPTION_LENGTH, `Description must be at most ${MAX_DESCRIPTION_LENGTH} characters`),
  amount: manualDollars('Amount').refine((n) => n !== 0, 'Amount cannot be 0'),
  category: categoryCode,
  note: updateNoteBody.shape.note.optional(),
});
export type ManualTransactionBody = z.infer<typeof manualTransactionBody>;
