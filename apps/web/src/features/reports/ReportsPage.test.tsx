import { type cashFlowReport, type customReport, upgradeMessage } from '@tally/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { z } from 'zod';
import { AuthProvider } from '../../app/auth';
import { aUser, fakeApi, renderWithProviders } from '../../test-utils';
import { ReportsPage } from './ReportsPage';

// Amounts on the wire are dollars.
const figures = { income: 3000, expenses: 450.5, net: 2549.5, savingsRate: 0.8498, transactionCount: 4 };
const report: z.input<typeof cashFlowReport> = {
  startDate: '2026-10-01',
  endDate: '2026-11-20',
  interval: 'month',
  comparison: { startDate: '2026-08-01', endDate: '2026-09-20', label: 'previous period' },
  buckets: [
    { ...figures, start: '2026-10-01', startDate: '2026-10-01', endDate: '2026-10-31' },
    {
      income: 0,
      expenses: 0,
      net: 0,
      savingsRate: null,
      transactionCount: 0,
      start: '2026-11-01',
      startDate: '2026-11-01',
      endDate: '2026-11-20',
    },
  ],
  totals: figures,
  averages: { income: 1500, expenses: 225.25, net: 1274.75 },
  previous: { income: 2800, expenses: 300, net: 2500, savingsRate: 0.8929, transactionCount: 3 },
  changes: ['Spending rose $151 (50%) against the previous period: Dining Out +$151.'],
};

function Where() {
  const location = useLocation();
  return <output data-testid="where">{`${location.pathname}${location.search}`}</output>;
}

const renderPage = (entry = '/reports?view=table') =>
  renderWithProviders(
    <MemoryRouter initialEntries={[entry]}>
      <AuthProvider>
        <Routes>
          <Route path="/reports" element={<ReportsPage />} />
          <Route path="/transactions" element={<p>Transactions screen</p>} />
        </Routes>
        <Where />
      </AuthProvider>
    </MemoryRouter>,
  );

beforeEach(() => {
  localStorage.setItem('authToken', 'token-1');
  localStorage.setItem('userData', JSON.stringify(aUser({ plan: 'pro' })));
});
afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('ReportsPage', () => {
  it('shows the totals, why they changed and a row per month that opens its transactions', async () => {
    const api = fakeApi({
      'GET /api/reports/cash-flow': { body: report },
      'GET /api/plaid/accounts': { body: [] },
    });
    renderPage();
    expect(await screen.findByText(report.changes[0] as string)).toBeTruthy();
    expect(screen.getAllByText('$3,000.00').length).toBeGreaterThan(0);
    expect(screen.getByText('85%', { selector: 'p' })).toBeTruthy();
    expect(screen.getByText('$1,500.00/mo avg · $2,800.00 the period before')).toBeTruthy();
    const query = api.requests.find((r) => r.route === 'GET /api/reports/cash-flow');
    expect(query).toBeTruthy();

    fireEvent.click(screen.getByRole('link', { name: 'Oct 2026' }));
    expect(await screen.findByText('Transactions screen')).toBeTruthy();
    expect(screen.getByTestId('where').textContent).toBe('/transactions?from=2026-10-01&to=2026-10-31');
  });

  it('asks again by week when chosen, kept in the address bar', async () => {
    const api = fakeApi({
      'GET /api/reports/cash-flow': { body: report },
      'GET /api/plaid/accounts': { body: [] },
    });
    renderPage();
    await screen.findByText(report.changes[0] as string);
    fireEvent.click(screen.getByRole('radio', { name: 'Weekly' }));
    await vi.waitFor(() =>
      expect(
        api.to('/api/reports/cash-flow').some((r) => r.url.searchParams.get('interval') === 'week'),
      ).toBe(true),
    );
    expect(screen.getByTestId('where').textContent).toBe('/reports?by=week&view=table');
  });

  it('shows where the money went: categories against the period before, top merchants, income sources', async () => {
    const spending = {
      startDate: '2026-10-01',
      endDate: '2026-11-20',
      interval: 'month',
      comparison: report.comparison,
      total: 450.5,
      previousTotal: 300,
      buckets: [
        {
          start: '2026-10-01',
          startDate: '2026-10-01',
          endDate: '2026-10-31',
          total: 450.5,
          categories: [{ category: 21, amount: 450.5 }],
        },
        { start: '2026-11-01', startDate: '2026-11-01', endDate: '2026-11-20', total: 0, categories: [] },
      ],
      categories: [
        { category: 21, categoryName: 'Dining Out', amount: 450.5, previous: 300, transactionCount: 2 },
      ],
      merchants: [{ name: 'Chez Nous', amount: 450.5, transactionCount: 2, trend: [450.5, 0] }],
      incomeSources: [
        { category: 1, categoryName: 'Salary', amount: 3000, previous: 2800, transactionCount: 1 },
      ],
      changes: ['Spending rose $151 (50%) against the previous period: Dining Out +$151.'],
    };
    const api = fakeApi({
      'GET /api/reports/spending': { body: spending },
      'GET /api/plaid/accounts': { body: [] },
    });
    renderPage('/reports?report=spending&view=table');
    expect(await screen.findByRole('link', { name: 'Dining Out' })).toBeTruthy();
    expect(screen.getByText('+$150.50')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Chez Nous' }).getAttribute('href')).toBe(
      '/transactions?merchant=Chez+Nous&from=2026-10-01&to=2026-11-20',
    );
    expect(screen.getByRole('link', { name: 'Salary' })).toBeTruthy();
    expect(api.count('GET /api/reports/cash-flow')).toBe(0);
    fireEvent.click(screen.getByRole('link', { name: 'Dining Out' }));
    expect(screen.getByTestId('where').textContent).toBe(
      '/transactions?category=21&from=2026-10-01&to=2026-11-20',
    );
  });

  it('shows where the money flowed, a category one click from its transactions, whatever the interval', async () => {
    const node = (
      name: string,
      kind: string,
      amount: number,
      category: number | null,
      count: number | null,
    ) => ({
      name,
      kind,
      amount,
      category,
      transactionCount: count,
    });
    const flow = {
      startDate: '2026-10-01',
      endDate: '2026-11-20',
      comparison: null,
      totals: figures,
      previous: null,
      nodes: [
        node('Salary', 'income', 3000, 1, 1),
        node('Income', 'total', 3000, null, null),
        node('Dining Out', 'spending', 450.5, 21, 2),
        node('Saved', 'saved', 2549.5, null, null),
      ],
      links: [
        { source: 0, target: 1, amount: 3000 },
        { source: 1, target: 2, amount: 450.5 },
        { source: 1, target: 3, amount: 2549.5 },
      ],
      changes: [],
    };
    const api = fakeApi({
      'GET /api/reports/flow': { body: flow },
      'GET /api/plaid/accounts': { body: [] },
    });
    renderPage('/reports?report=flow&by=week&view=table');
    expect(await screen.findByRole('link', { name: 'Dining Out' })).toBeTruthy();
    // Saved, as a share of what came in; the whole is no row of its own.
    expect(screen.getByRole('row', { name: /Saved \$2,549\.50 85%/ })).toBeTruthy();
    expect(screen.queryByRole('row', { name: /^Income / })).toBeNull();
    expect(screen.queryByRole('radio', { name: 'Weekly' })).toBeNull();
    // A flow is the whole period's: asked by month even where the address bar says weekly.
    expect(api.to('/api/reports/flow')[0]?.url.searchParams.get('interval')).toBe('month');
    fireEvent.click(screen.getByRole('link', { name: 'Salary' }));
    expect(screen.getByTestId('where').textContent).toBe(
      '/transactions?category=1&from=2026-10-01&to=2026-11-20',
    );
  });

  it('adds up net worth with each account one click from its transactions, and no category to choose', async () => {
    const point = (day: string, assets: number, liabilities: number, transactionCount: number) => ({
      startDate: day,
      endDate: day,
      assets,
      liabilities,
      netWorth: assets - liabilities,
      transactionCount,
    });
    const netWorth = {
      startDate: '2026-10-30',
      endDate: '2026-11-02',
      step: 'day',
      comparison: null,
      points: [
        point('2026-10-30', 5000, 1000, 0),
        point('2026-10-31', 5200, 1000, 2),
        point('2026-11-01', 5200, 1000, 0),
        point('2026-11-02', 8400, 1100.5, 3),
      ],
      kinds: [
        { kind: 'cash', name: 'Cash', values: [5000, 5200, 5200, 8400] },
        { kind: 'credit', name: 'Credit cards', values: [-1000, -1000, -1000, -1100.5] },
      ],
      accounts: [
        {
          id: 'a1',
          name: 'Checking',
          kind: 'cash',
          opening: 5000,
          closing: 8400,
          change: 3400,
          transactionCount: 4,
        },
        {
          id: 'a2',
          name: 'Visa',
          kind: 'credit',
          opening: -1000,
          closing: -1100.5,
          change: -100.5,
          transactionCount: 1,
        },
      ],
      opening: { assets: 5000, liabilities: 1000, netWorth: 4000 },
      closing: { assets: 8400, liabilities: 1100.5, netWorth: 7299.5 },
      change: 3299.5,
      previousChange: null,
      changes: ['Net worth rose $3,300 (82%) over the period: Checking +$3,400.'],
    };
    const api = fakeApi({
      'GET /api/reports/net-worth': { body: netWorth },
      'GET /api/plaid/accounts': { body: [] },
    });
    renderPage(
      '/reports?report=net-worth&period=custom&from=2026-10-30&to=2026-11-02&view=table&category=21',
    );
    expect(
      await screen.findByText('Net worth rose $3,300 (82%) over the period: Checking +$3,400.'),
    ).toBeTruthy();
    // The table is month by month: October's last day, then November's so far.
    expect(
      screen.getByRole('row', { name: /Oct 2026 \$5,200\.00 \$1,000\.00 \$4,200\.00 \+\$200\.00 2/ }),
    ).toBeTruthy();
    expect(
      screen.getByRole('row', { name: /Nov 2026 \$8,400\.00 \$1,100\.50 \$7,299\.50 \+\$3,099\.50 3/ }),
    ).toBeTruthy();
    expect(screen.getByRole('row', { name: /Credit cards/ })).toBeTruthy();
    // Balances are every category's: none is asked for, nor offered.
    expect(api.to('/api/reports/net-worth')[0]?.url.searchParams.get('category')).toBeNull();
    expect(screen.queryByRole('textbox', { name: 'Category' })).toBeNull();
    fireEvent.click(screen.getByRole('link', { name: '1 transactions of Visa' }));
    expect(screen.getByTestId('where').textContent).toBe(
      '/transactions?from=2026-10-30&to=2026-11-02&account=a2',
    );
  });

  it('says to choose the days of a custom period before asking', async () => {
    const api = fakeApi({
      'GET /api/reports/cash-flow': { body: report },
      'GET /api/plaid/accounts': { body: [] },
    });
    renderPage('/reports?period=custom&from=2026-01-01');
    expect(await screen.findByText('Choose the days')).toBeTruthy();
    expect(api.count('GET /api/reports/cash-flow')).toBe(0);
  });

  it('offers Pro when the server refuses the plan the screen thought it had (a trial just ended)', async () => {
    fakeApi({
      'GET /api/reports/cash-flow': {
        status: 403,
        body: { message: upgradeMessage('reports'), code: 'PLAN_REQUIRED' },
      },
      'GET /api/plaid/accounts': { body: [] },
    });
    renderPage();
    expect(
      await screen.findByText('Your plan no longer includes reports. Upgrade to see them again.'),
    ).toBeTruthy();
  });

  it('offers Pro where the plan lacks reports, and asks for nothing', async () => {
    localStorage.setItem('userData', JSON.stringify(aUser({ plan: 'starter' })));
    const api = fakeApi({
      'GET /api/reports/cash-flow': {
        status: 403,
        body: { message: upgradeMessage('reports'), code: 'PLAN_REQUIRED' },
      },
      'GET /api/plaid/accounts': { body: [] },
    });
    renderPage();
    expect(await screen.findByText('Reports are a Pro feature')).toBeTruthy();
    expect(api.count('GET /api/reports/cash-flow')).toBe(0);
  });

  it('builds a custom report by merchant as a table, opens a merchant on its transactions, and saves it', async () => {
    const custom: z.input<typeof customReport> = {
      startDate: '2026-06-01',
      endDate: '2026-11-20',
      measure: 'total',
      amount: 'spending',
      groupBy: 'merchant',
      chart: 'table',
      comparison: { startDate: '2025-12-01', endDate: '2026-05-20', label: 'previous period' },
      groups: [
        {
          key: 'chez nous',
          label: 'Chez Nous',
          total: 450,
          count: 3,
          average: 2.58,
          previous: { total: 200, count: 1, average: 1.15 },
          drill: {
            startDate: '2026-06-01',
            endDate: '2026-11-20',
            category: null,
            accountId: null,
            merchant: 'Chez Nous',
          },
          parts: [],
        },
      ],
      more: 2,
      series: [],
      totals: { total: 450, count: 3, average: 2.58 },
      previous: { total: 200, count: 1, average: 1.15 },
      changes: ['Spending rose $250 (125%) against the previous period: Chez Nous +$250.'],
    };
    const saved = {
      id: '7d4b7f43-3c4e-4a47-9a55-2c9e0b1f3a21',
      name: 'Eating out',
      definition: {
        measure: 'total',
        amount: 'spending',
        groupBy: 'merchant',
        chart: 'table',
        period: 'last_6_months',
        compare: 'previous',
      },
      onDashboard: true,
      createdAt: '2026-11-20T10:00:00.000Z',
      updatedAt: '2026-11-20T10:00:00.000Z',
    };
    const api = fakeApi({
      'GET /api/reports/custom': { body: custom },
      'GET /api/reports/saved': ({ calls }) => ({ body: calls === 1 ? [] : [saved] }),
      'POST /api/reports/saved': { status: 201, body: saved },
      'GET /api/plaid/accounts': { body: [] },
    });
    renderPage('/reports?report=custom&group=merchant&chart=table');
    expect(await screen.findByText(custom.changes[0] as string)).toBeTruthy();
    expect(screen.getByRole('row', { name: /Chez Nous \$450\.00 \$200\.00 3/ })).toBeTruthy();
    expect(screen.getByText(/2 smaller merchants are left out/)).toBeTruthy();
    const query = api.to('/api/reports/custom')[0]?.url.searchParams;
    expect([
      query?.get('groupBy'),
      query?.get('chart'),
      query?.get('measure'),
      query?.get('interval'),
    ]).toEqual(['merchant', 'table', 'total', null]);

    fireEvent.click(screen.getByRole('button', { name: 'Save report' }));
    const dialog = await screen.findByRole('dialog', { name: 'Save report' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Name is required')).toBeTruthy();
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Name' }), {
      target: { value: 'Eating out' },
    });
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Show on my dashboard' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.getByTestId('where').textContent).toContain(`saved=${saved.id}`));
    expect(api.requests.find((r) => r.route === 'POST /api/reports/saved')?.body).toEqual({
      name: 'Eating out',
      onDashboard: true,
      definition: saved.definition,
    });
    expect(await screen.findByRole('heading', { name: 'Saved reports' })).toBeTruthy();
    expect(screen.getByRole('switch', { name: 'Show Eating out on the dashboard' })).toBeTruthy();

    fireEvent.click(screen.getByRole('link', { name: 'Chez Nous' }));
    expect(await screen.findByText('Transactions screen')).toBeTruthy();
    expect(screen.getByTestId('where').textContent).toBe(
      '/transactions?merchant=Chez+Nous&from=2026-06-01&to=2026-11-20',
    );
  });
});
