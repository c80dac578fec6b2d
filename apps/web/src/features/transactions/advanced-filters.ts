import type { CategoryCode } from '@tally/shared';
import { effectiveDateRange, type TransactionFilterState } from './filters';

/** The Advanced Filters form (SPEC §3): amounts in dollars, days as YYYY-MM-DD. */
export type AdvancedFilterDraft = {
  minAmount: number | null;
  maxAmount: number | null;
  accountId: string | null;
  category: CategoryCode | null;
  startDate: string | null;
  endDate: string | null;
};

export const EMPTY_DRAFT: AdvancedFilterDraft = {
  minAmount: null,
  maxAmount: null,
  accountId: null,
  category: null,
  startDate: null,
  endDate: null,
};

export type FilterProblem = { title: string; message: string };

/** SPEC §5: the dialog refuses a start after the end and a minimum above the maximum. */
export function validateAdvancedFilters(draft: AdvancedFilterDraft): FilterProblem | null {
  if (draft.startDate && draft.endDate && draft.startDate > draft.endDate) {
    return { title: 'Invalid Date Range', message: 'Start date must be before end date' };
  }
  if (draft.minAmount !== null && draft.maxAmount !== null && draft.minAmount > draft.maxAmount) {
    return { title: 'Invalid Amount Range', message: 'Minimum amount must be less than maximum amount' };
  }
  return null;
}

/** The form as it opens: what is applied now, with a date preset shown as its days. */
export function draftFromFilters(filters: TransactionFilterState, today: string): AdvancedFilterDraft {
  const { startDate, endDate } = effectiveDateRange(filters, today);
  return {
    minAmount: filters.minAmount,
    maxAmount: filters.maxAmount,
    accountId: filters.accountId,
    category: filters.category,
    startDate,
    endDate,
  };
}

/**
 * The filters after Apply. Untouched preset days keep the preset (so "Last 30 Days" keeps rolling
 * with the calendar); changed days become a custom range.
 */
export function applyDraft(
  filters: TransactionFilterState,
  draft: AdvancedFilterDraft,
  today: string,
): TransactionFilterState {
  const current = effectiveDateRange(filters, today);
  const datesUnchanged = current.startDate === draft.startDate && current.endDate === draft.endDate;
  const hasDates = draft.startDate !== null || draft.endDate !== null;
  return {
    ...filters,
    minAmount: draft.minAmount,
    maxAmount: draft.maxAmount,
    accountId: draft.accountId,
    category: draft.category,
    ...(datesUnchanged
      ? {}
      : hasDates
        ? { dateRange: 'custom' as const, startDate: draft.startDate, endDate: draft.endDate }
        : { dateRange: 'all' as const, startDate: null, endDate: null }),
  };
}

export type AmountPreset = { label: string; min: number | null; max: number | null };

/** SPEC §9 quick ranges. */
export const AMOUNT_PRESETS: AmountPreset[] = [
  { label: 'Under $50', min: null, max: 50 },
  { label: '$50-$200', min: 50, max: 200 },
  { label: '$200-$1,000', min: 200, max: 1000 },
  { label: 'Over $1,000', min: 1000, max: null },
];
