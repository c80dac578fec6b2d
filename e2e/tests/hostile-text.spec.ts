import type { Page } from '@playwright/test';
import { checkScreen, expect, expectConsoleErrors, newPerson, register, test } from './support';

/**
 * Text people type (names, notes, searches) that would run as script or markup if any screen rendered it
 * as HTML. Each one sets window.__xss or opens a dialog when it runs; every screen must show it literally.
 */
const HOSTILE = {
  img: '<img src=x onerror="window.__xss=1">',
  script: '<script>window.__xss=1</script>',
  svg: '"><svg onload=window.__xss=1>',
  jsUrl: 'javascript:alert(1)',
  link: '<a href="javascript:window.__xss=1">pay me</a><iframe src="javascript:window.__xss=1"></iframe>',
  // Template syntaxes (\u0024 is a dollar sign) show as typed, never as 49.
  template: '{{7*7}} \u0024{7*7} #{7*7}',
  // A right-to-left override makes "exe.pdf" read as "fdp.exe"; it must stay a character, not swallow the row.
  rtl: 'invoice \u202Efdp.exe\u202C done',
  rtlOpen: '\u202Eevil',
  longWord: 'Pneumonoultramicroscopicsilicovolcanoconiosis'.repeat(8),
  longName: 'Wolfeschlegelsteinhausenbergerdorff'.repeat(2),
};

const NOTES = [
  `${HOSTILE.script} ${HOSTILE.img}`,
  `${HOSTILE.svg} ${HOSTILE.jsUrl}`,
  `${HOSTILE.template} ${HOSTILE.rtl}`,
  HOSTILE.link,
  HOSTILE.longWord,
];

type Probe = { violations: string[]; dialogs: string[] };

/**
 * Records, from before the first byte of every page, each CSP violation and each alert/confirm/prompt, so
 * a screen that ran injected script, or our own code that breaks the policy, fails the journey.
 */
async function watchForScript(page: Page): Promise<Probe> {
  const probe: Probe = { violations: [], dialogs: [] };
  page.on('dialog', (dialog) => {
    probe.dialogs.push(`${dialog.type()}: ${dialog.message()}`);
    void dialog.dismiss();
  });
  page.on('console', (message) => {
    if (message.type() === 'error' && message.text().includes('Content Security Policy')) {
      probe.violations.push(`console: ${message.text()}`);
    }
  });
  await page.exposeFunction('__reportCspViolation', (violation: string) => probe.violations.push(violation));
  await page.addInitScript(() => {
    const report = (window as unknown as { __reportCspViolation: (v: string) => void }).__reportCspViolation;
    document.addEventListener('securitypolicyviolation', (e) =>
      report(`${e.effectiveDirective} blocked ${e.blockedURI} at ${e.sourceFile}:${e.lineNumber}`),
    );
  });
  return probe;
}

/** Nothing ran: no injected script set its flag, no dialog opened, the policy was never broken. */
async function expectNothingRan(page: Page, probe: Probe, where: string) {
  await page.waitForLoadState('networkidle');
  expect(await page.evaluate(() => (window as { __xss?: unknown }).__xss), `window.__xss on ${where}`).toBe(
    undefined,
  );
  expect(probe.dialogs, `dialogs on ${where}`).toEqual([]);
  expect(probe.violations, `CSP violations on ${where}`).toEqual([]);
  expect(await page.locator('svg[onload], img[onerror], iframe[src^="javascript"]').count(), where).toBe(0);
}

/** Long words wrap or truncate inside their box instead of widening the page. */
async function expectNoSidewaysScroll(page: Page, where: string) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow, `horizontal overflow on ${where}`).toBeLessThanOrEqual(0);
}

/** Calls our API as the signed-in page does, with its bearer token. */
async function api<T>(page: Page, method: string, url: string, body?: object): Promise<T> {
  return page.evaluate(
    async ({ method, url, body }) => {
      const res = await fetch(url, {
        method,
        headers: {
          'content-type': 'application/json',
          authorization: `Bearer ${localStorage.getItem('authToken')}`,
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${await res.text()}`);
      return res.json();
    },
    { method, url, body },
  );
}

const nav = (page: Page, name: string) =>
  page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name }).click();

test('names, notes and searches full of markup and script show as plain text on every screen; CSP blocks inline script', async ({
  page,
}, testInfo) => {
  test.setTimeout(180_000);
  const probe = await watchForScript(page);
  const person = { ...newPerson(), firstName: HOSTILE.img, lastName: HOSTILE.svg };

  // Public screens, with markup in the address bar as a crafted link would carry it.
  await page.goto(`/?q=${encodeURIComponent(HOSTILE.script)}#${encodeURIComponent(HOSTILE.img)}`);
  await expect(page.getByRole('link', { name: 'Get Started Free' }).first()).toBeVisible();
  await expectNothingRan(page, probe, 'landing');
  await page.goto(
    `/login?redirect=${encodeURIComponent(HOSTILE.jsUrl)}&email=${encodeURIComponent(HOSTILE.svg)}`,
  );
  await page.getByLabel('Email').fill(`${HOSTILE.svg}@example.com`);
  await page.getByPlaceholder('Your password').fill(HOSTILE.script);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page.getByRole('alert')).toBeVisible();
  await expectNothingRan(page, probe, 'login');

  // Register through the form with a first and last name that are markup.
  await register(page, person);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(`, ${HOSTILE.img}`);
  await expect(page.getByText(`${HOSTILE.img}'s Dashboard`)).toBeVisible();
  await expectNothingRan(page, probe, 'dashboard after sign-up');

  // Link the demo bank through the API the connect dialog uses, and wait for the full import.
  const { publicToken } = await api<{ publicToken: string }>(
    page,
    'POST',
    '/api/plaid/sandbox/public-token',
    {
      institutionId: 'demo_summit',
    },
  );
  const linked = await api<{ connection: { id: string } }>(
    page,
    'POST',
    '/api/plaid/exchange-public-token-quick-sync',
    { publicToken },
  );
  await expect
    .poll(
      async () =>
        (
          await api<{ status: string }>(
            page,
            'GET',
            `/api/plaid/connections/${linked.connection.id}/import-progress`,
          )
        ).status,
      { timeout: 30_000 },
    )
    .toBe('Completed');

  // Notes on the newest transactions, so they are on the first page of the list.
  const { transactions } = await api<{ transactions: { id: string }[] }>(
    page,
    'GET',
    '/api/transactions?page=1&pageSize=25',
  );
  expect(transactions.length).toBeGreaterThanOrEqual(NOTES.length);
  for (const [i, note] of NOTES.entries()) {
    const saved = await api<{ note: string | null }>(
      page,
      'PUT',
      `/api/transactions/${transactions[i]?.id}/note`,
      {
        note,
      },
    );
    expect(saved.note).toBe(note);
  }

  // Dashboard: the name in the greeting, the shell and the user menu.
  await page.goto('/dashboard');
  await expect(page.getByRole('link', { name: 'View all transactions' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toContainText(`, ${HOSTILE.img}`);
  await expect(page.getByRole('button', { name: 'User menu' })).toContainText(HOSTILE.img);
  await expectNothingRan(page, probe, 'dashboard');
  await expectNoSidewaysScroll(page, 'dashboard');
  await checkScreen(page, testInfo, 'hostile-dashboard');

  // Accounts.
  await nav(page, 'Accounts');
  await expect(page.getByRole('region', { name: 'Summit Credit Union' })).toBeVisible();
  await expect(page.getByText(`${HOSTILE.img}'s Dashboard`)).toBeVisible();
  await expectNothingRan(page, probe, 'accounts');
  await checkScreen(page, testInfo, 'hostile-accounts');

  // Transactions: every note shows as its own text in its row.
  await nav(page, 'Transactions');
  const rows = page.getByRole('table').first().locator('tbody tr');
  await expect(rows.first()).toBeVisible();
  for (const note of NOTES) await expect(rows.getByText(note)).toBeVisible();
  await expectNothingRan(page, probe, 'transactions');
  await expectNoSidewaysScroll(page, 'transactions');
  await checkScreen(page, testInfo, 'hostile-transactions');

  // The note dialog shows the note as the textarea's value; a new hostile note saves and shows as text.
  const first = rows.filter({ hasText: NOTES[0] });
  await first.getByRole('button', { name: 'Transaction actions' }).click();
  await page.getByRole('menuitem', { name: 'Edit Note' }).click();
  const noteDialog = page.getByRole('dialog', { name: 'Edit Note' });
  const noteBox = noteDialog.getByRole('textbox', { name: 'Note' });
  await expect(noteBox).toHaveValue(NOTES[0] ?? '');
  await expectNothingRan(page, probe, 'note dialog');
  await checkScreen(page, testInfo, 'hostile-note-dialog');
  const edited = `${HOSTILE.svg} ${HOSTILE.rtlOpen}`;
  await noteBox.fill(edited);
  await noteDialog.getByRole('button', { name: 'Save Note' }).click();
  await expect(page.getByText('Note Saved')).toBeVisible();
  await expect(rows.getByText(edited)).toBeVisible();
  await expectNothingRan(page, probe, 'note saved');

  // The category dialog for a row with a note.
  await rows.filter({ hasText: NOTES[1] }).getByRole('button', { name: 'Transaction actions' }).click();
  await page.getByRole('menuitem', { name: 'Edit Category' }).click();
  const category = page.getByRole('dialog', { name: 'Edit Category' });
  await expect(category.getByRole('button', { name: 'Save Changes' })).toBeDisabled();
  await expectNothingRan(page, probe, 'category dialog');
  await category.getByRole('button', { name: 'Cancel' }).click();
  await expect(category).toBeHidden();

  // Searches: typed into the box and arriving in a shared link, both shown as text in the filter chip.
  const search = page.getByRole('textbox', { name: 'Search transactions' });
  await search.fill(HOSTILE.svg);
  const chips = page.getByRole('group', { name: 'Active filters' });
  await expect(chips).toContainText(`Search: "${HOSTILE.svg}"`);
  await expect(page.getByText('No transactions found').first()).toBeVisible();
  await expectNothingRan(page, probe, 'typed search');
  await page.goto(`/transactions?q=${encodeURIComponent(HOSTILE.img)}`);
  await expect(chips).toContainText(`Search: "${HOSTILE.img}"`);
  await expect(search).toHaveValue(HOSTILE.img);
  await expectNothingRan(page, probe, 'search from a link');
  await checkScreen(page, testInfo, 'hostile-search');
  await page.getByRole('button', { name: 'Clear All Filters' }).first().click();
  await expect(chips).toBeHidden();

  // Advanced filters.
  await page.getByRole('button', { name: /Advanced Filters/ }).click();
  const advanced = page.getByRole('dialog', { name: 'Advanced Filters' });
  await expect(advanced.getByRole('textbox', { name: 'Minimum amount' })).toBeVisible();
  await expectNothingRan(page, probe, 'advanced filters');
  await page.keyboard.press('Escape');
  await expect(advanced).toBeHidden();

  // Settings: the full name, then the profile dialog, which saves new hostile names.
  await nav(page, 'Settings');
  await expect(page.getByText(`${HOSTILE.img} ${HOSTILE.svg}`, { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Edit' }).click();
  const profile = page.getByRole('dialog', { name: 'Profile Information' });
  await expect(profile.getByLabel('First name')).toHaveValue(HOSTILE.img);
  await expect(profile.getByLabel('Last name')).toHaveValue(HOSTILE.svg);
  await expectNothingRan(page, probe, 'profile dialog');
  const lastName = `${HOSTILE.template} ${HOSTILE.rtlOpen}`;
  await profile.getByLabel('First name').fill(HOSTILE.script);
  await profile.getByLabel('Last name').fill(lastName);
  await profile.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Profile updated')).toBeVisible();
  await expect(page.getByText(`${HOSTILE.script} ${lastName}`, { exact: true })).toBeVisible();
  await expect(page.getByText(`${HOSTILE.script}'s Dashboard`)).toBeVisible();
  await expectNothingRan(page, probe, 'settings');
  await checkScreen(page, testInfo, 'hostile-settings');

  // A very long name and a javascript: "name", saved through the API, then a fresh sign-in.
  await api(page, 'PUT', '/api/user/profile', { firstName: HOSTILE.longName, lastName: HOSTILE.jsUrl });
  await page.getByRole('button', { name: 'User menu' }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/login');
  await page.getByLabel('Email').fill(person.email);
  await page.getByPlaceholder('Your password').fill(person.password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(`, ${HOSTILE.longName}`);
  await expectNothingRan(page, probe, 'dashboard after sign-in');
  await expectNoSidewaysScroll(page, 'dashboard with a long name');
  await nav(page, 'Settings');
  await expect(page.getByText(`${HOSTILE.longName} ${HOSTILE.jsUrl}`, { exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: HOSTILE.jsUrl })).toHaveCount(0);
  await expectNothingRan(page, probe, 'settings with a long name');
  await expectNoSidewaysScroll(page, 'settings with a long name');

  // Even markup that did reach the page would not run: the policy refuses inline script and handlers.
  expectConsoleErrors(page, /violates the following Content Security Policy directive/);
  const inline = await page.evaluate(
    () =>
      new Promise<{ directive: string; ran: boolean }>((resolve) => {
        document.addEventListener(
          'securitypolicyviolation',
          (e) => resolve({ directive: e.effectiveDirective, ran: 'inlineRan' in window }),
          { once: true },
        );
        const script = document.createElement('script');
        script.textContent = 'window.inlineRan = true';
        document.body.append(script);
      }),
  );
  expect(inline).toEqual({ directive: 'script-src-elem', ran: false });
  const handler = await page.evaluate(
    () =>
      new Promise<{ directive: string; ran: boolean }>((resolve) => {
        document.addEventListener(
          'securitypolicyviolation',
          (e) => resolve({ directive: e.effectiveDirective, ran: 'handlerRan' in window }),
          { once: true },
        );
        const holder = document.createElement('div');
        holder.innerHTML = '<img alt="" src="/favicon.svg?probe" onload="window.handlerRan = true">';
        document.body.append(holder);
      }),
  );
  expect(handler).toEqual({ directive: 'script-src-attr', ran: false });
  expect(await page.evaluate(() => 'inlineRan' in window || 'handlerRan' in window)).toBe(false);
});
