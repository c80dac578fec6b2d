import type { Page } from '@playwright/test';
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

const bell = (page: Page) => page.getByRole('button', { name: /^Notifications(, \d+ unread)?$/ });
const list = (page: Page) => page.getByRole('list', { name: 'Notifications' });

/** The person's unread count as the API gives it, for waiting until what the app wrote has landed. */
const unreadCount = (page: Page) =>
  page.evaluate(async () => {
    const res = await fetch('/api/notifications', {
      headers: { authorization: `Bearer ${localStorage.getItem('authToken')}` },
    });
    return ((await res.json()) as { unreadCount: number }).unreadCount;
  });

/**
 * A person with two things to be told, both through the app's own flows: the demo bank's two-year import
 * finishing, and a subscription they track falling due in two days.
 */
async function personWithNews(page: Page) {
  await register(page, newPerson());
  await linkDemoBank(page, 'demo_harbor');
  await createByApi(page, '/api/subscriptions', {
    name: 'Cloud Storage',
    amount: 9.99,
    frequency: 2,
    autoRenew: true,
    category: 1,
    nextDueDate: addDays(await browserToday(page), 2),
  });
  // The import's notification is written as its job ends; reading the list tells the subscription due.
  await expect.poll(() => unreadCount(page), { timeout: 20_000 }).toBe(2);
}

test('the bell counts unread news; reading one follows its link, dismissing one removes it', async ({
  page,
}, testInfo) => {
  test.setTimeout(120_000);
  await personWithNews(page);
  await page.goto('/dashboard');
  await expect(page.getByRole('button', { name: 'Notifications, 2 unread' })).toBeVisible();

  await bell(page).click();
  const items = list(page).getByRole('listitem');
  await expect(items).toHaveCount(2);
  // Newest first: the subscription due was told after the import.
  await expect(items.nth(0)).toContainText('Cloud Storage is due in 2 days');
  await expect(items.nth(0)).toContainText('$9.99 on');
  await expect(items.nth(1)).toContainText(/import completed/);
  await expect(items.nth(1)).toContainText(/transactions imported/);
  await checkScreen(page, testInfo, 'notifications-open', { fullPage: false });

  await list(page).getByRole('link', { name: 'Unread: Cloud Storage is due in 2 days' }).click();
  await expect(page).toHaveURL(/\/subscriptions$/);
  await expect(list(page)).toBeHidden();
  await expect(page.getByRole('button', { name: 'Notifications, 1 unread' })).toBeVisible();

  await bell(page).click();
  await expect(list(page).getByRole('link', { name: 'Cloud Storage is due in 2 days' })).toBeVisible();
  // The list changes at once (optimistically); the reload below waits for the server to have answered.
  const dismissed = page.waitForResponse(
    (res) => res.request().method() === 'DELETE' && /\/api\/notifications\//.test(res.url()),
  );
  await list(page)
    .getByRole('button', { name: /^Dismiss: .* import completed$/ })
    .click();
  await expect(items).toHaveCount(1);
  expect((await dismissed).ok()).toBe(true);
  await expect(page.getByRole('button', { name: 'Notifications', exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Mark all as read' })).toBeDisabled();

  // A reload keeps it so: the dismissal and the reading were the server's.
  await page.reload();
  await expect(page.getByRole('button', { name: 'Notifications', exact: true })).toBeVisible();
  await bell(page).click();
  await expect(items).toHaveCount(1);

  // Escape closes the list.
  await page.keyboard.press('Escape');
  await expect(list(page)).toBeHidden();
});

test('mark all as read, and the empty state', async ({ page }, testInfo) => {
  test.setTimeout(120_000);
  await personWithNews(page);
  await page.goto('/subscriptions');
  await bell(page).click();
  await page.getByRole('button', { name: 'Mark all as read' }).click();
  await expect(page.getByRole('button', { name: 'Notifications', exact: true })).toBeVisible();
  await expect(list(page).getByRole('link', { name: /^Unread: / })).toHaveCount(0);
  await list(page)
    .getByRole('link', { name: /import completed$/ })
    .click();
  await expect(page).toHaveURL(/\/accounts$/);

  await bell(page).click();
  for (const name of ['Dismiss: Cloud Storage is due in 2 days', /^Dismiss: .* import completed$/]) {
    await list(page).getByRole('button', { name }).click();
  }
  await expect(page.getByText("You're all caught up")).toBeVisible();
  await checkScreen(page, testInfo, 'notifications-empty', { fullPage: false });
});

for (const [scheme, width] of [
  ['dark', 1280],
  ['light', 390],
  ['dark', 390],
] as const) {
  test(`the open list reads well in ${scheme} mode at ${width} px`, async ({ page }, testInfo) => {
    test.setTimeout(120_000);
    await page.addInitScript((s) => localStorage.setItem('colorScheme', s), scheme);
    if (width < 1280) await page.setViewportSize({ width, height: 844 });
    await personWithNews(page);
    await page.goto('/dashboard');
    await expect(page.getByRole('button', { name: 'Notifications, 2 unread' })).toBeVisible();
    await bell(page).click();
    await expect(list(page).getByRole('listitem')).toHaveCount(2);
    await checkScreen(page, testInfo, `notifications-open-${scheme}-${width}`, { fullPage: false });
  });
}

test('a push message shows as a notification through the service worker', async ({ page, context }) => {
  await context.grantPermissions(['notifications']);
  await register(page, newPerson());
  const cdp = await context.newCDPSession(page);
  const registered = new Promise<string>((resolve) => {
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const ours = registrations.find((r) => !r.isDeleted && new URL(r.scopeURL).pathname === '/');
      if (ours) resolve(ours.registrationId);
    });
  });
  await cdp.send('ServiceWorker.enable');
  // As Settings' push switch registers it.
  await page.evaluate(async () => {
    await navigator.serviceWorker.register('/sw.js', { scope: '/' });
    await navigator.serviceWorker.ready;
  });
  const payload = {
    id: '00000000-0000-4000-8000-000000000001',
    title: 'Groceries is over budget',
    body: "You've spent $450.00 of $400.00 this period, $50.00 over.",
    link: '/budgets',
  };
  const registrationId = await registered;
  const deliver = () =>
    cdp.send('ServiceWorker.deliverPushMessage', {
      origin: new URL(page.url()).origin,
      registrationId,
      data: JSON.stringify(payload),
    });
  await deliver();
  // DevTools' push can reach a worker that has only just started before it listens, and is then dropped; the
  // browser's push service would retry, so this does too. The same id (the tag) replaces, never adds, one.
  await expect
    .poll(
      async () => {
        const shown = await page.evaluate(async () => {
          const registration = await navigator.serviceWorker.ready;
          return (await registration.getNotifications()).map((n) => ({
            title: n.title,
            body: n.body,
            icon: new URL(n.icon).pathname,
            link: (n.data as { link: string }).link,
          }));
        });
        if (shown.length === 0) await deliver();
        return shown;
      },
      { intervals: [500, 1_000, 2_000], timeout: 20_000 },
    )
    .toEqual([{ title: payload.title, body: payload.body, icon: '/icon-192.png', link: '/budgets' }]);
});

for (const [scheme, width] of [
  ['light', 1280],
  ['dark', 390],
] as const) {
  test(`Settings' push switch says how this browser stands (${scheme}, ${width} px)`, async ({
    page,
  }, testInfo) => {
    await page.addInitScript((s) => localStorage.setItem('colorScheme', s), scheme);
    if (width < 1280) await page.setViewportSize({ width, height: 844 });
    await register(page, newPerson());
    await page.goto('/settings');
    // Push is on for the person by default; this browser has not subscribed yet.
    await expect(page.getByRole('switch', { name: 'Push notifications' })).toBeChecked();
    await expect(page.getByText('Not set up in this browser yet.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Set up in this browser' })).toBeVisible();
    await checkScreen(page, testInfo, `settings-push-${scheme}-${width}`);
  });
}
