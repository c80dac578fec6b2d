import { checkScreen, expect, newPerson, register, test } from './support';

test('help → contact support: on a server that cannot send email, the operator’s address to write to', async ({
  page,
}, testInfo) => {
  await register(page, newPerson());
  // Reached from the account menu, like Settings.
  await page.getByRole('button', { name: /, user menu$/ }).click();
  await page.getByRole('menuitem', { name: 'Help' }).click();
  await expect(page).toHaveURL(/\/help$/);
  await expect(page.getByRole('heading', { name: 'Help', level: 1 })).toBeVisible();
  const card = page
    .locator('.mantine-Card-root')
    .filter({ has: page.getByRole('heading', { name: 'Contact support' }) });
  const address = card.getByRole('link', { name: 'support@tally.test' });
  await expect(address).toHaveAttribute('href', 'mailto:support@tally.test');
  // A new person is on the Pro trial: their messages come first.
  await expect(card.getByText('Priority support')).toBeVisible();
  await expect(card.getByRole('button', { name: 'Send message' })).toHaveCount(0);

  await checkScreen(page, testInfo, 'help-light');
  await page.evaluate(() => localStorage.setItem('colorScheme', 'dark'));
  await page.reload();
  await expect(address).toBeVisible();
  await checkScreen(page, testInfo, 'help-dark');
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(address).toBeVisible();
  await checkScreen(page, testInfo, 'help-phone-dark');
  await page.evaluate(() => localStorage.setItem('colorScheme', 'light'));
  await page.reload();
  await expect(address).toBeVisible();
  await checkScreen(page, testInfo, 'help-phone-light');
});
