import {
  categoryName,
  NOT_DEDUCTIBLE,
  suggestTaxTag,
  TAX_DISCLAIMER,
  TAX_TAGS,
  type TaxTag,
  type TaxTransaction,
  type TaxYear,
} from '@tally/shared';
import type { Db } from '../../db/client';
import { categoryTags, yearsWithTransactions, yearTransactions } from './tax.queries';

/** How many likely deductible transactions the year view offers to tag at once, largest first. */
export const SUGGESTIONS_SHOWN = 50;

type Row = Awaited<ReturnType<typeof yearTransactions>>[number];

/** The tag a transaction counts under: its own (none when marked not deductible), else its category's. */
export function effectiveTag(row: Pick<Row, 'ownTag' | 'categoryTag'>): TaxTag | null {
  if (row.ownTag === NOT_DEDUCTIBLE) return null;
  return (row.ownTag as TaxTag | null) ?? row.categoryTag ?? null;
}

const shown = (row: Row) => ({
  id: row.id,
  date: row.date,
  description: row.description,
  merchantName: row.merchantName,
  accountName: row.accountName,
  category: row.category,
  categoryName: categoryName(row.category),
  // Money out counts toward a deduction: shown positive, a refund negative.
  amount: -row.amount,
});

/**
 * A year's tax view from its transactions: each tag's total (spending less refunds) and the transactions
 * behind it, and the untagged spending that looks deductible (never what the person marked not deductible).
 */
export function summariseYear(
  rows: Row[],
): Pick<TaxYear, 'tags' | 'total' | 'suggestions' | 'notDeductible'> {
  const byTag = new Map<TaxTag, TaxTransaction[]>();
  const suggestions: TaxYear['suggestions'] = [];
  const notDeductible: TaxYear['notDeductible'] = [];
  for (const row of rows) {
    const tag = effectiveTag(row);
    if (tag) {
      const list = byTag.get(tag) ?? [];
      list.push({ ...shown(row), taggedBy: row.ownTag ? 'transaction' : 'category' });
      byTag.set(tag, list);
    } else if (row.ownTag === NOT_DEDUCTIBLE) {
      notDeductible.push(shown(row));
    } else {
      const hint = suggestTaxTag(row);
      if (hint) suggestions.push({ ...shown(row), suggestedTag: hint.tag, reason: hint.reason });
    }
  }
  const tags = TAX_TAGS.flatMap(({ code, name }) => {
    const list = byTag.get(code);
    if (!list) return [];
    return [
      {
        tag: code,
        name,
        total: list.reduce((sum, t) => sum + t.amount, 0),
        count: list.length,
        transactions: list,
      },
    ];
  });
  suggestions.sort((a, b) => b.amount - a.amount || (a.date < b.date ? 1 : -1));
  return {
    tags,
    total: tags.reduce((sum, t) => sum + t.total, 0),
    suggestions: suggestions.slice(0, SUGGESTIONS_SHOWN),
    notDeductible,
  };
}

const yearSpan = (year: number) => ({ from: `${year}-01-01`, to: `${year}-12-31` });

export async function taxYear(db: Db, { userId, year }: { userId: string; year: number }): Promise<TaxYear> {
  const [rows, years, tagged] = await Promise.all([
    yearTransactions(db, { userId, ...yearSpan(year) }),
    yearsWithTransactions(db, { userId }),
    categoryTags(db, { userId }),
  ]);
  return {
    year,
    years,
    categoryTags: tagged,
    ...summariseYear(rows),
    disclaimer: TAX_DISCLAIMER,
  };
}

/** The year's tagged transactions as CSV rows, by tag in the report's order, newest first within each. */
export async function taxExportRows(db: Db, { userId, year }: { userId: string; year: number }) {
  const { tags } = summariseYear(await yearTransactions(db, { userId, ...yearSpan(year) }));
  return tags.flatMap((group) => group.transactions.map((t) => ({ ...t, tagName: group.name })));
}
