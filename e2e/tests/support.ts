import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { test as base, expect, type Page, type TestInfo } from '@playwright/test';
import type * as Axe from 'axe-core';

export { expect };

/**
 * What the console may say in the journeys: the browser's report of an API answer with an error status
 * (the app handles those answers, and the journeys assert what it shows), and of Google's script failing
 * to load, with the app's note about it (the test machine has no internet; the journeys check the
 * fallback button). A failed page, script or stylesheet of our own is a problem.
 */
type Expected = { text: RegExp; url?: RegExp };
const EXPECTED: Expected[] = [
  { text: /^Failed to load resource: the server responded with a status of 4\d\d/, url: /\/api\// },
  { text: /^Failed to load resource: net::/, url: /^https:\/\/accounts\.google\.com\// },
  { text: /^Google sign-in could not load/ },
];

const expectedOn = new WeakMap<Page, RegExp[]>();

/** Console errors a journey causes on purpose (a policy violation it provokes to prove it is blocked). */
export function expectConsoleErrors(page: Page, pattern: RegExp) {
  expectedOn.set(page, [...(expectedOn.get(page) ?? []), pattern]);
}

/**
 * Every journey's page, watched: any other error or warning in the console (a hydration mismatch, a
 * React or Mantine warning, an uncaught exception) fails the test it happened in.
 */
export const test = base.extend({
  page: async ({ page }, use) => {
    const problems: string[] = [];
    page.on('console', (message) => {
      if (message.type() !== 'error' && message.type() !== 'warning') return;
      const expected: Expected[] = [...EXPECTED, ...(expectedOn.get(page) ?? []).map((text) => ({ text }))];
      const { url } = message.location();
      if (expected.some((e) => e.text.test(message.text()) && (!e.url || e.url.test(url)))) return;
      problems.push(`${message.type()}: ${message.text()} (${message.location().url})`);
    });
    page.on('pageerror', (error) => problems.push(`uncaught: ${error.message}`));
    await use(page);
    expect(problems, 'console errors and warnings').toEqual([]);
  },
});

/**
 * Saves a full-page screenshot as an artifact and fails on serious or critical accessibility violations.
 * `fullPage: false` takes what is in view instead (a dialog that fills a phone's screen).
 */
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/**
 * The page's serious and critical WCAG 2.1 A/AA violations, by axe-core run in the page itself: loaded once
 * per document (a screen reached in the app reuses it) and asked for violations only, which costs a fraction
 * of a run that also reports every pass and finishes in a page of its own.
 */
export async function seriousViolations(page: Page) {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  return page.evaluate(async () => {
    const { axe } = window as unknown as { axe: typeof Axe };
    const { violations } = await axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
      resultTypes: ['violations'],
    });
    return violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => ({
        id: v.id,
        impact: v.impact,
        help: v.help,
        nodes: v.nodes.map((n) => `${n.target.join(' ')}: ${n.failureSummary ?? ''}`).slice(0, 5),
      }));
  });
}

export async function checkScreen(page: Page, testInfo: TestInfo, name: string, { fullPage = true } = {}) {
  await page.waitForLoadState('networkidle');
  // Nothing mid-animation: the journeys run with reduced motion, so Mantine's transitions are off. Only
  // running animations that will end are waited for, and not for more than 2 s.
  await page.evaluate(() =>
    Promise.race([
      Promise.all(
        document
          .getAnimations()
          .filter(
            (a) =>
              a.playState === 'running' && Number.isFinite(Number(a.effect?.getComputedTiming().endTime)),
          )
          .map((a) => a.finished.catch(() => {})),
      ),
      // An animation whose timeline stops (seen once: colours left mid-transition) must not hold the test.
      new Promise((resolve) => setTimeout(resolve, 2_000)),
    ]),
  );

  const file = testInfo.outputPath(`${name}.png`);
  await page.screenshot({ path: file, fullPage });
  await testInfo.attach(name, { path: file, contentType: 'image/png' });
  const blocking = await seriousViolations(page);
  expect(blocking, `accessibility violations on ${name}`).toEqual([]);
}

/**
 * Opens a path that sends the browser on (a boot script's redirect, a 401's sign-out): waits only for the
 * navigation to start, since the page it asked for may be replaced before it has loaded.
 */
/** The two looks a journey runs in besides its own: light on a desktop, and dark at phone width. */
export const LOOKS = [
  { scheme: 'light', phone: false, label: 'light', suffix: 'light' },
  { scheme: 'dark', phone: true, label: 'dark, phone', suffix: 'dark-phone' },
] as const;

/** Before the first page: the look's colour scheme, and a phone's viewport for the phone look. */
export async function lookAs(page: Page, look: (typeof LOOKS)[number]) {
  if (look.phone) await page.setViewportSize({ width: 390, height: 844 });
  await page.addInitScript((scheme) => localStorage.setItem('colorScheme', scheme), look.scheme);
}

export async function arrive(page: Page, path: string) {
  await page.goto(path, { waitUntil: 'commit' });
}

let counter = 0;
export function newPerson() {
  counter += 1;
  const id = `${Date.now().toString(36)}${counter}`;
  return { firstName: 'Maya', lastName: 'Chen', email: `maya.${id}@example.com`, password: 'budget-pass-1' };
}

/**
 * Signs a new person up through the form. The journeys' server takes payments (Stripe), where a new person
 * is on Starter: unless `plan: 'starter'` is asked for, they then start their free Pro trial (or Premium's,
 * with `plan: 'premium-trial'`) as Settings would, so journeys through paid screens find them open.
 */
export async function register(
  page: Page,
  person: ReturnType<typeof newPerson>,
  { plan = 'pro-trial' }: { plan?: 'pro-trial' | 'premium-trial' | 'starter' } = {},
) {
  await page.goto('/register');
  await page.getByLabel('First name').fill(person.firstName);
  await page.getByLabel('Last name').fill(person.lastName);
  await page.getByLabel('Email').fill(person.email);
  await page.getByLabel(/^Password/).fill(person.password);
  await page.getByLabel('Confirm password').fill(person.password);
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  if (plan === 'starter') return;
  const started = await postAsPerson(page, '/api/billing/plan', {
    plan: plan === 'premium-trial' ? 'premium' : 'pro',
  });
  expect(started.status).toBe(200);
  // The person as the app keeps them, trial and all, as Settings does after the same request.
  await page.evaluate((user) => localStorage.setItem('userData', JSON.stringify(user)), started.body.user);
  await page.reload();
}

/** POSTs to the API as the page would, with its stored token; the answer's status and JSON body. */
async function postAsPerson(
  page: Page,
  url: string,
  body: object,
): Promise<{ status: number; body: { user?: unknown } }> {
  return page.evaluate(
    async ([to, json]) => {
      const res = await fetch(to, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          authorization: `Bearer ${localStorage.getItem('authToken')}`,
        },
        body: JSON.stringify(json),
      });
      const text = await res.text();
      return { status: res.status, body: text ? JSON.parse(text) : {} };
    },
    [url, body] as const,
  );
}

/** Creates something through the API as its dialog would (the page's stored token), e.g. a budget. */
export async function createByApi(page: Page, url: string, body: object) {
  expect((await postAsPerson(page, url, body)).status).toBe(201);
}

/**
 * Moves the signed-in person's today forward by whole days (0 puts it back); only there with TEST_CLOCK.
 * Each person has their own clock, so journeys running side by side never see each other's time.
 */
export async function setClock(page: Page, offsetDays: number) {
  expect((await postAsPerson(page, '/api/test/clock', { offsetDays })).status).toBe(204);
}

/** Links a demo bank through the API the Connect dialog uses and waits for its two-year import. */
export async function linkDemoBank(page: Page, institutionId: string) {
  const connectionId = await page.evaluate(async (institution) => {
    const headers = {
      'content-type': 'application/json',
      authorization: `Bearer ${localStorage.getItem('authToken')}`,
    };
    const post = (url: string, body: object) =>
      fetch(url, { method: 'POST', headers, body: JSON.stringify(body) }).then((r) => r.json());
    const { publicToken } = await post('/api/plaid/sandbox/public-token', { institutionId: institution });
    return (await post('/api/plaid/exchange-public-token-quick-sync', { publicToken })).connection
      .id as string;
  }, institutionId);
  await expect
    .poll(
      () =>
        page.evaluate(
          async (id) =>
            (
              await fetch(`/api/plaid/connections/${id}/import-progress`, {
                headers: { authorization: `Bearer ${localStorage.getItem('authToken')}` },
              }).then((r) => r.json())
            ).status,
          connectionId,
        ),
      { timeout: 30_000 },
    )
    .toBe('Completed');
}

/** The browser's today (the person's time zone is the browser's, taken at sign-up). */
export const browserToday = (page: Page) =>
  page.evaluate(() => new Intl.DateTimeFormat('en-CA').format(new Date()));

/** A YYYY-MM-DD day `days` after `day`. */
export function addDays(day: string, days: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}
