import { applyRules, type CategoryCode, type MatchRule, merchantKey } from '@tally/shared';
import type { Db } from '../../db/client';
import { rememberedCategories, rulesInOrder } from './transactions.queries';

export type CategoriseInput = {
  accountId: string;
  description: string;
  merchantName: string | null;
  /** Cents, positive = money in. */
  amount: number;
};

/** What the person decided for a transaction before anything else does: null fields mean nothing said. */
export type PersonChoice = { category: CategoryCode | null; merchantName: string | null };

/**
 * The person's own categorisation, loaded once per import: their rules in order (Rules screen), then their
 * category choice remembered per merchant (from editing a transaction's category). Both bank and file
 * imports call this first and fall back to the bank's category or the description's.
 */
export async function loadCategoriser(
  db: Db,
  { userId }: { userId: string },
): Promise<(t: CategoriseInput) => PersonChoice> {
  const [rules, remembered] = await Promise.all([
    rulesInOrder(db, { userId }),
    rememberedCategories(db, { userId }),
  ]);
  const byMerchant = new Map(remembered.map((r) => [r.key, r.category]));
  const matchRules: MatchRule[] = rules;
  return (t) => {
    const ruled = matchRules.length > 0 ? applyRules(matchRules, t) : { category: null, merchantName: null };
    const merchantName = ruled.merchantName ?? t.merchantName;
    const category = ruled.category ?? byMerchant.get(merchantKey(merchantName, t.description)) ?? null;
    return { category, merchantName: ruled.merchantName };
  };
}
