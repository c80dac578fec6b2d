import {
  type Icon,
  IconBulb,
  IconPigMoney,
  IconReceipt2,
  IconTrendingUp,
  IconWallet,
} from '@tabler/icons-react';
import type { FigureSource, InsightPriority, InsightType } from '@tally/shared';
import { transactionsHref } from '../../lib/transactions-url';

/**
 * SPEC §9: red high, orange medium, green low; always with the word, never the colour alone. Low is the
 * brand green: Mantine's own green writes its light badges below 4.5:1 contrast.
 */
export const PRIORITY_VISUALS: Record<InsightPriority, { color: string; label: string }> = {
  high: { color: 'red', label: 'High priority' },
  medium: { color: 'orange', label: 'Medium priority' },
  low: { color: 'brand', label: 'Low priority' },
};

export const TYPE_VISUALS: Record<InsightType, { icon: Icon; label: string }> = {
  spending: { icon: IconReceipt2, label: 'Spending' },
  budget: { icon: IconWallet, label: 'Budget' },
  savings: { icon: IconPigMoney, label: 'Savings' },
  prediction: { icon: IconTrendingUp, label: 'Forecast' },
  recommendation: { icon: IconBulb, label: 'Recommendation' },
};

/** 0.82 → "82% confidence". */
export const confidenceText = (confidence: number): string => `${Math.round(confidence * 100)}% confidence`;

/** "from 1 transaction", "from 12 transactions"; null when the figure is not a sum of transactions. */
export function transactionCountText(count: number | null): string | null {
  if (count === null) return null;
  return `from ${count.toLocaleString('en-US')} transaction${count === 1 ? '' : 's'}`;
}

/**
 * The Transactions screen filtered as the figure's source is, so the number can be checked in one click: the
 * transactions a sum was counted from, where a merchant is that merchant only ("Uber", not "Uber Eats") and
 * a search term is searched for as the search box does (a subscription's name in its charges'
 * descriptions). Null for a figure no such list stands behind (cash on hand, a budget's allocation, a
 * goal's target, a forecast, a difference of two other figures): a list there would not show that number.
 */
export function figureHref(source: FigureSource): string | null {
  const merchant = source.merchant?.trim() || null;
  const searchTerm = source.searchTerm?.trim() || null;
  if (source.transactionCount === null && merchant === null && searchTerm === null && !source.kind)
    return null;
  return transactionsHref({
    category: source.category,
    startDate: source.startDate,
    endDate: source.endDate,
    merchant,
    searchTerm,
    kind: source.kind,
    accountId: source.accountId,
    minAmount: source.minAmount,
    maxAmount: source.maxAmount,
  });
}
