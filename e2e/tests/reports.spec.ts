import fs from 'node:fs';
import { checkScreen, expect, LOOKS, linkDemoBank, lookAs, newPerson, register, test } from './support';

test.describe('reports', () => {
  for (const look of LOOKS)
    test(`cash flow, spending, money flow and net worth: Pro from the upgrade panel, a period compared, a month and a category opened on their transactions, CSV and PNG (${look.label})`, async ({
      page,
    }, testInfo) => {
      test.setTimeout(200_000);
      await lookAs(page, look);
      await register(page, newPerson(), { plan: 'starter' });

      // In the navigation (on a phone, behind the menu button).
      await page.goto('/dashboard');
      if (look.phone) await page.getByRole('button', { name: /navigation/i }).click();
      await page.getByRole('link', { name: 'Reports' }).click();
      await expect(page).toHaveURL(/\/reports$/);
      const panel = page.getByRole('region', { name: 'Reports are a Pro feature' });
      await expect(panel).toBeVisible();
      await checkScreen(page, testInfo, `reports-upgrade-${look.suffix}`, { fullPage: false });
      await panel.getByRole('button', { name: 'Try Pro free for 14 days' }).click();
      await expect(page.getByText(/You have 14 days of Pro/)).toBeVisible();
      await linkDemoBank(page, 'demo_harbor');
      await page.reload();

      // The last six months against the six before, and why they differ, in words.
      const cashFlow = page.getByRole('heading', { name: 'Cash flow' }).locator('../..');
      await expect(cashFlow.getByText('Income', { exact: true })).toBeVisible();
      await expect(
        cashFlow.getByText(/^Spending (rose|fell) \$[\d,]+ \(\d+%\) against the previous period/),
      ).toBeVisible();
      await expect(cashFlow.getByText(/\/mo avg · \$[\d,.]+ the period before$/).first()).toBeVisible();
      await checkScreen(page, testInfo, `reports-cash-flow-${look.suffix}`);

      // A year, compared with the same months a year before, as a table.
      await page.getByRole('combobox', { name: 'Period' }).click();
      await page.getByRole('option', { name: 'Last 12 months' }).click();
      await page.getByRole('combobox', { name: 'Compare with' }).click();
      await page.getByRole('option', { name: 'Same period last year' }).click();
      await expect(page).toHaveURL(/period=last_12_months&compare=year_ago/);
      await cashFlow.locator('label', { hasText: /^Table$/ }).click();
      await expect(cashFlow.getByRole('row')).toHaveCount(12 + 2);
      await expect(cashFlow.getByText(/against the same period last year/).first()).toBeVisible();
      await checkScreen(page, testInfo, `reports-table-${look.suffix}`);

      // Exports: the table as CSV, the chart as a picture.
      let download = page.waitForEvent('download');
      await cashFlow.getByRole('button', { name: 'Export' }).click();
      await page.getByRole('menuitem', { name: 'Table as CSV' }).click();
      const csv = await download;
      expect(csv.suggestedFilename()).toMatch(/^tally-cash-flow-\d{4}-\d{2}-01-to-\d{4}-\d{2}-\d{2}\.csv$/);
      const lines = fs
        .readFileSync(await csv.path(), 'utf8')
        .trim()
        .split('\r\n');
      expect(lines[0]).toBe('Period,From,To,Income,Spending,Net,Savings rate,Transactions');
      expect(lines).toHaveLength(14);

      // A month of the table opens Transactions with exactly its rows: the same count.
      const secondMonth = cashFlow.getByRole('row').nth(2);
      const count = (await secondMonth.getByRole('cell').last().textContent())?.trim() ?? '';
      expect(Number(count.replace(/,/g, ''))).toBeGreaterThan(0);
      await secondMonth.getByRole('link').click();
      await expect(page).toHaveURL(/\/transactions\?from=\d{4}-\d{2}-01&to=\d{4}-\d{2}-\d{2}$/);
      await expect(page.getByText(new RegExp(`^Showing \\d+ of ${count} transactions$`))).toBeVisible();
      await page.goBack();

      await cashFlow.locator('label', { hasText: /^Chart$/ }).click();
      await expect(cashFlow.locator('.recharts-bar-rectangle').first()).toBeVisible();
      download = page.waitForEvent('download');
      await cashFlow.getByRole('button', { name: 'Export' }).click();
      await page.getByRole('menuitem', { name: 'Chart as PNG' }).click();
      const png = await download;
      expect(png.suggestedFilename()).toMatch(/\.png$/);
      expect(
        fs
          .readFileSync(await png.path())
          .subarray(1, 4)
          .toString(),
      ).toBe('PNG');

      // A bar opens its month too.
      await cashFlow.locator('.recharts-bar-rectangle').last().click();
      await expect(page).toHaveURL(/\/transactions\?from=\d{4}-\d{2}-01&to=\d{4}-\d{2}-\d{2}$/);
      await page.goBack();

      // Where the money went: categories by month, the merchants spent at most, income sources.
      await page.locator('label', { hasText: /^Spending$/ }).click();
      await expect(page).toHaveURL(/report=spending/);
      const spending = page.getByRole('heading', { name: 'Spending', level: 2 }).locator('../..');
      await expect(spending.getByRole('heading', { name: 'Top merchants' })).toBeVisible();
      await expect(spending.getByRole('heading', { name: 'Income sources' })).toBeVisible();
      await expect(spending.locator('.recharts-bar-rectangle').first()).toBeVisible();
      await checkScreen(page, testInfo, `reports-spending-${look.suffix}`);

      // A category of the table opens its transactions of the period: the same count.
      await spending.locator('label', { hasText: /^Table$/ }).click();
      // The categories' table, once shown (Income sources is a table too, there in both views).
      const categories = spending
        .getByRole('table')
        .filter({ has: page.getByRole('columnheader', { name: 'Category' }) });
      await expect(categories).toBeVisible();
      const firstCategory = categories.getByRole('row').nth(1);
      const categoryCount = (await firstCategory.getByRole('cell').last().textContent())?.trim() ?? '';
      await firstCategory.getByRole('link').click();
      await expect(page).toHaveURL(/\/transactions\?category=\d+&from=\d{4}-\d{2}-01&to=\d{4}-\d{2}-\d{2}$/);
      await expect(
        page.getByText(new RegExp(`^Showing \\d+ of ${categoryCount} transactions$`)),
      ).toBeVisible();
      await page.goBack();

      // Where the money flowed: income into spending categories and savings, a category one click away.
      await page.locator('label', { hasText: /^Money flow$/ }).click();
      await expect(page).toHaveURL(/report=flow/);
      const flow = page.getByRole('heading', { name: 'Money flow', level: 2 }).locator('../..');
      await flow.locator('label', { hasText: /^Chart$/ }).click();
      await expect(flow.locator('.recharts-sankey-nodes rect').first()).toBeVisible();
      // No month or week switch: a flow is the whole period's.
      await expect(flow.locator('label', { hasText: /^Monthly$/ })).toHaveCount(0);
      await expect(page.getByRole('heading', { name: 'Spending', level: 2 })).toHaveCount(0);
      await checkScreen(page, testInfo, `reports-flow-${look.suffix}`);
      // The first node is the largest income source, a category: it opens on its transactions.
      await flow.locator('.recharts-sankey-nodes rect').first().click();
      await expect(page).toHaveURL(
        /\/transactions\?category=\d+&from=\d{4}-\d{2}-\d{2}&to=\d{4}-\d{2}-\d{2}$/,
      );
      await page.goBack();
      await flow.locator('label', { hasText: /^Table$/ }).click();
      const out = flow
        .getByRole('row')
        .filter({ has: page.getByRole('link') })
        .last();
      const outCount = (await out.getByRole('cell').last().textContent())?.trim() ?? '';
      expect(Number(outCount.replace(/,/g, ''))).toBeGreaterThan(0);
      await out.getByRole('link').click();
      await expect(page.getByText(new RegExp(`^Showing \\d+ of ${outCount} transactions$`))).toBeVisible();
      await page.goBack();

      // What the accounts add up to, day by day: its change in words, each account one click from its rows.
      await page.locator('label', { hasText: /^Net worth$/ }).click();
      await expect(page).toHaveURL(/report=net-worth/);
      const netWorth = page.getByRole('heading', { name: 'Net worth', level: 2 }).locator('../..');
      await expect(netWorth.getByText(/^Net worth (rose|fell) \$[\d,]+.* over the period/)).toBeVisible();
      // A balance is every category's: there is none to choose.
      await expect(page.getByRole('textbox', { name: 'Category' })).toHaveCount(0);
      await netWorth.locator('label', { hasText: /^Chart$/ }).click();
      await expect(netWorth.locator('.recharts-area-area').first()).toBeVisible();
      await checkScreen(page, testInfo, `reports-net-worth-${look.suffix}`);
      // A day of the chart opens that day's transactions.
      const area = netWorth.locator('.recharts-surface').first();
      const box = await area.boundingBox();
      if (!box) throw new Error('the chart has no box');
      const day = { x: box.width * 0.6, y: box.height / 2 };
      // As a person does: over the day (its figures show), then a click.
      await area.hover({ position: day });
      await expect(
        netWorth.getByText(/^(Click to see its [\d,]+ transactions?|No transactions)$/),
      ).toBeVisible();
      await area.click({ position: day });
      await expect(page).toHaveURL(/\/transactions\?from=(\d{4}-\d{2}-\d{2})&to=\1$/);
      await page.goBack();
      const account = netWorth.getByRole('link', { name: /^[\d,]+ transactions of / }).first();
      const accountCount = ((await account.textContent()) ?? '').trim();
      expect(Number(accountCount.replace(/,/g, ''))).toBeGreaterThan(0);
      await account.click();
      await expect(page).toHaveURL(
        /\/transactions\?from=\d{4}-\d{2}-01&to=\d{4}-\d{2}-\d{2}&account=[\w-]+$/,
      );
      await expect(
        page.getByText(new RegExp(`^Showing \\d+ of ${accountCount} transactions$`)),
      ).toBeVisible();
    });
});
