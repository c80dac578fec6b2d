import type { Locator, Page } from '@playwright/test';
import {
  addDays,
  browserToday,
  checkScreen,
  createByApi,
  expect,
  expectConsoleErrors,
  linkDemoBank,
  newPerson,
  register,
  test,
} from './support';

const nav = (page: Page, name: string) =>
  page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name }).click();

const DINING_OUT = 21;
const DINING_OVER = 'Dining Out is over budget';
const LEFTOVER_UNSAVED = "Part of your leftover isn't being saved";

/**
 * A monthly budget that began four weeks ago, so the demo history's meals out this period already overrun
 * its $1.00 for Dining Out; that overspend takes all that Groceries could leave, so nothing is left over.
 */
async function tightBudget(page: Page, today: string) {
  await createByApi(page, '/api/budget', {
    name: 'Tight month',
    period: 2,
    startDate: addDays(today, -27),
    totalIncome: 6000,
    categories: [
      { category: 20, allocatedAmount: 800, allowRollover: false },
      { category: DINING_OUT, allocatedAmount: 1, allowRollover: false },
    ],
  });
}

type ActiveBudget = {
  id: string;
  startDate: string;
  endDate: string;
  categories: { id: string; category: number; allocatedAmount: number; spentAmount: number }[];
};

/** The active budget, read through the API as the Budgets screen reads it. */
const activeBudget = (page: Page) =>
  page.evaluate(async () => {
    const res = await fetch('/api/budget/active', {
      headers: { authorization: `Bearer ${localStorage.getItem('authToken')}` },
    });
    return (await res.json()) as ActiveBudget;
  });

type ServerInsight = { id: string; title: string; priority: 'high' | 'medium' | 'low' };

/** A screen's current insights as the server answers them (an automatic read: it does not count). */
const insightsFromApi = (page: Page, context: string, maxInsights: number) =>
  page.evaluate(
    async ([ctx, max]) => {
      const res = await fetch('/api/ai/insights', {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          authorization: `Bearer ${localStorage.getItem('authToken')}`,
        },
        body: JSON.stringify({ context: ctx, maxInsights: max }),
      });
      return (await res.json()) as ServerInsight[];
    },
    [context, maxInsights] as const,
  );

/** A goal that takes half of each period's leftover. */
async function halfGoal(page: Page, today: string) {
  await createByApi(page, '/api/savings/goals', {
    name: 'Emergency fund',
    targetAmount: 5000,
    allocationPercentage: 50,
    targetDate: addDays(today, 200),
    iconName: 'home',
    colorTheme: 'green',
  });
}

/** Gives Dining Out $3,000 through the budget's own route: the period now leaves money over. */
async function roomForSavings(page: Page) {
  const budget = await activeBudget(page);
  const dining = budget.categories.find((c) => c.category === DINING_OUT);
  const status = await page.evaluate(async (url) => {
    const res = await fetch(url, {
      method: 'PUT',
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${localStorage.getItem('authToken')}`,
      },
      body: JSON.stringify({ allocatedAmount: 3000 }),
    });
    return res.status;
  }, `/api/budget/${budget.id}/category/${dining?.id}`);
  expect(status).toBe(200);
}

const panel = (page: Page, title: string) => page.getByRole('region', { name: title });
const items = (list: Locator) => list.getByRole('article');
const insight = (list: Locator, title: string) => list.getByRole('article', { name: title, exact: true });
const figuresOf = (item: Locator, title: string) =>
  item.getByRole('list', { name: `Figures for ${title}` }).getByRole('listitem');
/** A summary card, found by its label. */
const statCard = (page: Page, label: string) => page.getByText(label, { exact: true }).locator('xpath=../..');
const MONEY = /^\$[\d,]+\.\d\d$/;
const cents = (money: string) => Math.round(Number(money.replace(/[$,]/g, '')) * 100);
const PRIORITY_RANK = { 'High priority': 0, 'Medium priority': 1, 'Low priority': 2 } as const;

/** Every insight of a panel shows its priority in words, its confidence, and at least one figure in dollars. */
async function expectEachInsightComplete(list: Locator) {
  const ranks: number[] = [];
  for (const item of await items(list).all()) {
    const title = (await item.getByRole('heading', { level: 3 }).textContent()) ?? '';
    const priority = item.getByText(/^(High|Medium|Low) priority$/);
    await expect(priority).toBeVisible();
    ranks.push(PRIORITY_RANK[(await priority.textContent()) as keyof typeof PRIORITY_RANK]);
    await expect(item.getByText(/ · \d{1,3}% confidence$/)).toBeVisible();
    const figures = figuresOf(item, title);
    expect(await figures.count()).toBeGreaterThan(0);
    for (const figure of await figures.all()) await expect(figure.getByText(MONEY)).toBeVisible();
  }
  // Most important first.
  expect(ranks).toEqual([...ranks].sort((a, b) => a - b));
}

/** Brings a panel's top under the fixed top bar, for a screenshot of what is in view. */
async function scrollToPanel(page: Page, title: string) {
  await panel(page, title).evaluate((el) => {
    el.scrollIntoView({ block: 'start' });
    window.scrollBy(0, -80);
  });
}

/** Today's AI requests and the plan's daily limit, as the Settings screen's AI usage card shows them. */
async function requestsToday(page: Page) {
  // The card first shows what was last read, then today's count as the server has it: wait for the latter.
  const fresh = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/ai/usage' && r.ok());
  await nav(page, 'Settings');
  const { requestsToday: used, dailyLimit: limit } = await (await fresh).json();
  await expect(page.getByText(/^\d+ of \d+ requests today$/)).toHaveText(
    `${used} of ${limit} requests today`,
  );
  return { used: Number(used), limit: Number(limit) };
}

/** Nothing is wider than the screen. */
const expectNoSidewaysScroll = async (page: Page) =>
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    page.viewportSize()?.width ?? 0,
  );

test.describe('insights', () => {
  test('the dashboard’s insights → a figure checked on Transactions → dismissed for good → the budget’s, refreshed → the savings panel once a goal takes part of a leftover', async ({
    page,
  }, testInfo) => {
    test.setTimeout(180_000);
    await register(page, newPerson());
    await linkDemoBank(page, 'demo_harbor');
    const today = await browserToday(page);
    await tightBudget(page, today);
    const budget = await activeBudget(page);
    const dining = budget.categories.find((c) => c.category === DINING_OUT);
    expect(dining?.spentAmount).toBeGreaterThan(1);

    // The dashboard shows the three most important insights, each with its priority in words, its
    // confidence and the figures it stands on.
    const available = await insightsFromApi(page, 'dashboard', 10);
    expect(available.map((i) => i.title)).toContain(DINING_OVER);
    // The dashboard was open while the bank and the budget were added through the API: read it again.
    await page.reload();
    const dashboard = panel(page, 'AI Financial Insights');
    await expect(items(dashboard)).toHaveCount(Math.min(3, available.length));
    await expect(dashboard.getByRole('heading', { level: 3 })).toHaveText(
      available.slice(0, 3).map((i) => i.title),
    );
    await expectEachInsightComplete(dashboard);

    // Dining Out's overspend: high priority, near certain, and its figures add up.
    const over = insight(dashboard, DINING_OVER);
    await expect(over.getByText('High priority', { exact: true })).toBeVisible();
    await expect(over.getByText('Budget · 95% confidence', { exact: true })).toBeVisible();
    await expect(
      over.getByText(
        /^You've spent \$[\d,]+\.\d\d on Dining Out against a budget of \$1\.00, \$[\d,]+\.\d\d over(, with \d+ days? of the period still to go| on its last day)\.$/,
      ),
    ).toBeVisible();
    await expect(over.getByText(/^Suggestion: /)).toBeVisible();
    const figures = figuresOf(over, DINING_OVER);
    await expect(figures).toHaveCount(3);
    const spentLink = figures.nth(0).getByRole('link', {
      name: /^Spent \$[\d,]+\.\d\d Dining Out, .+ from \d+ transactions?$/,
    });
    await expect(spentLink).toBeVisible();
    const spent = (await spentLink.getByText(MONEY).textContent()) ?? '';
    const count = Number(
      ((await spentLink.getByText(/^from \d+ transactions?$/).textContent()) ?? '').replace(/\D/g, ''),
    );
    expect(cents(spent)).toBe(Math.round((dining?.spentAmount ?? 0) * 100));
    await expect(figures.nth(1)).toContainText(/^Budget \$1\.00 Dining Out budget, /);
    const overBy = (await figures.nth(2).getByText(MONEY).textContent()) ?? '';
    expect(cents(overBy)).toBe(cents(spent) - 100);
    // An allocation and a difference have no list of transactions behind them: no link.
    await expect(figures.nth(1).getByRole('link')).toHaveCount(0);
    await expect(figures.nth(2).getByRole('link')).toHaveCount(0);
    await checkScreen(page, testInfo, 'insights-dashboard');

    // The figure opens Transactions with the same filters: the same total, from the same transactions.
    await spentLink.click();
    await expect(page).toHaveURL(
      new RegExp(`/transactions\\?category=${DINING_OUT}&from=${budget.startDate}&to=${budget.endDate}$`),
    );
    await expect(page.getByText('Total Expenses', { exact: true }).locator('xpath=..')).toContainText(spent);
    await expect(page.getByText(new RegExp(`^Showing \\d+ of ${count} transactions?$`))).toBeVisible();

    // A dismissal the server refuses puts the insight back, and says so.
    await nav(page, 'Dashboard');
    const victim = available.slice(0, 3).find((i) => i.title !== DINING_OVER)?.title ?? '';
    expect(victim).not.toBe('');
    expectConsoleErrors(page, /^Failed to load resource: the server responded with a status of 503/);
    await page.route('**/api/ai/insights/dismiss', (route) =>
      route.fulfill({
        status: 503,
        contentType: 'application/json',
        body: JSON.stringify({ message: 'Service unavailable', code: 'UNAVAILABLE' }),
      }),
    );
    await dashboard.getByRole('button', { name: `Dismiss insight: ${victim}` }).click();
    await expect(page.getByText('Failed to dismiss insight', { exact: true })).toBeVisible();
    await expect(page.getByText('Please try again later', { exact: true })).toBeVisible();
    await expect(insight(dashboard, victim)).toBeVisible();
    await page.unroute('**/api/ai/insights/dismiss');
    // The toast closes on its own; then the person tries again (a click within 0.6 s of the last one is
    // taken for the second half of a double click).
    await expect(page.getByText('Failed to dismiss insight', { exact: true })).toBeHidden();

    // Dismissed: gone at once, the next insight moves up, and it stays gone after a reload.
    await dashboard.getByRole('button', { name: `Dismiss insight: ${victim}` }).click();
    await expect(page.getByText('Insight dismissed', { exact: true })).toBeVisible();
    await expect(insight(dashboard, victim)).toBeHidden();
    const rest = available.filter((i) => i.title !== victim);
    await expect(dashboard.getByRole('heading', { level: 3 })).toHaveText(
      rest.slice(0, 3).map((i) => i.title),
    );
    await page.reload();
    await expect(dashboard.getByRole('heading', { level: 3 })).toHaveText(
      rest.slice(0, 3).map((i) => i.title),
    );
    await expect(insight(dashboard, victim)).toBeHidden();

    // The Budgets screen: the budget's own insights, Dining Out's overspend among them.
    await nav(page, 'Budgets');
    const budgets = panel(page, 'AI Budget Insights');
    const budgetOver = insight(budgets, DINING_OVER);
    await expect(budgetOver).toBeVisible();
    await expect(budgetOver.getByText('High priority', { exact: true })).toBeVisible();
    await expect(figuresOf(budgetOver, DINING_OVER).nth(0)).toContainText(spent);
    const shown = await items(budgets).count();
    expect(shown).toBeLessThanOrEqual(3);
    await expect(budgets.getByText(/^Budget · \d{1,3}% confidence$/)).toHaveCount(shown);
    await expectEachInsightComplete(budgets);
    await checkScreen(page, testInfo, 'insights-budgets');

    // Refresh works them out again now: one of the day's AI requests, where reading insights that are still
    // fresh is none. The dismissed one stays dismissed.
    const before = await requestsToday(page);
    await nav(page, 'Budgets');
    await expect(budgetOver).toBeVisible();
    await budgets.getByRole('button', { name: 'Refresh AI Budget Insights' }).click();
    await expect(page.getByText('Insights refreshed', { exact: true })).toBeVisible();
    await expect(budgetOver).toBeVisible();
    await expect(insight(budgets, victim)).toBeHidden();
    expect(await requestsToday(page)).toEqual({ ...before, used: before.used + 1 });
    await nav(page, 'Dashboard');
    await expect(dashboard.getByRole('heading', { level: 3 })).toHaveText(
      rest.slice(0, 3).map((i) => i.title),
    );

    // A goal with nothing left over to take a share of: the savings panel stays hidden.
    await halfGoal(page, today);
    await nav(page, 'Savings');
    await expect(page.getByRole('article', { name: 'Emergency fund', exact: true })).toBeVisible();
    await expect(statCard(page, 'Total Leftover Budget')).toContainText('$0.00');
    await expect(statCard(page, 'Allocated to Goals')).toContainText('$0.00');
    await expect(page.getByRole('heading', { name: 'AI Savings Insights' })).toBeHidden();

    // Once the budget leaves money over, the goal takes half of it and the panel shows, with the half no
    // goal receives.
    await roomForSavings(page);
    await page.reload();
    const leftoverCard = statCard(page, 'Total Leftover Budget');
    await expect(leftoverCard).not.toContainText('$0.00');
    const leftover = (await leftoverCard.getByText(/^\$[\d,]+\.\d\d$/).textContent()) ?? '';
    const savings = panel(page, 'AI Savings Insights');
    const unsaved = insight(savings, LEFTOVER_UNSAVED);
    await expect(unsaved).toBeVisible();
    await expect(unsaved.getByText(/Your goals take 50% of it/)).toBeVisible();
    // The leftover the Savings screen shows, half of it to the goal (rounded down), the rest to none.
    const parts = figuresOf(unsaved, LEFTOVER_UNSAVED);
    await expect(parts).toHaveCount(3);
    await expect(parts.nth(0)).toContainText(`Leftover so far ${leftover} `);
    const share = (await parts.nth(1).getByText(MONEY).textContent()) ?? '';
    const unallocated = (await parts.nth(2).getByText(MONEY).textContent()) ?? '';
    expect(cents(share)).toBe(Math.floor(cents(leftover) / 2));
    expect(cents(unallocated)).toBe(cents(leftover) - cents(share));
    await expect(statCard(page, 'Allocated to Goals')).toContainText(share);
    await expect(statCard(page, 'Unallocated Funds')).toContainText(unallocated);
    await expectEachInsightComplete(savings);
    await checkScreen(page, testInfo, 'insights-savings');
  });

  for (const scheme of ['light', 'dark'] as const) {
    test(`insights read well at phone width and on a wide screen in ${scheme} mode`, async ({
      page,
    }, testInfo) => {
      test.setTimeout(150_000);
      await page.setViewportSize({ width: 390, height: 844 });
      await page.addInitScript((s) => localStorage.setItem('colorScheme', s), scheme);
      await register(page, newPerson());
      await linkDemoBank(page, 'demo_harbor');
      const today = await browserToday(page);
      await tightBudget(page, today);
      await page.reload();

      const dashboard = panel(page, 'AI Financial Insights');
      await expect(insight(dashboard, DINING_OVER)).toBeVisible();
      await expectNoSidewaysScroll(page);
      await scrollToPanel(page, 'AI Financial Insights');
      await checkScreen(page, testInfo, `insights-dashboard-phone-${scheme}`, { fullPage: false });

      await page.goto('/budgets');
      await expect(insight(panel(page, 'AI Budget Insights'), DINING_OVER)).toBeVisible();
      await expectNoSidewaysScroll(page);
      await scrollToPanel(page, 'AI Budget Insights');
      await checkScreen(page, testInfo, `insights-budgets-phone-${scheme}`, { fullPage: false });

      await halfGoal(page, today);
      await roomForSavings(page);
      await page.goto('/savings');
      await expect(insight(panel(page, 'AI Savings Insights'), LEFTOVER_UNSAVED)).toBeVisible();
      await expectNoSidewaysScroll(page);
      await scrollToPanel(page, 'AI Savings Insights');
      await checkScreen(page, testInfo, `insights-savings-phone-${scheme}`, { fullPage: false });

      // Wide: the dashboard's panel spans the page, figures side by side.
      await page.setViewportSize({ width: 1280, height: 860 });
      await page.goto('/dashboard');
      await expect(items(dashboard).first()).toBeVisible();
      await checkScreen(page, testInfo, `insights-dashboard-wide-${scheme}`);
    });
  }
});
