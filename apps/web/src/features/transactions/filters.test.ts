import { describe, expect, it } from 'vitest';
import { transactionsHref } from '../../lib/transactions-url';
import {
  activeFilterChips,
  categorySelectData,
  countActiveFilters,
  countAdvancedFilters,
  EMPTY_FILTERS,
  filtersFromSearchParams,
  filtersToSearchParams,
  listQueryString,
  paginationText,
  removeFilter,
  type TransactionFilterState,
  toApiParams,
} from './filters';

const TODAY = '2026-03-15';
const f = (patch: Partial<TransactionFilterState>): TransactionFilterState => ({
  ...EMPTY_FILTERS,
  ...patch,
});

describe('the list request', () => {
  it.each<[string, Partial<TransactionFilterState>, number, string]>([
    ['no filters', {}, 1, 'page=1&pageSize=25'],
    ['a search, trimmed', { searchTerm: '  coffee  ' }, 1, 'page=1&pageSize=25&searchTerm=coffee'],
    ['a category', { category: 21 }, 2, 'page=2&pageSize=25&category=21'],
    [
      'Last 7 Days, counted back from the person’s today',
      { dateRange: 'week' },
      1,
      'page=1&pageSize=25&startDate=2026-03-08&endDate=2026-03-15',
    ],
    [
      'Last 30 Days as one calendar month back',
      { dateRange: 'month' },
      1,
      'page=1&pageSize=25&startDate=2026-02-15&endDate=2026-03-15',
    ],
    [
      'Year to Date from 1 January',
      { dateRange: 'ytd' },
      1,
      'page=1&pageSize=25&startDate=2026-01-01&endDate=2026-03-15',
    ],
    [
      'a custom start only',
      { dateRange: 'custom', startDate: '2025-12-01' },
      1,
      'page=1&pageSize=25&startDate=2025-12-01',
    ],
    [
      'every advanced filter',
      { minAmount: 50, maxAmount: 200.5, accountId: 'acc-1', category: 99 },
      3,
      'page=3&pageSize=25&category=99&accountId=acc-1&minAmount=50&maxAmount=200.5',
    ],
    ['a zero minimum is still a filter', { minAmount: 0 }, 1, 'page=1&pageSize=25&minAmount=0'],
    ['a merchant, by its name', { merchant: 'Uber' }, 1, 'page=1&pageSize=25&merchant=Uber'],
    [
      'a merchant beside a search',
      { searchTerm: 'ride', merchant: 'Uber Eats', category: 22 },
      2,
      'page=2&pageSize=25&searchTerm=ride&merchant=Uber+Eats&category=22',
    ],
  ])('%s', (_name, patch, page, expected) => {
    expect(listQueryString(f(patch), TODAY, page, 25)).toBe(expected);
  });

  it('sends the same filters, without paging, for the totals and the export', () => {
    expect(toApiParams(f({ searchTerm: 'rent', merchant: 'Uber', dateRange: 'quarter' }), TODAY)).toEqual({
      searchTerm: 'rent',
      merchant: 'Uber',
      startDate: '2025-12-15',
      endDate: '2026-03-15',
    });
  });
});

describe('filters in the address bar', () => {
  it('round-trips every filter and the page', () => {
    const filters = f({
      searchTerm: 'whole foods',
      merchant: 'Whole Foods Market',
      category: 20,
      accountId: '6f1c2a9e-3b4d-4c5e-8f70-1a2b3c4d5e6f',
      dateRange: 'custom',
      startDate: '2026-01-01',
      endDate: '2026-01-31',
      minAmount: 10,
      maxAmount: 99.99,
    });
    const params = filtersToSearchParams(filters, 4);
    expect(filtersFromSearchParams(new URLSearchParams(params.toString()))).toEqual({ filters, page: 4 });
  });

  it('reads a link from another screen (an insight’s figure) as the filters it names', () => {
    const href = transactionsHref({
      category: 21,
      startDate: '2026-10-28',
      endDate: '2026-11-26',
      searchTerm: 'Blue Bottle',
    });
    expect(href).toBe('/transactions?q=Blue+Bottle&category=21&from=2026-10-28&to=2026-11-26');
    const query = new URLSearchParams(href.slice(href.indexOf('?')));
    expect(filtersFromSearchParams(query)).toEqual({
      filters: f({
        searchTerm: 'Blue Bottle',
        category: 21,
        dateRange: 'custom',
        startDate: '2026-10-28',
        endDate: '2026-11-26',
      }),
      page: 1,
    });
    expect(transactionsHref({ category: null, startDate: null, endDate: '2026-11-26' })).toBe(
      '/transactions?to=2026-11-26',
    );
    expect(transactionsHref({})).toBe('/transactions');
  });

  it('reads a kind, an account and sizes in cents from a link as the account and dollars the screen filters by', () => {
    const accountId = '6f1c2a3b-4d5e-4f60-8a7b-9c0d1e2f3a4b';
    const href = transactionsHref({ kind: 'coffee', accountId, minAmount: 10_001, maxAmount: 50_000 });
    expect(href).toBe(`/transactions?kind=coffee&account=${accountId}&min=100.01&max=500.00`);
    expect(filtersFromSearchParams(new URLSearchParams(href.slice(href.indexOf('?'))))).toEqual({
      filters: f({ kind: 'coffee', accountId, minAmount: 100.01, maxAmount: 500 }),
      page: 1,
    });
  });

  it('reads a merchant link as that merchant only, apart from the search', () => {
    const href = transactionsHref({
      merchant: 'Uber',
      startDate: '2026-10-01',
      endDate: '2026-10-31',
      searchTerm: null,
      category: null,
    });
    expect(href).toBe('/transactions?merchant=Uber&from=2026-10-01&to=2026-10-31');
    const query = new URLSearchParams(href.slice(href.indexOf('?')));
    expect(filtersFromSearchParams(query)).toEqual({
      filters: f({ merchant: 'Uber', dateRange: 'custom', startDate: '2026-10-01', endDate: '2026-10-31' }),
      page: 1,
    });
    expect(transactionsHref({ merchant: 'Uber Eats', searchTerm: 'eats' })).toBe(
      '/transactions?q=eats&merchant=Uber+Eats',
    );
    expect(transactionsHref({ merchant: '  ' })).toBe('/transactions');
  });

  it('writes a merchant under its own name, trimmed, and drops a blank one', () => {
    expect(filtersToSearchParams(f({ merchant: '  Blue Bottle ' }), 2).toString()).toBe(
      'merchant=Blue+Bottle&page=2',
    );
    expect(filtersFromSearchParams(new URLSearchParams('merchant=%20%20&q=uber')).filters).toEqual(
      f({ searchTerm: 'uber' }),
    );
    const long = filtersFromSearchParams(new URLSearchParams(`merchant=${'x'.repeat(150)}`));
    expect(long.filters.merchant).toHaveLength(100);
  });

  it('keeps a clean screen’s URL empty and names presets', () => {
    expect(filtersToSearchParams(EMPTY_FILTERS).toString()).toBe('');
    expect(filtersToSearchParams(f({ dateRange: 'month' })).toString()).toBe('range=month');
  });

  it('ignores values that could not have come from the screen', () => {
    const read = filtersFromSearchParams(
      new URLSearchParams('category=7&from=2026-02-30&range=decade&min=-5&max=2e9&account=acc-1&page=0'),
    );
    expect(read).toEqual({ filters: EMPTY_FILTERS, page: 1 });
  });
});

describe('active filters', () => {
  const all = f({
    searchTerm: 'uber',
    merchant: 'Uber',
    category: 22,
    dateRange: 'week',
    minAmount: 50,
    maxAmount: 200,
    accountId: 'acc-1',
  });

  it('shows one chip per filter, in the filter bar’s order', () => {
    expect(activeFilterChips(all, (id) => (id === 'acc-1' ? 'Everyday Checking' : undefined))).toEqual([
      { key: 'search', label: 'Search: "uber"' },
      { key: 'merchant', label: 'Merchant: Uber' },
      { key: 'category', label: 'Category: Transportation' },
      { key: 'dateRange', label: 'Date: Last 7 Days' },
      { key: 'amount', label: 'Amount: $50 – $200' },
      { key: 'account', label: 'Account: Everyday Checking' },
    ]);
  });

  it.each<[Partial<TransactionFilterState>, string]>([
    [{ minAmount: 1000 }, 'Amount: $1,000 or more'],
    [{ maxAmount: 50 }, 'Amount: Up to $50'],
    [{ minAmount: 12.5, maxAmount: 20 }, 'Amount: $12.50 – $20'],
    [
      { dateRange: 'custom', startDate: '2026-01-05', endDate: '2026-02-01' },
      'Date: Jan 5, 2026 – Feb 1, 2026',
    ],
    [{ dateRange: 'custom', endDate: '2026-02-01' }, 'Date: Until Feb 1, 2026'],
    [{ category: 99 }, 'Category: Other'],
    [{ merchant: 'Uber Eats' }, 'Merchant: Uber Eats'],
  ])('labels %o as %s', (patch, label) => {
    expect(activeFilterChips(f(patch)).map((c) => c.label)).toEqual([label]);
  });

  it('counts every filter for Clear All, and only the dialog’s for the Advanced Filters badge', () => {
    expect(countActiveFilters(all)).toBe(6);
    expect(countAdvancedFilters(all)).toBe(4);
    expect(countActiveFilters(EMPTY_FILTERS)).toBe(0);
    expect(countActiveFilters(f({ merchant: 'Uber' }))).toBe(1);
    expect(countAdvancedFilters(f({ searchTerm: 'x' }))).toBe(0);
    // No dialog field sets a merchant: links do.
    expect(countAdvancedFilters(f({ merchant: 'Uber' }))).toBe(0);
  });

  it('removes exactly the filter behind a chip', () => {
    expect(removeFilter(all, 'amount')).toEqual({ ...all, minAmount: null, maxAmount: null });
    expect(removeFilter(all, 'dateRange')).toEqual({ ...all, dateRange: 'all' });
    expect(removeFilter(all, 'search')).toEqual({ ...all, searchTerm: '' });
    expect(removeFilter(all, 'merchant')).toEqual({ ...all, merchant: null });
    expect(removeFilter(all, 'account').accountId).toBeNull();
    expect(removeFilter(all, 'category').category).toBeNull();
  });
});

describe('the table footer', () => {
  it.each([
    [{ totalItems: 60, currentPage: 1, totalPages: 3 }, 25, 'Showing 25 of 60 transactions', 'Page 1 of 3'],
    [{ totalItems: 60, currentPage: 3, totalPages: 3 }, 10, 'Showing 10 of 60 transactions', 'Page 3 of 3'],
    [
      { totalItems: 1234, currentPage: 2, totalPages: 50 },
      25,
      'Showing 25 of 1,234 transactions',
      'Page 2 of 50',
    ],
    [{ totalItems: 0, currentPage: 1, totalPages: 0 }, 0, 'Showing 0 of 0 transactions', 'Page 1 of 1'],
  ])('%o with %i rows says "%s" and "%s"', (pagination, shown, showing, page) => {
    expect(paginationText(pagination, shown)).toEqual({ showing, page });
  });
});

describe('the category select', () => {
  it('groups the categories as the Edit Category dialog lists them', () => {
    const groups = categorySelectData();
    expect(groups.map((g) => g.group)).toEqual([
      'Income',
      'Fixed Expenses',
      'Variable Expenses',
      'Uncategorized',
    ]);
    expect(groups[0]?.items.map((i) => i.label)).toEqual([
      'Salary',
      'Bonus',
      'Investment Income',
      'Other Income',
    ]);
    expect(groups[3]?.items).toEqual([{ value: '99', label: 'Other' }]);
  });
});
