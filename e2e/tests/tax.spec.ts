import { checkScreen, expect, LOOKS, linkDemoBank, lookAs, newPerson, register, test } from './support';

test.describe('tax report', () => {
  for (const look of LOOKS)
    test(`Premium's tax year view: a trial from the upgrade panel, a category tagged, a suggestion tagged, the CSV (${look.label})`, async ({
      page,
    }, testInfo) => {
      test.setTimeout(120_000);
      await lookAs(page, look);
      await register(page, newPerson(), { plan: 'starter' });

      // Reached from the account menu.
      await page.goto('/dashboard');
      await page.getByRole('button', { name: /user menu/ }).click();
      await page.getByRole('menuitem', { name: 'Tax report' }).click();
      await expect(page).toHaveURL(/\/tax$/);
      const panel = page.getByRole('region', { name: 'The tax report is a Premium feature' });
      await expect(panel.getByText('$15/month after the trial. No cancellation fees.')).toBeVisible();
      await checkScreen(page, testInfo, `tax-upgrade-${look.suffix}`, { fullPage: false });
      await panel.getByRole('button', { name: 'Try Premium free for 14 days' }).click();
      await expect(
        page.getByText('You have 14 days of Premium: every Premium feature is open.'),
      ).toBeVisible();
      // A bank with everyday spending, pharmacies among it (three accounts: the trial has no limit).
      await linkDemoBank(page, 'demo_harbor');
      await page.reload();

      await expect(page.getByRole('heading', { name: 'Tax report', level: 1 })).toBeVisible();
      await expect(page.getByText('A summary, not tax advice')).toBeVisible();
      const byTag = page.getByRole('heading', { name: 'By tax tag' }).locator('..');
      await expect(byTag.getByText(/^Nothing tagged in \d{4} yet$/)).toBeVisible();
      // The demo bank's pharmacy purchases look deductible.
      const suggestions = page
        .getByRole('heading', { name: 'Likely deductible, not tagged yet' })
        .locator('..');
      await expect(suggestions.getByRole('button', { name: 'Tag as Medical' }).first()).toBeVisible();

      // One suggestion tagged on its own: the year's Medical total begins with it.
      await suggestions.getByRole('button', { name: 'Tag as Medical' }).first().click();
      await expect(page.getByText(/ is tagged Medical\.$/)).toBeVisible();
      await expect(byTag.getByRole('button', { name: /^Medical/ })).toBeVisible();

      // Healthcare counts as medical from now on.
      await page.getByRole('combobox', { name: 'Tax tag for Healthcare' }).click();
      await page.getByRole('option', { name: 'Medical' }).click();
      await expect(page.getByText('Healthcare is tagged Medical.')).toBeVisible();
      const medical = byTag.getByRole('button', { name: /^Medical/ });
      await expect(medical).toBeVisible();
      await medical.click();
      await expect(byTag.getByText(/tagged by Healthcare$/).first()).toBeVisible();
      await expect(byTag.getByText(/tagged on its own$/)).toHaveCount(1);
      await checkScreen(page, testInfo, `tax-year-${look.suffix}`);

      const download = page.waitForEvent('download');
      await page.getByRole('button', { name: 'Export CSV' }).click();
      expect((await download).suggestedFilename()).toMatch(/^tally-tax-\d{4}\.csv$/);
    });
});
