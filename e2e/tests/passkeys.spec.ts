import { checkScreen, expect, LOOKS, lookAs, newPerson, register, test } from './support';

for (const look of LOOKS) {
  test(`passkeys: add one in Settings, sign in with it, rename and remove it (${look.label})`, async ({
    page,
  }, testInfo) => {
    await lookAs(page, look);
    // Chromium's virtual authenticator stands in for a phone's or laptop's: it holds the key and says yes.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('WebAuthn.enable');
    await cdp.send('WebAuthn.addVirtualAuthenticator', {
      options: {
        protocol: 'ctap2',
        transport: 'internal',
        hasResidentKey: true,
        hasUserVerification: true,
        isUserVerified: true,
        automaticPresenceSimulation: true,
      },
    });
    const person = newPerson();
    await register(page, person, { plan: 'starter' });

    await page.goto('/settings');
    await page.getByRole('heading', { name: 'Passkeys' }).scrollIntoViewIfNeeded();
    await expect(page.getByText('No passkey yet.')).toBeVisible();
    await page.getByRole('button', { name: 'Add a passkey' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add a passkey' });
    await dialog.getByRole('textbox', { name: 'Name' }).fill('My laptop');
    // A passkey outlasts every sign-out: adding one asks for the password.
    await dialog.getByRole('textbox', { name: 'Your password' }).fill(person.password);
    await dialog.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByText('“My laptop” now signs you in without a password.')).toBeVisible();
    const row = page.getByRole('group', { name: 'My laptop' });
    await expect(row).toContainText('Not used yet');
    await checkScreen(page, testInfo, `passkeys-${look.suffix}`);

    // Signed out, the passkey signs in: no email, no password.
    await page.getByRole('button', { name: 'User menu' }).click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await expect(page).toHaveURL(/\/$/);
    await page.goto('/login');
    await checkScreen(page, testInfo, `passkey-sign-in-${look.suffix}`);
    await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);

    // Renamed, it says when it was last used; removed, it is gone.
    await page.goto('/settings');
    await expect(row).toContainText('Last used');
    await page.getByRole('button', { name: 'Rename My laptop' }).click();
    const rename = page.getByRole('dialog', { name: 'Rename passkey' });
    await rename.getByRole('textbox', { name: 'Name' }).fill('Work laptop');
    await rename.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByRole('group', { name: 'Work laptop' })).toBeVisible();
    await page.getByRole('button', { name: 'Remove Work laptop' }).click();
    await expect(page.getByText('“Work laptop” no longer signs you in.')).toBeVisible();
    await expect(page.getByText('No passkey yet.')).toBeVisible();
  });
}
