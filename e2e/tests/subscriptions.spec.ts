import type { Locator, Page } from '@playwright/test';
import {
  addDays,
  browserToday,
  checkScreen,
  createByApi,
  expect,
  linkDemoBank,
  newPerson,
  register,
  test,
} from './support';

const nav = (page: Page, name: string) =>
  page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name }).click();

/** 'Tuesday, December 1, 2026', as the calendar names a day. */
const longDay = (day: string) =>
  new Intl.DateTimeFormat('en-US', {
    weekday: 'long',
    month: 'long',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${day}T00:00:00Z`));

const card = (page: Page, name: string) => page.getByRole('article', { name, exact: true });
/** A summary card, found by its label. */
const statCard = (page: Page, label: string) => page.getByText(label, { exact: true }).locator('xpath=../..');
const field = (dialog: Locator, name: string | RegExp) => dialog.getByRole('textbox', { name });

/** A handful of subscriptions, three of them due the same day so the calendar has to say '+N more'. */
async function seed(page: Page, due: string) {
  const base = { frequency: 2, autoRenew: true };
  await createByApi(page, '/api/subscriptions', {
    ...base,
    name: 'Netflix',
    amount: 17.99,
    category: 1,
    nextDueDate: due,
  });
  await createByApi(page, '/api/subscriptions', {
    ...base,
    name: 'Spotify',
    amount: 11.99,
    category: 1,
    nextDueDate: due,
  });
  await createByApi(page, '/api/subscriptions', {
    ...base,
    name: 'Dropbox',
    amount: 11.99,
    category: 2,
    nextDueDate: due,
  });
  await createByApi(page, '/api/subscriptions', {
    ...base,
    name: 'Crunch Fitness',
    amount: 34.99,
    category: 5,
    nextDueDate: addDays(due, 3),
    description: 'Peak plan, cancel before the annual fee in March',
  });
  await createByApi(page, '/api/subscriptions', {
    ...base,
    name: 'Amazon Prime',
    amount: 139,
    frequency: 5,
    category: 8,
    nextDueDate: addDays(due, 40),
  });
}

/** Shows the calendar month holding `day`, moving forward from the current one if need be. */
async function showMonthOf(page: Page, day: string) {
  const label = new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${day}T00:00:00Z`),
  );
  for (let i = 0; i < 2 && !(await page.getByRole('region', { name: label }).isVisible()); i += 1) {
    await page.getByRole('button', { name: 'Next month' }).click();
  }
  await expect(page.getByRole('region', { name: label })).toBeVisible();
  // The month's own charges, not the last month's held while they load (its grid is dimmed meanwhile).
  const grid = page.getByRole('list', { name: label });
  await expect(grid).toHaveAttribute('aria-busy', 'false');
  await expect(grid).toHaveCSS('opacity', '1');
}

test.describe('subscriptions', () => {
  test('empty → add (every validation message) → pause/resume → edit → This Month → calendar day → delete', async ({
    page,
  }, testInfo) => {
    test.setTimeout(120_000);
    await register(page, newPerson());
    const today = await browserToday(page);

    await nav(page, 'Subscriptions');
    await expect(page.getByText('No subscriptions yet')).toBeVisible();
    await checkScreen(page, testInfo, 'subscriptions-empty');

    // Add: each rule says what is wrong, at its field, before anything is sent.
    await page.getByRole('button', { name: 'Add Subscription' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Subscription' });
    await expect(dialog.getByRole('combobox', { name: 'Frequency' })).toHaveValue('Monthly');
    await expect(dialog.getByRole('combobox', { name: 'Category' })).toHaveValue('Other');
    await expect(dialog.getByRole('switch', { name: /Auto-renew/ })).toBeChecked();
    await dialog.getByRole('button', { name: 'Clear next due date' }).click();
    await dialog.getByRole('button', { name: 'Add Subscription' }).click();
    await expect(dialog.getByText('Subscription name is required')).toBeVisible();
    await expect(dialog.getByText('Amount must be greater than 0')).toBeVisible();
    await expect(dialog.getByText('Next due date is required')).toBeVisible();
    await checkScreen(page, testInfo, 'subscription-add-required', { fullPage: false });

    await field(dialog, /^Name/).fill('N'.repeat(101));
    await field(dialog, /^Amount/).fill('10001');
    await field(dialog, /^Next due date/).fill(addDays(today, -3));
    await field(dialog, 'Description').fill('d'.repeat(501));
    await expect(dialog.getByText('501/500')).toBeVisible();
    await dialog.getByRole('button', { name: 'Add Subscription' }).click();
    await expect(dialog.getByText('Name must be less than 100 characters')).toBeVisible();
    await expect(dialog.getByText('Amount must be less than $10,000')).toBeVisible();
    await expect(dialog.getByText('Due date cannot be in the past')).toBeVisible();
    await expect(dialog.getByText('Description must be less than 500 characters')).toBeVisible();
    await checkScreen(page, testInfo, 'subscription-add-limits', { fullPage: false });

    // Fixed: a real subscription.
    const due = addDays(today, 5);
    await field(dialog, /^Name/).fill('YouTube Premium');
    await field(dialog, /^Amount/).fill('13.99');
    await dialog.getByRole('combobox', { name: 'Category' }).click();
    await page.getByRole('option', { name: 'Streaming' }).click();
    await field(dialog, /^Next due date/).fill(due);
    // Escape closes the date picker, not the dialog.
    await field(dialog, /^Next due date/).press('Escape');
    await expect(dialog).toBeVisible();
    await field(dialog, 'Description').fill('Family plan');
    await expect(dialog.getByText('11/500')).toBeVisible();
    await dialog.getByRole('button', { name: 'Add Subscription' }).click();
    await expect(page.getByText('Subscription added')).toBeVisible();
    await expect(dialog).toBeHidden();
    const youtube = card(page, 'YouTube Premium');
    await expect(youtube.getByText('$13.99')).toBeVisible();
    await expect(youtube.getByText('Active', { exact: true })).toBeVisible();
    await expect(youtube.getByText('In 5 days')).toBeVisible();
    await expect(statCard(page, 'Monthly Total')).toContainText('$13.99');

    // More of them, three due on one day.
    await seed(page, due);
    await page.reload();
    await expect(card(page, 'Amazon Prime')).toBeVisible();
    await expect(statCard(page, 'Active Subscriptions')).toContainText('6');
    await checkScreen(page, testInfo, 'subscriptions-list');

    // Pause and resume: the badge, the button and the totals follow.
    await card(page, 'Spotify').getByRole('button', { name: 'Pause Spotify' }).click();
    await expect(page.getByText('Subscription paused')).toBeVisible();
    await expect(card(page, 'Spotify').getByText('Paused', { exact: true })).toBeVisible();
    await expect(statCard(page, 'Active Subscriptions')).toContainText('5');
    await expect(page.getByText('1 paused')).toBeVisible();
    await card(page, 'Spotify').getByRole('button', { name: 'Resume Spotify' }).click();
    await expect(page.getByText('Subscription resumed')).toBeVisible();
    await expect(card(page, 'Spotify').getByText('Active', { exact: true })).toBeVisible();

    // Edit: prefilled, status among the fields.
    await card(page, 'Netflix').getByRole('button', { name: 'Edit Netflix' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Subscription' });
    await expect(field(edit, /^Name/)).toHaveValue('Netflix');
    await expect(edit.getByRole('combobox', { name: 'Status' })).toHaveValue('Active');
    await field(edit, /^Amount/).fill('19.99');
    await checkScreen(page, testInfo, 'subscription-edit', { fullPage: false });
    await edit.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page.getByText('Subscription updated')).toBeVisible();
    await expect(card(page, 'Netflix').getByText('$19.99')).toBeVisible();

    // This Month keeps to what is due in the current month; Amazon Prime is 45 days out.
    await page.getByText('This Month', { exact: true }).click();
    await expect(card(page, 'Amazon Prime')).toBeHidden();
    await page.getByText('All', { exact: true }).click();
    await expect(card(page, 'Amazon Prime')).toBeVisible();

    // Calendar: six weeks, two amounts a day, then '+N more'; a day opens its list.
    await page.getByText('Calendar', { exact: true }).click();
    await showMonthOf(page, due);
    const busyDay = page.getByRole('button', { name: `${longDay(due)}: 4 charges, $57.96 due` });
    await expect(busyDay).toBeVisible();
    await expect(busyDay.getByText('+2 more')).toBeVisible();
    await checkScreen(page, testInfo, 'subscriptions-calendar');
    await busyDay.click();
    const day = page.getByRole('dialog', { name: longDay(due) });
    await expect(day.getByText('4 subscriptions due')).toBeVisible();
    await expect(day.getByRole('listitem')).toHaveCount(4);
    await expect(day.getByText('Total Due')).toBeVisible();
    await expect(day.getByText('$57.96')).toBeVisible();
    await checkScreen(page, testInfo, 'subscriptions-calendar-day', { fullPage: false });
    await day.getByRole('button', { name: 'Close' }).click();
    await page.getByRole('button', { name: 'Previous month' }).click();
    await page.getByRole('button', { name: 'Today' }).click();

    // The view is remembered.
    await page.reload();
    await expect(page.getByRole('button', { name: 'Next month' })).toBeVisible();
    await page.getByText('List', { exact: true }).click();

    // Delete after a confirmation.
    await card(page, 'Dropbox').getByRole('button', { name: 'Delete Dropbox' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete this subscription?' });
    await expect(confirm.getByText(/“Dropbox” will be removed/)).toBeVisible();
    await checkScreen(page, testInfo, 'subscription-delete-confirm', { fullPage: false });
    await confirm.getByRole('button', { name: 'Delete Subscription' }).click();
    await expect(page.getByText('Subscription deleted')).toBeVisible();
    await expect(card(page, 'Dropbox')).toBeHidden();
  });

  test('detect in the demo history → confirm the selected → dismiss one → mark a transaction as recurring', async ({
    page,
  }, testInfo) => {
    test.setTimeout(180_000);
    await register(page, newPerson());
    await linkDemoBank(page, 'demo_harbor');
    await linkDemoBank(page, 'demo_summit');

    await nav(page, 'Subscriptions');
    await page.getByRole('button', { name: 'Detect Subscriptions' }).click();
    const dialog = page.getByRole('dialog', { name: 'Detected Subscriptions' });
    const truth = [
      'Netflix',
      'Spotify',
      'Dropbox',
      'OpenAI',
      'Crunch Fitness',
      'Amazon Prime',
      'HelloFresh',
      'AAA',
    ];
    for (const merchant of truth) {
      await expect(dialog.getByRole('checkbox', { name: `Select ${merchant}` })).toBeVisible({
        timeout: 20_000,
      });
    }
    const row = (merchant: string) =>
      dialog.getByRole('row').filter({ has: page.getByRole('checkbox', { name: `Select ${merchant}` }) });
    await expect(row('Netflix').getByText('Auto-detected')).toBeVisible();
    await expect(row('Netflix').getByText(/^(High|Medium|Low) · \d+%$/)).toBeVisible();
    // The confident ones come ticked; the count and the monthly total say what Confirm will add.
    await expect(dialog.getByRole('checkbox', { name: 'Select Netflix' })).toBeChecked();
    await expect(dialog.getByText(/^\d+ selected$/)).toBeVisible();
    await expect(dialog.getByText(/^\$[\d,]+\.\d\d a month$/)).toBeVisible();

    // Details: what the detection saw; Netflix's price went up in the demo history.
    await dialog.getByRole('button', { name: 'Details for Netflix' }).click();
    await expect(dialog.getByText('Occurrences')).toBeVisible();
    await expect(dialog.getByText('$15.49 → $17.99', { exact: false })).toBeVisible();
    await checkScreen(page, testInfo, 'subscriptions-detected', { fullPage: false });

    // Dismiss HelloFresh: it goes, and is not suggested again.
    await dialog.getByRole('button', { name: 'Dismiss HelloFresh' }).click();
    await expect(page.getByText('Suggestion dismissed')).toBeVisible();
    await expect(dialog.getByRole('checkbox', { name: 'Select HelloFresh' })).toBeHidden();

    // Confirm exactly the seven left of the eight: select all, then untick anything else it found.
    await dialog.getByRole('checkbox', { name: 'Select All' }).check();
    for (const box of await dialog.getByRole('checkbox', { name: /^Select (?!All$)/ }).all()) {
      const name = (await box.getAttribute('aria-label'))?.replace(/^Select /, '') ?? '';
      if (!truth.includes(name)) await box.uncheck();
    }
    await expect(dialog.getByText('7 selected')).toBeVisible();
    await dialog.getByRole('button', { name: 'Confirm 7 Subscriptions' }).click();
    await expect(page.getByText('7 subscriptions added')).toBeVisible();
    await expect(dialog).toBeHidden();
    for (const merchant of truth.filter((m) => m !== 'HelloFresh')) {
      await expect(card(page, merchant).getByText('Auto-detected')).toBeVisible();
    }
    // The demo's Netflix costs more than it used to: the card says so.
    await expect(card(page, 'Netflix').getByText('Price up: $15.49 → $17.99')).toBeVisible();
    await checkScreen(page, testInfo, 'subscriptions-detected-confirmed');

    // Detecting again suggests neither the confirmed nor the dismissed ones.
    await page.getByRole('button', { name: 'Detect Subscriptions' }).click();
    const again = page.getByRole('dialog', { name: 'Detected Subscriptions' });
    await expect(again.getByText('Looking for subscriptions…')).toBeHidden({ timeout: 20_000 });
    for (const merchant of truth) {
      await expect(again.getByRole('checkbox', { name: `Select ${merchant}` })).toHaveCount(0);
    }
    await again.getByRole('button', { name: 'Close' }).first().click();

    // Mark as Recurring from a transaction: the add dialog, prefilled; the person stays on transactions.
    await nav(page, 'Transactions');
    await page.getByRole('textbox', { name: 'Search transactions' }).fill('lemonade');
    const rows = page.getByRole('table').first().locator('tbody tr');
    await expect(rows.first()).toContainText('Lemonade');
    await rows.first().getByRole('button', { name: 'Transaction actions' }).click();
    await page.getByRole('menuitem', { name: 'Mark as Recurring' }).click();
    const add = page.getByRole('dialog', { name: 'Add Subscription' });
    await expect(field(add, /^Name/)).toHaveValue('Lemonade');
    await expect(field(add, /^Amount/)).toHaveValue('$12.25');
    await expect(add.getByRole('combobox', { name: 'Frequency' })).toHaveValue('Monthly');
    await checkScreen(page, testInfo, 'mark-as-recurring', { fullPage: false });
    await add.getByRole('button', { name: 'Add Subscription' }).click();
    await expect(page.getByText('Subscription added')).toBeVisible();
    await expect(page).toHaveURL(/\/transactions/);
    await page.getByRole('button', { name: 'View subscriptions' }).click();
    await expect(page).toHaveURL(/\/subscriptions$/);
    await expect(card(page, 'Lemonade')).toBeVisible();
  });

  for (const scheme of ['light', 'dark'] as const) {
    test(`subscriptions read well at phone width in ${scheme} mode`, async ({ page }, testInfo) => {
      test.setTimeout(120_000);
      await page.setViewportSize({ width: 390, height: 844 });
      await page.addInitScript((s) => localStorage.setItem('colorScheme', s), scheme);
      await register(page, newPerson());
      const today = await browserToday(page);
      const due = addDays(today, 2);
      await seed(page, due);

      await page.goto('/subscriptions');
      await expect(card(page, 'Netflix')).toBeVisible();
      await checkScreen(page, testInfo, `subscriptions-list-phone-${scheme}`);

      await page.getByText('Calendar', { exact: true }).click();
      await showMonthOf(page, due);
      const busyDay = page.getByRole('button', { name: new RegExp(`^${longDay(due)}: 3 charges`) });
      await expect(busyDay).toBeVisible();
      await checkScreen(page, testInfo, `subscriptions-calendar-phone-${scheme}`);
      await busyDay.click();
      await expect(page.getByText('Total Due')).toBeVisible();
      await checkScreen(page, testInfo, `subscriptions-day-phone-${scheme}`, { fullPage: false });
      await page.getByRole('button', { name: 'Close' }).click();

      await page.getByText('List', { exact: true }).click();
      await page.getByRole('button', { name: 'Add Subscription' }).click();
      const dialog = page.getByRole('dialog', { name: 'Add Subscription' });
      await dialog.getByRole('button', { name: 'Add Subscription' }).click();
      await expect(dialog.getByText('Subscription name is required')).toBeVisible();
      await checkScreen(page, testInfo, `subscription-add-phone-${scheme}`, { fullPage: false });
      await dialog.getByRole('button', { name: 'Cancel' }).click();

      // Detected subscriptions as a list of cards, the footer in reach.
      await linkDemoBank(page, 'demo_harbor');
      await page.getByRole('button', { name: 'Detect Subscriptions' }).click();
      const detected = page.getByRole('dialog', { name: 'Detected Subscriptions' });
      await expect(detected.getByRole('checkbox', { name: 'Select HelloFresh' })).toBeVisible({
        timeout: 20_000,
      });
      await detected.getByRole('button', { name: 'Details for HelloFresh' }).click();
      await expect(detected.getByText('Average interval').filter({ visible: true })).toHaveCount(1);
      await checkScreen(page, testInfo, `subscriptions-detected-phone-${scheme}`, { fullPage: false });
    });
  }

  test('subscriptions read well on a wide screen in dark mode', async ({ page }, testInfo) => {
    test.setTimeout(120_000);
    await page.addInitScript(() => localStorage.setItem('colorScheme', 'dark'));
    await register(page, newPerson());
    await linkDemoBank(page, 'demo_harbor');
    const today = await browserToday(page);
    await seed(page, addDays(today, 4));
    await page.goto('/subscriptions');
    await expect(card(page, 'Netflix')).toBeVisible();
    await checkScreen(page, testInfo, 'subscriptions-list-dark');
    await page.getByText('Calendar', { exact: true }).click();
    await expect(page.getByRole('button', { name: 'Next month' })).toBeVisible();
    // Checked once the month's charges are in (the grid is dimmed while they load).
    await showMonthOf(page, today);
    await checkScreen(page, testInfo, 'subscriptions-calendar-dark');
    await page.getByText('List', { exact: true }).click();
    await page.getByRole('button', { name: 'Detect Subscriptions' }).click();
    const dialog = page.getByRole('dialog', { name: 'Detected Subscriptions' });
    await expect(dialog.getByRole('checkbox', { name: /^Select (?!All$)/ }).first()).toBeVisible({
      timeout: 20_000,
    });
    await checkScreen(page, testInfo, 'subscriptions-detected-dark', { fullPage: false });
  });
});
