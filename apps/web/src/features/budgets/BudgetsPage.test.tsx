import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AuthProvider } from '../../app/auth';
import { anInsight } from '../../test-insights';
import { aUser, fakeApi, renderWithProviders } from '../../test-utils';
import { BudgetsPage } from './BudgetsPage';
import {
  aBudget,
  aCountUp,
  aCountUpStatus,
  aListItem,
  aPastBudget,
  BUDGET_ID,
  DINING_ID,
  GROCERIES_ID,
  PAST_GROCERIES_ID,
  PAST_ID,
  PAST_TRAVEL_ID,
} from './test-fixtures';
import { BUDGET_VIEW_KEY } from './use-budget-view';

const LIST = 'GET /api/budget';
const ACTIVE = 'GET /api/budget/active';
const COUNT_UP = `GET /api/budget/${BUDGET_ID}/countup`;
const INSIGHTS = 'POST /api/ai/insights';

const withBudget = (extra: Parameters<typeof fakeApi>[0] = {}) =>
  fakeApi({
    [LIST]: { body: [aListItem()] },
    [ACTIVE]: { body: aBudget() },
    [COUNT_UP]: { body: aCountUp() },
    [INSIGHTS]: { body: [] },
    ...extra,
  });

/** Where the screen has taken the browser: its path and query. */
function Address() {
  const location = useLocation();
  return <div data-testid="address">{location.pathname + location.search}</div>;
}

/** The screen as the signed-in app shows it, at `url`. */
function renderPage(url = '/budgets') {
  localStorage.setItem('authToken', 'token-1');
  localStorage.setItem('userData', JSON.stringify(aUser()));
  return renderWithProviders(
    <MemoryRouter initialEntries={[url]}>
      <AuthProvider>
        <BudgetsPage />
        <Address />
      </AuthProvider>
    </MemoryRouter>,
  );
}

// jsdom has no scrollIntoView; Mantine's Select (the dialog's Period) calls it.
Element.prototype.scrollIntoView ??= () => {};

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
      [LIST]: { body: [aListItem()] },
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
      [INSIGHTS]: { body: [] },
    });
    renderPage();
    expect(await screen.findByText('Error Loading Budget Data')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'November plan' })).toBeTruthy();
    await waitFor(() => expect(api.routesCalled()).toEqual([LIST, LIST, ACTIVE, INSIGHTS]));
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
  });

  it("shows the budget's AI insights under it, up to 3", async () => {
    const api = withBudget({ [INSIGHTS]: { body: [anInsight({ context: 'budget' })] } });
    renderPage();
    const panel = within(await screen.findByRole('region', { name: 'AI Budget Insights' }));
    expect(await panel.findByRole('article', { name: 'Dining Out is up 38%' })).toBeTruthy();
    expect(api.requests.find((r) => r.route === INSIGHTS)?.body).toEqual({
      context: 'budget',
      maxInsights: 3,
    });

    // The count-up view shows them too.
    fireEvent.click(screen.getByRole('radio', { name: 'Count-Up' }));
    expect(await screen.findByRole('region', { name: 'AI Budget Insights' })).toBeTruthy();
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
    expect(api.requests.filter((r) => r.route.startsWith('POST /api/budget'))).toEqual([
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

  describe('past budgets', () => {
    const PAST = `GET /api/budget/${PAST_ID}`;
    const PAST_COUNT_UP = `GET /api/budget/${PAST_ID}/countup`;
    const PAST_URL = `/budgets?budget=${PAST_ID}`;
    const address = () => screen.getByTestId('address').textContent;

    /** November active; October archived when November replaced it. */
    const withPast = (extra: Parameters<typeof fakeApi>[0] = {}) =>
      withBudget({
        [LIST]: { body: [aListItem(), aListItem(aPastBudget())] },
        [PAST]: { body: aPastBudget() },
        ...extra,
      });

    it('offers no past budgets until a newer budget has replaced one', async () => {
      withBudget();
      renderPage();
      expect(await screen.findByRole('heading', { level: 2, name: 'November plan' })).toBeTruthy();
      expect(screen.queryByRole('button', { name: 'Past budgets' })).toBeNull();
    });

    it('lists each past budget with its period and dates, and opens it at its own address', async () => {
      withPast();
      renderPage();
      fireEvent.click(await screen.findByRole('button', { name: 'Past budgets' }));
      const items = await screen.findAllByRole('menuitem');
      expect(items.map((i) => i.textContent)).toEqual(['October planMonthly · Oct 1 – Oct 31, 2026']);
      fireEvent.click(screen.getByRole('menuitem', { name: /October plan/ }));
      expect(await screen.findByRole('heading', { level: 2, name: 'October plan' })).toBeTruthy();
      expect(address()).toBe(PAST_URL);
    });

    it('shows a past budget read only: archived, its categories, Delete but no edits', async () => {
      const api = withPast();
      renderPage(PAST_URL);
      const summary = within(await screen.findByRole('region', { name: 'October plan' }));
      expect(summary.getByText('Archived')).toBeTruthy();
      expect(summary.getByText('Monthly · Oct 1 – Oct 31, 2026')).toBeTruthy();
      expect(summary.getByText('Income').nextElementSibling?.textContent).toBe('$4,800.00');
      expect(screen.getByText(/“October plan” was archived when a newer budget replaced it/)).toBeTruthy();
      const groceries = within(screen.getByRole('region', { name: 'Groceries' }));
      expect(groceries.getByText('$512.40 of $550.00')).toBeTruthy();
      expect(screen.getByRole('region', { name: 'Travel' })).toBeTruthy();
      expect(screen.queryByRole('button', { name: /^Edit Budget for/ })).toBeNull();

      fireEvent.click(summary.getByRole('button', { name: 'Budget actions' }));
      const actions = await screen.findAllByRole('menuitem');
      expect(actions.map((a) => a.textContent)).toEqual(['Delete budget']);
      // The past budget is read by its id; the active one (and its insights) not while it is off screen.
      expect(api.routesCalled()).toEqual([LIST, PAST]);
      expect(screen.queryByRole('region', { name: 'AI Budget Insights' })).toBeNull();
    });

    it('goes back to the active budget and its plain address', async () => {
      withPast();
      renderPage(PAST_URL);
      expect(await screen.findByRole('heading', { level: 2, name: 'October plan' })).toBeTruthy();
      fireEvent.click(screen.getByRole('link', { name: 'Back to active budget' }));
      expect(await screen.findByRole('heading', { level: 2, name: 'November plan' })).toBeTruthy();
      expect(address()).toBe('/budgets');
      expect(screen.queryByText(/was archived/)).toBeNull();
    });

    it("shows a past budget's count-up as it ended, without its switches or allowance menu", async () => {
      const api = withPast({
        [PAST_COUNT_UP]: {
          body: aCountUp({
            budgetId: PAST_ID,
            categories: [
              aCountUpStatus({ categoryId: PAST_GROCERIES_ID }),
              aCountUpStatus({
                categoryId: PAST_TRAVEL_ID,
                category: 26,
                categoryName: 'Travel',
                countUpEnabled: false,
                achievements: [],
              }),
            ],
          }),
        },
      });
      localStorage.setItem(BUDGET_VIEW_KEY, 'count-up');
      renderPage(PAST_URL);
      const groceries = within(await screen.findByRole('region', { name: 'Groceries' }));
      expect(groceries.getByText('Earned so far').nextElementSibling?.textContent).toBe('$240.00');
      expect(groceries.queryByRole('button', { name: 'Count-up options for Groceries' })).toBeNull();
      const off = within(screen.getByRole('region', { name: 'Not counting up' }));
      expect(off.getByText('These categories used the traditional budget.')).toBeTruthy();
      expect(off.getByText('$600.00 this period · would have earned $20.00 a day')).toBeTruthy();
      expect(screen.queryAllByRole('switch')).toEqual([]);
      fireEvent.click(screen.getByRole('button', { name: 'Budget actions' }));
      expect((await screen.findAllByRole('menuitem')).map((a) => a.textContent)).toEqual(['Delete budget']);
      expect(api.count(PAST_COUNT_UP)).toBe(1);
      expect(api.count(COUNT_UP)).toBe(0);
    });

    it('shows the active budget for an address naming one the list does not hold, and drops it', async () => {
      const api = withPast();
      renderPage('/budgets?budget=0b7a4c2e-1d3f-4a5b-8c6d-00000000dead');
      expect(await screen.findByRole('heading', { level: 2, name: 'November plan' })).toBeTruthy();
      await waitFor(() => expect(address()).toBe('/budgets'));
      expect(api.routesCalled()).toEqual([LIST, ACTIVE, INSIGHTS]);
    });

    it('deletes a past budget after a confirmation and returns to the active one', async () => {
      let deleted = false;
      const api = withPast({
        [LIST]: () => ({ body: deleted ? [aListItem()] : [aListItem(), aListItem(aPastBudget())] }),
        [`DELETE /api/budget/${PAST_ID}`]: () => {
          deleted = true;
          return { status: 204 };
        },
      });
      renderPage(PAST_URL);
      fireEvent.click(await screen.findByRole('button', { name: 'Budget actions' }));
      fireEvent.click(await screen.findByRole('menuitem', { name: 'Delete budget' }));
      const dialog = within(await screen.findByRole('dialog', { name: 'Delete this budget?' }));
      expect(dialog.getByText(/“October plan” and its category allocations/)).toBeTruthy();
      fireEvent.click(dialog.getByRole('button', { name: 'Delete Budget' }));
      expect(await screen.findByText('"October plan" has been deleted.')).toBeTruthy();
      expect(await screen.findByRole('heading', { level: 2, name: 'November plan' })).toBeTruthy();
      await waitFor(() => expect(address()).toBe('/budgets'));
      expect(screen.queryByRole('button', { name: 'Past budgets' })).toBeNull();
      expect(api.count(`DELETE /api/budget/${PAST_ID}`)).toBe(1);
      expect(api.count(`DELETE /api/budget/${BUDGET_ID}`)).toBe(0);
    });

    it('creating a budget while a past one is on screen shows the new active budget', async () => {
      const december = aBudget({
        id: '0b7a4c2e-1d3f-4a5b-8c6d-000000000004',
        name: 'December plan',
        startDate: '2026-12-01',
        endDate: '2026-12-31',
      });
      let created = false;
      withPast({
        [LIST]: () => ({
          body: created
            ? [aListItem(december), aListItem(aBudget({ isActive: false })), aListItem(aPastBudget())]
            : [aListItem(), aListItem(aPastBudget())],
        }),
        [ACTIVE]: () => ({ body: created ? december : aBudget() }),
        'POST /api/budget': () => {
          created = true;
          return { status: 201, body: december };
        },
      });
      renderPage(PAST_URL);
      expect(await screen.findByRole('heading', { level: 2, name: 'October plan' })).toBeTruthy();
      fireEvent.click(screen.getByRole('button', { name: 'Create Budget' }));
      const dialog = within(await screen.findByRole('dialog', { name: 'Create New Budget' }));
      // The budget it replaces is the active one, not the past one on screen.
      expect(dialog.getByText(/“November plan” is archived/)).toBeTruthy();
      const type = (name: string | RegExp, value: string) =>
        fireEvent.change(dialog.getByRole('textbox', { name }), { target: { value } });
      type(/Budget name/, 'December plan');
      type(/Total income/, '5000');
      type('Groceries', '600');
      fireEvent.click(dialog.getByRole('button', { name: 'Create Budget' }));
      expect(await screen.findByText('Budget created successfully!')).toBeTruthy();
      expect(await screen.findByRole('heading', { level: 2, name: 'December plan' })).toBeTruthy();
      expect(address()).toBe('/budgets');
      fireEvent.click(screen.getByRole('button', { name: 'Past budgets' }));
      expect((await screen.findAllByRole('menuitem')).map((i) => i.textContent)).toEqual([
        'November planMonthly · Nov 1 – Nov 30, 2026',
        'October planMonthly · Oct 1 – Oct 31, 2026',
      ]);
    });

    it('without an active budget offers a new one and the past ones, never asking for the active budget', async () => {
      const api = fakeApi({
        [LIST]: { body: [aListItem(aPastBudget())] },
        [PAST]: { body: aPastBudget() },
      });
      renderPage();
      expect(await screen.findByText('No Active Budget')).toBeTruthy();
      expect(screen.getByRole('button', { name: 'Create Budget' })).toBeTruthy();
      fireEvent.click(screen.getByRole('button', { name: 'Past budgets' }));
      fireEvent.click(await screen.findByRole('menuitem', { name: /October plan/ }));
      expect(await screen.findByRole('region', { name: 'October plan' })).toBeTruthy();
      fireEvent.click(screen.getByRole('link', { name: 'Back to budgets' }));
      expect(await screen.findByText('No Active Budget')).toBeTruthy();
      expect(api.count(ACTIVE)).toBe(0);
    });
  });
});
