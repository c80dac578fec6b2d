import fs from 'node:fs';
import type { Page, TestInfo } from '@playwright/test';
import { callApi, choose, createManualAccount } from './imports-support';
import { browserToday, checkScreen, expect, LOOKS, lookAs, newPerson, register, test } from './support';

/** The first day of each of the three whole months before today's (YYYY-MM-01), oldest first. */
function lastThreeMonths(today: string) {
  const [year, month] = today.split('-').map(Number) as [number, number];
  return [3, 2, 1].map((back) => {
    const d = new Date(Date.UTC(year, month - 1 - back, 1));
    return d.toISOString().slice(0, 7);
  });
}

/**
 * A bank statement of the last three whole months: pay, groceries that vary, a café (the import knows it
 * as dining out), and a streaming service charged the same every month (a subscription to find). The
 * grocer and the streaming service come in without a category.
 */
function statementFor(today: string) {
  const groceries = ['-412.50', '-398.20', '-431.80'];
  const rows = lastThreeMonths(today).flatMap((month, i) => [
    `${month}-01,Acme payroll,4000.00`,
    `${month}-04,Fresh Market,${groceries[i]}`,
    `${month}-09,Corner Cafe,-44.00`,
    `${month}-14,Streamly,-15.99`,
  ]);
  return `Date,Description,Amount\n${rows.join('\n')}\n`;
}

async function writeStatement(page: Page, testInfo: TestInfo) {
  const file = testInfo.outputPath('statement.csv');
  fs.writeFileSync(file, statementFor(await browserToday(page)));
  return file;
}

const guide = (page: Page) => page.getByRole('region', { name: 'Get set up' });
const step = (page: Page, title: string) => guide(page).getByRole('listitem', { name: title });

test.describe('the first-run guide', () => {
  test('a new person is guided from a statement file to a first budget, subscription and goal', async ({
    page,
  }, testInfo) => {
    test.setTimeout(180_000);
    await lookAs(page, LOOKS[0]);
    await register(page, newPerson());
    await expect(guide(page).getByText('0 of 5 steps done')).toBeVisible();
    const connect = step(page, 'Bring your money in');
    await expect(connect.getByRole('link', { name: 'Connect a bank' })).toHaveAttribute('href', '/accounts');
    await checkScreen(page, testInfo, 'onboarding-start-light');

    // 1. A statement file, imported from the guide into a new account kept by hand.
    const statement = await writeStatement(page, testInfo);
    await connect.getByRole('button', { name: 'Import a file' }).click();
    const start = page.getByRole('dialog', { name: 'Import transactions' });
    await start.locator('input[type="file"]').setInputFiles(statement);
    await start.getByRole('button', { name: 'Create a manual account' }).click();
    const account = page.getByRole('dialog', { name: 'Create a manual account' });
    await choose(page, account, 'Type', 'Depository');
    await choose(page, account, 'Subtype', 'Checking');
    await account.getByRole('textbox', { name: /^Account name/ }).fill('Everyday');
    await account.getByRole('button', { name: 'Add Account' }).click();
    await expect(start.getByRole('combobox', { name: 'Import into' })).toHaveValue('Everyday');
    await start.getByRole('button', { name: 'Preview' }).click();
    const preview = page.getByRole('dialog', { name: 'Check the import' });
    await preview.getByRole('button', { name: 'Import 12 transactions' }).click();
    const result = page.getByRole('dialog', { name: 'Import finished' });
    await result.getByRole('button', { name: 'Done' }).click();
    await expect(guide(page).getByText('1 of 5 steps done')).toBeVisible();

    // 2. The largest uncategorised merchants, largest first, each with a rule offered.
    const categories = step(page, 'Review categories');
    await expect(categories.getByText('Fresh Market')).toBeVisible();
    await expect(categories.getByText('$1,242.50 · 3 transactions')).toBeVisible();
    await expect(categories.getByText('$47.97 · 3 transactions')).toBeVisible();
    await expect(
      categories.getByRole('checkbox', { name: 'Always put Streamly in this category' }),
    ).toBeChecked();
    await choose(page, categories, 'Category for Fresh Market', 'Groceries');
    await choose(page, categories, 'Category for Streamly', 'Entertainment');
    await checkScreen(page, testInfo, 'onboarding-categories-light', { fullPage: false });
    await categories.getByRole('button', { name: 'Save categories' }).click();
    await expect(page.getByText('6 transactions categorised, 2 rules made.')).toBeVisible();
    await expect(guide(page).getByText('2 of 5 steps done')).toBeVisible();

    // Where the guide stands is remembered.
    await page.reload();
    await expect(guide(page).getByText('2 of 5 steps done')).toBeVisible();

    // 3. A first budget proposed from the three months, changed before it is saved.
    const budget = step(page, 'Your first budget');
    await expect(budget.getByText('3 categories from 3 months of spending.')).toBeVisible();
    await budget.getByRole('button', { name: 'Review the proposed budget' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create New Budget' });
    // Groceries: $414.17 a month on average, rounded up to $420.
    const groceries = dialog.getByRole('group', { name: 'Groceries', exact: true }).getByRole('textbox');
    await expect(groceries).toHaveValue('$420');
    await groceries.fill('450');
    await checkScreen(page, testInfo, 'onboarding-budget-light', { fullPage: false });
    await dialog.getByRole('button', { name: 'Create Budget' }).click();
    await expect(dialog).toBeHidden();
    await expect(guide(page).getByText('3 of 5 steps done')).toBeVisible();

    // 4. The streaming charge, found and confirmed.
    const subscriptions = step(page, 'Confirm subscriptions');
    await subscriptions.getByRole('button', { name: 'Find subscriptions' }).click();
    const found = page.getByRole('dialog', { name: 'Detected Subscriptions' });
    const streamly = found.getByRole('checkbox', { name: 'Select Streamly' });
    await expect(streamly).toBeVisible({ timeout: 20_000 });
    if (!(await streamly.isChecked())) await streamly.check();
    await found.getByRole('button', { name: /^Confirm \d+ Subscriptions?$/ }).click();
    await expect(found).toBeHidden();
    await expect(guide(page).getByText('4 of 5 steps done')).toBeVisible();

    // 5. A first goal; with it the guide is done and gone.
    await step(page, 'Set a first goal').getByRole('link', { name: 'Create a goal' }).click();
    const goal = page.getByRole('dialog', { name: 'Create Savings Goal' });
    await goal.getByRole('textbox', { name: /^Goal name/ }).fill('Emergency fund');
    await goal.getByRole('textbox', { name: /^Target amount/ }).fill('3000');
    await goal.getByRole('button', { name: 'Create Goal' }).click();
    await expect(goal).toBeHidden();
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(guide(page)).toHaveCount(0);
    await checkScreen(page, testInfo, 'onboarding-finished-light');
  });

  for (const look of LOOKS)
    test(`Premium's first import prepares the budget and the subscriptions; steps are skipped (${look.label})`, async ({
      page,
    }, testInfo) => {
      test.setTimeout(120_000);
      await lookAs(page, look);
      await register(page, newPerson(), { plan: 'premium-trial' });
      // The first import, as the import dialog sends it; the preparation is its job.
      const accountId = await createManualAccount(page, {
        name: 'Everyday',
        type: 0,
        subtype: 'checking',
        openingBalance: 0,
      });
      const content = statementFor(await browserToday(page));
      expect((await callApi(page, 'POST', '/api/imports', { accountId, content })).status).toBe(201);
      await expect
        .poll(async () => (await callApi(page, 'GET', '/api/onboarding')).json.prepared !== null, {
          timeout: 30_000,
        })
        .toBe(true);

      await page.reload();
      await expect(guide(page).getByText('1 of 5 steps done')).toBeVisible();
      await step(page, 'Review categories').getByRole('button', { name: 'Skip this step' }).click();
      const budget = step(page, 'Your first budget');
      await expect(budget.getByText('Prepared for you')).toBeVisible();
      // The café as Dining Out ($44 → $50), and the rest without a category: ($1,242.50 + $47.97) / 3 =
      // $430.16 a month → $440.
      await expect(
        budget.getByText('Ready from your first import: 2 categories, $490.00 a month.'),
      ).toBeVisible();
      await checkScreen(page, testInfo, `onboarding-prepared-${look.suffix}`);
      await budget.getByRole('button', { name: 'Skip this step' }).click();

      const subscriptions = step(page, 'Confirm subscriptions');
      await expect(
        subscriptions.getByText(/^Found in your first import: \d+ recurring charges?\.$/),
      ).toBeVisible();
      await expect(subscriptions.getByText('Streamly')).toBeVisible();
      await expect(subscriptions.getByText('$15.99 · Monthly')).toBeVisible();
      await expect(subscriptions.getByRole('button', { name: 'Review and confirm' })).toBeVisible();
      await checkScreen(page, testInfo, `onboarding-prepared-subscriptions-${look.suffix}`, {
        fullPage: false,
      });

      // Skips are remembered; a skip is taken back from nowhere else, so the rest are skipped too.
      await page.reload();
      await expect(guide(page).getByText('3 of 5 steps done')).toBeVisible();
      await subscriptions.getByRole('button', { name: 'Skip this step' }).click();
      await step(page, 'Set a first goal').getByRole('button', { name: 'Skip this step' }).click();
      await expect(guide(page)).toHaveCount(0);
      await page.reload();
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(guide(page)).toHaveCount(0);
    });
});
