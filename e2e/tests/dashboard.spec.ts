import type { Page, Route } from '@playwright/test';
import {
  addDays,
  browserToday,
  checkScreen,
  expect,
  expectConsoleErrors,
  linkDemoBank,
  newPerson,
  register,
  test,
} from './support';

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
const MONEY = /^-?\$[\d,]+\.\d{2}$/;

type Summary = { totalIncome: number; totalExpenses: number; netAmount: number };

/** GET through the API with the page's stored token, as the dashboard asks. */
const apiGet = <T>(page: Page, url: string) =>
  page.evaluate(async (to) => {
    const res = await fetch(to, {
      headers: { authorization: `Bearer ${localStorage.getItem('authToken')}` },
    });
    return res.json();
  }, url) as Promise<T>;

const card = (page: Page, name: string) => page.getByRole('group', { name });
const failWith500 = (route: Route) =>
  route.fulfill({ status: 500, json: { message: 'Internal server error', code: 'INTERNAL' } });

/**
 * With no budget, the Budget Overview's bars are estimates (spent × 1.2, so about 83% used): badged and named
 * as estimates, and drawn in none of SPEC §9's budget colours (red, orange, green), so they raise no alarm.
 */
async function expectEstimateBars(page: Page) {
  const overview = page.getByRole('region', { name: 'Budget Overview' });
  await expect(overview.getByText('Estimate', { exact: true })).toBeVisible();
  const bars = overview.getByRole('progressbar', { name: /^.+: \d+% of estimated budget used$/ });
  await expect(bars.first()).toBeVisible();
  const { fills, budgetColours } = await bars.evaluateAll((els) => {
    const fill = (el: Element) => getComputedStyle(el).backgroundColor;
    const probe = document.body.appendChild(document.createElement('div'));
    const budgetColours = ['red', 'orange', 'brand'].map((c) => {
      probe.style.backgroundColor = `var(--mantine-color-${c}-filled)`;
      return fill(probe);
    });
    probe.remove();
    return { fills: els.map(fill), budgetColours };
  });
  expect(fills.length).toBeGreaterThan(0);
  for (const colour of fills) expect(budgetColours).not.toContain(colour);
}

/** Every request the dashboard's parts make (the shell's own, such as the profile, go through). */
const DASHBOARD_DATA = /\/api\/(plaid\/accounts|transactions|reports|budget|savings|ai\/insights)(\/|\?|$)/;

test.describe('dashboard', () => {
  test('with a linked bank: stat cards that match the API, both charts, recent transactions; light, dark and phone', async ({
    page,
  }, testInfo) => {
    test.setTimeout(180_000);
    await register(page, newPerson());
    await linkDemoBank(page, 'demo_harbor');
    await page.goto('/dashboard');

    // The stat cards say what the API says for the person's last 30 days.
    const today = await browserToday(page);
    const current = await apiGet<Summary>(
      page,
      `/api/transactions/summary?startDate=${addDays(today, -29)}&endDate=${today}`,
    );
    await expect(card(page, 'Monthly Income').getByText(usd.format(current.totalIncome))).toBeVisible();
    await expect(card(page, 'Monthly Expenses').getByText(usd.format(current.totalExpenses))).toBeVisible();
    await expect(card(page, 'Monthly Savings').getByText(usd.format(current.netAmount))).toBeVisible();
    await expect(card(page, 'Total Balance').getByText(MONEY)).toBeVisible();
    // The demo bank has a credit card: credit used shows beside the balance, not inside it.
    await expect(card(page, 'Total Balance').getByText(/^Credit used \$[\d,]+\.\d{2}$/)).toBeVisible();
    await expect(
      card(page, 'Monthly Income').getByText(/^(Up|Down) [\d,.]+%$|^No change$|^Last 30 days$/),
    ).toBeAttached();

    // Spending by category: a legend with amounts and shares, the donut, and the same in words.
    const legend = page.getByRole('list', { name: 'Spending by category' });
    await expect(legend.getByRole('listitem').first()).toBeVisible();
    expect(await legend.getByRole('listitem').count()).toBeGreaterThan(1);
    await expect(page.locator('.recharts-pie-sector').first()).toBeVisible();
    await expect(
      page.getByText(/^Spending by category in the last 30 days, \$[\d,]+\.\d{2} in all: /),
    ).toBeAttached();

    // Income vs expenses: six months of bars, a tooltip in dollars.
    const bars = page.locator('.recharts-bar-rectangle');
    await expect(bars.first()).toBeVisible();
    await expect(page.getByText(/^Income and expenses by month\. /)).toBeAttached();
    const months = await apiGet<{ month: string; income: number; expenses: number }[]>(
      page,
      '/api/reports/monthly-cash-flow?months=6',
    );
    expect(months).toHaveLength(6);
    const last = months.at(-1)!;
    await bars.last().hover();
    const tooltip = page
      .locator('figure')
      .filter({ hasText: 'Income and expenses by month' })
      .locator('.recharts-tooltip-wrapper');
    await expect(tooltip).toContainText(usd.format(last.expenses));
    await expect(tooltip).toContainText('Expenses');

    // Recent transactions: the five newest.
    const newest = await apiGet<{ transactions: { merchantName: string | null; description: string }[] }>(
      page,
      '/api/transactions?page=1&pageSize=5',
    );
    const recent = page.getByRole('link', { name: 'View all transactions' });
    await expect(recent).toBeVisible();
    const first = newest.transactions[0]!;
    await expect(page.getByText(first.merchantName ?? first.description).first()).toBeVisible();
    await expect(page.getByText('Dashboard Error')).toBeHidden();
    // No budget yet: the overview's bars are calm estimates, not red alarms.
    await expectEstimateBars(page);
    await page.mouse.move(0, 0);
    await checkScreen(page, testInfo, 'dashboard-light');

    await page.evaluate(() => localStorage.setItem('colorScheme', 'dark'));
    await page.reload();
    await expect(page.locator('.recharts-bar-rectangle').first()).toBeVisible();
    await expect(page.locator('.recharts-pie-sector').first()).toBeVisible();
    await expectEstimateBars(page);
    await checkScreen(page, testInfo, 'dashboard-dark');

    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    await expect(card(page, 'Monthly Income').getByText(usd.format(current.totalIncome))).toBeVisible();
    await checkScreen(page, testInfo, 'dashboard-phone-dark-top', { fullPage: false });
    await page.getByRole('heading', { name: 'Income vs Expenses' }).scrollIntoViewIfNeeded();
    // The chart may draw its bars again as data arrives (a bar found can be replaced before the scroll).
    const bar = page.locator('.recharts-bar-rectangle').first();
    const barsInView = () =>
      expect(async () => {
        await bar.scrollIntoViewIfNeeded({ timeout: 2_000 });
        await expect(bar).toBeVisible({ timeout: 2_000 });
      }).toPass();
    await barsInView();
    await page.getByRole('heading', { name: 'Spending by Category' }).evaluate((h) => h.scrollIntoView());
    await checkScreen(page, testInfo, 'dashboard-phone-dark-charts', { fullPage: false });
    await checkScreen(page, testInfo, 'dashboard-phone-dark');
    // Nothing is wider than the phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    await page.evaluate(() => localStorage.setItem('colorScheme', 'light'));
    await page.reload();
    // A chart draws once it comes near the screen: bring the bar chart's card up first (a reload may or may
    // not return to where the page was).
    await page.getByRole('heading', { name: 'Income vs Expenses' }).scrollIntoViewIfNeeded();
    await barsInView();
    await checkScreen(page, testInfo, 'dashboard-phone-light');
  });

  test('a failing part shows its own error and Retry while the rest renders, without the Dashboard Error toast', async ({
    page,
  }, testInfo) => {
    test.setTimeout(120_000);
    expectConsoleErrors(page, /status of 500/);
    await register(page, newPerson());
    await linkDemoBank(page, 'demo_harbor');
    await page.route('**/api/reports/monthly-cash-flow?*', failWith500);
    await page.goto('/dashboard');
    // The chart and its error draw as they come near the screen: below the first-run guide, that takes a scroll.
    await page.getByRole('heading', { name: 'Income vs Expenses' }).scrollIntoViewIfNeeded();

    const problem = page.getByRole('alert').filter({ hasText: 'Could not load your income and expenses.' });
    await expect(problem).toBeVisible();
    await expect(problem.getByRole('button', { name: 'Retry' })).toBeVisible();
    // Everything else is there.
    await expect(card(page, 'Monthly Income').getByText(MONEY)).toBeVisible();
    await expect(card(page, 'Total Balance').getByText(MONEY)).toBeVisible();
    await expect(page.getByRole('list', { name: 'Spending by category' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'View all transactions' })).toBeVisible();
    await expect(page.getByText('Dashboard Error')).toBeHidden();
    await expect(page.getByText('Your dashboard could not be loaded.')).toBeHidden();
    await checkScreen(page, testInfo, 'dashboard-one-part-failing');

    // Once the server answers again, Retry brings the chart.
    await page.unroute('**/api/reports/monthly-cash-flow?*');
    await problem.getByRole('button', { name: 'Retry' }).click();
    await expect(page.locator('.recharts-bar-rectangle').first()).toBeVisible();
    await expect(problem).toBeHidden();
    await expect(page.getByText('Dashboard Error')).toBeHidden();
  });

  test('when nothing loads: the Dashboard Error toast and one Retry that brings everything back', async ({
    page,
  }, testInfo) => {
    test.setTimeout(120_000);
    expectConsoleErrors(page, /status of 500/);
    let down = true;
    await page.route(DASHBOARD_DATA, (route) => (down ? failWith500(route) : route.continue()));
    await register(page, newPerson());

    await expect(page.getByText('Dashboard Error')).toBeVisible();
    // The page's own message, with its Retry (the toast is an alert too, with only a close button).
    const problem = page
      .getByRole('alert')
      .filter({ hasText: 'Your dashboard could not be loaded.' })
      .filter({ has: page.getByRole('button', { name: 'Retry' }) });
    await expect(problem).toBeVisible();
    await expect(card(page, 'Total Balance')).toBeHidden();
    await checkScreen(page, testInfo, 'dashboard-nothing-loaded');

    down = false;
    await problem.getByRole('button', { name: 'Retry' }).click();
    await expect(card(page, 'Total Balance').getByText('$0.00')).toBeVisible();
    await expect(problem).toBeHidden();
    await expect(page.getByText('Dashboard Error')).toBeHidden();
    // A new person: every part says it has nothing yet.
    await expect(page.getByText('No recent transactions')).toBeVisible();
    await expect(page.getByText('No spending categories yet')).toBeVisible();
    await expect(page.getByText('No spending in the last 30 days')).toBeVisible();
    await expect(page.getByText('No income or expenses yet')).toBeVisible();
    await checkScreen(page, testInfo, 'dashboard-empty');
  });
});
