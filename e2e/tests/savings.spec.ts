import type { Locator, Page } from '@playwright/test';
import {
  addDays,
  browserToday,
  checkScreen,
  createByApi,
  expect,
  newPerson,
  register,
  setClock,
  test,
} from './support';

const nav = (page: Page, name: string) =>
  page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name }).click();

/** 'Oct 5, 2026', as the screens print a day. */
const shortDay = (day: string) =>
  new Intl.DateTimeFormat('en-US', {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${day}T00:00:00Z`));

/** 'Oct 6 – Oct 12, 2026' (both years when they differ), as a ledger row names a budget period. */
const dayRange = (start: string, end: string) =>
  start.slice(0, 4) === end.slice(0, 4)
    ? `${shortDay(start).replace(/, \d{4}$/, '')} – ${shortDay(end)}`
    : `${shortDay(start)} – ${shortDay(end)}`;

const card = (page: Page, name: string) => page.getByRole('article', { name, exact: true });
/** A summary card, found by its label. */
const statCard = (page: Page, label: string) => page.getByText(label, { exact: true }).locator('xpath=../..');
const field = (dialog: Locator, name: string | RegExp) => dialog.getByRole('textbox', { name });
const ALLOCATION = 'Allocation per budget period';

/**
 * A weekly budget whose current period ends today: it started six days ago (in the browser's time zone,
 * which is the person's). $300 of it does not roll over, so with no spending the period leaves $300.00;
 * the $150 that rolls over is left out of the leftover.
 */
async function weeklyBudget(page: Page, today: string) {
  await createByApi(page, '/api/budget', {
    name: 'Week plan',
    period: 0,
    startDate: addDays(today, -6),
    totalIncome: 1000,
    categories: [
      { category: 20, allocatedAmount: 200, allowRollover: false },
      { category: 21, allocatedAmount: 100, allowRollover: false },
      { category: 24, allocatedAmount: 150, allowRollover: true },
    ],
  });
}

/** A few goals through the API, as the dialog would create them. */
async function seedGoals(page: Page, today: string) {
  await createByApi(page, '/api/savings/goals', {
    name: 'Emergency fund',
    description: 'Three months of rent',
    targetAmount: 5000,
    allocationPercentage: 30,
    targetDate: addDays(today, 200),
    iconName: 'home',
    colorTheme: 'green',
  });
  await createByApi(page, '/api/savings/goals', {
    name: 'Lisbon trip',
    targetAmount: 1200,
    allocationPercentage: 25,
    iconName: 'map-pin',
    colorTheme: 'teal',
  });
  await createByApi(page, '/api/savings/goals', {
    name: 'New laptop',
    targetAmount: 400,
    allocationPercentage: 20,
    targetDate: addDays(today, 30),
    iconName: 'star',
    colorTheme: 'purple',
  });
  const goals = await page.evaluate(async () => {
    const res = await fetch('/api/savings/goals', {
      headers: { authorization: `Bearer ${localStorage.getItem('authToken')}` },
    });
    return (await res.json()) as { id: string; name: string }[];
  });
  const laptop = goals.find((g) => g.name === 'New laptop');
  const trip = goals.find((g) => g.name === 'Lisbon trip');
  if (laptop) await createByApi(page, `/api/savings/goals/${laptop.id}/allocate`, { amount: 400 });
  if (trip) await createByApi(page, `/api/savings/goals/${trip.id}/allocate`, { amount: 150, note: 'Gift' });
}

test.describe('savings', () => {
  test('create (every validation message) → edit → add money → period end funds goals → complete → delete', async ({
    page,
  }, testInfo) => {
    test.setTimeout(180_000);
    await register(page, newPerson());
    const today = await browserToday(page);

    // The dashboard's card: no goals yet; Create Goal opens the dialog on the Savings screen.
    const dashboardCard = page.getByRole('region', { name: 'Savings Goals' });
    await expect(dashboardCard.getByText('No savings goals yet')).toBeVisible();
    await dashboardCard.getByRole('link', { name: 'Create Goal' }).click();
    await expect(page.getByRole('dialog', { name: 'Create Savings Goal' })).toBeVisible();
    await expect(page).toHaveURL(/\/savings$/);
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByText('No savings goals yet')).toBeVisible();
    await checkScreen(page, testInfo, 'savings-empty');

    // A budget whose week ends today: $300.00 of it is leftover so far.
    await weeklyBudget(page, today);
    await page.reload();
    await expect(page.getByText(/Your budget has \$300\.00 left over so far this period/)).toBeVisible();

    // Create: each rule says what is wrong, at its field, before anything is sent.
    await page.getByRole('button', { name: 'Create Your First Goal' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create Savings Goal' });
    await expect(field(dialog, ALLOCATION)).toHaveValue('10%');
    await expect(dialog.getByText("≈ $30.00 of this period's $300.00 leftover so far")).toBeVisible();
    await field(dialog, ALLOCATION).fill('');
    await dialog.getByRole('button', { name: 'Create Goal' }).click();
    await expect(dialog.getByText('Goal name is required')).toBeVisible();
    await expect(dialog.getByText('Target amount must be greater than 0')).toBeVisible();
    await expect(dialog.getByText('Allocation must be between 1% and 100%')).toBeVisible();
    await checkScreen(page, testInfo, 'savings-create-required', { fullPage: false });

    await field(dialog, /^Goal name/).fill('E'.repeat(101));
    await field(dialog, 'Description').fill('d'.repeat(501));
    await expect(dialog.getByText('501/500')).toBeVisible();
    await field(dialog, /^Target amount/).fill('10000001');
    await field(dialog, ALLOCATION).fill('101');
    await field(dialog, 'Target date').fill(today);
    await field(dialog, 'Target date').press('Escape');
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Create Goal' }).click();
    await expect(dialog.getByText('Name must be less than 100 characters')).toBeVisible();
    await expect(dialog.getByText('Description must be less than 500 characters')).toBeVisible();
    await expect(dialog.getByText('Target amount must be at most $10,000,000')).toBeVisible();
    await expect(dialog.getByText('Allocation must be between 1% and 100%')).toBeVisible();
    await expect(dialog.getByText('Target date must be in the future')).toBeVisible();
    await checkScreen(page, testInfo, 'savings-create-limits', { fullPage: false });

    // Fixed: a real goal.
    await field(dialog, /^Goal name/).fill('Emergency fund');
    await field(dialog, 'Description').fill('Three months of rent');
    await field(dialog, /^Target amount/).fill('5000');
    await field(dialog, ALLOCATION).fill('20');
    await expect(dialog.getByText("≈ $60.00 of this period's $300.00 leftover so far")).toBeVisible();
    await field(dialog, 'Target date').fill(addDays(today, 200));
    await field(dialog, 'Target date').press('Escape');
    await dialog.getByRole('radio', { name: 'Home' }).check();
    await dialog.getByRole('radio', { name: 'Green' }).check();
    await dialog.getByRole('button', { name: 'Create Goal' }).click();
    await expect(page.getByText('Goal Created!')).toBeVisible();
    await expect(page.getByText('Achievement unlocked: First Goal')).toBeVisible();
    await expect(dialog).toBeHidden();
    const emergency = card(page, 'Emergency fund');
    await expect(emergency.getByText('$0.00 of $5,000.00')).toBeVisible();
    await expect(emergency.getByText('200d left')).toBeVisible();
    await expect(emergency.getByText('20% of leftover')).toBeVisible();
    await expect(emergency.getByText('+$60.00 this period')).toBeVisible();
    await expect(emergency.getByText(shortDay(addDays(today, 200)))).toBeVisible();

    // The allocation in dollars: $90 of this period's $300 is 30%.
    await page.getByRole('button', { name: 'New Goal' }).click();
    const trip = page.getByRole('dialog', { name: 'Create Savings Goal' });
    await field(trip, /^Goal name/).fill('Lisbon trip');
    await field(trip, /^Target amount/).fill('150');
    await trip.getByText('Dollars', { exact: true }).click();
    await expect(field(trip, ALLOCATION)).toHaveValue('$30');
    await field(trip, ALLOCATION).fill('90');
    await expect(trip.getByText("= 30% of this period's $300.00 leftover so far")).toBeVisible();
    await trip.getByRole('radio', { name: 'Map pin' }).check();
    await trip.getByRole('radio', { name: 'Teal' }).check();
    await checkScreen(page, testInfo, 'savings-create-dollars', { fullPage: false });
    await trip.getByRole('button', { name: 'Create Goal' }).click();
    await expect(page.getByText("“Lisbon trip” takes 30% of each budget period's leftover.")).toBeVisible();
    await expect(card(page, 'Lisbon trip').getByText('No deadline')).toBeVisible();

    // The 100% cap: 50% is taken.
    await page.getByRole('button', { name: 'New Goal' }).click();
    const car = page.getByRole('dialog', { name: 'Create Savings Goal' });
    await field(car, /^Goal name/).fill('Car repairs');
    await field(car, /^Target amount/).fill('1000');
    await field(car, ALLOCATION).fill('60');
    await field(car, 'Target date').fill(addDays(today, 90));
    await field(car, 'Target date').press('Escape');
    await car.getByRole('button', { name: 'Create Goal' }).click();
    await expect(car.getByText('Total allocation would exceed 100%. Available: 50%')).toBeVisible();
    await field(car, ALLOCATION).fill('40');
    await car.getByRole('radio', { name: 'Truck' }).check();
    await car.getByRole('radio', { name: 'Orange' }).check();
    await car.getByRole('button', { name: 'Create Goal' }).click();
    await expect(card(page, 'Car repairs')).toBeVisible();

    // 90% of $300 goes to goals: $30.00 is unallocated, with a tip.
    await expect(statCard(page, 'Allocated to Goals')).toContainText('$270.00');
    await expect(statCard(page, 'Unallocated Funds')).toContainText('$30.00');
    await expect(statCard(page, 'Unallocated Funds')).toContainText('Tip:');
    await expect(statCard(page, 'Total Leftover Budget')).toContainText('$300.00');
    await expect(statCard(page, 'Active Goals')).toContainText('3');
    await checkScreen(page, testInfo, 'savings-goals');

    // Edit: the goal counts once, at its new percentage; 30% of the rest is free.
    await emergency.getByRole('button', { name: 'Edit Emergency fund' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Savings Goal' });
    await expect(field(edit, /^Goal name/)).toHaveValue('Emergency fund');
    await expect(field(edit, ALLOCATION)).toHaveValue('20%');
    await expect(edit.getByRole('switch', { name: /Active/ })).toBeChecked();
    await field(edit, ALLOCATION).fill('31');
    await edit.getByRole('button', { name: 'Save Changes' }).click();
    await expect(edit.getByText('Total allocation would exceed 100%. Available: 30%')).toBeVisible();
    await checkScreen(page, testInfo, 'savings-edit-cap', { fullPage: false });
    await field(edit, ALLOCATION).fill('30');
    await edit.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page.getByText('Goal Updated!')).toBeVisible();
    await expect(emergency.getByText('30% of leftover')).toBeVisible();
    await expect(statCard(page, 'Unallocated Funds')).toContainText('$0.00');
    await expect(statCard(page, 'Unallocated Funds')).toContainText(
      'Every dollar left over is going to a goal.',
    );

    // Add money by hand: $100 of the trip's $150.
    await card(page, 'Lisbon trip').getByRole('button', { name: 'Add money to Lisbon trip' }).click();
    const add = page.getByRole('dialog', { name: 'Add Money' });
    await add.getByRole('button', { name: 'Add Money' }).click();
    await expect(add.getByText('Amount must be greater than 0')).toBeVisible();
    await field(add, /^Amount/).fill('100');
    await field(add, 'Note').fill('Birthday money');
    await add.getByRole('button', { name: 'Add Money' }).click();
    await expect(page.getByText('$100.00 added to “Lisbon trip”.')).toBeVisible();
    await expect(page.getByText('Achievement unlocked: Halfway There')).toBeVisible();
    await expect(card(page, 'Lisbon trip').getByText('$100.00 of $150.00')).toBeVisible();
    await expect(card(page, 'Lisbon trip').getByText('66%')).toBeVisible();
    const achievements = page.getByRole('list', { name: 'Earned achievements' });
    await expect(achievements.getByRole('listitem', { name: /^Halfway There:/ })).toBeVisible();

    // The week ends: the next day, reading the goals shares its $300.00 leftover among them. The trip
    // needs only $50.00 of its 30% ($90.00): it is complete, and the rest stays unallocated.
    await setClock(page, 1);
    await page.reload();
    await expect(card(page, 'Lisbon trip').getByText('Complete', { exact: true })).toBeVisible();
    await expect(card(page, 'Lisbon trip').getByText('$150.00 of $150.00')).toBeVisible();
    await expect(
      card(page, 'Lisbon trip').getByText(/^Goal achieved on .+! You saved \$150\.00\.$/),
    ).toBeVisible();
    await expect(card(page, 'Emergency fund').getByText('$90.00 of $5,000.00')).toBeVisible();
    await expect(card(page, 'Car repairs').getByText('$120.00 of $1,000.00')).toBeVisible();
    await expect(statCard(page, 'Total Saved')).toContainText('$360.00');
    await expect(statCard(page, 'Completed Goals')).toContainText('1');
    await expect(statCard(page, 'Active Goals')).toContainText('2');
    await checkScreen(page, testInfo, 'savings-after-period-end');

    // The goal's own page: its figures, the period's share in its ledger, then money added by hand.
    await card(page, 'Emergency fund').getByRole('link', { name: 'Details of Emergency fund' }).click();
    await expect(page).toHaveURL(/\/savings\/[0-9a-f-]{36}$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Emergency fund' })).toBeVisible();
    const progress = page.getByRole('region', { name: 'Progress' });
    await expect(progress.getByText('Status', { exact: true }).locator('..')).toContainText('On Track');
    await expect(progress.getByText('Days left').locator('..')).toContainText('199');
    await expect(progress.getByText('Daily needed').locator('..')).toContainText('$');
    await expect(progress.getByText('Monthly contribution').locator('..')).toContainText('$');
    const ledger = page.getByRole('list', { name: 'Contributions' });
    await expect(ledger.getByRole('listitem')).toHaveCount(1);
    await expect(ledger.getByRole('listitem').first()).toContainText('Period share');
    await expect(ledger.getByRole('listitem').first()).toContainText(
      `Leftover of ${dayRange(addDays(today, -6), today)}`,
    );
    await expect(ledger.getByRole('listitem').first()).toContainText('+$90.00');
    await page.getByRole('button', { name: 'Add Money' }).click();
    const addHere = page.getByRole('dialog', { name: 'Add Money' });
    await field(addHere, /^Amount/).fill('50');
    await field(addHere, 'Note').fill('Rainy day');
    await addHere.getByRole('button', { name: 'Add Money' }).click();
    await expect(page.getByText('$50.00 added to “Emergency fund”.')).toBeVisible();
    await expect(ledger.getByRole('listitem')).toHaveCount(2);
    await expect(ledger.getByRole('listitem').first()).toContainText('Added by hand');
    await expect(ledger.getByRole('listitem').first()).toContainText('Rainy day');
    await expect(progress.getByText('Saved', { exact: true }).locator('..')).toContainText('$140.00');
    // Two days of history: the chart draws them.
    const chart = page.getByRole('figure');
    await chart.scrollIntoViewIfNeeded();
    await expect(chart.locator('.recharts-area-curve').first()).toBeVisible();
    await expect(chart).toContainText('$140.00 saved toward $5,000.00');
    await page.evaluate(() => window.scrollTo(0, 0));
    await checkScreen(page, testInfo, 'savings-goal-detail');

    // Back to the list: the trip's completion earned its achievement.
    await page.getByRole('link', { name: 'All goals' }).click();
    await expect(achievements.getByRole('listitem', { name: /^Goal Achieved:/ })).toBeVisible();

    // Delete after a confirmation.
    await card(page, 'Car repairs').getByRole('button', { name: 'Delete Car repairs' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete this goal?' });
    await expect(
      confirm.getByText(/“Car repairs” and its record of \$120\.00 saved will be removed/),
    ).toBeVisible();
    await checkScreen(page, testInfo, 'savings-delete-confirm', { fullPage: false });
    await confirm.getByRole('button', { name: 'Delete Goal' }).click();
    await expect(page.getByText('Goal Deleted')).toBeVisible();
    await expect(card(page, 'Car repairs')).toBeHidden();
    await expect(statCard(page, 'Total Saved')).toContainText('$290.00');
  });

  test('the dashboard card with no goal, one goal and many; /savings?create=true', async ({
    page,
  }, testInfo) => {
    test.setTimeout(120_000);
    await register(page, newPerson());
    const today = await browserToday(page);
    const dashboardCard = page.getByRole('region', { name: 'Savings Goals' });

    // None.
    await expect(dashboardCard.getByText('No savings goals yet')).toBeVisible();
    await expect(dashboardCard.getByRole('link', { name: 'Create Goal' })).toHaveAttribute(
      'href',
      '/savings?create=true',
    );
    await expect(dashboardCard.getByText(/available to save/)).toHaveCount(0);

    // /savings?create=true opens the new-goal dialog, and the address goes back to /savings.
    await page.goto('/savings?create=true');
    await expect(page.getByRole('dialog', { name: 'Create Savings Goal' })).toBeVisible();
    await expect(page).toHaveURL(/\/savings$/);
    await page.keyboard.press('Escape');
    await page.reload();
    await expect(page.getByText('No savings goals yet')).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveCount(0);

    // One: in detail.
    await createByApi(page, '/api/savings/goals', {
      name: 'Emergency fund',
      targetAmount: 3000,
      allocationPercentage: 40,
      targetDate: addDays(today, 100),
      iconName: 'home',
      colorTheme: 'green',
    });
    await page.goto('/dashboard');
    await expect(dashboardCard.getByText('Emergency fund')).toBeVisible();
    await expect(dashboardCard.getByText('$0.00 of $3,000.00')).toBeVisible();
    await expect(dashboardCard.getByText('0%', { exact: true })).toBeVisible();
    await expect(dashboardCard.getByText('Days remaining').locator('..')).toContainText('100 days');
    await expect(dashboardCard.getByText('Daily needed').locator('..')).toContainText('$30.00');
    await expect(dashboardCard.getByText(/^(On Track|Behind)$/)).toBeVisible();
    await checkScreen(page, testInfo, 'dashboard-savings-one');
    await dashboardCard.getByRole('link', { name: 'View Goal Details' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Emergency fund' })).toBeVisible();

    // Many: three listed, the rest counted, the totals, and this period's leftover to save.
    for (const [name, icon] of [
      ['Lisbon trip', 'map-pin'],
      ['New laptop', 'star'],
      ['Wedding gift', 'gift'],
      ['Books', 'book'],
    ] as const) {
      await createByApi(page, '/api/savings/goals', {
        name,
        targetAmount: 500,
        allocationPercentage: 10,
        iconName: icon,
      });
    }
    await weeklyBudget(page, today);
    await page.goto('/dashboard');
    await expect(
      dashboardCard.getByRole('list', { name: 'Savings goals' }).getByRole('listitem'),
    ).toHaveCount(3);
    await expect(dashboardCard.getByText('and 2 more goals')).toBeVisible();
    await expect(dashboardCard.getByText('Active goals').locator('..')).toContainText('5');
    await expect(dashboardCard.getByText('Total saved').locator('..')).toContainText('$0.00');
    await expect(dashboardCard.getByText('available to save this period')).toBeVisible();
    await expect(dashboardCard.getByText('$300.00')).toBeVisible();
    await checkScreen(page, testInfo, 'dashboard-savings-many');
    await dashboardCard.getByRole('link', { name: 'View All Goals' }).click();
    await expect(page).toHaveURL(/\/savings$/);
    await expect(card(page, 'Books')).toBeVisible();
  });

  for (const scheme of ['light', 'dark'] as const) {
    test(`savings read well at phone width in ${scheme} mode`, async ({ page }, testInfo) => {
      test.setTimeout(120_000);
      await page.setViewportSize({ width: 390, height: 844 });
      await page.addInitScript((s) => localStorage.setItem('colorScheme', s), scheme);
      await register(page, newPerson());
      const today = await browserToday(page);

      await page.goto('/savings');
      await expect(page.getByText('No savings goals yet')).toBeVisible();
      await checkScreen(page, testInfo, `savings-empty-phone-${scheme}`);

      await weeklyBudget(page, today);
      await seedGoals(page, today);
      await page.goto('/savings');
      await expect(card(page, 'New laptop').getByText('Complete', { exact: true })).toBeVisible();
      await checkScreen(page, testInfo, `savings-goals-phone-${scheme}`);

      await page.getByRole('button', { name: 'New Goal' }).click();
      const dialog = page.getByRole('dialog', { name: 'Create Savings Goal' });
      // 55% is taken: the laptop is complete, so its 20% is free again.
      await field(dialog, ALLOCATION).fill('50');
      await dialog.getByRole('button', { name: 'Create Goal' }).click();
      await expect(dialog.getByText('Goal name is required')).toBeVisible();
      await expect(dialog.getByText('Total allocation would exceed 100%. Available: 45%')).toBeVisible();
      await checkScreen(page, testInfo, `savings-create-phone-${scheme}`, { fullPage: false });
      await dialog.getByRole('button', { name: 'Cancel' }).click();

      await card(page, 'Lisbon trip').getByRole('link', { name: 'Details of Lisbon trip' }).click();
      await expect(page.getByRole('list', { name: 'Contributions' }).getByRole('listitem')).toHaveCount(1);
      await checkScreen(page, testInfo, `savings-goal-detail-phone-${scheme}`);

      await page.goto('/dashboard');
      await expect(page.getByRole('link', { name: 'View All Goals' })).toBeVisible();
      await checkScreen(page, testInfo, `dashboard-savings-phone-${scheme}`);
    });
  }

  test('savings read well on a wide screen in dark mode', async ({ page }, testInfo) => {
    test.setTimeout(120_000);
    await page.addInitScript(() => localStorage.setItem('colorScheme', 'dark'));
    await register(page, newPerson());
    const today = await browserToday(page);
    await weeklyBudget(page, today);
    await seedGoals(page, today);
    await page.goto('/savings');
    await expect(card(page, 'New laptop').getByText('Complete', { exact: true })).toBeVisible();
    await checkScreen(page, testInfo, 'savings-goals-dark');

    await card(page, 'Emergency fund').getByRole('button', { name: 'Edit Emergency fund' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Savings Goal' });
    await field(edit, ALLOCATION).fill('80');
    await edit.getByRole('button', { name: 'Save Changes' }).click();
    await expect(edit.getByText('Total allocation would exceed 100%. Available: 75%')).toBeVisible();
    await checkScreen(page, testInfo, 'savings-edit-dark', { fullPage: false });
    await edit.getByRole('button', { name: 'Cancel' }).click();

    // The week ends and its share lands; money added the next day gives the chart two days to draw.
    await setClock(page, 1);
    await card(page, 'Lisbon trip').getByRole('link', { name: 'Details of Lisbon trip' }).click();
    const ledger = page.getByRole('list', { name: 'Contributions' });
    await expect(ledger.getByRole('listitem')).toHaveCount(2);
    await page.getByRole('button', { name: 'Add Money' }).click();
    const add = page.getByRole('dialog', { name: 'Add Money' });
    await field(add, /^Amount/).fill('25');
    await add.getByRole('button', { name: 'Add Money' }).click();
    await expect(ledger.getByRole('listitem')).toHaveCount(3);
    const chart = page.getByRole('figure');
    await chart.scrollIntoViewIfNeeded();
    await expect(chart.locator('.recharts-area-curve').first()).toBeVisible();
    await page.evaluate(() => window.scrollTo(0, 0));
    await checkScreen(page, testInfo, 'savings-goal-detail-dark');

    await nav(page, 'Dashboard');
    await expect(page.getByRole('link', { name: 'View All Goals' })).toBeVisible();
    await checkScreen(page, testInfo, 'dashboard-savings-dark');
  });
});
