import type { Account, Insight, MonthlyCashFlow, TransactionList, TransactionSummary } from '@tally/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { AuthProvider } from '../../app/auth';
import { aUser, type FakeRequest, type FakeResponse, fakeApi, renderWithProviders } from '../../test-utils';
import { DashboardPage } from './DashboardPage';
import { anOverview } from './test-fixtures';

const ACCOUNTS = 'GET /api/plaid/accounts';
const TRANSACTIONS = 'GET /api/transactions';
const SUMMARY = 'GET /api/transactions/summary';
const SPENDING = 'GET /api/reports/spending-by-category';
const CASH_FLOW = 'GET /api/reports/monthly-cash-flow';
const BUDGETS = 'GET /api/budget';
const ONBOARDING = 'GET /api/onboarding';
const MERCHANTS = 'GET /api/onboarding/merchants';
const SAVINGS = 'GET /api/savings/overview';
const INSIGHTS = 'POST /api/ai/insights';

const failure: FakeResponse = { status: 500, body: { message: 'Internal error', code: 'INTERNAL' } };

const anAccount = (name: string, type: number, currentBalance: number): Account => ({
  id: `acc-${name}`,
  connectionId: 'c1',
  institutionName: 'Harbor National Bank',
  name,
  officialName: null,
  mask: '0001',
  type,
  subtype: null,
  currentBalance,
  availableBalance: null,
  isActive: true,
  isManual: false,
  openingBalance: null,
});
const summary = (totalIncome: number, totalExpenses: number): TransactionSummary => ({
  totalIncome,
  totalExpenses,
  netAmount: totalIncome - totalExpenses,
  transactionCount: 42,
});
const recent: TransactionList = {
  transactions: [
    {
      id: 't1',
      description: 'WHOLE FOODS #12',
      merchantName: 'Whole Foods',
      amount: -82.4,
      accountId: 'acc-Checking',
      accountName: 'Checking',
      category: 20,
      categoryName: 'Groceries',
      date: '2026-11-24',
      pending: false,
      isTransfer: false,
      note: null,
      isManual: false,
    },
  ],
  pagination: {
    totalItems: 1,
    currentPage: 1,
    pageSize: 50,
    totalPages: 1,
    hasPreviousPage: false,
    hasNextPage: false,
  },
};
const cashFlow: MonthlyCashFlow = [
  { month: '2026-10-01', income: 5200, expenses: 3900.5, net: 1299.5 },
  { month: '2026-11-01', income: 5000, expenses: 3000, net: 2000 },
];
const noInsights: Insight[] = [];

// Today in Los Angeles is November 25th: 03:00 UTC on the 26th is the evening before there.
const NOW = new Date('2026-11-26T03:00:00Z');
const CURRENT = 'startDate=2026-10-27&endDate=2026-11-25';
const PREVIOUS = 'startDate=2026-09-27&endDate=2026-10-26';

const summaries =
  (current: TransactionSummary, previous: TransactionSummary) =>
  ({ url }: FakeRequest): FakeResponse => ({
    body: url.search.includes(CURRENT) ? current : previous,
  });

function answers(
  over: Record<string, FakeResponse | ((r: FakeRequest & { calls: number }) => FakeResponse)> = {},
) {
  return {
    [ACCOUNTS]: {
      body: [anAccount('Checking', 0, 5000), anAccount('Savings', 0, 2000), anAccount('Card', 2, -300)],
    },
    [TRANSACTIONS]: { body: recent },
    [SUMMARY]: summaries(summary(5000, 3000), summary(4000, 3200)),
    [SPENDING]: {
      body: [
        { category: 20, categoryName: 'Groceries', amount: 600 },
        { category: 21, categoryName: 'Dining Out', amount: 200 },
      ],
    },
    [CASH_FLOW]: { body: cashFlow },
    [BUDGETS]: { body: [] },
    [ONBOARDING]: { body: { steps: [], finished: true, prepared: null } },
    [SAVINGS]: { body: anOverview([]) },
    [INSIGHTS]: { body: noInsights },
    ...over,
  };
}

/** The panels, shown once the dashboard knows whether the first-run guide goes above them. */
const panelsShown = () => screen.findByRole('group', { name: 'Total Balance' });

function renderDashboard() {
  localStorage.setItem('authToken', 'token-1');
  localStorage.setItem('userData', JSON.stringify(aUser({ timeZone: 'America/Los_Angeles' })));
  return renderWithProviders(
    <MemoryRouter>
      <AuthProvider>
        <DashboardPage />
      </AuthProvider>
    </MemoryRouter>,
  );
}

const card = (label: string) => within(screen.getByRole('group', { name: label }));

// The chart chunks load on first use; load them up front so no test waits on a cold import.
beforeAll(async () => {
  await Promise.all([import('./charts/SpendingDonut'), import('./charts/CashFlowChart')]);
});
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('DashboardPage', () => {
  it("asks for the person's two 30-day periods in their own time zone, all at once", async () => {
    const api = fakeApi(answers());
    renderDashboard();
    await screen.findByText('$7,000.00');
    const asked = api.to('/api/transactions/summary').map((r) => r.url.search.slice(1));
    expect(asked.sort()).toEqual([CURRENT, PREVIOUS].sort());
    expect(api.to('/api/reports/spending-by-category')[0]!.url.search).toBe(`?${CURRENT}`);
    expect(api.to('/api/reports/monthly-cash-flow')[0]!.url.search).toBe('?months=6');
    expect(api.to('/api/transactions')[0]!.url.search).toBe('?page=1&pageSize=50');
  });

  it('shows the four stat cards with their changes against the 30 days before', async () => {
    fakeApi(answers());
    renderDashboard();
    await panelsShown();
    // Balance: checking and savings; the card is credit used, beside it. 7,000 now, 5,000 before the
    // period's net of 2,000: +40%.
    expect(await card('Total Balance').findByText('$7,000.00')).toBeTruthy();
    expect(card('Total Balance').getByText('Credit used $300.00')).toBeTruthy();
    expect(card('Total Balance').getByText('Up 40%')).toBeTruthy();
    expect(card('Monthly Income').getByText('$5,000.00')).toBeTruthy();
    expect(card('Monthly Income').getByText('Up 25%')).toBeTruthy();
    expect(card('Monthly Expenses').getByText('$3,000.00')).toBeTruthy();
    expect(card('Monthly Expenses').getByText('Down 6.2%')).toBeTruthy();
    expect(card('Monthly Savings').getByText('$2,000.00')).toBeTruthy();
    expect(card('Monthly Savings').getByText('Up 150%')).toBeTruthy();
    // Less spending is good news, more income too: both green.
    expect(card('Monthly Expenses').getByText('−6.2%').closest('p')?.getAttribute('style')).toContain(
      '--tally-money-in',
    );
  });

  it('leaves a change out when the previous figure was 0', async () => {
    fakeApi(answers({ [SUMMARY]: summaries(summary(5000, 3000), summary(0, 3000)) }));
    renderDashboard();
    await panelsShown();
    expect(await card('Monthly Income').findByText('$5,000.00')).toBeTruthy();
    expect(card('Monthly Income').queryByText(/^(Up|Down) /)).toBeNull();
    expect(card('Monthly Income').getByText('Last 30 days')).toBeTruthy();
    expect(card('Monthly Expenses').getByText('No change')).toBeTruthy();
  });

  it('shows skeletons while loading, then the charts with their legends and summaries', async () => {
    fakeApi(answers());
    const { container } = renderDashboard();
    expect(container.querySelectorAll('.mantine-Skeleton-root').length).toBeGreaterThan(4);
    const legend = await screen.findByRole('list', { name: 'Spending by category' });
    expect(
      within(legend)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Groceries$600.00 75%', 'Dining Out$200.00 25%']);
    expect(
      screen.getByText(
        'Spending by category in the last 30 days, $800.00 in all: Groceries $600.00 (75%), Dining Out $200.00 (25%).',
      ),
    ).toBeTruthy();
    expect(screen.getByText(/^Income and expenses by month\. October 2026: income \$5,200\.00/)).toBeTruthy();
    // No budget: the period's top categories against an estimate, said to be one.
    expect(await screen.findByText('Estimate')).toBeTruthy();
    expect(screen.getByRole('progressbar', { name: 'Groceries: 83% of estimated budget used' })).toBeTruthy();
    expect(screen.getByText('Whole Foods')).toBeTruthy();
  });

  it('says when there is nothing to chart yet', async () => {
    fakeApi(
      answers({
        [SPENDING]: { body: [] },
        [CASH_FLOW]: { body: cashFlow.map((m) => ({ ...m, income: 0, expenses: 0, net: 0 })) },
        [TRANSACTIONS]: { body: { ...recent, transactions: [] } },
      }),
    );
    renderDashboard();
    expect(await screen.findByText('No spending in the last 30 days')).toBeTruthy();
    expect(screen.getByText('No income or expenses yet')).toBeTruthy();
    expect(screen.getByText('No spending categories yet')).toBeTruthy();
    expect(screen.getByText('No recent transactions')).toBeTruthy();
  });

  it('shows a failing part’s own error with Retry while the rest renders, and no Dashboard Error', async () => {
    const api = fakeApi(
      answers({
        [CASH_FLOW]: ({ calls }) => (calls === 1 ? failure : { body: cashFlow }),
        [ACCOUNTS]: failure,
      }),
    );
    renderDashboard();
    await panelsShown();
    expect(await screen.findByText('Could not load your income and expenses.')).toBeTruthy();
    expect(await card('Total Balance').findByText('Could not load')).toBeTruthy();
    expect(card('Monthly Income').getByText('$5,000.00')).toBeTruthy();
    expect(screen.getByText('Whole Foods')).toBeTruthy();
    expect(screen.getByRole('list', { name: 'Spending by category' })).toBeTruthy();
    expect(screen.queryByText('Dashboard Error')).toBeNull();

    const panel = screen.getByText('Could not load your income and expenses.').closest('[role="alert"]')!;
    fireEvent.click(within(panel as HTMLElement).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText(/^Income and expenses by month\./)).toBeTruthy();
    expect(api.count(CASH_FLOW)).toBe(2);
    expect(screen.queryByText('Dashboard Error')).toBeNull();
  });

  it('shows the panels only together with the first-run guide above them, never before it', async () => {
    let onboarding!: ReadableStreamDefaultController<Uint8Array>;
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        onboarding = controller;
      },
    });
    const api = fakeApi(
      answers({ [ONBOARDING]: { stream, headers: { 'content-type': 'application/json' } } }),
    );
    renderDashboard();
    // Everything but where the guide stands has answered: the panels wait, hidden, rather than show and
    // then be pushed down by the guide.
    await waitFor(() => expect(api.count(SUMMARY)).toBe(2));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('group', { name: 'Total Balance' })).toBeNull();

    const steps = ['connect', 'categories', 'budget', 'subscriptions'].map((step) => ({
      step,
      status: 'done',
    }));
    const state = { steps: [...steps, { step: 'goal', status: 'todo' }], finished: false, prepared: null };
    onboarding.enqueue(new TextEncoder().encode(JSON.stringify(state)));
    onboarding.close();
    const guide = await screen.findByRole('region', { name: 'Get set up' });
    const balance = screen.getByRole('group', { name: 'Total Balance' });
    expect(guide.compareDocumentPosition(balance) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(within(guide).getByText('4 of 5 steps done')).toBeTruthy();
  });

  it('reads where the guide stands and its merchants once: the guide, arriving after, asks for neither again', async () => {
    const statuses = {
      connect: 'done',
      categories: 'todo',
      budget: 'todo',
      subscriptions: 'todo',
      goal: 'todo',
    };
    const steps = Object.entries(statuses).map(([step, status]) => ({ step, status }));
    const api = fakeApi(
      answers({
        [ONBOARDING]: { body: { steps, finished: false, prepared: null } },
        [MERCHANTS]: { body: { merchants: [{ merchant: 'Corner Cafe', count: 3, spent: 132 }] } },
      }),
    );
    renderDashboard();
    const guide = await screen.findByRole('region', { name: 'Get set up' });
    expect(await within(guide).findByText('Corner Cafe')).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(api.count(ONBOARDING)).toBe(1);
    expect(api.count(MERCHANTS)).toBe(1);
  });

  it('when nothing loads, shows the Dashboard Error toast and one Retry that loads everything again', async () => {
    let down = true;
    const routes = answers();
    const api = fakeApi(
      Object.fromEntries(
        Object.entries(routes).map(([route, answer]) => [
          route,
          (request: FakeRequest & { calls: number }) =>
            down ? failure : typeof answer === 'function' ? answer(request) : answer,
        ]),
      ),
    );
    renderDashboard();
    expect(await screen.findByText('Dashboard Error')).toBeTruthy();
    expect(screen.getByText('Your dashboard could not be loaded.')).toBeTruthy();
    expect(screen.queryByRole('group', { name: 'Total Balance' })).toBeNull();
    const before = api.requests.length;
    down = false;
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    const balance = await screen.findByRole('group', { name: 'Total Balance' });
    expect(await within(balance).findByText('$7,000.00')).toBeTruthy();
    await waitFor(() => expect(screen.queryByText('Your dashboard could not be loaded.')).toBeNull());
    // The toast goes with the problem.
    await waitFor(() => expect(screen.queryByText('Dashboard Error')).toBeNull());
    expect(api.requests.length - before).toBeGreaterThanOrEqual(8);
  });
});
