import type { Page } from '@playwright/test';
import {
  checkScreen,
  expect,
  LOOKS,
  linkDemoBank,
  lookAs,
  newPerson,
  register,
  setClock,
  test,
} from './support';

const planSection = (page: Page) => page.locator('#plan');
const planCard = (page: Page, name: string) => planSection(page).getByRole('group', { name: `${name} plan` });

test.describe('plans', () => {
  test('a new person on Starter starts a Pro trial from a Pro screen, sees it in Settings and ends it', async ({
    page,
  }, testInfo) => {
    await register(page, newPerson(), { plan: 'starter' });
    await page.goto('/settings');
    const plan = planSection(page);
    await expect(plan.getByRole('heading', { name: 'Plan' })).toBeVisible();
    await expect(
      plan.getByText(
        'The free plan. Try Pro or Premium free for 14 days: nothing is charged until you subscribe.',
      ),
    ).toBeVisible();
    await expect(plan.getByText('0 of 2 bank accounts linked')).toBeVisible();
    for (const name of ['Pro', 'Premium']) {
      await expect(planCard(page, name).getByRole('button', { name: 'Try free for 14 days' })).toBeEnabled();
    }
    await plan.scrollIntoViewIfNeeded();
    await checkScreen(page, testInfo, 'plan-starter');

    // A Pro screen offers the trial right there.
    await page.goto('/subscriptions');
    const upgrade = page.getByRole('region', { name: 'Subscription tracking is a Pro feature' });
    await expect(upgrade.getByText('$5/month after the trial. No cancellation fees.')).toBeVisible();
    await checkScreen(page, testInfo, 'subscriptions-upgrade');
    await upgrade.getByRole('button', { name: 'Try Pro free for 14 days' }).click();
    await expect(page.getByText('You have 14 days of Pro: every Pro feature is open.')).toBeVisible();
    await expect(page.getByText('No subscriptions yet')).toBeVisible();

    await page.goto('/settings');
    await expect(plan.getByText('14 days left in your Pro trial')).toBeVisible();
    await expect(plan.getByText('0 bank accounts linked, no limit')).toBeVisible();
    // During the trial: subscribe to it (Stripe's Checkout, the trial's days carried over) or choose the other.
    await expect(planCard(page, 'Pro').getByRole('button', { name: 'Subscribe to Pro' })).toBeEnabled();
    await expect(planCard(page, 'Premium').getByRole('button', { name: 'Choose Premium' })).toBeEnabled();
    await plan.scrollIntoViewIfNeeded();
    await checkScreen(page, testInfo, 'plan-trial');

    // Ending it asks first; keeping it changes nothing.
    await planCard(page, 'Starter').getByRole('button', { name: 'End trial' }).click();
    const confirm = page.getByRole('dialog', { name: 'End your Pro trial?' });
    await expect(confirm.getByText(/You move to Starter now\./)).toBeVisible();
    await checkScreen(page, testInfo, 'plan-end-trial-confirm', { fullPage: false });
    await confirm.getByRole('button', { name: 'Keep my plan' }).click();
    await expect(confirm).toBeHidden();
    await expect(plan.getByText('14 days left in your Pro trial')).toBeVisible();

    await planCard(page, 'Starter').getByRole('button', { name: 'End trial' }).click();
    await confirm.getByRole('button', { name: 'End trial' }).click();
    await expect(page.getByText('Your plan has been cancelled.')).toBeVisible();
    await expect(plan.getByText('The free plan: basic budgeting and transaction tracking.')).toBeVisible();
    await expect(planCard(page, 'Starter').getByRole('button', { name: 'Current plan' })).toBeDisabled();
    // One trial per person: a paid plan now is paid for.
    await expect(planCard(page, 'Premium').getByRole('button', { name: 'Upgrade to Premium' })).toBeEnabled();
    await page.goto('/subscriptions');
    await expect(
      page
        .getByRole('region', { name: 'Subscription tracking is a Pro feature' })
        .getByRole('button', { name: 'Upgrade to Pro' }),
    ).toBeVisible();
  });

  test('when the trial ends, Starter keeps its accounts and linking a third offers the upgrade', async ({
    page,
  }, testInfo) => {
    test.setTimeout(120_000);
    await register(page, newPerson());
    // During the trial: a bank with two accounts.
    await linkDemoBank(page, 'demo_evergreen');
    // Fifteen days on, the trial is over and the plan is Starter (the test clock leaves sessions on real
    // time, so the person is still signed in).
    await setClock(page, 15);
    await page.goto('/settings');
    await expect(planSection(page).getByText('2 of 2 bank accounts linked')).toBeVisible();

    await page.goto('/accounts');
    // Nothing linked is taken away.
    await expect(page.getByText('Northwind Labs 401(k)')).toBeVisible();
    await page.getByRole('button', { name: 'Connect Account' }).click();
    const connect = page.getByRole('dialog', { name: 'Connect Bank Account' });
    await connect.getByRole('button', { name: 'Connect to Plaid' }).click();
    const prompt = connect.getByRole('region', { name: 'Link more accounts with Pro' });
    await expect(
      prompt.getByText('Your Starter plan includes up to 2 bank accounts. Upgrade to Pro to link more.'),
    ).toBeVisible();
    await expect(prompt.getByRole('link', { name: 'Compare plans' })).toHaveAttribute(
      'href',
      '/settings#plan',
    );
    await checkScreen(page, testInfo, 'connect-limit', { fullPage: false });

    // The trial is spent: the upgrade is a paid one.
    await expect(prompt.getByRole('button', { name: 'Upgrade to Pro' })).toBeVisible();
    await expect(prompt.getByText('$5/month. No cancellation fees.')).toBeVisible();
  });

  test('on Starter, the account-limit prompt starts the Pro trial and the person goes on to link', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await register(page, newPerson(), { plan: 'starter' });
    await linkDemoBank(page, 'demo_evergreen');
    await page.goto('/accounts');
    await page.getByRole('button', { name: 'Connect Account' }).click();
    const connect = page.getByRole('dialog', { name: 'Connect Bank Account' });
    await connect.getByRole('button', { name: 'Connect to Plaid' }).click();
    const prompt = connect.getByRole('region', { name: 'Link more accounts with Pro' });
    await prompt.getByRole('button', { name: 'Try Pro free for 14 days' }).click();
    await expect(page.getByText('You have 14 days of Pro: every Pro feature is open.')).toBeVisible();
    await connect.getByRole('button', { name: 'Connect to Plaid' }).click();
    await expect(connect.getByRole('button', { name: 'Connect', exact: true })).toBeVisible();
  });

  for (const look of LOOKS)
    test(`on Starter, a bank with three accounts links the two the plan has room for, as the person chooses (${look.label})`, async ({
      page,
    }, testInfo) => {
      test.setTimeout(120_000);
      await lookAs(page, look);
      await register(page, newPerson(), { plan: 'starter' });

      await page.goto('/accounts');
      await page.getByRole('button', { name: 'Connect Account' }).click();
      const connect = page.getByRole('dialog', { name: 'Connect Bank Account' });
      await connect.getByRole('button', { name: 'Connect to Plaid' }).click();
      await connect.getByRole('radio', { name: /Harbor National Bank/ }).click();
      const accounts = connect.getByRole('group', { name: 'Accounts to link' });
      await expect(
        connect.getByText(
          'Your Starter plan includes up to 2 bank accounts: choose 2 of these 3. Upgrade to Pro to link them all.',
        ),
      ).toBeVisible();
      const checking = accounts.getByRole('checkbox', { name: /Everyday Checking/ });
      const savings = accounts.getByRole('checkbox', { name: /High-Yield Savings/ });
      const card = accounts.getByRole('checkbox', { name: /Cash Rewards Visa/ });
      // As many as there is room for, in the bank's order; the rest waits for a free place.
      await expect(checking).toBeChecked();
      await expect(savings).toBeChecked();
      await expect(card).not.toBeChecked();
      await expect(card).toBeDisabled();
      await checkScreen(page, testInfo, `connect-choose-accounts-${look.suffix}`, {
        fullPage: false,
      });
      // The person would rather link the card than the savings account.
      await savings.uncheck();
      await expect(card).toBeEnabled();
      await card.check();
      await expect(savings).toBeDisabled();
      await connect.getByRole('button', { name: 'Connect', exact: true }).click();
      await expect(connect.getByText("You're all set")).toBeVisible();
      await connect.getByRole('button', { name: 'Done' }).click();

      await expect(page.getByText('Everyday Checking')).toBeVisible();
      await expect(page.getByText('Cash Rewards Visa')).toBeVisible();
      await expect(page.getByText('High-Yield Savings')).toBeHidden();
      await page.goto('/settings#plan');
      await expect(planSection(page).getByText('2 of 2 bank accounts linked')).toBeVisible();
    });

  for (const scheme of ['light', 'dark'] as const) {
    test(`the Plan section and the account-limit prompt read well on a phone, ${scheme}`, async ({
      page,
    }, testInfo) => {
      test.setTimeout(120_000);
      await page.setViewportSize({ width: 390, height: 844 });
      await page.addInitScript((s) => localStorage.setItem('colorScheme', s), scheme);
      await register(page, newPerson());
      await linkDemoBank(page, 'demo_evergreen');
      await page.goto('/settings#plan');
      await planSection(page).scrollIntoViewIfNeeded();
      await expect(planSection(page).getByText('14 days left in your Pro trial')).toBeVisible();
      await checkScreen(page, testInfo, `plan-phone-${scheme}`);

      await planCard(page, 'Starter').getByRole('button', { name: 'End trial' }).click();
      await page
        .getByRole('dialog', { name: 'End your Pro trial?' })
        .getByRole('button', { name: 'End trial' })
        .click();
      await expect(planSection(page).getByText('2 of 2 bank accounts linked')).toBeVisible();

      await page.goto('/accounts');
      await page.getByRole('button', { name: 'Connect Account' }).click();
      const connect = page.getByRole('dialog', { name: 'Connect Bank Account' });
      await connect.getByRole('button', { name: 'Connect to Plaid' }).click();
      await expect(connect.getByRole('region', { name: 'Link more accounts with Pro' })).toBeVisible();
      await checkScreen(page, testInfo, `connect-limit-phone-${scheme}`, { fullPage: false });
    });
  }
});
