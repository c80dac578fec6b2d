import fs from 'node:fs';
import type { Locator, Page } from '@playwright/test';
import { checkScreen, expect, LOOKS, linkDemoBank, lookAs, newPerson, register, test } from './support';

const NAME = 'Dining by merchant';

/** A Mantine Select of the builder: its combobox by label, then the option. */
async function choose(page: Page, label: string, option: string) {
  await page.getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
  await expect(page.getByRole('combobox', { name: label, exact: true })).toHaveValue(option);
}

/** A count as a table cell shows it ("1,234"), as a number. */
const countOf = async (cell: Locator) => Number(((await cell.textContent()) ?? '').trim().replace(/,/g, ''));

test.describe('custom reports', () => {
  for (const look of LOOKS)
    test(`a custom report built, opened on its transactions, saved, exported, pinned to the dashboard and deleted; a name taken case aside is refused (${look.label})`, async ({
      page,
    }, testInfo) => {
      test.setTimeout(240_000);
      await lookAs(page, look);
      // On Pro's free trial, with two years of a demo bank's history.
      await register(page, newPerson());
      await linkDemoBank(page, 'demo_harbor');

      await page.goto('/reports');
      // The report switch (on a phone it is wider than the screen: the click scrolls it into view).
      await page.locator('label', { hasText: /^Custom$/ }).click();
      await expect(page).toHaveURL(/\/reports\?report=custom$/);
      const card = page.getByRole('heading', { name: 'Custom report', level: 2 }).locator('../..');
      await expect(card.getByRole('combobox', { name: 'Measure' })).toBeVisible();

      // Total spending by merchant, as a table.
      await choose(page, 'Measure', 'Total');
      await choose(page, 'Of', 'Spending');
      await choose(page, 'Group by', 'Merchant');
      await card.locator('label', { hasText: /^Table$/ }).click();
      await expect(page).toHaveURL(/report=custom&group=merchant&chart=table$/);
      const table = card.getByRole('table');
      await expect(table.getByRole('columnheader', { name: 'Merchant' })).toBeVisible();
      await expect(table.getByRole('columnheader', { name: 'Transactions' })).toBeVisible();
      await expect(card.getByText(/spent in the period/)).toBeVisible();
      const merchants = table.locator('tbody tr');
      expect(await merchants.count()).toBeGreaterThan(1);
      const total = table.locator('tfoot tr');
      await expect(total.getByRole('cell').first()).toHaveText('Total');
      expect(await countOf(total.getByRole('cell').last())).toBeGreaterThan(0);
      await checkScreen(page, testInfo, `custom-table-${look.suffix}`);

      // A merchant opens Transactions with exactly its rows of the period: the same count.
      const first = merchants.first();
      const merchant = ((await first.getByRole('link').textContent()) ?? '').trim();
      const count = await countOf(first.getByRole('cell').last());
      expect(count).toBeGreaterThan(0);
      await first.getByRole('link').click();
      await expect(page).toHaveURL(
        /\/transactions\?merchant=[^&]+&from=\d{4}-\d{2}-\d{2}&to=\d{4}-\d{2}-\d{2}$/,
      );
      expect(new URL(page.url()).searchParams.get('merchant')).toBe(merchant);
      await expect(
        page.getByText(new RegExp(`^Showing \\d+ of ${count.toLocaleString('en-US')} transactions$`)),
      ).toBeVisible();
      await page.goBack();

      // By category, as bars: a bar opens its category's transactions.
      await expect(table).toBeVisible();
      await card.locator('label', { hasText: /^Bars$/ }).click();
      await choose(page, 'Group by', 'Category');
      await expect(page).toHaveURL(/report=custom$/);
      const bar = card.locator('.recharts-bar-rectangle').first();
      await expect(bar).toBeVisible();
      // As a person does: over the bar (its figures show), then a click.
      await bar.hover();
      await expect(card.locator('.recharts-tooltip-wrapper')).toContainText(/\$[\d,]+/);
      await bar.click();
      await expect(page).toHaveURL(
        /\/transactions\?category=\d+&from=\d{4}-\d{2}-\d{2}&to=\d{4}-\d{2}-\d{2}$/,
      );
      await page.goBack();

      // Back to merchants (as bars), saved under a name and put on the dashboard.
      await expect(page).toHaveURL(/report=custom$/);
      await choose(page, 'Group by', 'Merchant');
      await expect(page).toHaveURL(/report=custom&group=merchant$/);
      await card.getByRole('button', { name: 'Save report', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: 'Save report' });
      await dialog.getByRole('textbox', { name: 'Name' }).fill(NAME);
      await dialog.getByRole('checkbox', { name: 'Show on my dashboard' }).check();
      await dialog.getByRole('button', { name: 'Save', exact: true }).click();
      await expect(page.getByText('Report saved', { exact: true })).toBeVisible();
      await expect(dialog).toBeHidden();
      await expect(page).toHaveURL(/report=custom&group=merchant&saved=[0-9a-f-]{36}$/);
      const savedId = new URL(page.url()).searchParams.get('saved');
      const savedList = page.getByRole('list', { name: 'Saved reports' });
      await expect(savedList.getByRole('listitem')).toHaveCount(1);
      // The one open is marked as such.
      await expect(savedList.getByRole('button', { name: NAME, exact: true })).toHaveAttribute(
        'aria-current',
        'true',
      );
      await expect(savedList.getByRole('switch', { name: `Show ${NAME} on the dashboard` })).toBeChecked();
      const saved = page.getByRole('heading', { name: NAME, level: 2 }).locator('../..');
      await expect(saved.locator('.recharts-bar-rectangle').first()).toBeVisible();
      // The screen once the toast has gone (it closes by itself).
      await expect(page.getByText('Report saved', { exact: true })).toBeHidden();
      await checkScreen(page, testInfo, `custom-saved-${look.suffix}`);

      // Its table as CSV, named after it.
      const download = page.waitForEvent('download');
      await saved.getByRole('button', { name: 'Export' }).click();
      await page.getByRole('menuitem', { name: 'Table as CSV' }).click();
      const csv = await download;
      expect(csv.suggestedFilename()).toMatch(
        /^tally-dining-by-merchant-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}\.csv$/,
      );
      const lines = fs
        .readFileSync(await csv.path(), 'utf8')
        .trim()
        .split('\r\n');
      expect(lines[0]).toMatch(/^Merchant,Spending \(total\),(Before,)?Transactions$/);
      expect(lines.at(-1)).toMatch(/^Total,/);
      expect(lines.length).toBeGreaterThan(2);

      // On the dashboard: its own card, which opens the report.
      await page.goto('/dashboard');
      const pinned = page.getByRole('region', { name: NAME });
      await expect(pinned).toBeVisible();
      await expect(pinned.getByText(/^Total of spending by merchant · /)).toBeVisible();
      // Its chart is fetched once the card comes near the screen.
      await pinned.scrollIntoViewIfNeeded();
      await expect(pinned.locator('.recharts-bar-rectangle').first()).toBeVisible();
      await page.evaluate(() => window.scrollTo(0, 0));
      await checkScreen(page, testInfo, `custom-dashboard-${look.suffix}`);
      await pinned.getByRole('link', { name: 'Open report' }).click();
      await expect(page).toHaveURL(/\/reports\?report=custom&group=merchant&saved=[0-9a-f-]{36}$/);
      expect(new URL(page.url()).searchParams.get('saved')).toBe(savedId);
      await expect(page.getByRole('heading', { name: NAME, level: 2 })).toBeVisible();

      // Deleted: the list goes, and so does the dashboard's card.
      await page.getByRole('button', { name: `Delete ${NAME}` }).click();
      const confirm = page.getByRole('dialog', { name: 'Delete report' });
      await expect(confirm).toContainText(`Delete ${NAME}?`);
      await confirm.getByRole('button', { name: 'Delete report' }).click();
      await expect(confirm).toBeHidden();
      await expect(page.getByRole('heading', { name: 'Saved reports' })).toHaveCount(0);
      await expect(page.getByRole('heading', { name: 'Custom report', level: 2 })).toBeVisible();
      await expect(page).toHaveURL(/report=custom&group=merchant$/);
      await page.goto('/dashboard');
      await expect(page.getByRole('region', { name: 'Spending by Category' })).toBeVisible();
      await page.waitForLoadState('networkidle');
      await expect(page.getByRole('region', { name: NAME })).toHaveCount(0);
      await page.goBack();

      // The name is free again; the same name once more, case aside, is refused in the dialog.
      await expect(page.getByRole('heading', { name: 'Custom report', level: 2 })).toBeVisible();
      await page.getByRole('button', { name: 'Save report', exact: true }).click();
      await dialog.getByRole('textbox', { name: 'Name' }).fill(NAME);
      await dialog.getByRole('button', { name: 'Save', exact: true }).click();
      await expect(dialog).toBeHidden();
      await expect(page.getByRole('list', { name: 'Saved reports' }).getByRole('listitem')).toHaveCount(1);
      await expect(page.getByText('Report saved', { exact: true })).toBeHidden();
      await page.getByRole('button', { name: 'Save report', exact: true }).click();
      const nameField = dialog.getByRole('textbox', { name: 'Name' });
      await nameField.fill(NAME.toUpperCase());
      await dialog.getByRole('button', { name: 'Save', exact: true }).click();
      const taken = `You already have a report named "${NAME.toUpperCase()}". Choose another name.`;
      await expect(nameField).toHaveAttribute('aria-invalid', 'true');
      await expect(nameField).toHaveAccessibleDescription(taken);
      await expect(dialog.getByText(taken)).toBeVisible();
      await checkScreen(page, testInfo, `custom-name-taken-${look.suffix}`, { fullPage: false });
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await expect(dialog).toBeHidden();
      await expect(page.getByRole('list', { name: 'Saved reports' }).getByRole('listitem')).toHaveCount(1);
    });
});
