import { type CategoryCode, transactionFilters } from '@tally/shared';
import { zodErrors } from '../../lib/form';
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

/** SPEC §5 titles, by the field the API's filter schema files each range problem under. */
const PROBLEM_TITLES: Record<string, string> = {
  startDate: 'Invalid Date Range',
  minAmount: 'Invalid Amount Range',
};

/**
 * The dialog's errors by field, from the API's own filter schema: it refuses a start after the end and a
 * minimum above the maximum (SPEC §5). Only the ranges are checked; accounts and categories come from pickers.
 */
export function advancedFilterErrors(draft: AdvancedFilterDraft): Record<string, string> {
  return zodErrors(transactionFilters, {
    startDate: draft.startDate ?? undefined,
    endDate: draft.endDate ?? undefined,
    minAmount: draft.minAmount ?? undefined,
    maxAmount: draft.maxAmount ?? undefined,
  });
}

/** Every problem at once, each with the title the spec gives it. */
export function advancedFilterProblems(draft: AdvancedFilterDraft): FilterProblem[] {
  return Object.entries(advancedFilterErrors(draft)).map(([field, message]) => ({
    title: PROBLEM_TITLES[field] ?? 'Invalid Filter',
    message,
  }));
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
