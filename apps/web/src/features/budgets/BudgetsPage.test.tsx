import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AuthProvider } from '../../app/auth';
import { aUser, fakeApi, renderWithProviders } from '../../test-utils';
import { BudgetsPage } from './BudgetsPage';
import { aBudget, aCountUp, aListItem, BUDGET_ID, DINING_ID, GROCERIES_ID } from './test-fixtures';
import { BUDGET_VIEW_KEY } from './use-budget-view';

const LIST = 'GET /api/budget';
const ACTIVE = 'GET /api/budget/active';
const COUNT_UP = `GET /api/budget/${BUDGET_ID}/countup`;

const withBudget = (extra: Parameters<typeof fakeApi>[0] = {}) =>
  fakeApi({
    [LIST]: { body: [aListItem()] },
    [ACTIVE]: { body: aBudget() },
    [COUNT_UP]: { body: aCountUp() },
    ...extra,
  });

/** The screen as the signed-in app shows it. */
function renderPage() {
  localStorage.setItem('authToken', 'token-1');
  localStorage.setItem('userData', JSON.stringify(aUser()));
  return renderWithProviders(
    <AuthProvider>
      <BudgetsPage />
    </AuthProvider>,
  );
}

beforeEach(() => localStorage.clear());
afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('BudgetsPage', () => {
  it('shows a skeleton while loading', async () => {
    withBudget();
    renderPage();
    expect(screen.getByRole('status').textContent).toBe('Loading your budget…');
    expect(await screen.findByRole('heading', { level: 2, name: 'November plan' })).toBeTruthy();
  });

  it('without any budget offers the first one and never asks for the active budget', async () => {
    const api = fakeApi({ [LIST]: { body: [] } });
    renderPage();
    expect(await screen.findByText('No Active Budget')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Create Your First Budget' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Create Budget' })).toBeNull();
    expect(screen.queryByRole('radiogroup')).toBeNull();
    expect(api.routesCalled()).toEqual([LIST]);
  });

  it('treats a 404 for the active budget as none', async () => {
    fakeApi({
      [LIST]: { body: [aListItem(aBudget({ isActive: false }))] },
      [ACTIVE]: { status: 404, body: { message: 'No active budget', code: 'NOT_FOUND' } },
    });
    renderPage();
    expect(await screen.findByText('No Active Budget')).toBeTruthy();
  });

  it('says the budget could not load and tries again on request', async () => {
    const api = fakeApi({
      [LIST]: ({ calls }) =>
        calls === 1 ? { status: 500, body: { message: 'Boom', code: 'INTERNAL' } } : { body: [aListItem()] },
      [ACTIVE]: { body: aBudget() },
    });
    renderPage();
    expect(await screen.findByText('Error Loading Budget Data')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'November plan' })).toBeTruthy();
    expect(api.routesCalled()).toEqual([LIST, LIST, ACTIVE]);
  });

  it('shows the traditional view: the summary, then each category spent of allocated', async () => {
    withBudget();
    renderPage();
    const summary = within(await screen.findByRole('region', { name: 'November plan' }));
    expect(summary.getByText('Active')).toBeTruthy();
    expect(summary.getByText('Monthly · Nov 1 – Nov 30, 2026 · 18 days left')).toBeTruthy();
    const figure = (label: string) => summary.getByText(label).nextElementSibling?.textContent;
    expect(figure('Income')).toBe('$5,000.00');
    expect(figure('Budgeted')).toBe('$1,100.00');
    expect(figure('Spent')).toBe('$725.50');
    expect(figure('Remaining')).toBe('$374.50');
    expect(summary.getByText('$3,900.00 unallocated')).toBeTruthy();
    expect(
      summary.getByRole('progressbar', { name: 'Overall progress: 66% of the budget spent' }),
    ).toBeTruthy();

    const groceries = within(screen.getByRole('region', { name: 'Groceries' }));
    expect(groceries.getByText('$240.00 of $600.00')).toBeTruthy();
    expect(groceries.getByText('40%')).toBeTruthy();
    expect(groceries.getByText('Rollover')).toBeTruthy();
    expect(groceries.getByText('Left').nextElementSibling?.textContent).toBe('$360.00');
    const shopping = within(screen.getByRole('region', { name: 'Shopping' }));
    expect(shopping.getByText('115%')).toBeTruthy();
    expect(shopping.getByText('Over by').nextElementSibling?.textContent).toBe('$30.50');
    expect(screen.getByRole('progressbar', { name: 'Dining Out: 85% of budget used' })).toBeTruthy();
    // No AI panel until insights exist.
    expect(screen.queryByText(/Insights/)).toBeNull();
  });

  it('labels a budget that was replaced as archived', async () => {
    withBudget({ [ACTIVE]: { body: aBudget({ isActive: false }) } });
    renderPage();
    const summary = within(await screen.findByRole('region', { name: 'November plan' }));
    expect(summary.getByText('Archived')).toBeTruthy();
  });

  it('remembers the count-up view and shows its summary, cards and the categories not counting up', async () => {
    withBudget();
    const first = renderPage();
    fireEvent.click(await screen.findByRole('radio', { name: 'Count-Up' }));
    expect(localStorage.getItem(BUDGET_VIEW_KEY)).toBe('count-up');

    const summary = within(await screen.findByRole('region', { name: 'November plan' }));
    expect(summary.getByText('Daily Earnings').nextElementSibling?.textContent).toBe('$20.00');
    expect(summary.getByText('1 of 3 categories counting up')).toBeTruthy();
    expect(summary.getByText('Total Available').nextElementSibling?.textContent).toBe('$85.00');
    expect(summary.getAllByRole('button', { name: 'Refresh Data' }).length).toBeGreaterThan(0);

    const groceries = within(screen.getByRole('region', { name: 'Groceries' }));
    expect(groceries.getByText('$20.00 a day')).toBeTruthy();
    expect(groceries.getByText('Day 12 of 30')).toBeTruthy();
    expect(groceries.getByText('Earned so far').nextElementSibling?.textContent).toBe('$240.00');
    expect(groceries.getByText('Spent so far').nextElementSibling?.textContent).toBe('$180.00');
    expect(groceries.getByText('Available').nextElementSibling?.textContent).toBe('$85.00');
    expect(groceries.getByText('Includes $25.00 rolled over')).toBeTruthy();
    expect(groceries.getByText('Consecutive Days').nextElementSibling?.textContent).toBe('8');
    expect(groceries.getByText('Zero Spending Days').nextElementSibling?.textContent).toBe('4');
    const achievements = within(groceries.getByRole('list', { name: 'Achievements in Groceries' }));
    expect(achievements.getAllByRole('listitem').map((b) => b.textContent)).toEqual([
      'Spending Pause',
      'Week Warrior',
      'Future Planner',
      '+1 more',
    ]);
    expect(groceries.getByRole('switch', { name: 'Count-up for Groceries' })).toHaveProperty('checked', true);
    // The pace chart in words.
    expect(
      groceries.getByText('Groceries by day 12 of 30: earned $240.00, spent $180.00, $60.00 under pace.'),
    ).toBeTruthy();

    const off = within(screen.getByRole('region', { name: 'Not counting up' }));
    expect(off.getByRole('switch', { name: 'Count-up for Dining Out' })).toHaveProperty('checked', false);
    expect(off.getByRole('switch', { name: 'Count-up for Shopping' })).toHaveProperty('checked', false);

    // Next visit: the choice is kept.
    first.unmount();
    renderPage();
    expect(await screen.findByText('Daily Earnings')).toBeTruthy();
  });

  it('turns count-up on for a category and says so', async () => {
    const api = withBudget({
      [`POST /api/budget/category/${DINING_ID}/enable-countup`]: {
        body: aBudget().categories[1] && { ...aBudget().categories[1], countUpEnabled: true },
      },
    });
    localStorage.setItem(BUDGET_VIEW_KEY, 'count-up');
    renderPage();
    fireEvent.click(await screen.findByRole('switch', { name: 'Count-up for Dining Out' }));
    expect(await screen.findByText('Count-Up Enabled')).toBeTruthy();
    expect(screen.getByText('Dining Out now earns $10.00 a day.')).toBeTruthy();
    expect(api.requests.filter((r) => r.route.startsWith('POST'))).toEqual([
      {
        route: `POST /api/budget/category/${DINING_ID}/enable-countup`,
        body: { categoryId: DINING_ID, enable: true },
      },
    ]);
  });

  it('puts the switch back and says so when turning count-up off fails', async () => {
    withBudget({
      [`POST /api/budget/category/${GROCERIES_ID}/enable-countup`]: {
        status: 500,
        body: { message: 'Boom', code: 'INTERNAL' },
      },
    });
    localStorage.setItem(BUDGET_VIEW_KEY, 'count-up');
    renderPage();
    fireEvent.click(await screen.findByRole('switch', { name: 'Count-up for Groceries' }));
    expect(await screen.findByText('Failed to update count-up setting. Please try again.')).toBeTruthy();
    expect(screen.getByText('Error')).toBeTruthy();
    await waitFor(() =>
      expect(screen.getByRole('switch', { name: 'Count-up for Groceries' })).toHaveProperty('checked', true),
    );
  });

  it('says the count-up data could not load and tries again on request', async () => {
    const api = withBudget({
      [COUNT_UP]: ({ calls }) =>
        calls === 1 ? { status: 500, body: { message: 'Boom', code: 'INTERNAL' } } : { body: aCountUp() },
    });
    localStorage.setItem(BUDGET_VIEW_KEY, 'count-up');
    renderPage();
    expect(await screen.findByText('Failed to load count-up data!')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByText('Daily Earnings')).toBeTruthy();
    expect(api.count(COUNT_UP)).toBe(2);
  });

  it("sets a count-up category's own daily allowance from its menu", async () => {
    const api = withBudget({
      [`PUT /api/budget/category/${GROCERIES_ID}/countup-settings`]: {
        body: { ...aBudget().categories[0], customDailyAllowance: 25 },
      },
    });
    localStorage.setItem(BUDGET_VIEW_KEY, 'count-up');
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Count-up options for Groceries' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Set daily allowance' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Groceries daily allowance' }));
    expect(dialog.getByText(/\$600\.00 over 30 days earns \$20\.00 a day/)).toBeTruthy();
    fireEvent.click(dialog.getByRole('button', { name: 'Save' }));
    expect(await dialog.findByText('Enter a daily allowance')).toBeTruthy();
    fireEvent.change(dialog.getByRole('textbox', { name: /Daily allowance/ }), { target: { value: '25' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Groceries now earns $25.00 a day.')).toBeTruthy();
    expect(api.requests.filter((r) => r.route.startsWith('PUT'))).toEqual([
      {
        route: `PUT /api/budget/category/${GROCERIES_ID}/countup-settings`,
        body: { categoryId: GROCERIES_ID, customDailyAllowance: 25 },
      },
    ]);
  });

  it("edits a category's allocation from its card", async () => {
    const updated = aBudget();
    const api = withBudget({
      [`PUT /api/budget/${BUDGET_ID}/category/${GROCERIES_ID}`]: { body: updated },
    });
    renderPage();
    const groceries = within(await screen.findByRole('region', { name: 'Groceries' }));
    fireEvent.click(groceries.getByRole('button', { name: 'Edit Budget for Groceries' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Edit Groceries Budget' }));
    const amount = dialog.getByRole('textbox', { name: /Allocated amount/ });
    expect((amount as HTMLInputElement).value).toBe('$600');
    fireEvent.change(amount, { target: { value: '5000' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Save Changes' }));
    expect(await dialog.findByText('Total allocated amount cannot exceed total income')).toBeTruthy();
    fireEvent.change(amount, { target: { value: '650' } });
    fireEvent.click(dialog.getByRole('switch', { name: /Rollover/ }));
    fireEvent.click(dialog.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Budget updated')).toBeTruthy();
    expect(screen.getByText('Groceries now has $650.00 for this month.')).toBeTruthy();
    expect(api.requests.filter((r) => r.route.startsWith('PUT'))).toEqual([
      {
        route: `PUT /api/budget/${BUDGET_ID}/category/${GROCERIES_ID}`,
        body: { allocatedAmount: 650, allowRollover: false },
      },
    ]);
  });

  it('deletes the budget after a confirmation', async () => {
    let deleted = false;
    const api = withBudget({
      [LIST]: () => ({ body: deleted ? [] : [aListItem()] }),
      [`DELETE /api/budget/${BUDGET_ID}`]: () => {
        deleted = true;
        return { status: 204 };
      },
    });
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Budget actions' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Delete budget' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Delete this budget?' }));
    expect(dialog.getByText(/“November plan” and its category allocations/)).toBeTruthy();
    fireEvent.click(dialog.getByRole('button', { name: 'Delete Budget' }));
    expect(await screen.findByText('Budget deleted')).toBeTruthy();
    expect(await screen.findByText('No Active Budget')).toBeTruthy();
    expect(api.count(`DELETE /api/budget/${BUDGET_ID}`)).toBe(1);
  });
});
