import type { Page } from '@playwright/test';
import { checkScreen, expect, LOOKS, linkDemoBank, lookAs, newPerson, register, test } from './support';

const table = (page: Page) => page.getByRole('table').first();

test.describe('bank linking and transactions', () => {
  test('connect the demo bank → import → search, filter, edit, note, delete/undo, export → disconnect → reconnect', async ({
    page,
  }, testInfo) => {
    test.setTimeout(180_000);
    await register(page, newPerson());

    // Accounts: empty, then connect through the demo-bank picker.
    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'Accounts' })
      .click();
    // The screen's code is fetched on this first visit, while the journey beside this one imports a bank on
    // the same two cores: on a slow machine that takes longer than an expectation's usual 10 s.
    await expect(page.getByText('No accounts connected')).toBeVisible({ timeout: 30_000 });
    await checkScreen(page, testInfo, 'accounts-empty');
    // The demo import can finish within a second; the first progress answer waits until the banner has
    // been seen, so the journey checks the banner whatever the machine's speed.
    let releaseProgress = () => {};
    const progressHeld = new Promise<void>((resolve) => {
      releaseProgress = resolve;
    });
    await page.route('**/import-progress', async (route) => {
      await progressHeld;
      // The app may have cancelled a held request meanwhile (a refetch replaces it); that one needs no answer.
      await route.continue().catch(() => {});
    });
    await page.getByRole('button', { name: 'Connect Your First Account' }).click();
    const connect = page.getByRole('dialog', { name: 'Connect Bank Account' });
    await connect.getByRole('button', { name: 'Connect to Plaid' }).click();
    await connect.getByRole('radio', { name: /Harbor National Bank/ }).click();
    await checkScreen(page, testInfo, 'connect-demo-bank');
    await connect.getByRole('button', { name: 'Connect', exact: true }).click();
    await expect(
      connect.getByText('Your financial institution has been connected and data is being imported.'),
    ).toBeVisible();
    await expect(page.getByText('Account connected successfully')).toBeVisible();
    await connect.getByRole('button', { name: 'Done' }).click();

    const card = page.getByRole('region', { name: 'Harbor National Bank' });
    await expect(card.getByText('Active', { exact: true })).toBeVisible();
    await expect(card.getByText('Depository Accounts')).toBeVisible();
    // The banner follows the background import to the end, then gets out of the way.
    await expect(card.getByRole('status', { name: 'Import status for Harbor National Bank' })).toBeVisible();
    releaseProgress();
    await page.unroute('**/import-progress');
    await expect(page.getByText('Import completed successfully!').first()).toBeVisible({ timeout: 30_000 });
    await expect(card.getByRole('status', { name: 'Import status for Harbor National Bank' })).toBeHidden();
    await checkScreen(page, testInfo, 'accounts-connected');

    // Transactions: two years are there.
    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'Transactions' })
      .click();
    await expect(table(page).getByRole('row').nth(1)).toBeVisible();
    await expect(page.getByText(/^Showing 25 of \d{1,3}(,\d{3})* transactions$/)).toBeVisible();
    await expect(page.getByText(/^Page 1 of \d+$/)).toBeVisible();
    await checkScreen(page, testInfo, 'transactions');

    // Search (debounced) and a chip for it.
    await page.getByRole('textbox', { name: 'Search transactions' }).fill('netflix');
    await expect(page.getByRole('group', { name: 'Active filters' })).toContainText('netflix');
    await expect(table(page)).toContainText('Netflix');
    const rows = table(page).locator('tbody tr');
    await expect(rows.first()).toContainText('Netflix');
    // Category filter narrows further; Clear All Filters resets.
    await page.getByRole('combobox', { name: 'Category' }).click();
    await page.getByRole('option', { name: 'Groceries' }).click();
    await expect(page.getByText('No transactions found').first()).toBeVisible();
    await page.getByRole('button', { name: 'Clear All Filters' }).first().click();
    await expect(page.getByRole('group', { name: 'Active filters' })).toBeHidden();

    // Advanced filters say what is wrong and block Apply.
    await page.getByRole('button', { name: /Advanced Filters/ }).click();
    const advanced = page.getByRole('dialog', { name: 'Advanced Filters' });
    await advanced.getByRole('textbox', { name: 'Minimum amount' }).fill('200');
    await advanced.getByRole('textbox', { name: 'Maximum amount' }).fill('50');
    await expect(advanced.getByText('Invalid Amount Range')).toBeVisible();
    await expect(advanced.getByText('Minimum amount must be less than maximum amount')).toBeVisible();
    await expect(advanced.getByRole('button', { name: /Apply Filters/ })).toBeDisabled();
    await checkScreen(page, testInfo, 'advanced-filters-invalid');
    await advanced.getByRole('button', { name: '$50-$200' }).click();
    await expect(advanced.getByText('Invalid Amount Range')).toBeHidden();
    await advanced.getByRole('button', { name: /Apply Filters/ }).click();
    await expect(page.getByRole('group', { name: 'Active filters' })).toBeVisible();
    await expect(advanced).toBeHidden();
    // A click that lands while the list is still answering the new filters can be lost: clear until cleared.
    await expect(async () => {
      await page.getByRole('button', { name: 'Clear All Filters' }).first().click();
      await expect(page.getByRole('group', { name: 'Active filters' })).toBeHidden({ timeout: 2_000 });
    }).toPass({ timeout: 15_000 });

    // Edit the newest transaction's category.
    await page.getByRole('textbox', { name: 'Search transactions' }).fill('spotify');
    await expect(rows.first()).toContainText('Spotify');
    await rows.first().getByRole('button', { name: 'Transaction actions' }).click();
    await page.getByRole('menuitem', { name: 'Edit Category' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Category' });
    await expect(edit.getByRole('button', { name: 'Save Changes' })).toBeDisabled();
    await edit.getByRole('combobox', { name: 'New category' }).click();
    await page.getByRole('option', { name: 'Entertainment' }).click();
    await checkScreen(page, testInfo, 'edit-category');
    await edit.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page.getByText('Category Updated')).toBeVisible();
    await expect(page.getByText('Transaction category changed to "Entertainment"')).toBeVisible();
    await expect(rows.first()).toContainText('Entertainment');

    // Add a note; it shows in the row.
    await rows.first().getByRole('button', { name: 'Transaction actions' }).click();
    await page.getByRole('menuitem', { name: 'Add Note' }).click();
    const note = page.getByRole('dialog');
    await note.getByRole('textbox', { name: 'Note' }).fill('Family plan, split with Sam');
    await note.getByRole('button', { name: /Save/ }).click();
    await expect(rows.first()).toContainText('Family plan, split with Sam');

    // Delete, then undo from the toast.
    const count = await rows.count();
    await rows.first().getByRole('button', { name: 'Transaction actions' }).click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    await expect(page.getByText('Transaction deleted')).toBeVisible();
    await expect(rows).toHaveCount(count - 1);
    await page.getByRole('button', { name: 'Undo' }).click();
    await expect(rows).toHaveCount(count);

    // Export downloads the CSV of the current filters.
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^tally-transactions-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = await (await file.createReadStream()).toArray();
    const text = Buffer.concat(csv).toString('utf8');
    expect(text.split('\n')[0]).toBe('Date,Description,Merchant,Account,Category,Amount,Pending,Note');
    expect(text).toContain('Family plan, split with Sam');

    // Disconnect clears the history; reconnect imports it again.
    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'Accounts' })
      .click();
    await page.getByRole('button', { name: 'Connection actions for Harbor National Bank' }).click();
    await page.getByRole('menuitem', { name: 'Disconnect' }).click();
    const confirm = page.getByRole('dialog', { name: 'Disconnect Harbor National Bank?' });
    await checkScreen(page, testInfo, 'disconnect-confirm');
    await confirm.getByRole('button', { name: 'Disconnect' }).click();
    await expect(
      page.getByText('Account disconnected and transaction data cleared. Reconnect to import fresh data.'),
    ).toBeVisible();
    await expect(card.getByText('Disconnected', { exact: true })).toBeVisible();

    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'Transactions' })
      .click();
    await expect(page.getByText('No transactions found').first()).toBeVisible();
    await checkScreen(page, testInfo, 'transactions-after-disconnect');

    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'Accounts' })
      .click();
    await page.getByRole('button', { name: 'Connection actions for Harbor National Bank' }).click();
    await page.getByRole('menuitem', { name: 'Reconnect' }).click();
    await expect(page.getByText('Account reconnected')).toBeVisible();
    await expect(page.getByText('Import completed successfully!').first()).toBeVisible({ timeout: 30_000 });
    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'Transactions' })
      .click();
    await expect(rows.first()).toBeVisible();
  });
});

for (const look of LOOKS)
  test(`unlink one account of a bank, keeping its transactions, and the bank's last account stays (${look.label})`, async ({
    page,
  }, testInfo) => {
    test.setTimeout(120_000);
    await lookAs(page, look);
    await register(page, newPerson());
    await linkDemoBank(page, 'demo_harbor');
    await page.goto('/accounts');
    const card = page.getByRole('region', { name: 'Harbor National Bank' });
    await expect(card.getByText('High-Yield Savings')).toBeVisible();
    const savingsId = await page.evaluate(async () => {
      const headers = { authorization: `Bearer ${localStorage.getItem('authToken')}` };
      const accounts: { id: string; name: string }[] = await fetch('/api/plaid/accounts', { headers }).then(
        (r) => r.json(),
      );
      return accounts.find((a) => a.name === 'High-Yield Savings')?.id;
    });

    await card.getByRole('button', { name: 'Actions for High-Yield Savings' }).click();
    await page.getByRole('menuitem', { name: 'Unlink account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Unlink High-Yield Savings?' });
    await expect(dialog.getByRole('radio', { name: /Keep them/ })).toBeChecked();
    await checkScreen(page, testInfo, `unlink-account-${look.suffix}`, {
      fullPage: false,
    });
    await dialog.getByRole('button', { name: 'Unlink account' }).click();
    await expect(
      page.getByText('High-Yield Savings is no longer synced. Its transactions stay in Tally.'),
    ).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(card.getByText('High-Yield Savings')).toBeHidden();
    await expect(card.getByText('Everyday Checking')).toBeVisible();

    // Its transactions are still there, under its name.
    const kept = await page.evaluate(async (id) => {
      const headers = { authorization: `Bearer ${localStorage.getItem('authToken')}` };
      const list = await fetch(`/api/transactions?accountId=${id}&pageSize=1`, { headers }).then((r) =>
        r.json(),
      );
      return {
        total: list.pagination.totalItems as number,
        name: list.transactions[0]?.accountName as string,
      };
    }, savingsId);
    expect(kept.total).toBeGreaterThan(0);
    expect(kept.name).toBe('High-Yield Savings');

    // The card next, with its history deleted; then the checking account is the bank's last: no unlink.
    await page.goto('/accounts');
    await card.getByRole('button', { name: 'Actions for Cash Rewards Visa' }).click();
    await page.getByRole('menuitem', { name: 'Unlink account' }).click();
    const second = page.getByRole('dialog', { name: 'Unlink Cash Rewards Visa?' });
    await second.getByRole('radio', { name: /Delete them/ }).check();
    await second.getByRole('button', { name: 'Unlink account' }).click();
    await expect(
      page.getByText('Cash Rewards Visa is no longer synced, and its transactions were deleted.'),
    ).toBeVisible();
    await expect(card.getByText('Cash Rewards Visa')).toBeHidden();
    await expect(card.getByRole('button', { name: 'Actions for Everyday Checking' })).toBeHidden();
    await checkScreen(page, testInfo, `unlinked-accounts-${look.suffix}`);
  });

test('accounts and transactions read well in dark mode at phone width', async ({ page }, testInfo) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.addInitScript(() => localStorage.setItem('colorScheme', 'dark'));
  await register(page, newPerson());
  // Link the demo bank through the API the dialog uses, then look at the screens.
  await linkDemoBank(page, 'demo_summit');

  await page.goto('/accounts');
  await expect(page.getByRole('region', { name: 'Summit Credit Union' })).toBeVisible();
  await checkScreen(page, testInfo, 'accounts-phone-dark');
  await page.goto('/transactions');
  await expect(page.getByRole('list', { name: 'Transactions' })).toBeVisible();
  await checkScreen(page, testInfo, 'transactions-phone-dark');
  await page.goto('/dashboard');
  await expect(page.getByRole('link', { name: 'View all transactions' })).toBeVisible();
  await checkScreen(page, testInfo, 'dashboard-phone-dark');
});
