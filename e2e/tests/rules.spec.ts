import type { Page } from '@playwright/test';
import { count, expectRules, previewCounts, ruleCard, ruleList, useColorScheme } from './rules-support';
import { checkScreen, createByApi, expect, linkDemoBank, newPerson, register, test } from './support';

const nav = (page: Page, name: string) =>
  page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name }).click();
const rows = (page: Page) => page.getByRole('table').first().locator('tbody tr');

const BLUE_BOTTLE = 'When description or merchant contains "Blue Bottle Coffee" → set category Groceries';
const PHILZ = 'When description or merchant contains "philz" → rename merchant to Philz';
const PHILZ_EDITED =
  'When description or merchant contains "philz" and the amount is between $5.00 and $20.00 in Everyday Checking → rename merchant to Philz';

test.describe('transaction rules', () => {
  test('recategorise → make it a rule → preview and apply to past → reorder → edit → delete', async ({
    page,
  }, testInfo) => {
    test.setTimeout(180_000);
    await register(page, newPerson());

    // Settings leads to Rules, which starts empty and says what rules are.
    await nav(page, 'Settings');
    await page.getByRole('link', { name: 'Manage rules' }).click();
    await expect(page).toHaveURL(/\/rules$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Rules' })).toBeVisible();
    await expect(page.getByLabel('Breadcrumb')).toContainText('Rules');
    await expect(
      page.getByText(
        'Rules set the category and/or rename the merchant of matching transactions, on every import from your banks and files. They apply in order, from the top.',
      ),
    ).toBeVisible();
    await expect(page.getByText('No rules yet')).toBeVisible();
    await checkScreen(page, testInfo, 'rules-empty');

    // Two years of the demo bank: Blue Bottle Coffee comes in as Dining Out, week after week.
    await linkDemoBank(page, 'demo_harbor');
    await page.goto('/transactions?q=Blue%20Bottle%20Coffee');
    await expect(rows(page)).toHaveCount(25);
    await expect(rows(page).first()).toContainText('Blue Bottle Coffee');
    await expect(rows(page).nth(1)).toContainText('Dining Out');
    const total = Number(
      /of ([\d,]+) transactions/
        .exec((await page.getByText(/^Showing 25 of [\d,]+ transactions$/).textContent()) ?? '')?.[1]
        ?.replaceAll(',', ''),
    );
    expect(total).toBeGreaterThan(25);

    // Recategorise one and take the offer to always do so.
    await rows(page).first().getByRole('button', { name: 'Transaction actions' }).click();
    await page.getByRole('menuitem', { name: 'Edit Category' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Category' });
    await edit.getByRole('combobox', { name: 'New category' }).click();
    await page.getByRole('option', { name: 'Groceries' }).click();
    const offer = edit.getByRole('checkbox', { name: 'Always categorise "Blue Bottle Coffee" as Groceries' });
    await expect(offer).not.toBeChecked();
    await offer.check();
    await checkScreen(page, testInfo, 'edit-category-rule-offer');
    await edit.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page.getByText('Category Updated')).toBeVisible();

    // The Rules screen opens the new rule, filled in from that choice.
    await expect(page).toHaveURL(/\/rules$/);
    const create = page.getByRole('dialog', { name: 'Create rule' });
    await expect(create.getByRole('textbox', { name: /Text to match/ })).toHaveValue('Blue Bottle Coffee');
    await expect(create.getByRole('combobox', { name: 'Set category' })).toHaveValue('Groceries');
    await expect(create.getByRole('combobox', { name: 'Match on' })).toHaveValue('Description or merchant');
    await expect(create.getByText(BLUE_BOTTLE)).toBeVisible();
    await checkScreen(page, testInfo, 'rule-dialog-prefilled');
    await create.getByRole('button', { name: 'Create rule' }).click();

    // It offers the past at once: every Blue Bottle Coffee but the one just chosen by hand will change.
    const preview = page.getByRole('dialog', { name: 'Apply to past transactions' });
    await expect(preview.getByText('Rule created.')).toBeVisible();
    const { changing, matching } = await previewCounts(page);
    expect(matching).toBe(total);
    expect(changing).toBe(total - 1);
    const examples = preview
      .getByRole('list', { name: 'Transactions that will change' })
      .getByRole('listitem');
    await expect(examples).toHaveCount(10);
    await expect(examples.first()).toContainText('Dining Out');
    await expect(examples.first()).toContainText('Groceries');
    await expect(preview.getByText(`and ${count(changing - 10)} more`)).toBeVisible();
    await checkScreen(page, testInfo, 'rule-preview');
    await preview.getByRole('button', { name: `Apply to ${count(changing)} transactions` }).click();
    await expect(page.getByText(`${count(changing)} transactions updated`)).toBeVisible();
    await expect(preview).toBeHidden();
    await expectRules(page, [BLUE_BOTTLE]);

    // Transactions: every Blue Bottle Coffee is Groceries now.
    await page.goto('/transactions?q=Blue%20Bottle%20Coffee&category=20');
    await expect(page.getByText(`Showing 25 of ${count(total)} transactions`)).toBeVisible();
    await page.goto('/transactions?q=Blue%20Bottle%20Coffee&category=21');
    await expect(page.getByText('No transactions found').first()).toBeVisible();

    // Applying again has nothing left to do (Transactions' header leads back to Rules).
    await page.getByRole('button', { name: 'Rules', exact: true }).click();
    await expect(page).toHaveURL(/\/rules$/);
    await ruleCard(page, 1).getByRole('button', { name: 'Apply to past transactions (rule 1)' }).click();
    expect(await previewCounts(page)).toEqual({ changing: 0, matching: total });
    await expect(preview.getByRole('button', { name: 'Apply', exact: true })).toBeDisabled();
    await preview.getByRole('button', { name: 'Cancel' }).click();

    // A second rule, written from scratch; the dialog says what is missing first.
    await page.getByRole('button', { name: 'Create rule' }).click();
    await create.getByRole('button', { name: 'Create rule' }).click();
    await expect(create.getByText('Enter the text to match')).toBeVisible();
    await expect(create.getByText('Choose a category to set or a merchant name')).toBeVisible();
    await checkScreen(page, testInfo, 'rule-dialog-invalid');
    await create.getByRole('textbox', { name: /Text to match/ }).fill('philz');
    await create.getByRole('textbox', { name: 'Rename merchant to' }).fill('Philz');
    await expect(create.getByText('Enter the text to match')).toBeHidden();
    await expect(create.getByText('Choose a category to set or a merchant name')).toBeHidden();
    await create.getByRole('button', { name: 'Create rule' }).click();
    await expect(preview.getByText('Rule created.')).toBeVisible();
    await preview.getByRole('button', { name: 'Not now' }).click();
    await expect(preview).toBeHidden();
    await expectRules(page, [BLUE_BOTTLE, PHILZ]);
    await checkScreen(page, testInfo, 'rules-list');

    // Reorder: the new rule goes first, and stays there.
    await expect(ruleCard(page, 1).getByRole('button', { name: 'Move rule 1 up' })).toBeDisabled();
    await ruleCard(page, 2).getByRole('button', { name: 'Move rule 2 up' }).click();
    await expectRules(page, [PHILZ, BLUE_BOTTLE]);
    await expect(page.getByRole('button', { name: 'Move rule 1 down' })).toBeFocused();
    await page.reload();
    await expectRules(page, [PHILZ, BLUE_BOTTLE]);

    // Edit: an amount range (checked before it is sent) and one account.
    await ruleCard(page, 1).getByRole('button', { name: 'Edit rule 1' }).click();
    const editRule = page.getByRole('dialog', { name: 'Edit rule' });
    await expect(editRule.getByRole('textbox', { name: /Text to match/ })).toHaveValue('philz');
    await editRule.getByRole('textbox', { name: 'Minimum amount' }).fill('30');
    await editRule.getByRole('textbox', { name: 'Maximum amount' }).fill('20');
    await editRule.getByRole('button', { name: 'Save changes' }).click();
    await expect(editRule.getByText('Minimum amount cannot be more than maximum amount')).toBeVisible();
    await editRule.getByRole('textbox', { name: 'Minimum amount' }).fill('5');
    await expect(editRule.getByText('Minimum amount cannot be more than maximum amount')).toBeHidden();
    await editRule.getByRole('combobox', { name: 'Account' }).click();
    await page.getByRole('option', { name: 'Everyday Checking · Harbor National Bank' }).click();
    await expect(editRule.getByText(PHILZ_EDITED)).toBeVisible();
    await editRule.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByText('Rule updated')).toBeVisible();
    await expect(editRule).toBeHidden();
    await expectRules(page, [PHILZ_EDITED, BLUE_BOTTLE]);

    // Delete, after a confirmation that shows which rule.
    await ruleCard(page, 2).getByRole('button', { name: 'Delete rule 2' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete this rule?' });
    await expect(confirm.getByText(BLUE_BOTTLE)).toBeVisible();
    await checkScreen(page, testInfo, 'rule-delete-confirm');
    await confirm.getByRole('button', { name: 'Delete rule' }).click();
    await expect(page.getByText('Rule deleted')).toBeVisible();
    await expectRules(page, [PHILZ_EDITED]);
    await page.reload();
    await expectRules(page, [PHILZ_EDITED]);
    // What it changed stays changed.
    await page.goto('/transactions?q=Blue%20Bottle%20Coffee&category=20');
    await expect(page.getByText(`Showing 25 of ${count(total)} transactions`)).toBeVisible();
  });

  test('the rules, their dialog and the preview read well in dark mode and at phone width', async ({
    page,
  }, testInfo) => {
    test.setTimeout(150_000);
    await register(page, newPerson());
    await linkDemoBank(page, 'demo_harbor');
    const accountId = await page.evaluate(async () => {
      const accounts = await fetch('/api/plaid/accounts', {
        headers: { authorization: `Bearer ${localStorage.getItem('authToken')}` },
      }).then((r) => r.json());
      return (accounts as { id: string; name: string }[]).find((a) => a.name === 'Everyday Checking')?.id;
    });
    await createByApi(page, '/api/rules', {
      pattern: 'starbucks',
      minAmount: 5,
      maxAmount: 20,
      accountId,
      setCategory: 21,
      renameMerchant: 'Starbucks',
    });
    await createByApi(page, '/api/rules', { field: 'merchant', pattern: 'Philz Coffee', setCategory: 20 });
    await createByApi(page, '/api/rules', {
      field: 'description',
      operator: 'startsWith',
      pattern: 'SQ *PEOPLE',
      renameMerchant: "People's Barbershop",
    });

    await page.goto('/rules');
    await expectRules(page, [
      'When description or merchant contains "starbucks" and the amount is between $5.00 and $20.00 in Everyday Checking → set category Dining Out, rename merchant to Starbucks',
      'When merchant contains "Philz Coffee" → set category Groceries',
      'When description starts with "SQ *PEOPLE" → rename merchant to People\'s Barbershop',
    ]);

    const looks = [
      { name: 'dark', scheme: 'dark', width: 1280, height: 860 },
      { name: 'phone-dark', scheme: 'dark', width: 390, height: 844 },
      { name: 'phone-light', scheme: 'light', width: 390, height: 844 },
    ] as const;
    for (const look of looks) {
      await page.setViewportSize({ width: look.width, height: look.height });
      await useColorScheme(page, look.scheme);
      await expect(ruleList(page)).toBeVisible();
      await checkScreen(page, testInfo, `rules-list-${look.name}`);

      await ruleCard(page, 1).getByRole('button', { name: 'Edit rule 1' }).click();
      const dialog = page.getByRole('dialog', { name: 'Edit rule' });
      await expect(dialog.getByRole('combobox', { name: 'Account' })).toHaveValue(
        'Everyday Checking · Harbor National Bank',
      );
      await checkScreen(page, testInfo, `rule-dialog-${look.name}`, { fullPage: false });
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await expect(dialog).toBeHidden();

      // Philz Coffee comes in as Dining Out: the preview has examples to show.
      await ruleCard(page, 2).getByRole('button', { name: 'Apply to past transactions (rule 2)' }).click();
      const preview = page.getByRole('dialog', { name: 'Apply to past transactions' });
      expect((await previewCounts(page)).changing).toBeGreaterThan(10);
      await expect(preview.getByRole('list', { name: 'Transactions that will change' })).toBeVisible();
      await checkScreen(page, testInfo, `rule-preview-${look.name}`, { fullPage: false });
      await preview.getByRole('button', { name: 'Cancel' }).click();
      await expect(preview).toBeHidden();
    }

    // A rename reads old name → new name (the narrowest width, where it has the least room).
    await ruleCard(page, 3).getByRole('button', { name: 'Apply to past transactions (rule 3)' }).click();
    const rename = page.getByRole('dialog', { name: 'Apply to past transactions' });
    expect((await previewCounts(page)).changing).toBeGreaterThan(0);
    const first = rename
      .getByRole('list', { name: 'Transactions that will change' })
      .getByRole('listitem')
      .first();
    await expect(first).toContainText("People's Barber People's Barbershop");
    await checkScreen(page, testInfo, 'rule-preview-rename-phone-light', { fullPage: false });
  });
});
