import type { Locator, Page, TestInfo } from '@playwright/test';
import { checkScreen, expect, newPerson, register, test } from './support';

const NO_SMTP =
  "This Tally server isn't set up to send email, so email notifications can't be sent. You'll still see every notification under the bell.";
const INVALID =
  'This verification link is not valid. Use the newest link we sent, or send yourself a new one from Settings.';

const notificationsCard = (page: Page) =>
  page.locator('.mantine-Card-root').filter({ has: page.getByRole('heading', { name: 'Notifications' }) });

/**
 * The same screen in light and dark mode and at a phone's width, each kept as an artifact and scanned by
 * axe; `section` is kept on its own too, for a close look.
 */
async function inEveryLook(
  page: Page,
  testInfo: TestInfo,
  name: string,
  ready: () => Promise<void>,
  section?: Locator,
) {
  const look = async (variant: string) => {
    await ready();
    await checkScreen(page, testInfo, `${name}-${variant}`);
    if (section) await section.screenshot({ path: testInfo.outputPath(`${name}-${variant}-section.png`) });
  };
  await look('light');
  await page.evaluate(() => localStorage.setItem('colorScheme', 'dark'));
  await page.reload();
  await look('dark');
  await page.setViewportSize({ width: 390, height: 844 });
  await look('phone-dark');
  await page.evaluate(() => localStorage.setItem('colorScheme', 'light'));
  await page.reload();
  await look('phone-light');
  await page.setViewportSize({ width: 1280, height: 860 });
}

test('settings → email notifications: a server without SMTP says it sends no email, with no dead switch', async ({
  page,
}, testInfo) => {
  await register(page, newPerson());
  await page.goto('/settings');
  const card = notificationsCard(page);
  await inEveryLook(
    page,
    testInfo,
    'settings-email-no-smtp',
    async () => {
      await expect(card.getByText(NO_SMTP)).toBeVisible();
    },
    card,
  );
  await expect(card.getByRole('switch', { name: 'Email notifications' })).toHaveCount(0);
  await expect(card.getByRole('switch', { name: 'Push notifications' })).toBeVisible();
});

test('settings → email notifications: an address not yet verified is offered a link, not a switch', async ({
  page,
}, testInfo) => {
  const person = newPerson();
  await register(page, person);
  // This journey's server has no SMTP (see playwright.config.ts): the answer of one that has, for this
  // address not yet verified, is given to the page as such a server would answer.
  await page.route('**/api/user/notification-settings', (route) =>
    route.fulfill({
      json: { pushNotifications: true, emailNotifications: true, emailVerified: false, emailAvailable: true },
    }),
  );
  await page.goto('/settings');
  const card = notificationsCard(page);
  await inEveryLook(
    page,
    testInfo,
    'settings-email-not-verified',
    async () => {
      await expect(card.getByText('Not verified')).toBeVisible();
      await expect(
        card.getByText(`Confirm that ${person.email} is yours before we send notifications there.`, {
          exact: false,
        }),
      ).toBeVisible();
    },
    card,
  );
  await expect(card.getByRole('button', { name: 'Send verification link' })).toBeVisible();
  await expect(card.getByRole('switch', { name: 'Email notifications' })).toHaveCount(0);
});

test('verify-email page: a link that is not valid says so, signed in or not, with a way to a new one', async ({
  page,
}, testInfo) => {
  await register(page, newPerson());
  await page.goto('/verify-email?token=not.a.token');
  const ready = async () => {
    await expect(page.getByRole('heading', { name: "This link didn't work" })).toBeVisible();
    await expect(page.getByText(INVALID)).toBeVisible();
  };
  await ready();
  // This server sends no email, so no new link is offered: Settings says why.
  await expect(page.getByRole('button', { name: 'Send a new link' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Go to Settings' })).toBeVisible();
  await checkScreen(page, testInfo, 'verify-email-invalid-signed-in');

  // Opened where nobody is signed in: the page stays (no sign-in wall), and says how to get a new link.
  await page.evaluate(() => localStorage.clear());
  await page.goto('/verify-email?token=not.a.token');
  await expect(page).toHaveURL(/\/verify-email\?token=not\.a\.token$/);
  await inEveryLook(page, testInfo, 'verify-email-invalid-guest', ready);
  await expect(page.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login');
});

test('settings → sign out everywhere: this browser and every other session are signed out', async ({
  page,
  browser,
}, testInfo) => {
  const person = newPerson();
  await register(page, person);
  // The same person signed in elsewhere.
  const elsewhere = await browser.newContext();
  const other = await elsewhere.newPage();
  await other.goto('/login');
  await other.getByLabel('Email').fill(person.email);
  await other.getByPlaceholder('Your password').fill(person.password);
  await other.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(other).toHaveURL(/\/dashboard$/);

  await page.goto('/settings');
  await expect(page.getByText('Sign out everywhere', { exact: true })).toBeVisible();
  await checkScreen(page, testInfo, 'settings-sign-out-everywhere');
  await page.getByRole('button', { name: 'Sign out all' }).click();
  await expect(page).toHaveURL(/\/$/);
  expect(await page.evaluate(() => localStorage.getItem('authToken'))).toBeNull();

  // The other session's next call is refused, and it is sent to sign in.
  await other.goto('/settings');
  await expect(other).toHaveURL(/\/login$/);
  await elsewhere.close();
});
