import type { Locator, Page, TestInfo } from '@playwright/test';
import {
  addManualTransaction,
  choose,
  createManualAccount,
  FIXTURES,
  manualRow,
  mapGirokonto,
} from './imports-support';
import { checkScreen, expect, newPerson, register, test } from './support';

const nav = (page: Page, name: string) =>
  page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name }).click();

const transactionRows = (page: Page) => page.getByRole('table').first().locator('tbody tr');

/** Nothing wider than the screen: the page, and the dialog on top of it. */
async function expectNoOverflow(page: Page) {
  const width = page.viewportSize()?.width ?? 0;
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  const dialog = page.getByRole('dialog');
  if ((await dialog.count()) > 0) {
    expect(await dialog.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);
  }
}

/**
 * While a new preview is on its way (held here until measured) the form stays where it was: a line that
 * came and went above it would move a field from under the finger reaching for it.
 */
async function expectFormStillWhileUpdating(page: Page, mapping: Locator) {
  const separator = mapping.getByRole('combobox', { name: 'Separator', exact: true });
  const before = await separator.boundingBox();
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/api/imports/preview', async (route) => {
    await held;
    await route.fallback();
  });
  await choose(page, mapping, 'Date format', 'DD/MM/YYYY (31/01/2024)');
  await expect(mapping.getByText('Updating preview…')).toBeVisible();
  expect(await separator.boundingBox()).toEqual(before);
  release();
  await page.unroute('**/api/imports/preview');
}

/**
 * The Girokonto CSV imported through the dialog opened from the manual card, with a screenshot (and axe)
 * of each step: the mapping the file needs, the preview, the result.
 */
async function importGirokonto(page: Page, testInfo: TestInfo, suffix: string) {
  await page.getByRole('button', { name: 'Actions for Manual accounts' }).click();
  await page.getByRole('menuitem', { name: 'Import transactions' }).click();
  const start = page.getByRole('dialog', { name: 'Import transactions' });
  // The manual card's only account is where the file goes.
  await expect(start.getByRole('combobox', { name: 'Import into' })).toHaveValue('Girokonto');
  await start.locator('input[type="file"]').setInputFiles(FIXTURES.girokonto);
  await expect(start.getByText('girokonto-2024-01.csv')).toBeVisible();
  await start.getByRole('button', { name: 'Preview' }).click();

  // The days could be either way round: the person is asked. Read as MM/DD the rent is on May 1.
  const mapping = page.getByRole('dialog', { name: 'Match the columns' });
  await expect(mapping.getByText(/could not tell for sure which column is which/)).toBeVisible();
  await expect(mapping.getByRole('combobox', { name: 'Date format' })).toHaveValue('MM/DD/YYYY (01/31/2024)');
  await expect(mapping.getByText('May 1, 2024')).toBeVisible();
  if (suffix.includes('phone')) await expectFormStillWhileUpdating(page, mapping);
  await mapGirokonto(page, mapping);
  // Read as DD/MM, the rent is the one typed in on January 5: already in Tally.
  await expect(mapping.getByText('Already in Tally: 1')).toBeVisible();
  await expect(mapping.getByText('New: 7')).toBeVisible();
  await expect(mapping.getByText('Jan 5, 2024')).toBeVisible();
  await expect(mapping.getByText('Updating preview…')).toBeHidden();
  if (suffix.includes('phone')) await expectNoOverflow(page);
  await checkScreen(page, testInfo, `import-mapping${suffix}`, { fullPage: false });
  await mapping.getByRole('button', { name: 'Continue' }).click();

  const preview = page.getByRole('dialog', { name: 'Check the import' });
  await expect(preview.getByText('CSV', { exact: true })).toBeVisible();
  for (const badge of ['New: 7', 'Duplicates: 0', 'Already in Tally: 1', 'Invalid: 0']) {
    await expect(preview.getByText(badge)).toBeVisible();
  }
  const row = (text: string) =>
    preview.getByRole(suffix.includes('phone') ? 'listitem' : 'row').filter({ hasText: text });
  await expect(row('Miete Januar')).toContainText('Already in Tally');
  await expect(row('Gehalt Januar ACME GmbH')).toContainText('+$3,150.00');
  await expect(row('Deutsche Bahn Ticket')).toContainText('-$1,049.90');
  if (suffix.includes('phone')) await expectNoOverflow(page);
  await checkScreen(page, testInfo, `import-preview${suffix}`, { fullPage: false });
  await preview.getByRole('button', { name: 'Import 7 transactions' }).click();

  const result = page.getByRole('dialog', { name: 'Import finished' });
  await expect(
    result.getByText('7 transactions imported, 0 duplicates skipped, 1 row already in Tally.'),
  ).toBeVisible();
  await expect(result.getByText('From Jan 2, 2024 to Jan 12, 2024, in Girokonto')).toBeVisible();
  await expect(page.getByText('Import complete')).toBeVisible();
  await checkScreen(page, testInfo, `import-result${suffix}`, { fullPage: false });
  await result.getByRole('button', { name: 'Done' }).click();
  await expect(result).toBeHidden();
}

/** A person with the Girokonto kept by hand and its January rent typed in, made through the API. */
async function seedGirokonto(page: Page) {
  const accountId = await createManualAccount(page, {
    name: 'Girokonto',
    type: 0,
    subtype: 'checking',
    openingBalance: 2000,
  });
  await addManualTransaction(page, {
    accountId,
    date: '2024-01-05',
    description: 'Miete Januar',
    amount: -1250,
    category: 10,
  });
}

test.describe('manual accounts and file import', () => {
  test('manual account → typed transaction edited → CSV mapped and imported → same file again → overlapping OFX statements → delete', async ({
    page,
  }, testInfo) => {
    test.setTimeout(240_000);
    await register(page, newPerson());
    await nav(page, 'Accounts');
    await expect(page.getByText('No accounts connected')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Connect Your First Account' })).toBeVisible();

    // A manual account: the schema's messages at their fields, then a checking account with $2,000.
    await page.getByRole('button', { name: 'Add a manual account' }).click();
    const add = page.getByRole('dialog', { name: 'Add manual account' });
    await add.getByRole('textbox', { name: /^Account name/ }).fill(' ');
    await add.getByRole('button', { name: 'Add Account' }).click();
    await expect(add.getByText('Account name is required')).toBeVisible();
    await choose(page, add, 'Type', 'Loan');
    await add.getByRole('button', { name: 'Add Account' }).click();
    await expect(add.getByText('Choose a subtype')).toBeVisible();
    await checkScreen(page, testInfo, 'manual-account-required', { fullPage: false });
    await choose(page, add, 'Type', 'Depository');
    await choose(page, add, 'Subtype', 'Checking');
    await add.getByRole('textbox', { name: /^Account name/ }).fill('Girokonto');
    await add.getByRole('textbox', { name: /^Opening balance/ }).fill('2000');
    await add.getByRole('button', { name: 'Add Account' }).click();
    await expect(page.getByText('Manual account added')).toBeVisible();
    await expect(add).toBeHidden();

    const card = page.getByRole('region', { name: 'Manual accounts' });
    await expect(card.getByText('Kept by hand')).toBeVisible();
    await expect(card.getByText(/synced/i)).toHaveCount(0);
    await expect(manualRow(page, 'Girokonto')).toContainText('$2,000.00');
    await expect(manualRow(page, 'Girokonto')).toContainText('Opening $2,000.00');
    await expect(page.getByText('1 manual account')).toBeVisible();
    await checkScreen(page, testInfo, 'accounts-manual');

    // A transaction typed in from the account's menu: money out, the sign shown before it is saved.
    await card.getByRole('button', { name: 'Actions for Girokonto' }).click();
    await page.getByRole('menuitem', { name: 'Add transaction' }).click();
    const typed = page.getByRole('dialog', { name: 'Add transaction' });
    await expect(typed.getByRole('combobox', { name: 'Account' })).toHaveValue('Girokonto');
    await typed.getByRole('textbox', { name: /^Date/ }).fill('2024-01-05');
    await typed.getByRole('textbox', { name: /^Date/ }).press('Escape');
    await expect(typed).toBeVisible();
    await typed.getByRole('textbox', { name: /^Description/ }).fill('Miete Januar');
    await choose(page, typed, 'Category', 'Rent/Mortgage');
    await typed.getByRole('textbox', { name: /^Amount of money out/ }).fill('1200');
    await expect(typed.getByText('Saved as -$1,200.00 (money out)')).toBeVisible();
    await checkScreen(page, testInfo, 'transaction-add', { fullPage: false });
    await typed.getByRole('button', { name: 'Add Transaction' }).click();
    await expect(page.getByText('Transaction added')).toBeVisible();
    await expect(manualRow(page, 'Girokonto')).toContainText('$800.00');

    // Edited on Transactions: the amount changes and the balance follows.
    await nav(page, 'Transactions');
    await page.getByRole('textbox', { name: 'Search transactions' }).fill('Miete');
    const rows = transactionRows(page);
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText('-$1,200.00');
    await rows.first().getByRole('button', { name: 'Transaction actions' }).click();
    await page.getByRole('menuitem', { name: 'Edit transaction' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit transaction' });
    await expect(edit.getByRole('textbox', { name: /^Description/ })).toHaveValue('Miete Januar');
    await expect(edit.getByRole('radio', { name: 'Money out' })).toBeChecked();
    await expect(edit.getByRole('combobox', { name: 'Category' })).toHaveValue('Rent/Mortgage');
    await edit.getByRole('textbox', { name: /^Amount of money out/ }).fill('1250');
    await edit.getByRole('textbox', { name: 'Note' }).fill('Includes the garage');
    await checkScreen(page, testInfo, 'transaction-edit', { fullPage: false });
    await edit.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page.getByText('Transaction updated')).toBeVisible();
    await expect(rows.first()).toContainText('-$1,250.00');
    await expect(rows.first()).toContainText('Includes the garage');
    await nav(page, 'Accounts');
    await expect(manualRow(page, 'Girokonto')).toContainText('$750.00');

    // The bank's CSV: mapped, previewed (the rent typed in is recognised), imported.
    await importGirokonto(page, testInfo, '');
    // 750 + the seven new rows (1,960.21).
    await expect(manualRow(page, 'Girokonto')).toContainText('$2,710.21');

    // The same file again, from Transactions: the mapping is remembered and nothing is new.
    await nav(page, 'Transactions');
    await page.getByRole('button', { name: 'Import transactions' }).click();
    const again = page.getByRole('dialog', { name: 'Import transactions' });
    await expect(again.getByRole('combobox', { name: 'Import into' })).toHaveValue('Girokonto');
    await again.locator('input[type="file"]').setInputFiles(FIXTURES.girokonto);
    await again.getByRole('button', { name: 'Preview' }).click();
    const same = page.getByRole('dialog', { name: 'Check the import' });
    await expect(same.getByText('Mapping remembered from your last import')).toBeVisible();
    await expect(same.getByText('No new transactions')).toBeVisible();
    await expect(same.getByText('Duplicates: 7')).toBeVisible();
    await expect(same.getByText('Already in Tally: 1')).toBeVisible();
    await expect(same.getByText('New: 0')).toBeVisible();
    await expect(same.getByRole('button', { name: 'Import 0 transactions' })).toBeDisabled();
    await checkScreen(page, testInfo, 'import-nothing-new', { fullPage: false });

    // Two OFX statements that overlap: the second adds only what the first did not have.
    await same.getByRole('button', { name: 'Back' }).click();
    const ofx = page.getByRole('dialog', { name: 'Import transactions' });
    await ofx.locator('input[type="file"]').setInputFiles(FIXTURES.ofxFirstHalf);
    await expect(ofx.getByText('checking-2024-02-01-to-15.ofx')).toBeVisible();
    await ofx.getByRole('button', { name: 'Preview' }).click();
    const first = page.getByRole('dialog', { name: 'Check the import' });
    await expect(first.getByText('OFX', { exact: true })).toBeVisible();
    await expect(first.getByText('New: 4')).toBeVisible();
    await expect(first.getByRole('button', { name: 'Change mapping' })).toHaveCount(0);
    await first.getByRole('button', { name: 'Import 4 transactions' }).click();
    const firstDone = page.getByRole('dialog', { name: 'Import finished' });
    await expect(firstDone.getByText('4 transactions imported, 0 duplicates skipped.')).toBeVisible();
    await firstDone.getByRole('button', { name: 'Import another file' }).click();

    await ofx.locator('input[type="file"]').setInputFiles(FIXTURES.ofxOverlapping);
    await expect(ofx.getByText('checking-2024-02-09-to-29.ofx')).toBeVisible();
    await ofx.getByRole('button', { name: 'Preview' }).click();
    const second = page.getByRole('dialog', { name: 'Check the import' });
    await expect(second.getByText('New: 3')).toBeVisible();
    await expect(second.getByText('Duplicates: 2')).toBeVisible();
    await expect(second.getByRole('row').filter({ hasText: 'STADTWERKE STROM' })).toContainText('Duplicate');
    await expect(second.getByRole('row').filter({ hasText: 'SPOTIFY PREMIUM' })).toContainText('New');
    await second.getByRole('button', { name: 'Import 3 transactions' }).click();
    const secondDone = page.getByRole('dialog', { name: 'Import finished' });
    await expect(secondDone.getByText('3 transactions imported, 2 duplicates skipped.')).toBeVisible();
    await secondDone.getByRole('button', { name: 'Done' }).click();

    // The list has each statement row once.
    await page.getByRole('textbox', { name: 'Search transactions' }).fill('stadtwerke');
    await expect(rows).toHaveCount(2);
    await page.getByRole('textbox', { name: 'Search transactions' }).fill('whole foods');
    await expect(rows).toHaveCount(1);

    // Deleting the typed rent: it leaves the list, and the balance gives its 1,250 back. (The imports'
    // toasts sit where the row's menu opens: they are let go first.)
    // The search before it also left one row: the rent row must be the one shown, or the list can still swap
    // its row (closing the row's menu) once the search answers.
    await page.getByRole('textbox', { name: 'Search transactions' }).fill('Miete');
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText('Miete Januar');
    await expect(page.getByText('Import complete')).toHaveCount(0, { timeout: 10_000 });
    await rows.first().getByRole('button', { name: 'Transaction actions' }).click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    await expect(page.getByText('Transaction deleted')).toBeVisible();
    await expect(page.getByText('No transactions found').first()).toBeVisible();
    await nav(page, 'Accounts');
    // 2,710.21 + 3,014.65 (first statement) − 188.24 (the second's new rows) + 1,250.
    await expect(manualRow(page, 'Girokonto')).toContainText('$6,786.62');
  });

  for (const scheme of ['light', 'dark'] as const) {
    test(`the manual account and the import read well at phone width in ${scheme} mode`, async ({
      page,
    }, testInfo) => {
      test.setTimeout(150_000);
      await page.setViewportSize({ width: 390, height: 844 });
      await page.addInitScript((s) => localStorage.setItem('colorScheme', s), scheme);
      await register(page, newPerson());
      await seedGirokonto(page);

      await page.goto('/accounts');
      await expect(manualRow(page, 'Girokonto')).toContainText('$750.00');
      await expectNoOverflow(page);
      await checkScreen(page, testInfo, `accounts-manual-phone-${scheme}`);

      await importGirokonto(page, testInfo, `-phone-${scheme}`);
      await expect(manualRow(page, 'Girokonto')).toContainText('$2,710.21');
      await expectNoOverflow(page);

      // The transaction dialog fits too, its sign in view.
      await page.goto('/transactions');
      await page.getByRole('button', { name: 'Add transaction' }).click();
      const typed = page.getByRole('dialog', { name: 'Add transaction' });
      await typed.getByRole('textbox', { name: /^Amount of money out/ }).fill('12.5');
      await expect(typed.getByText('Saved as -$12.50 (money out)')).toBeVisible();
      await expectNoOverflow(page);
      await checkScreen(page, testInfo, `transaction-add-phone-${scheme}`, { fullPage: false });
    });
  }

  test('the manual account and the import read well on a wide screen in dark mode', async ({
    page,
  }, testInfo) => {
    test.setTimeout(150_000);
    await page.addInitScript(() => localStorage.setItem('colorScheme', 'dark'));
    await register(page, newPerson());
    await seedGirokonto(page);
    await page.goto('/accounts');
    await expect(manualRow(page, 'Girokonto')).toContainText('$750.00');
    await checkScreen(page, testInfo, 'accounts-manual-dark');
    await importGirokonto(page, testInfo, '-dark');
    await page.goto('/transactions');
    await expect(transactionRows(page).first()).toBeVisible();
    await checkScreen(page, testInfo, 'transactions-manual-dark');
  });
});
