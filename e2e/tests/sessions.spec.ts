import { checkScreen, expect, LOOKS, lookAs, newPerson, register, test } from './support';

for (const look of LOOKS) {
  test(`settings → signed-in devices: another browser is listed and signed out from here (${look.label})`, async ({
    page,
    browser,
  }, testInfo) => {
    await lookAs(page, look);
    const person = newPerson();
    await register(page, person, { plan: 'starter' });

    // A second browser signs in to the same account.
    const elsewhere = await browser.newContext({
      userAgent:
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
    });
    const phone = await elsewhere.newPage();
    await phone.goto('/login');
    await phone.getByLabel('Email').fill(person.email);
    await phone.getByPlaceholder('Your password').fill(person.password);
    await phone.getByRole('button', { name: 'Sign In', exact: true }).click();
    await expect(phone).toHaveURL(/\/dashboard$/);

    await page.goto('/settings');
    const card = page.getByRole('heading', { name: 'Signed-in devices' });
    await card.scrollIntoViewIfNeeded();
    const iPhone = page.getByRole('group', { name: 'Safari on iOS' });
    await expect(iPhone).toBeVisible();
    await expect(iPhone).toContainText('Local network');
    await expect(page.getByText('This device')).toBeVisible();
    await expect(page.getByText('1 other device signed in.')).toBeVisible();
    await checkScreen(page, testInfo, `sessions-${look.suffix}`);

    await page.getByRole('button', { name: 'Sign out Safari on iOS' }).click();
    await expect(page.getByText('Safari on iOS is signed out.')).toBeVisible();
    await expect(iPhone).toHaveCount(0);
    await expect(page.getByText('No other device is signed in.')).toBeVisible();

    // The phone's next request finds its session over and goes back to sign-in.
    await phone.goto('/transactions');
    await expect(phone).toHaveURL(/\/login/);
    await elsewhere.close();

    // This browser is still signed in.
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Signed-in devices' })).toBeVisible();
  });
}
