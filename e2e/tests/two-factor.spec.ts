import type { Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { checkScreen, expect, LOOKS, lookAs, newPerson, register, test } from './support';

/** The code an authenticator app shows for `secret`, `aheadSeconds` from now (30-second steps). */
const codeFor = (secret: string, email: string, aheadSeconds = 0) =>
  new TOTP({ issuer: 'Tally', label: email, secret: Secret.fromBase32(secret) }).generate({
    timestamp: Date.now() + aheadSeconds * 1000,
  });

async function signOut(page: Page) {
  await page.getByRole('button', { name: 'User menu' }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/$/);
}

async function signInWithPassword(page: Page, person: ReturnType<typeof newPerson>) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(person.email);
  await page.getByPlaceholder('Your password').fill(person.password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page.getByLabel('Authentication code')).toBeVisible();
}

for (const look of LOOKS) {
  test(`two-factor sign-in: set up with an authenticator app, sign in with a code and a recovery code, turn off (${look.label})`, async ({
    page,
  }, testInfo) => {
    await lookAs(page, look);
    const person = newPerson();
    await register(page, person, { plan: 'starter' });

    // Set up: the QR code and its key as text; a code from the app turns it on.
    await page.goto('/settings');
    await expect(page.getByText('Off: add a code from an authenticator app')).toBeVisible();
    await page.getByRole('button', { name: 'Set up two-factor sign-in' }).click();
    const dialog = page.getByRole('dialog', { name: 'Turn on two-factor sign-in' });
    await expect(dialog.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
    const key = (await dialog.locator('code').textContent())?.replace(/\s/g, '') ?? '';
    expect(key).toMatch(/^[A-Z2-7]{32}$/);
    await checkScreen(page, testInfo, `two-factor-setup-${look.suffix}`);

    await dialog.getByRole('textbox', { name: 'Your password' }).fill(person.password);
    await dialog.getByLabel('Code from the app').fill('000000');
    await dialog.getByRole('button', { name: 'Turn on' }).click();
    await expect(dialog.getByRole('alert')).toContainText("That code didn't work");
    await dialog.getByLabel('Code from the app').fill(codeFor(key, person.email));
    await dialog.getByRole('button', { name: 'Turn on' }).click();

    // The recovery codes, shown once.
    const saved = page.getByRole('dialog', { name: 'Save your recovery codes' });
    await expect(saved.getByRole('listitem')).toHaveCount(10);
    const codes = await saved.getByRole('listitem').allTextContents();
    expect(codes).toHaveLength(10);
    for (const code of codes) expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    await checkScreen(page, testInfo, `two-factor-recovery-codes-${look.suffix}`);
    await saved.getByRole('button', { name: 'Done' }).click();
    await expect(page.getByText('10 recovery codes left.')).toBeVisible();
    await checkScreen(page, testInfo, `two-factor-on-${look.suffix}`);

    // Sign-in now asks for a code after the password: a wrong one is refused, the app's next one signs in.
    await signOut(page);
    await signInWithPassword(page, person);
    await checkScreen(page, testInfo, `two-factor-sign-in-${look.suffix}`);
    await page.getByLabel('Authentication code').fill('123456');
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page.getByRole('alert')).toContainText("That code didn't work");
    // The step after the one used to turn it on: a code is never taken twice.
    await page.getByLabel('Authentication code').fill(codeFor(key, person.email, 30));
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);

    // A recovery code stands in for the phone, once.
    await signOut(page);
    await signInWithPassword(page, person);
    await page.getByRole('button', { name: 'Use a recovery code instead' }).click();
    await page.getByLabel('Recovery code').fill(codes[0] ?? '');
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);

    // Turning it off needs the password and a code.
    await page.goto('/settings');
    await expect(page.getByText('9 recovery codes left.')).toBeVisible();
    await page.getByRole('button', { name: 'Turn off two-factor sign-in' }).click();
    const off = page.getByRole('dialog', { name: 'Turn off two-factor sign-in' });
    await off.getByRole('textbox', { name: 'Password' }).fill(person.password);
    await off.getByLabel('Code').fill(codes[0] ?? '');
    await off.getByRole('button', { name: 'Turn off' }).click();
    await expect(off.getByRole('alert')).toContainText("That code didn't work");
    await off.getByLabel('Code').fill(codes[1] ?? '');
    await off.getByRole('button', { name: 'Turn off' }).click();
    await expect(page.getByText('Two-factor sign-in is off')).toBeVisible();
    await expect(page.getByText('Off: add a code from an authenticator app')).toBeVisible();

    await signOut(page);
    await page.goto('/login');
    await page.getByLabel('Email').fill(person.email);
    await page.getByPlaceholder('Your password').fill(person.password);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
  });
}
