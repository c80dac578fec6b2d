import { arrive, checkScreen, expect, newPerson, register, seriousViolations, test } from './support';

test.describe('foundation journeys', () => {
  test('landing → register → dashboard greeting → sign out → sign in', async ({ page }, testInfo) => {
    // A fixed morning keeps the greeting independent of when the test runs.
    await page.clock.setFixedTime(new Date('2026-11-20T09:30:00'));
    const person = newPerson();

    await page.goto('/');
    await expect(page.getByRole('link', { name: 'Get Started Free' }).first()).toBeVisible();
    await checkScreen(page, testInfo, 'landing');
    await page.getByRole('link', { name: 'Get Started Free' }).first().click();
    await expect(page).toHaveURL(/\/register$/);

    // Client-side validation speaks the spec's words.
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect(page.getByRole('alert')).toHaveText('All fields are required');
    await page.getByLabel('First name').fill(person.firstName);
    await page.getByLabel('Last name').fill(person.lastName);
    await page.getByLabel('Email').fill(person.email);
    await page.getByLabel(/^Password/).fill('abc');
    await page.getByLabel('Confirm password').fill('abd');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect(page.getByRole('alert')).toHaveText('Passwords do not match');
    await page.getByLabel('Confirm password').fill('abc');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect(page.getByRole('alert')).toHaveText('Password must be at least 6 characters long');
    await expect(page.getByRole('button', { name: 'Sign in with Google' })).toBeVisible();
    await checkScreen(page, testInfo, 'register');

    await page.getByLabel(/^Password/).fill(person.password);
    await page.getByLabel('Confirm password').fill(person.password);
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Good morning, Maya');
    await expect(page.getByText("Maya's Dashboard")).toBeVisible();
    await expect(page.getByText('No recent transactions')).toBeVisible();
    await expect(page.getByText('No spending categories yet')).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('authToken'))).toBeTruthy();
    await checkScreen(page, testInfo, 'dashboard');

    await page.getByRole('button', { name: 'User menu' }).click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await expect(page).toHaveURL(/\/$/);
    expect(await page.evaluate(() => localStorage.getItem('authToken'))).toBeNull();

    await page.getByRole('link', { name: 'Sign In', exact: true }).first().click();
    await expect(page).toHaveURL(/\/login$/);
    await page.getByLabel('Email').fill(person.email);
    await page.getByPlaceholder('Your password').fill('wrong-password');
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await expect(page.getByRole('alert')).toHaveText('Invalid email or password');
    await checkScreen(page, testInfo, 'login');
    await page.getByPlaceholder('Your password').fill(person.password);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Good morning, Maya');
  });

  test('settings: dark mode survives a reload, notification switches are saved, profile edits stick', async ({
    page,
  }, testInfo) => {
    await register(page, newPerson());
    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'Settings' })
      .click();
    await expect(page).toHaveURL(/\/settings$/);

    const dark = page.getByRole('switch', { name: 'Dark Mode' });
    await dark.check({ force: true });
    await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
    // This server sends no email (no SMTP), so Settings offers no email switch (email-verification.spec.ts).
    const push = page.getByRole('switch', { name: 'Push notifications' });
    await expect(push).toBeChecked();
    // The switches wait for the saved settings before they can be changed.
    await expect(push).toBeEnabled();
    const saved = page.waitForResponse(
      (r) => r.url().endsWith('/api/user/notification-settings') && r.request().method() === 'PUT',
    );
    // The switch is controlled by the saved settings, which update optimistically a tick after the click.
    await push.click({ force: true });
    await expect(push).not.toBeChecked();
    expect((await saved).status()).toBe(200);

    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
    await expect(page.getByRole('switch', { name: 'Dark Mode' })).toBeChecked();
    await expect(page.getByRole('switch', { name: 'Push notifications' })).not.toBeChecked();
    await expect(page.getByRole('switch', { name: 'Email notifications' })).toHaveCount(0);
    await checkScreen(page, testInfo, 'settings-dark');

    await page.getByRole('button', { name: 'Edit' }).click();
    await page.getByLabel('First name').fill('Mira');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page.getByText('Profile updated')).toBeVisible();
    await expect(page.getByText("Mira's Dashboard")).toBeVisible();
    await page.reload();
    await expect(page.getByText('Mira Chen')).toBeVisible();
  });

  test('phone width: the sidebar collapses into a menu', async ({ page }, testInfo) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await register(page, newPerson());
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    await expect(nav.getByRole('link', { name: 'Budgets' })).not.toBeInViewport();
    await page.getByRole('button', { name: 'Toggle navigation' }).click();
    await nav.getByRole('link', { name: 'Budgets' }).click();
    await expect(page).toHaveURL(/\/budgets$/);
    await expect(page.getByText('No Active Budget')).toBeVisible();
    await checkScreen(page, testInfo, 'budgets-phone');
  });

  test('guests are sent to /login; /home and unknown paths redirect', async ({ page }) => {
    await arrive(page, '/dashboard');
    await expect(page).toHaveURL(/\/login$/);
    await arrive(page, '/settings');
    await expect(page).toHaveURL(/\/login$/);
    await arrive(page, '/home');
    await expect(page).toHaveURL(/\/login$/);
    await arrive(page, '/no/such/page');
    await expect(page).toHaveURL(/\/$/);

    await register(page, newPerson());
    await arrive(page, '/home');
    await expect(page).toHaveURL(/\/dashboard$/);
    await arrive(page, '/login');
    await expect(page).toHaveURL(/\/dashboard$/);
    await arrive(page, '/somewhere-else');
    // Unknown paths are the app's, which sends a signed-in person on to the dashboard.
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test('a revoked token clears the session and returns to /login', async ({ page }) => {
    await register(page, newPerson());
    await page.waitForLoadState('networkidle');
    await page.evaluate(async () => {
      const token = localStorage.getItem('authToken');
      await fetch('/api/auth/logout', { method: 'POST', headers: { authorization: `Bearer ${token}` } });
    });
    // A dashboard refresh already under way may meet the revoked token first and send the app to /login
    // itself, aborting this navigation: either way the person must land on /login, signed out.
    await arrive(page, '/settings').catch((error: Error) => {
      if (!error.message.includes('ERR_ABORTED')) throw error;
    });
    await expect(page).toHaveURL(/\/login$/);
    expect(await page.evaluate(() => localStorage.getItem('authToken'))).toBeNull();
  });
});

test('the accessibility check every screenshot gets finds faint text and an image without words', async ({
  page,
}) => {
  await page.goto('/');
  await page.evaluate(() =>
    document.body.insertAdjacentHTML(
      'beforeend',
      '<p style="color:#eee;background:#fff">Faint</p><img src="/missing.png" width="8" height="8">',
    ),
  );
  const found = await seriousViolations(page);
  expect(found.map((v) => v.id).sort()).toEqual(['color-contrast', 'image-alt']);
});
