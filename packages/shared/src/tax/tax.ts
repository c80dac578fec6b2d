import { z } from 'zod';
import { money } from '../money';
import { CATEGORY, type CategoryCode } from '../transactions/categories';
import { categoryCode } from '../transactions/transactions.schema';

/**
 * The tax report's tags (Premium's "tax optimization"): what a year's spending may be worth showing a tax
 * preparer. A category carries one for all its transactions; a transaction may carry its own, or be marked
 * not deductible although its category is tagged.
 */
export const TAX_TAGS = [
  { code: 'charitable', name: 'Charitable giving' },
  { code: 'medical', name: 'Medical' },
  { code: 'business', name: 'Business expense' },
  { code: 'education', name: 'Education' },
  { code: 'childcare', name: 'Childcare' },
  { code: 'home-office', name: 'Home office' },
  { code: 'retirement', name: 'Retirement savings' },
  { code: 'property', name: 'Mortgage interest & property tax' },
] as const;

export type TaxTag = (typeof TAX_TAGS)[number]['code'];
const TAG_CODES = TAX_TAGS.map((t) => t.code) as [TaxTag, ...TaxTag[]];
export const taxTag = z.enum(TAG_CODES, { error: `Tax tag must be one of: ${TAG_CODES.join(', ')}` });
export const taxTagName = (tag: TaxTag) => TAX_TAGS.find((t) => t.code === tag)?.name ?? tag;

/** A transaction marked as not deductible, though its category carries a tag. */
export const NOT_DEDUCTIBLE = 'none' as const;

/** The words every tax screen and export carries: a summary to take to someone qualified, not advice. */
export const TAX_DISCLAIMER =
  'This is a summary of your own records to help you prepare your taxes, not tax advice. What you can deduct depends on where you live and your situation: check with a tax professional.';

const MERCHANT_HINTS: ReadonlyArray<readonly [TaxTag, RegExp]> = [
  [
    'charitable',
    /\b(donat\w*|charit\w*|foundation|red cross|unicef|salvation army|goodwill|habitat for humanity|oxfam|church|parish|mosque|synagogue|gofundme|wikimedia|st\.? jude|doctors without borders|food bank)\b/i,
  ],
  [
    'medical',
    /\b(pharmacy|cvs|walgreens|rite aid|clinic|hospital|medical|dental|dentist|orthodont\w*|optometr\w*|doctor|physician|pediatric\w*|urgent care|labcorp|quest diagnostics|therap\w*|chiropract\w*)\b/i,
  ],
  ['education', /\b(tuition|university|college|coursera|udemy|edx|student loan)\b/i],
  [
    'childcare',
    /\b(daycare|day care|childcare|child care|preschool|nanny|babysit\w*|after ?school|kindercare)\b/i,
  ],
  [
    'business',
    /\b(staples|office depot|officemax|coworking|wework|regus|quickbooks|vistaprint|fedex office|upwork|fiverr)\b/i,
  ],
  ['retirement', /\b(roth ira|traditional ira|401k|vanguard|fidelity|schwab)\b/i],
  ['property', /\b(property tax|county treasurer|tax collector|mortgage interest)\b/i],
];

/** Categories whose spending is usually one tag; gifts and the rest are read by merchant only. */
const CATEGORY_HINTS: Partial<Record<CategoryCode, TaxTag>> = {
  [CATEGORY.Healthcare]: 'medical',
  [CATEGORY.Education]: 'education',
};

/**
 * The tag a transaction not yet tagged probably deserves, from its merchant's name (or description) and its
 * category, and why; null when nothing suggests one. Money in never is.
 */
export function suggestTaxTag(t: {
  description: string;
  merchantName: string | null;
  category: CategoryCode;
  amount: number;
}): { tag: TaxTag; reason: string } | null {
  if (t.amount >= 0) return null;
  const name = `${t.merchantName ?? ''} ${t.description}`;
  for (const [tag, pattern] of MERCHANT_HINTS) {
    const found = name.match(pattern);
    if (found) return { tag, reason: `"${found[0]}" in the merchant or description` };
  }
  const byCategory = CATEGORY_HINTS[t.category];
  return byCategory ? { tag: byCategory, reason: 'its category' } : null;
}

// --- API shapes ---------------------------------------------------------------------------------------

export const taxYearQuery = z.object({
  year: z.coerce
    .number({ error: 'Year must be a number' })
    .int('Year must be a whole number')
    .min(1900, 'Year must be 1900 or later')
    .max(2199, 'Year must be 2199 or earlier'),
});

export const taxCategoryBody = z.object({
  category: categoryCode,
  /** Null clears the category's tag. */
  tag: taxTag.nullable(),
});

export const taxTransactionBody = z.object({
  /** A tag, 'none' (not deductible, whatever its category), or null: as its category says. */
  tag: z
    .enum([...TAG_CODES, NOT_DEDUCTIBLE], {
      error: `Tax tag must be one of: ${TAG_CODES.join(', ')}, or ${NOT_DEDUCTIBLE}`,
    })
    .nullable(),
});

export const taxTransaction = z.object({
  id: z.string(),
  date: z.string(),
  description: z.string(),
  merchantName: z.string().nullable(),
  accountName: z.string(),
  category: z.number(),
  categoryName: z.string(),
  /** Positive = money out (what counts toward a deduction); a refund is negative. */
  amount: money,
  /** Whether the tag is the transaction's own or comes from its category. */
  taggedBy: z.enum(['transaction', 'category']),
});
export type TaxTransaction = z.infer<typeof taxTransaction>;

export const taxYear = z.object({
  year: z.number(),
  /** The years with transactions, newest first, for the year picker. */
  years: z.array(z.number()),
  categoryTags: z.array(z.object({ category: z.number(), tag: taxTag })),
  tags: z.array(
    z.object({
      tag: taxTag,
      name: z.string(),
      total: money,
      count: z.number(),
      transactions: z.array(taxTransaction),
    }),
  ),
  total: money,
  /** The year's transactions the person marked not deductible (their category's tag left aside), newest first. */
  notDeductible: z.array(taxTransaction.omit({ taggedBy: true })),
  /** Likely deductible transactions not tagged yet, largest first. */
  suggestions: z.array(
    taxTransaction.omit({ taggedBy: true }).extend({ suggestedTag: taxTag, reason: z.string() }),
  ),
  disclaimer: z.string(),
});
export type TaxYear = z.infer<typeof taxYear>;
