import type { Locator, Page } from '@playwright/test';
import { checkScreen, createByApi, expect, linkDemoBank, newPerson, register, test } from './support';

const nav = (page: Page, name: string) =>
  page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name }).click();

const allocation = (dialog: Locator, category: string) =>
  dialog.getByRole('group', { name: category, exact: true });

/**
 * Brings every pace chart near the screen (each loads when it comes close), waits until all have drawn
 * their lines, then goes back to the top so the full-page screenshot has the header where it belongs. A
 * chart the screen replaces meanwhile (its budget or view just switched) starts the round again.
 */
async function chartsDrawn(page: Page) {
  await expect(async () => {
    for (const chart of await page.getByRole('figure').all()) {
      await chart.scrollIntoViewIfNeeded({ timeout: 5_000 });
      await expect(chart.locator('.recharts-area-curve').first()).toBeVisible({ timeout: 5_000 });
    }
  }).toPass({ timeout: 30_000 });
  await page.evaluate(() => window.scrollTo(0, 0));
}

const household = {
  name: 'Household',
  period: 2,
  totalIncome: 6000,
  categories: [
    { category: 20, allocatedAmount: 650, allowRollover: true, countUp: true },
    { category: 21, allocatedAmount: 300, allowRollover: false, countUp: true },
    { category: 22, allocatedAmount: 250, allowRollover: false, countUp: false },
    { category: 23, allocatedAmount: 120, allowRollover: false, countUp: true },
    { category: 24, allocatedAmount: 400, allowRollover: false, countUp: false },
    { category: 11, allocatedAmount: 220, allowRollover: false, countUp: false },
    { category: 13, allocatedAmount: 90, allowRollover: false, countUp: false },
  ],
};

test.describe('budgets', () => {
  test('empty → create (every validation message) → traditional → count-up → toggle → edit → pace chart → dashboard', async ({
    page,
  }, testInfo) => {
    test.setTimeout(180_000);
    await register(page, newPerson());
    await linkDemoBank(page, 'demo_harbor');

    await nav(page, 'Budgets');
    await expect(page.getByText('No Active Budget')).toBeVisible();
    await checkScreen(page, testInfo, 'budgets-empty');

    // Create: each rule says what is wrong before anything is sent.
    await page.getByRole('button', { name: 'Create Your First Budget' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create New Budget' });
    await dialog.getByRole('button', { name: 'Create Budget' }).click();
    await expect(dialog.getByText('Budget name is required')).toBeVisible();
    await expect(dialog.getByText('Total income must be greater than 0')).toBeVisible();
    await expect(dialog.getByText('Please select at least one budget category')).toBeVisible();
    await checkScreen(page, testInfo, 'budget-create-errors', { fullPage: false });

    await dialog.getByRole('textbox', { name: 'Budget name' }).fill('Household');
    await dialog.getByRole('textbox', { name: 'Total income' }).fill('1000');
    await allocation(dialog, 'Groceries').getByRole('textbox').fill('650');
    await allocation(dialog, 'Dining Out').getByRole('textbox').fill('400');
    await expect(dialog.getByText('Over-allocated by')).toBeVisible();
    await dialog.getByRole('button', { name: 'Create Budget' }).click();
    await expect(dialog.getByText('Total allocated amount cannot exceed total income')).toBeVisible();

    // Fix it: a real income, more categories, rollover and count-up where wanted.
    await dialog.getByRole('textbox', { name: 'Total income' }).fill('6000');
    await allocation(dialog, 'Dining Out').getByRole('textbox').fill('300');
    await allocation(dialog, 'Transportation').getByRole('textbox').fill('250');
    await allocation(dialog, 'Entertainment').getByRole('textbox').fill('120');
    await allocation(dialog, 'Shopping').getByRole('textbox').fill('400');
    await allocation(dialog, 'Utilities').getByRole('textbox').fill('220');
    await allocation(dialog, 'Subscriptions').getByRole('textbox').fill('90');
    // Toggles exist only for allocated categories.
    await expect(allocation(dialog, 'Travel').getByRole('switch')).toHaveCount(0);
    await allocation(dialog, 'Groceries').getByRole('switch', { name: 'Rollover' }).check();
    await allocation(dialog, 'Groceries').getByRole('switch', { name: 'Count-Up' }).check();
    await allocation(dialog, 'Dining Out').getByRole('switch', { name: 'Count-Up' }).check();
    await allocation(dialog, 'Entertainment').getByRole('switch', { name: 'Count-Up' }).check();
    await expect(dialog.getByText('Remaining to allocate')).toBeVisible();
    await expect(dialog.getByText('$3,970.00')).toBeVisible();
    await checkScreen(page, testInfo, 'budget-create-filled', { fullPage: false });
    await dialog.getByRole('button', { name: 'Create Budget' }).click();
    await expect(page.getByText('Budget created successfully!')).toBeVisible();
    await expect(page.getByText('Your monthly budget "Household" is now active.')).toBeVisible();
    await expect(dialog).toBeHidden();

    // Traditional view.
    const summary = page.getByRole('region', { name: 'Household' });
    await expect(summary.getByText('Active', { exact: true })).toBeVisible();
    await expect(summary.getByText('Overall Progress')).toBeVisible();
    await expect(summary.getByText('$6,000.00')).toBeVisible();
    const groceries = page.getByRole('region', { name: 'Groceries' });
    await expect(groceries.getByText(/^\$[\d,]+\.\d\d of \$650\.00$/)).toBeVisible();
    await expect(groceries.getByText('Rollover')).toBeVisible();
    // Attached, not "visible": on a period's first day nothing is spent yet, and a bar at 0% has no width.
    await expect(
      page.getByRole('progressbar', { name: /^Groceries: [\d.]+% of budget used$/ }),
    ).toBeAttached();
    await checkScreen(page, testInfo, 'budgets-traditional');

    // Edit one category from its card.
    await page.getByRole('button', { name: 'Edit Budget for Dining Out' }).click();
    const categoryDialog = page.getByRole('dialog', { name: 'Edit Dining Out Budget' });
    await categoryDialog.getByRole('textbox', { name: 'Allocated amount' }).fill('350');
    await checkScreen(page, testInfo, 'budget-edit-category', { fullPage: false });
    await categoryDialog.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page.getByText('Dining Out now has $350.00 for this month.')).toBeVisible();
    await expect(page.getByRole('region', { name: 'Dining Out' }).getByText(/of \$350\.00$/)).toBeVisible();

    // Count-Up view, remembered.
    await page.getByText('Count-Up', { exact: true }).first().click();
    const countUpSummary = page.getByRole('region', { name: 'Household' });
    await expect(countUpSummary.getByText('Daily Earnings')).toBeVisible();
    await expect(countUpSummary.getByText('3 of 7 categories counting up')).toBeVisible();
    const groceriesUp = page.getByRole('region', { name: 'Groceries' });
    await expect(groceriesUp.getByText(/^Day \d+ of (28|29|30|31)$/)).toBeVisible();
    await expect(groceriesUp.getByText('Consecutive Days')).toBeVisible();
    await expect(groceriesUp.getByText('Zero Spending Days')).toBeVisible();
    await expect(groceriesUp.getByRole('switch', { name: 'Count-up for Groceries' })).toBeChecked();
    // The pace chart: drawn, and said in words (on a period's first day, a note that it starts on the second).
    await expect(
      groceriesUp
        .getByRole('figure', { name: /^Groceries by day \d+ of (28|29|30|31): earned/ })
        .or(groceriesUp.getByText('The pace chart starts once the period has two days behind it.')),
    ).toBeVisible();
    await chartsDrawn(page);
    await checkScreen(page, testInfo, 'budgets-count-up');

    // Turn count-up on for Shopping: it joins the cards.
    const off = page.getByRole('region', { name: 'Not counting up' });
    await off.getByRole('switch', { name: 'Count-up for Shopping' }).click({ force: true });
    await expect(page.getByText('Count-Up Enabled')).toBeVisible();
    await expect(page.getByRole('region', { name: 'Shopping' }).getByText('Available')).toBeVisible();
    await expect(countUpSummary.getByText('4 of 7 categories counting up')).toBeVisible();
    // And off again for Entertainment, from the keyboard: focus follows the switch to its new place.
    await page.getByRole('switch', { name: 'Count-up for Entertainment' }).focus();
    await page.keyboard.press('Space');
    await expect(page.getByText('Count-Up Disabled')).toBeVisible();
    const entertainmentOff = off.getByRole('switch', { name: 'Count-up for Entertainment' });
    await expect(entertainmentOff).not.toBeChecked();
    await expect(entertainmentOff).toBeFocused();

    // A custom daily allowance from the card's menu.
    await page.getByRole('button', { name: 'Count-up options for Groceries' }).click();
    await page.getByRole('menuitem', { name: 'Set daily allowance' }).click();
    const allowance = page.getByRole('dialog', { name: 'Groceries daily allowance' });
    await allowance.getByRole('textbox', { name: 'Daily allowance' }).fill('25');
    await checkScreen(page, testInfo, 'budget-daily-allowance', { fullPage: false });
    await allowance.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Groceries now earns $25.00 a day.')).toBeVisible();
    await expect(groceriesUp.getByText('$25.00 a day · custom')).toBeVisible();

    // Edit the whole budget: prefilled, period locked.
    await page.getByRole('button', { name: 'Budget actions' }).click();
    await page.getByRole('menuitem', { name: 'Edit budget' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Budget' });
    await expect(edit.getByRole('textbox', { name: 'Budget name' })).toHaveValue('Household');
    await expect(edit.getByRole('textbox', { name: 'Dining Out' })).toHaveValue('$350');
    await expect(edit.getByRole('combobox', { name: 'Period' })).toBeDisabled();
    await edit.getByRole('textbox', { name: 'Budget name' }).fill('Household, revised');
    await allocation(edit, 'Travel').getByRole('textbox').fill('500');
    await edit.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page.getByText('Budget updated', { exact: true })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Household, revised' })).toBeVisible();
    await expect(off.getByRole('switch', { name: 'Count-up for Travel' })).toBeVisible();

    // The view is remembered across visits.
    await page.reload();
    await expect(page.getByText('Daily Earnings')).toBeVisible();

    // Dashboard: the top four categories, View All back here.
    await nav(page, 'Dashboard');
    const overview = page.getByRole('progressbar', { name: /% of budget used$/ });
    await expect(overview).toHaveCount(4);
    await checkScreen(page, testInfo, 'dashboard-budget-overview');
    await page.getByRole('link', { name: 'View All', exact: true }).click();
    await expect(page).toHaveURL(/\/budgets$/);

    // A second budget replaces the first, which is archived: no past budgets until then.
    await expect(page.getByRole('button', { name: 'Past budgets' })).toHaveCount(0);
    await page.getByRole('button', { name: 'Create Budget' }).click();
    const second = page.getByRole('dialog', { name: 'Create New Budget' });
    await expect(second.getByText(/“Household, revised” is archived/)).toBeVisible();
    await second.getByRole('textbox', { name: 'Budget name' }).fill('Winter plan');
    await second.getByRole('textbox', { name: 'Total income' }).fill('5000');
    await allocation(second, 'Groceries').getByRole('textbox').fill('500');
    await allocation(second, 'Dining Out').getByRole('textbox').fill('200');
    await allocation(second, 'Utilities').getByRole('textbox').fill('220');
    await second.getByRole('button', { name: 'Create Budget' }).click();
    await expect(page.getByText('Your monthly budget "Winter plan" is now active.')).toBeVisible();
    await expect(page.getByRole('region', { name: 'Winter plan' })).toBeVisible();

    // The first is under Past budgets, with its period and dates; it opens at its own address.
    await page.getByRole('button', { name: 'Past budgets' }).click();
    const pastItem = page.getByRole('menuitem', { name: /^Household, revised/ });
    await expect(pastItem).toContainText(/Monthly · \w{3} \d{1,2} – \w{3} \d{1,2}, \d{4}/);
    await checkScreen(page, testInfo, 'budgets-past-menu', { fullPage: false });
    await pastItem.click();
    await expect(page).toHaveURL(/\/budgets\?budget=[0-9a-f-]{36}$/);
    const pastSummary = page.getByRole('region', { name: 'Household, revised' });
    await expect(pastSummary.getByText('Archived', { exact: true })).toBeVisible();
    await expect(page.getByText("You're viewing a past budget")).toBeVisible();
    // Count-up (the remembered view) as it ended: its figures, no switches or allowance menus.
    await expect(page.getByRole('region', { name: 'Groceries' }).getByText('Earned so far')).toBeVisible();
    await expect(page.getByRole('switch')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Count-up options for Groceries' })).toHaveCount(0);
    // Traditional: its categories, read only; Delete is its one action.
    await page.getByText('Traditional', { exact: true }).click();
    await expect(page.getByRole('region', { name: 'Groceries' }).getByText(/of \$650\.00$/)).toBeVisible();
    await expect(page.getByRole('region', { name: 'Dining Out' }).getByText(/of \$350\.00$/)).toBeVisible();
    await expect(page.getByRole('region', { name: 'Travel' }).getByText(/of \$500\.00$/)).toBeVisible();
    await expect(page.getByRole('button', { name: /^Edit Budget for / })).toHaveCount(0);
    await pastSummary.getByRole('button', { name: 'Budget actions' }).click();
    await expect(page.getByRole('menuitem')).toHaveText(['Delete budget']);
    await page.keyboard.press('Escape');
    await checkScreen(page, testInfo, 'budgets-past');
    const pastUrl = page.url();

    // The address keeps it: reload, then back and forward.
    await page.reload();
    await expect(pastSummary.getByText('Archived', { exact: true })).toBeVisible();
    await page.getByRole('link', { name: 'Back to active budget' }).click();
    await expect(page).toHaveURL(/\/budgets$/);
    await expect(
      page.getByRole('region', { name: 'Winter plan' }).getByText('Active', { exact: true }),
    ).toBeVisible();
    await page.goBack();
    await expect(page).toHaveURL(pastUrl);
    await expect(pastSummary.getByText('Archived', { exact: true })).toBeVisible();
    await page.goForward();
    await expect(page.getByRole('region', { name: 'Winter plan' })).toBeVisible();

    // Delete, after a confirmation: back to the empty state, the past budget still there to read.
    await page.getByRole('button', { name: 'Budget actions' }).click();
    await page.getByRole('menuitem', { name: 'Delete budget' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete this budget?' });
    await expect(confirm.getByText(/“Winter plan” and its category allocations/)).toBeVisible();
    await checkScreen(page, testInfo, 'budget-delete-confirm', { fullPage: false });
    await confirm.getByRole('button', { name: 'Delete Budget' }).click();
    await expect(page.getByText('Budget deleted')).toBeVisible();
    await expect(page.getByText('No Active Budget')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Past budgets' })).toBeVisible();
    await expect(page.getByText('Budget deleted')).toBeHidden();
    await checkScreen(page, testInfo, 'budgets-empty-with-past');
  });

  for (const scheme of ['light', 'dark'] as const) {
    test(`budgets read well at phone width in ${scheme} mode`, async ({ page }, testInfo) => {
      test.setTimeout(120_000);
      await page.setViewportSize({ width: 390, height: 844 });
      await page.addInitScript((s) => localStorage.setItem('colorScheme', s), scheme);
      await register(page, newPerson());
      await linkDemoBank(page, 'demo_summit');
      await createByApi(page, '/api/budget', household);

      await page.goto('/budgets');
      await expect(page.getByText('Overall Progress')).toBeVisible();
      await checkScreen(page, testInfo, `budgets-traditional-phone-${scheme}`);

      await page.getByText('Count-Up', { exact: true }).first().click();
      await expect(page.getByText('Daily Earnings')).toBeVisible();
      await chartsDrawn(page);
      await checkScreen(page, testInfo, `budgets-count-up-phone-${scheme}`);

      await page.getByRole('button', { name: 'Create Budget' }).click();
      const dialog = page.getByRole('dialog', { name: 'Create New Budget' });
      await expect(dialog.getByText(/“Household” is archived/)).toBeVisible();
      await dialog.getByRole('button', { name: 'Create Budget' }).click();
      await expect(dialog.getByText('Budget name is required')).toBeVisible();
      await checkScreen(page, testInfo, `budget-create-phone-${scheme}`, { fullPage: false });

      // A newer budget archives Household: it reads well at phone width too.
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await createByApi(page, '/api/budget', { ...household, name: 'Holiday season' });
      await page.goto('/budgets');
      await page.getByText('Traditional', { exact: true }).click();
      await page.getByRole('button', { name: 'Past budgets' }).click();
      await expect(page.getByRole('menuitem', { name: /^Household/ })).toBeVisible();
      await checkScreen(page, testInfo, `budgets-past-menu-phone-${scheme}`, { fullPage: false });
      await page.getByRole('menuitem', { name: /^Household/ }).click();
      await expect(
        page.getByRole('region', { name: 'Household' }).getByText('Archived', { exact: true }),
      ).toBeVisible();
      await expect(page.getByRole('region', { name: 'Groceries' })).toBeVisible();
      await checkScreen(page, testInfo, `budgets-past-phone-${scheme}`);
    });
  }

  test('budgets read well on a wide screen in dark mode', async ({ page }, testInfo) => {
    test.setTimeout(120_000);
    await page.addInitScript(() => localStorage.setItem('colorScheme', 'dark'));
    await register(page, newPerson());
    await linkDemoBank(page, 'demo_harbor');
    await createByApi(page, '/api/budget', household);
    await page.goto('/budgets');
    await expect(page.getByText('Overall Progress')).toBeVisible();
    await checkScreen(page, testInfo, 'budgets-traditional-dark');
    await page.getByText('Count-Up', { exact: true }).first().click();
    await expect(page.getByText('Daily Earnings')).toBeVisible();
    for (const card of await page.getByRole('figure').all()) await card.scrollIntoViewIfNeeded();
    await chartsDrawn(page);
    await checkScreen(page, testInfo, 'budgets-count-up-dark');

    // A past budget, read only, in both views.
    await createByApi(page, '/api/budget', { ...household, name: 'Holiday season' });
    await page.goto('/budgets');
    await page.getByRole('button', { name: 'Past budgets' }).click();
    await page.getByRole('menuitem', { name: /^Household/ }).click();
    await expect(
      page.getByRole('region', { name: 'Household' }).getByText('Archived', { exact: true }),
    ).toBeVisible();
    await expect(page.getByText('Daily Earnings')).toBeVisible();
    await chartsDrawn(page);
    await checkScreen(page, testInfo, 'budgets-past-count-up-dark');
    await page.getByText('Traditional', { exact: true }).click();
    await expect(page.getByText('Overall Progress')).toBeVisible();
    await checkScreen(page, testInfo, 'budgets-past-dark');
  });
});
