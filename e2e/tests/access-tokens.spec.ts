import { checkScreen, expect, LOOKS, lookAs, newPerson, register, test } from './support';

for (const look of LOOKS) {
  test(`connected apps: an access token made in Settings reads, is seen used, and is refused once revoked (${look.label})`, async ({
    page,
    request,
  }, testInfo) => {
    await lookAs(page, look);
    const person = newPerson();
    await register(page, person, { plan: 'premium-trial' });

    await page.goto('/settings');
    // The card's code comes after the page's (its place is held meanwhile): wait for the card itself.
    await expect(page.getByText('No access tokens yet.')).toBeVisible();
    await page.getByRole('button', { name: 'Create token' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create an access token' });
    await dialog.getByRole('textbox', { name: 'Name' }).fill('Budget spreadsheet');
    // A token outlasts this session: creating one asks for the password.
    await dialog.getByRole('textbox', { name: 'Your password' }).fill(person.password);
    await checkScreen(page, testInfo, `access-token-create-${look.suffix}`, { fullPage: false });
    await dialog.getByRole('button', { name: 'Create token' }).click();
    const field = dialog.getByRole('textbox', { name: 'Your access token' });
    await expect(field).toHaveValue(/^tly_/);
    const secret = await field.inputValue();
    await expect(dialog.getByText('Copy it now: this is the only time it is shown.')).toBeVisible();
    await checkScreen(page, testInfo, `access-token-secret-${look.suffix}`, { fullPage: false });
    await dialog.getByRole('button', { name: 'Done' }).click();
    await expect(dialog).toHaveCount(0);

    const row = page.getByRole('group', { name: 'Budget spreadsheet' });
    await expect(row).toContainText('Never used');
    await expect(row).toContainText(secret.slice(0, 8));
    // The secret itself is never shown again.
    await expect(page.getByText(secret)).toHaveCount(0);

    // A script of the person's own reads with it, and cannot write.
    const auth = { authorization: `Bearer ${secret}` };
    const read = await request.get('/api/user/profile', { headers: auth });
    expect(read.status()).toBe(200);
    expect((await read.json()).data.email).toBe(person.email);
    const write = await request.put('/api/user/profile', { headers: auth, data: { firstName: 'Mallory' } });
    expect(write.status()).toBe(403);

    await page.reload();
    await expect(row).toContainText('Last used');
    // The person was told, under the bell.
    await page.getByRole('button', { name: /^Notifications(, \d+ unread)?$/ }).click();
    await expect(page.getByText('A new access token can read your data')).toBeVisible();
    await page.keyboard.press('Escape');
    await row.scrollIntoViewIfNeeded();
    await checkScreen(page, testInfo, `access-tokens-${look.suffix}`, { fullPage: false });

    await page.getByRole('button', { name: 'Revoke Budget spreadsheet' }).click();
    const confirm = page.getByRole('dialog', { name: 'Revoke access token' });
    await expect(confirm).toContainText('Apps using “Budget spreadsheet” stop reaching your data at once.');
    await confirm.getByRole('button', { name: 'Revoke token' }).click();
    await expect(page.getByText('Access token revoked')).toBeVisible();
    await expect(row).toHaveCount(0);
    await expect(page.getByText('No access tokens yet.')).toBeVisible();
    expect((await request.get('/api/user/profile', { headers: auth })).status()).toBe(401);
  });
}
