import { checkScreen, expect, newPerson, register, test } from './support';

test('settings → delete account: the password is asked again, then nothing of the person is left', async ({
  page,
}, testInfo) => {
  const person = newPerson();
  await register(page, person);

  await page
    .getByRole('navigation', { name: 'Main navigation' })
    .getByRole('link', { name: 'Settings' })
    .click();
  await expect(page.getByText('Danger Zone')).toBeVisible();
  await page.getByRole('button', { name: 'Delete', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
  await expect(dialog.getByText('This cannot be undone.')).toBeVisible();

  await dialog.getByLabel(/^Password/).fill('not-my-password');
  await dialog.getByRole('button', { name: 'Delete Account' }).click();
  await expect(dialog.getByText('Incorrect password')).toBeVisible();
  await checkScreen(page, testInfo, 'delete-account-dialog');

  await dialog.getByLabel(/^Password/).fill(person.password);
  await dialog.getByRole('button', { name: 'Delete Account' }).click();
  await expect(page).toHaveURL(/\/$/);
  // Pinned to the screen, not somewhere down the landing page.
  await expect(page.getByText('Account deleted')).toBeInViewport();
  await checkScreen(page, testInfo, 'account-deleted-landing');
  expect(await page.evaluate(() => localStorage.getItem('authToken'))).toBeNull();

  // The account is gone: its password opens nothing, and its email can be registered afresh.
  await page.goto('/login');
  await page.getByLabel('Email').fill(person.email);
  await page.getByPlaceholder('Your password').fill(person.password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page.getByRole('alert')).toHaveText('Invalid email or password');
  await register(page, person);
});
