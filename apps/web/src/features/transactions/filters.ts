import {
  type CategoryCode,
  categoryName,
  DATE_PRESETS,
  type DatePreset,
  idParam,
  isCategoryCode,
  isoDay,
  isTransactionKind,
  kindLabel,
  MAX_AMOUNT_FILTER,
  MAX_SEARCH_LENGTH,
  presetRange,
  type TransactionKind,
} from '@tally/shared';
import { formatDay } from '../../lib/format';
import { TRANSACTION_URL_PARAMS } from '../../lib/transactions-url';

/** A preset from the date-range select, or 'custom' when the Advanced Filters dialog set the dates. */
export type DateRangeChoice = DatePreset | 'custom';

/** What the screen filters by. Empty values are null ('' for the search box), never undefined. */
export type TransactionFilterState = {
  searchTerm: string;
  /**
   * One merchant by its exact name, case aside ("Uber" is not "Uber Eats"), unlike the search, which finds
   * text anywhere in the description or merchant. No picker sets it: it comes with links (an insight's figure).
   */
  merchant: string | null;
  /** A kind of purchase narrower than a category ("coffee"); like a merchant, only links set it. */
  kind: TransactionKind | null;
  category: CategoryCode | null;
  accountId: string | null;
  dateRange: DateRangeChoice;
  /** Only for dateRange 'custom'; presets are turned into days when a request is made. */
  startDate: string | null;
  endDate: string | null;
  /** Dollars; the server compares them with the size of the amount, so both directions of money match. */
  minAmount: number | null;
  maxAmount: number | null;
};

export const EMPTY_FILTERS: TransactionFilterState = {
  searchTerm: '',
  merchant: null,
  kind: null,
  category: null,
  accountId: null,
  dateRange: 'all',
  startDate: null,
  endDate: null,
  minAmount: null,
  maxAmount: null,
};

const PARAM = TRANSACTION_URL_PARAMS;

const PRESET_VALUES = new Set<string>(DATE_PRESETS.map((p) => p.value));

const dayOrNull = (value: string | null) => (value && isoDay.safeParse(value).success ? value : null);

function amountOrNull(value: string | null): number | null {
  if (value === null || value.trim() === '') return null;
  const n = Number(value);
  return Number.isFinite(n) && n >= 0 && n <= MAX_AMOUNT_FILTER ? n : null;
}

/** A merchant's name as the API takes it: trimmed, within the search's length, never blank. */
function merchantOrNull(value: string | null): string | null {
  const name = value?.trim().slice(0, MAX_SEARCH_LENGTH).trim();
  return name ? name : null;
}

const kindOrNull = (value: string | null): TransactionKind | null =>
  value && isTransactionKind(value) ? value : null;

const accountIdOrNull = (value: string | null) =>
  value && idParam.shape.id.safeParse(value).success ? value : null;

/** Reads the filters and page from the address bar; anything malformed is ignored rather than sent. */
export function filtersFromSearchParams(params: URLSearchParams): {
  filters: TransactionFilterState;
  page: number;
} {
  const category = Number(params.get(PARAM.category) ?? Number.NaN);
  const startDate = dayOrNull(params.get(PARAM.from));
  const endDate = dayOrNull(params.get(PARAM.to));
  const range = params.get(PARAM.range) ?? 'all';
  const page = Number(params.get(PARAM.page) ?? 1);
  return {
    filters: {
      searchTerm: params.get(PARAM.search)?.trim().slice(0, MAX_SEARCH_LENGTH) ?? '',
      merchant: merchantOrNull(params.get(PARAM.merchant)),
      kind: kindOrNull(params.get(PARAM.kind)),
      category: isCategoryCode(category) ? category : null,
      accountId: accountIdOrNull(params.get(PARAM.account)),
      dateRange: startDate || endDate ? 'custom' : PRESET_VALUES.has(range) ? (range as DatePreset) : 'all',
      startDate,
      endDate,
      minAmount: amountOrNull(params.get(PARAM.min)),
      maxAmount: amountOrNull(params.get(PARAM.max)),
    },
    page: Number.isInteger(page) && page >= 1 ? page : 1,
  };
}

/** The address-bar form of the filters; defaults are left out so a clean screen has a clean URL. */
export function filtersToSearchParams(filters: TransactionFilterState, page = 1): URLSearchParams {
  const params = new URLSearchParams();
  const search = filters.searchTerm.trim();
  if (search) params.set(PARAM.search, search);
  const merchant = merchantOrNull(filters.merchant);
  if (merchant) params.set(PARAM.merchant, merchant);
  if (filters.kind) params.set(PARAM.kind, filters.kind);
  if (filters.category !== null) params.set(PARAM.category, String(filters.category));
  if (filters.accountId) params.set(PARAM.account, filters.accountId);
  if (filters.dateRange === 'custom') {
    if (filters.startDate) params.set(PARAM.from, filters.startDate);
    if (filters.endDate) params.set(PARAM.to, filters.endDate);
  } else if (filters.dateRange !== 'all') {
    params.set(PARAM.range, filters.dateRange);
  }
  if (filters.minAmount !== null) params.set(PARAM.min, String(filters.minAmount));
  if (filters.maxAmount !== null) params.set(PARAM.max, String(filters.maxAmount));
  if (page > 1) params.set(PARAM.page, String(page));
  return params;
}

/**
 * The days a filter covers. Presets are counted back from `today`, which the caller takes in the
 * person's own time zone (todayIn), so "Last 7 Days" means their week, not the server's.
 */
export function effectiveDateRange(
  filters: TransactionFilterState,
  today: string,
): { startDate: string | null; endDate: string | null } {
  if (filters.dateRange === 'custom') return { startDate: filters.startDate, endDate: filters.endDate };
  const range = presetRange(filters.dateRange, today);
  return { startDate: range.startDate ?? null, endDate: range.endDate ?? null };
}

/** The API's filter parameters (list, summary and export share them). */
export function toApiParams(filters: TransactionFilterState, today: string): Record<string, string> {
  const params: Record<string, string> = {};
  const search = filters.searchTerm.trim();
  if (search) params.searchTerm = search;
  const merchant = merchantOrNull(filters.merchant);
  if (merchant) params.merchant = merchant;
  if (filters.kind) params.kind = filters.kind;
  if (filters.category !== null) params.category = String(filters.category);
  if (filters.accountId) params.accountId = filters.accountId;
  const { startDate, endDate } = effectiveDateRange(filters, today);
  if (startDate) params.startDate = startDate;
  if (endDate) params.endDate = endDate;
  if (filters.minAmount !== null) params.minAmount = String(filters.minAmount);
  if (filters.maxAmount !== null) params.maxAmount = String(filters.maxAmount);
  return params;
}

/** The query string for GET /transactions: the filters plus paging. */
export function listQueryString(
  filters: TransactionFilterState,
  today: string,
  page: number,
  pageSize: number,
): string {
  return new URLSearchParams({
    page: String(page),
    pageSize: String(pageSize),
    ...toApiParams(filters, today),
  }).toString();
}

export type FilterKey = 'search' | 'merchant' | 'kind' | 'category' | 'dateRange' | 'amount' | 'account';
export type FilterChip = { key: FilterKey; label: string };

const wholeDollars = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  maximumFractionDigits: 0,
});
const centsDollars = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** $50, $1,000, $12.50: cents only when there are some. */
export function formatAmountBound(dollars: number): string {
  return Number.isInteger(dollars) ? wholeDollars.format(dollars) : centsDollars.format(dollars);
}

export function amountRangeLabel(min: number | null, max: number | null): string | null {
  if (min !== null && max !== null) return `${formatAmountBound(min)} – ${formatAmountBound(max)}`;
  if (min !== null) return `${formatAmountBound(min)} or more`;
  if (max !== null) return `Up to ${formatAmountBound(max)}`;
  return null;
}

export function dateRangeLabel(filters: TransactionFilterState): string | null {
  if (filters.dateRange === 'all') return null;
  if (filters.dateRange !== 'custom') {
    return DATE_PRESETS.find((p) => p.value === filters.dateRange)?.label ?? null;
  }
  const { startDate, endDate } = filters;
  if (startDate && endDate) return `${formatDay(startDate)} – ${formatDay(endDate)}`;
  if (startDate) return `From ${formatDay(startDate)}`;
  if (endDate) return `Until ${formatDay(endDate)}`;
  return null;
}

/** One removable chip per active filter, in the order the filter bar shows them. */
export function activeFilterChips(
  filters: TransactionFilterState,
  accountName: (id: string) => string | undefined = () => undefined,
): FilterChip[] {
  const chips: FilterChip[] = [];
  const search = filters.searchTerm.trim();
  if (search) chips.push({ key: 'search', label: `Search: "${search}"` });
  const merchant = merchantOrNull(filters.merchant);
  if (merchant) chips.push({ key: 'merchant', label: `Merchant: ${merchant}` });
  if (filters.kind) chips.push({ key: 'kind', label: `Kind: ${kindLabel(filters.kind)}` });
  if (filters.category !== null) {
    chips.push({ key: 'category', label: `Category: ${categoryName(filters.category)}` });
  }
  const dates = dateRangeLabel(filters);
  if (dates) chips.push({ key: 'dateRange', label: `Date: ${dates}` });
  const amount = amountRangeLabel(filters.minAmount, filters.maxAmount);
  if (amount) chips.push({ key: 'amount', label: `Amount: ${amount}` });
  if (filters.accountId) {
    chips.push({ key: 'account', label: `Account: ${accountName(filters.accountId) ?? 'Selected account'}` });
  }
  return chips;
}

export function countActiveFilters(filters: TransactionFilterState): number {
  return activeFilterChips(filters).length;
}

/** The filters the Advanced Filters dialog sets: not the search box, nor a merchant or kind (which only links set). */
const NOT_ADVANCED = new Set<FilterKey>(['search', 'merchant', 'kind']);

/** The chips of what the Advanced Filters dialog sets, as its summary lists them. */
export function advancedFilterChips(
  filters: TransactionFilterState,
  accountName?: (id: string) => string | undefined,
): FilterChip[] {
  return activeFilterChips(filters, accountName).filter((chip) => !NOT_ADVANCED.has(chip.key));
}

/** What the Advanced Filters button counts: everything its dialog sets. */
export function countAdvancedFilters(filters: TransactionFilterState): number {
  return advancedFilterChips(filters).length;
}

export function removeFilter(filters: TransactionFilterState, key: FilterKey): TransactionFilterState {
  switch (key) {
    case 'search':
      return { ...filters, searchTerm: '' };
    case 'merchant':
      return { ...filters, merchant: null };
    case 'kind':
      return { ...filters, kind: null };
    case 'category':
      return { ...filters, category: null };
    case 'account':
      return { ...filters, accountId: null };
    case 'amount':
      return { ...filters, minAmount: null, maxAmount: null };
    case 'dateRange':
      return { ...filters, dateRange: 'all', startDate: null, endDate: null };
  }
}

// The grouped category select is shared with the hand-entered transaction dialog.
export { categorySelectData } from './category-select';

/** The merchant's clean name when the bank gave one, else the statement text. */
export function transactionName(t: { merchantName: string | null; description: string }): string {
  return t.merchantName?.trim() || t.description;
}

export type PaginationInfo = {
  totalItems: number;
  currentPage: number;
  totalPages: number;
};

const count = new Intl.NumberFormat('en-US');

/** The table footer's two texts: 'Showing X of Y transactions' and 'Page N of M'. */
export function paginationText(pagination: PaginationInfo, shown: number): { showing: string; page: string } {
  return {
    showing: `Showing ${count.format(shown)} of ${count.format(pagination.totalItems)} transactions`,
    page: `Page ${count.format(pagination.currentPage)} of ${count.format(Math.max(1, pagination.totalPages))}`,
  };
}
