import type { Transaction, TransactionList, TransactionSummary } from '@tally/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AuthProvider } from '../../app/auth';
import { type MarkAsRecurring, MarkAsRecurringContext } from '../../lib/mark-as-recurring';
import { aUser, fakeApi, renderWithProviders } from '../../test-utils';
import { TransactionsPage } from './TransactionsPage';
import { aTransaction } from './test-fixtures';

const user = aUser();

const ROWS = [
  aTransaction({}),
  aTransaction({
    id: 'tx-2',
    description: 'Blue Bottle Coffee',
    merchantName: 'Blue Bottle',
    amount: -6.5,
    category: 21,
    categoryName: 'Dining Out',
    pending: true,
    note: 'Team coffee',
  }),
];

const list = (transactions: Transaction[], totalItems: number, currentPage = 1): TransactionList => {
  const totalPages = Math.ceil(totalItems / 25);
  return {
    transactions,
    pagination: {
      totalItems,
      currentPage,
      pageSize: 25,
      totalPages,
      hasPreviousPage: currentPage > 1,
      hasNextPage: currentPage < totalPages,
    },
  };
};

const SUMMARY: TransactionSummary = {
  totalIncome: 2500,
  totalExpenses: 6.5,
  netAmount: 2493.5,
  transactionCount: 2,
};

const ACCOUNTS = [
  {
    id: 'acc-1',
    connectionId: 'c1',
    institutionName: 'Demo Bank',
    name: 'Everyday Checking',
    officialName: null,
    mask: '1234',
    type: 0,
    subtype: 'checking',
    currentBalance: 4200,
    availableBalance: 4100,
    isActive: true,
    isManual: false,
    openingBalance: null,
  },
];

/** The fake server with sensible answers for the screen's reads; `routes` may answer first. */
function stubApi(routes: Parameters<typeof fakeApi>[0] = {}) {
  const api = fakeApi({
    'GET /api/transactions': { body: list(ROWS, 27) },
    'GET /api/transactions/summary': { body: SUMMARY },
    'GET /api/plaid/accounts': { body: ACCOUNTS },
    ...routes,
  });
  return { requests: api.to };
}

/** The screen at `url`; with `markAsRecurring`, as the app shows it, with subscriptions' handler above it. */
function renderPage(url = '/transactions', markAsRecurring: MarkAsRecurring | null = null) {
  return renderWithProviders(
    <MemoryRouter initialEntries={[url]}>
      <AuthProvider>
        <MarkAsRecurringContext.Provider value={markAsRecurring}>
          <TransactionsPage />
        </MarkAsRecurringContext.Provider>
      </AuthProvider>
    </MemoryRouter>,
  );
}

// jsdom has no layout; Mantine's combobox scrolls the selected option into view.
Element.prototype.scrollIntoView ??= () => {};

beforeEach(() => {
  localStorage.setItem('authToken', 'token-1');
  localStorage.setItem('userData', JSON.stringify(user));
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  localStorage.clear();
});

describe('TransactionsPage', () => {
  it('lists a page of transactions with totals, badges, notes and the footer', async () => {
    const api = stubApi();
    renderPage();

    expect(screen.getByRole('heading', { level: 1, name: 'Transactions' })).toBeTruthy();
    expect(await screen.findByText('Showing 2 of 27 transactions')).toBeTruthy();
    expect(screen.getByText('Page 1 of 2')).toBeTruthy();
    expect(screen.getByRole('button', { name: /Previous/ }).hasAttribute('disabled')).toBe(true);
    expect(screen.getByText('+$2,500.00')).toBeTruthy();
    expect(screen.getByText('-$6.50')).toBeTruthy();
    expect(screen.getByText('Pending')).toBeTruthy();
    expect(screen.getByText('Team coffee')).toBeTruthy();
    expect(screen.getByText('$2,500.00')).toBeTruthy();
    expect(screen.getByText('+$2,493.50')).toBeTruthy();
    expect(screen.getByText(/Last updated \d+s ago/)).toBeTruthy();
    expect(api.requests('/api/transactions')[0]?.url.search).toBe('?page=1&pageSize=25');
    expect(api.requests('/api/transactions')[0]?.url.pathname).toBeDefined();
  });

  it('reads the filters from the address bar, sends them and shows them as removable chips', async () => {
    const api = stubApi();
    renderPage('/transactions?q=coffee&category=21&min=5&page=2');

    await screen.findByText('Showing 2 of 27 transactions');
    const sent = api.requests('/api/transactions')[0]?.url.searchParams;
    expect(Object.fromEntries(sent ?? [])).toEqual({
      page: '2',
      pageSize: '25',
      searchTerm: 'coffee',
      category: '21',
      minAmount: '5',
    });
    const summary = api.requests('/api/transactions/summary')[0]?.url.searchParams;
    expect(Object.fromEntries(summary ?? [])).toEqual({
      searchTerm: 'coffee',
      category: '21',
      minAmount: '5',
    });

    const chips = within(screen.getByRole('group', { name: 'Active filters' }));
    expect(chips.getByText('Search: "coffee"')).toBeTruthy();
    expect(chips.getByText('Category: Dining Out')).toBeTruthy();
    expect(chips.getByText('Amount: $5 or more')).toBeTruthy();
    // Category and amount are the dialog's; the search box is not.
    expect(screen.getByRole('button', { name: /Advanced Filters/ }).textContent).toContain('2');

    fireEvent.click(screen.getByRole('button', { name: 'Remove filter Category: Dining Out' }));
    await waitFor(() => {
      const last = api.requests('/api/transactions').at(-1)?.url.searchParams;
      expect(Object.fromEntries(last ?? [])).toEqual({
        page: '1',
        pageSize: '25',
        searchTerm: 'coffee',
        minAmount: '5',
      });
    });
  });

  it('filters by one merchant from a link, sends it everywhere and drops it with its chip', async () => {
    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:csv');
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const api = stubApi({
      'GET /api/transactions/export': { text: 'Date\n', headers: { 'content-type': 'text/csv' } },
    });
    renderPage('/transactions?merchant=Uber&from=2026-03-01&page=2');

    await screen.findByText('Showing 2 of 27 transactions');
    expect(Object.fromEntries(api.requests('/api/transactions')[0]?.url.searchParams ?? [])).toEqual({
      page: '2',
      pageSize: '25',
      merchant: 'Uber',
      startDate: '2026-03-01',
    });
    expect(Object.fromEntries(api.requests('/api/transactions/summary')[0]?.url.searchParams ?? [])).toEqual({
      merchant: 'Uber',
      startDate: '2026-03-01',
    });
    // Not a search: the box stays empty, and "Uber Eats" is not asked for.
    expect((screen.getByRole('textbox', { name: 'Search transactions' }) as HTMLInputElement).value).toBe('');

    const chips = within(screen.getByRole('group', { name: 'Active filters' }));
    expect(chips.getByText('Merchant: Uber')).toBeTruthy();
    // The dialog sets the dates, not the merchant.
    expect(screen.getByRole('button', { name: /Advanced Filters/ }).textContent).toContain('1');

    fireEvent.click(screen.getByRole('button', { name: 'Export' }));
    await waitFor(() => expect(api.requests('/api/transactions/export')).toHaveLength(1));
    expect(Object.fromEntries(api.requests('/api/transactions/export')[0]?.url.searchParams ?? [])).toEqual({
      merchant: 'Uber',
      startDate: '2026-03-01',
    });

    fireEvent.click(screen.getByRole('button', { name: 'Remove filter Merchant: Uber' }));
    await waitFor(() => {
      const last = api.requests('/api/transactions').at(-1)?.url.searchParams;
      expect(Object.fromEntries(last ?? [])).toEqual({ page: '1', pageSize: '25', startDate: '2026-03-01' });
    });
    expect(
      Object.fromEntries(api.requests('/api/transactions/summary').at(-1)?.url.searchParams ?? []),
    ).toEqual({ startDate: '2026-03-01' });
    expect(screen.queryByText('Merchant: Uber')).toBeNull();
  });

  it('reads a kind of purchase from a link, sends it, and drops it with its chip', async () => {
    const api = stubApi();
    renderPage('/transactions?kind=coffee&from=2026-10-01&to=2026-10-31');
    await screen.findByText('Showing 2 of 27 transactions');
    expect(Object.fromEntries(api.requests('/api/transactions')[0]?.url.searchParams ?? [])).toEqual({
      page: '1',
      pageSize: '25',
      kind: 'coffee',
      startDate: '2026-10-01',
      endDate: '2026-10-31',
    });
    fireEvent.click(screen.getByRole('button', { name: 'Remove filter Kind: Coffee' }));
    await waitFor(() => {
      const last = api.requests('/api/transactions').at(-1)?.url.searchParams;
      expect(Object.fromEntries(last ?? [])).toEqual({
        page: '1',
        pageSize: '25',
        startDate: '2026-10-01',
        endDate: '2026-10-31',
      });
    });
    expect(screen.queryByText('Kind: Coffee')).toBeNull();
  });

  it('clears a merchant with Clear All Filters', async () => {
    const api = stubApi();
    renderPage('/transactions?merchant=Blue%20Bottle&q=coffee');
    await screen.findByText('Showing 2 of 27 transactions');
    expect(screen.getByText('Merchant: Blue Bottle')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Clear All Filters' }));
    await waitFor(() => {
      const last = api.requests('/api/transactions').at(-1)?.url.searchParams;
      expect(Object.fromEntries(last ?? [])).toEqual({ page: '1', pageSize: '25' });
    });
    expect(screen.queryByRole('group', { name: 'Active filters' })).toBeNull();
  });

  it('searches after the typing pauses and starts again at page 1', async () => {
    const api = stubApi();
    renderPage('/transactions?page=3');
    await screen.findByText('Showing 2 of 27 transactions');

    fireEvent.change(screen.getByRole('textbox', { name: 'Search transactions' }), {
      target: { value: 'blue' },
    });
    expect(api.requests('/api/transactions').some((c) => c.url.searchParams.has('searchTerm'))).toBe(false);
    await waitFor(
      () => {
        const last = api.requests('/api/transactions').at(-1)?.url.searchParams;
        expect(last?.get('searchTerm')).toBe('blue');
        expect(last?.get('page')).toBe('1');
      },
      { timeout: 2000 },
    );
  });

  it('shows the error state and loads again on Try Again', async () => {
    let fail = true;
    stubApi({
      'GET /api/transactions': () =>
        fail ? { status: 500, body: { message: 'boom', code: 'INTERNAL' } } : { body: list(ROWS, 27) },
    });
    renderPage();

    expect(await screen.findByText('Failed to load transactions. Please try again.')).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByText('Showing 2 of 27 transactions')).toBeTruthy();
  });

  it('says No transactions found, and shows -- for totals it could not load', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    stubApi({
      'GET /api/transactions': { body: list([], 0) },
      'GET /api/transactions/summary': { status: 500, body: { message: 'boom', code: 'X' } },
    });
    renderPage('/transactions?q=zzz');

    expect(await screen.findByText('No transactions found')).toBeTruthy();
    await waitFor(() => expect(screen.getAllByText('--')).toHaveLength(3));
    expect(screen.queryByText(/Showing/)).toBeNull();
    expect(warn).toHaveBeenCalledWith('Refreshing transaction totals failed', expect.anything());
  });

  it('blocks Apply in Advanced Filters while the minimum is above the maximum', async () => {
    const api = stubApi();
    renderPage();
    await screen.findByText('Showing 2 of 27 transactions');

    fireEvent.click(screen.getByRole('button', { name: /Advanced Filters/ }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Advanced Filters' }));
    fireEvent.change(dialog.getByLabelText('Minimum amount'), { target: { value: '300' } });
    fireEvent.change(dialog.getByLabelText('Maximum amount'), { target: { value: '100' } });

    const alert = await dialog.findByRole('alert');
    expect(alert.textContent).toContain('Invalid Amount Range');
    expect(alert.textContent).toContain('Minimum amount must be less than maximum amount');
    expect(dialog.getByRole('button', { name: /Apply Filters/ }).hasAttribute('disabled')).toBe(true);

    fireEvent.click(dialog.getByRole('button', { name: '$200-$1,000' }));
    expect(dialog.queryByRole('alert')).toBeNull();
    const apply = dialog.getByRole('button', { name: 'Apply Filters (1)' });
    fireEvent.click(apply);

    await waitFor(() => {
      const last = api.requests('/api/transactions').at(-1)?.url.searchParams;
      expect(last?.get('minAmount')).toBe('200');
      expect(last?.get('maxAmount')).toBe('1000');
    });
    expect(screen.getByText('Amount: $200 – $1,000')).toBeTruthy();
  });

  it('changes a category from the row menu and confirms it with a toast', async () => {
    const api = stubApi({
      'PUT /api/transactions/tx-2/category': {
        body: { ...ROWS[1], category: 20, categoryName: 'Groceries' },
      },
    });
    renderPage();
    await screen.findByText('Showing 2 of 27 transactions');

    fireEvent.click(screen.getAllByRole('button', { name: 'Transaction actions' })[1]!);
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Edit Category' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Edit Category' }));
    const save = dialog.getByRole('button', { name: 'Save Changes' });
    expect(save.hasAttribute('disabled')).toBe(true);

    fireEvent.click(dialog.getByRole('combobox', { name: 'New category' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Groceries' }));
    expect(dialog.getByRole('group', { name: 'Category change preview' }).textContent).toContain('Groceries');
    fireEvent.click(save);

    expect(await screen.findByText('Category Updated')).toBeTruthy();
    expect(screen.getByText('Transaction category changed to "Groceries"')).toBeTruthy();
    expect(api.requests('/api/transactions/tx-2/category')[0]?.body).toEqual({ category: 20 });
  });

  it('deletes at once and restores from the toast’s Undo', async () => {
    const api = stubApi({
      'DELETE /api/transactions/tx-1': { status: 204 },
      'POST /api/transactions/tx-1/restore': { body: ROWS[0] },
    });
    renderPage();
    await screen.findByText('Showing 2 of 27 transactions');

    fireEvent.click(screen.getAllByRole('button', { name: 'Transaction actions' })[0]!);
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Delete' }));

    expect(await screen.findByText('Transaction deleted')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Undo' }));
    expect(await screen.findByText('Transaction restored')).toBeTruthy();
    expect(api.requests('/api/transactions/tx-1/restore')).toHaveLength(1);
  });

  it('offers Mark as Recurring for payments, handing the transaction to subscriptions', async () => {
    stubApi({
      'GET /api/transactions': {
        body: list(
          [...ROWS, aTransaction({ id: 'tx-3', description: 'To savings', amount: -200, isTransfer: true })],
          27,
        ),
      },
    });
    const markAsRecurring = vi.fn();
    renderPage('/transactions', markAsRecurring);
    await screen.findByText('Showing 3 of 27 transactions');
    const menus = () => screen.getAllByRole('button', { name: 'Transaction actions' });
    const isDisabled = (item: HTMLElement) =>
      item.hasAttribute('disabled') || item.getAttribute('data-disabled') === 'true';

    // The coffee: money out to a merchant.
    fireEvent.click(menus()[1]!);
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Mark as Recurring' }));
    expect(markAsRecurring).toHaveBeenCalledWith('tx-2');

    // Income and transfers never recur as subscriptions.
    fireEvent.click(menus()[0]!);
    await waitFor(() =>
      expect(screen.getAllByRole('menuitem', { name: 'Mark as Recurring' })).toHaveLength(1),
    );
    expect(isDisabled(screen.getByRole('menuitem', { name: 'Mark as Recurring' }))).toBe(true);
    fireEvent.keyDown(document.activeElement ?? document.body, { key: 'Escape' });
    fireEvent.click(menus()[2]!);
    await waitFor(() =>
      expect(isDisabled(screen.getByRole('menuitem', { name: 'Mark as Recurring' }))).toBe(true),
    );
    expect(markAsRecurring).toHaveBeenCalledTimes(1);
  });

  it('offers Edit transaction only for rows kept by hand, and edits them in the transaction dialog', async () => {
    const cash = {
      ...ACCOUNTS[0]!,
      id: '6a0c1c55-3d6b-4b7e-9d55-0000000000aa',
      name: 'Cash wallet',
      isManual: true,
      openingBalance: 50,
    };
    const market = aTransaction({
      id: 'tx-9',
      description: 'Farmers market',
      merchantName: null,
      amount: -23.4,
      accountId: cash.id,
      accountName: 'Cash wallet',
      category: 20,
      categoryName: 'Groceries',
      isManual: true,
    });
    stubApi({
      'GET /api/transactions': { body: list([...ROWS, market], 3) },
      'GET /api/plaid/accounts': { body: [...ACCOUNTS, cash] },
    });
    renderPage();
    await screen.findByText('Showing 3 of 3 transactions');
    const menus = () => screen.getAllByRole('button', { name: 'Transaction actions' });

    fireEvent.click(menus()[0]!);
    expect(await screen.findByRole('menuitem', { name: 'Edit Category' })).toBeTruthy();
    expect(screen.queryByRole('menuitem', { name: 'Edit transaction' })).toBeNull();
    fireEvent.keyDown(document.activeElement ?? document.body, { key: 'Escape' });

    fireEvent.click(menus()[2]!);
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Edit transaction' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Edit transaction' }));
    expect((dialog.getByRole('textbox', { name: /^Description/ }) as HTMLInputElement).value).toBe(
      'Farmers market',
    );
    expect((dialog.getByRole('radio', { name: 'Money out' }) as HTMLInputElement).checked).toBe(true);
    expect(dialog.getByText('Saved as -$23.40 (money out)')).toBeTruthy();
  }, 20_000);

  it('opens the import and add dialogs from the header; Add offers a manual account when there is none', async () => {
    stubApi();
    renderPage();
    await screen.findByText('Showing 2 of 27 transactions');
    fireEvent.click(screen.getByRole('button', { name: 'Import transactions' }));
    const importing = within(await screen.findByRole('dialog', { name: 'Import transactions' }));
    expect(importing.getByText('Drop a statement here')).toBeTruthy();
    // The one account is chosen already.
    expect((importing.getByRole('combobox', { name: 'Import into' }) as HTMLInputElement).value).toBe(
      'Everyday Checking',
    );
    fireEvent.click(importing.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Import transactions' })).toBeNull());

    fireEvent.click(screen.getByRole('button', { name: 'Add transaction' }));
    const adding = within(await screen.findByRole('dialog', { name: 'Add a manual account' }));
    expect(adding.getByText(/Transactions you type in are kept in a manual account/)).toBeTruthy();
  }, 20_000);

  it('leaves Mark as Recurring out where nothing offers subscriptions', async () => {
    stubApi();
    renderPage();
    await screen.findByText('Showing 2 of 27 transactions');
    fireEvent.click(screen.getAllByRole('button', { name: 'Transaction actions' })[1]!);
    expect(await screen.findByRole('menuitem', { name: 'Edit Note' })).toBeTruthy();
    expect(screen.queryByRole('menuitem', { name: 'Mark as Recurring' })).toBeNull();
  });
});
