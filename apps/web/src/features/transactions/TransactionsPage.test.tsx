import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import type { Transaction, TransactionList, TransactionSummary, User } from '@tally/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AuthProvider } from '../../app/auth';
import { theme } from '../../app/theme';
import { TransactionsPage } from './TransactionsPage';

const user: User = {
  id: 'u1',
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@example.com',
  profilePictureUrl: null,
  isGoogleUser: false,
  timeZone: 'UTC',
  plan: 'starter',
  trialEndsAt: null,
};

const tx = (patch: Partial<Transaction>): Transaction => ({
  id: 'tx-1',
  description: 'Acme Payroll',
  merchantName: 'Acme',
  amount: 2500,
  accountId: 'acc-1',
  accountName: 'Everyday Checking',
  category: 1,
  categoryName: 'Salary',
  date: '2026-03-13',
  pending: false,
  isTransfer: false,
  note: null,
  ...patch,
});

const ROWS = [
  tx({}),
  tx({
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

type Handler = (url: URL, init: RequestInit | undefined) => Response | undefined;

const json = (body: unknown, status = 200) =>
  new Response(body === null ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });

/** Stubs the network; `handler` may answer a request first, else sensible defaults apply. */
function stubApi(handler: Handler = () => undefined) {
  const calls: { method: string; url: URL; body?: unknown }[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const method = init?.method ?? 'GET';
    calls.push({ method, url, body: init?.body ? JSON.parse(String(init.body)) : undefined });
    const answer = handler(url, init);
    if (answer) return answer;
    if (url.pathname === '/api/transactions') return json(list(ROWS, 27));
    if (url.pathname === '/api/transactions/summary') return json(SUMMARY);
    if (url.pathname === '/api/plaid/accounts') {
      return json([
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
        },
      ]);
    }
    return json({ message: 'Not found', code: 'NOT_FOUND' }, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
  const requests = (path: string) => calls.filter((c) => c.url.pathname === path);
  return { calls, requests };
}

function renderPage(url = '/transactions') {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <MantineProvider theme={theme} env="test">
      <Notifications />
      <QueryClientProvider client={queryClient}>
        <MemoryRouter initialEntries={[url]}>
          <AuthProvider>
            <TransactionsPage />
          </AuthProvider>
        </MemoryRouter>
      </QueryClientProvider>
    </MantineProvider>,
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
    expect(api.calls[0]?.url.pathname).toBeDefined();
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
    stubApi((url) =>
      fail && url.pathname === '/api/transactions'
        ? json({ message: 'boom', code: 'INTERNAL' }, 500)
        : undefined,
    );
    renderPage();

    expect(await screen.findByText('Failed to load transactions. Please try again.')).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByText('Showing 2 of 27 transactions')).toBeTruthy();
  });

  it('says No transactions found, and shows -- for totals it could not load', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    stubApi((url) => {
      if (url.pathname === '/api/transactions') return json(list([], 0));
      if (url.pathname === '/api/transactions/summary') return json({ message: 'boom', code: 'X' }, 500);
      return undefined;
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
    const api = stubApi((url, init) =>
      url.pathname === '/api/transactions/tx-2/category' && init?.method === 'PUT'
        ? json({ ...ROWS[1], category: 20, categoryName: 'Groceries' })
        : undefined,
    );
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
    const api = stubApi((url, init) => {
      if (url.pathname === '/api/transactions/tx-1' && init?.method === 'DELETE') {
        return new Response(null, { status: 204 });
      }
      if (url.pathname === '/api/transactions/tx-1/restore') return json(ROWS[0]);
      return undefined;
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

  it('offers Mark as Recurring only once subscription tracking exists', async () => {
    stubApi();
    renderPage();
    await screen.findByText('Showing 2 of 27 transactions');
    fireEvent.click(screen.getAllByRole('button', { name: 'Transaction actions' })[1]!);
    const item = await screen.findByRole('menuitem', { name: 'Mark as Recurring' });
    expect(item.hasAttribute('disabled') || item.getAttribute('data-disabled') === 'true').toBe(true);
    expect(screen.getByRole('menuitem', { name: 'Edit Note' })).toBeTruthy();
  });
});
