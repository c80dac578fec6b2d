import type { Page, Route, TestInfo } from '@playwright/test';
import { expect, newPerson, register, test } from './support';

const PUBLIC_PAGES = [
  { path: '/', text: ['A budget that', 'Simple pricing that grows with you', 'Get Started Free'] },
  { path: '/login', text: ['Welcome back', 'name="email"', 'name="password"', 'Sign In'] },
  { path: '/register', text: ['Create your account', 'name="confirmPassword"', 'Create Account'] },
];

/**
 * Holds the page's scripts until released: what a person on a slow phone sees and does meanwhile. (The
 * document is complete, but its DOMContentLoaded waits for the scripts: navigate with waitUntil 'commit'.)
 */
async function holdScripts(page: Page) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/assets/*.js', async (route: Route) => {
    await released;
    await route.continue();
  });
  return release;
}

async function attachScreenshot(page: Page, testInfo: TestInfo, name: string) {
  const file = testInfo.outputPath(`${name}.png`);
  await page.screenshot({ path: file, fullPage: false });
  await testInfo.attach(name, { path: file, contentType: 'image/png' });
}

test.describe('web delivery', () => {
  test('the public pages are real HTML: headline, forms and pricing before any script', async ({
    request,
  }) => {
    for (const { path, text } of PUBLIC_PAGES) {
      const res = await request.get(path);
      expect(res.status(), path).toBe(200);
      expect(res.headers()['content-type'], path).toContain('text/html');
      expect(res.headers()['cache-control'], path).toBe('no-cache');
      expect(res.headers().etag, path).toBeTruthy();
      const html = await res.text();
      for (const expected of text) expect(html, `${path} contains ${expected}`).toContain(expected);
    }
  });

  test('assets go out as the build’s brotli copies, fingerprinted and cached for good', async ({
    request,
  }) => {
    const html = await (await request.get('/')).text();
    const assets = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.(?:js|css))"/g)].map((m) => m[1]);
    expect(assets.length).toBeGreaterThan(2);
    for (const asset of assets) {
      const res = await request.get(asset ?? '', { headers: { 'accept-encoding': 'br, gzip' } });
      expect(res.status(), asset).toBe(200);
      expect(res.headers()['content-encoding'], asset).toBe('br');
      expect(res.headers()['cache-control'], asset).toBe('public, max-age=31536000, immutable');
    }
    // API answers over 1 KB are compressed on the fly.
    const docs = await request.get('/api/docs/json', { headers: { 'accept-encoding': 'gzip' } });
    expect(docs.headers()['content-encoding']).toBe('gzip');
  });

  for (const { width, height, scheme } of [
    { width: 390, height: 844, scheme: 'light' as const },
    { width: 390, height: 844, scheme: 'dark' as const },
    { width: 1280, height: 860, scheme: 'light' as const },
  ]) {
    test(`the landing page shows before its scripts run (${width} px, ${scheme})`, async ({
      page,
    }, testInfo) => {
      await page.setViewportSize({ width, height });
      await page.emulateMedia({ colorScheme: scheme });
      const release = await holdScripts(page);
      await page.goto('/', { waitUntil: 'commit' });
      await expect(page.getByRole('heading', { level: 1 })).toContainText('A budget that');
      await expect(page.getByRole('link', { name: 'Create your free account' })).toBeVisible();
      await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', scheme);
      await expect(page.locator('html')).not.toHaveAttribute('data-hydrated', '');
      await attachScreenshot(page, testInfo, `landing-before-scripts-${width}-${scheme}`);
      release();
      await expect(page.locator('html')).toHaveAttribute('data-hydrated', '');
    });
  }

  for (const { width, scheme } of [
    { width: 390, scheme: 'light' as const },
    { width: 390, scheme: 'dark' as const },
    { width: 1280, scheme: 'light' as const },
  ]) {
    test(`a signed-in screen paints the app's frame and its heading before any script (${width} px, ${scheme})`, async ({
      page,
    }, testInfo) => {
      await page.setViewportSize({ width, height: 860 });
      await page.emulateMedia({ colorScheme: scheme });
      await register(page, newPerson());
      const release = await holdScripts(page);
      await page.goto('/budgets', { waitUntil: 'commit' });
      const frame = page.locator('#root > div[inert][aria-hidden="true"]');
      await expect(frame.getByRole('heading', { level: 1, includeHidden: true })).toHaveText('Budgets');
      await expect(frame).toContainText('Give every dollar a job');
      await expect(frame.getByRole('link', { name: 'Transactions', includeHidden: true })).toHaveCount(1);
      // Nothing in it can be used or heard before the app takes over.
      await expect(page.getByRole('heading', { name: 'Budgets' })).toHaveCount(0);
      await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', scheme);
      await attachScreenshot(page, testInfo, `budgets-frame-${width}-${scheme}`);
      release();
      await expect(page.getByRole('heading', { level: 1, name: 'Budgets' })).toBeVisible();
      await expect(frame).toHaveCount(0);
      await expect(page.getByRole('button', { name: /, user menu$/ })).toBeVisible();
    });
  }

  test('a person who signs in before the scripts arrive is signed in once they do', async ({
    page,
    request,
  }) => {
    const person = newPerson();
    const created = await request.post('/api/auth/register', { data: { ...person, timeZone: 'UTC' } });
    expect(created.status()).toBe(201);

    const release = await holdScripts(page);
    await page.goto('/login', { waitUntil: 'commit' });
    await page.getByLabel('Email').fill(person.email);
    await page.getByLabel(/^Password/).fill(person.password);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    // Held: the browser did not send the form itself (which would put the password in the address).
    expect(new URL(page.url()).pathname).toBe('/login');
    expect(page.url()).not.toContain(person.password);
    release();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('heading', { name: /Good (morning|afternoon|evening)/ })).toBeVisible();
  });

  test('Tally can be added to a home screen: manifest, icons and theme colours', async ({
    page,
    request,
  }) => {
    await page.goto('/');
    const manifestHref = await page.locator('link[rel="manifest"]').getAttribute('href');
    expect(manifestHref).toBe('/manifest.webmanifest');
    await expect(page.locator('link[rel="apple-touch-icon"]')).toHaveAttribute(
      'href',
      '/apple-touch-icon.png',
    );
    await expect(page.locator('meta[name="theme-color"]')).toHaveCount(2);

    const manifest = await (await request.get('/manifest.webmanifest')).json();
    expect(manifest).toMatchObject({ short_name: 'Tally', display: 'standalone', start_url: '/dashboard' });
    expect(manifest.theme_color).toMatch(/^#[0-9a-f]{6}$/i);
    expect(manifest.background_color).toMatch(/^#[0-9a-f]{6}$/i);
    const icons = manifest.icons as { src: string; sizes: string; purpose?: string }[];
    expect(icons.map((i) => `${i.sizes} ${i.purpose ?? 'any'}`)).toEqual(
      expect.arrayContaining(['192x192 any', '512x512 any', '512x512 maskable']),
    );
    for (const src of [...icons.map((i) => i.src), '/apple-touch-icon.png']) {
      const icon = await request.get(src);
      expect(icon.status(), src).toBe(200);
      expect(icon.headers()['content-type'], src).toBe('image/png');
    }

    // Chromium's own verdict on installing the page (what makes it offer "Install app").
    const cdp = await page.context().newCDPSession(page);
    const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
    // Test browsers run every context off the record, which only a real profile is not.
    expect(installabilityErrors.filter((e) => e.errorId !== 'in-incognito')).toEqual([]);
    const { errors } = await cdp.send('Page.getAppManifest');
    expect(errors).toEqual([]);
  });

  test('the font covers every character the public pages show', async ({ page }) => {
    for (const { path } of PUBLIC_PAGES) {
      await page.goto(path);
      const missing = await page.evaluate(() => {
        const ranges: [number, number][] = [];
        for (const sheet of document.styleSheets) {
          for (const rule of sheet.cssRules) {
            if (rule instanceof CSSFontFaceRule && rule.style.fontFamily.includes('Inter Variable')) {
              for (const part of rule.style.getPropertyValue('unicode-range').split(',')) {
                const [from = '0', to = from] = part.trim().replace(/^U\+/i, '').split('-');
                ranges.push([Number.parseInt(from, 16), Number.parseInt(to, 16)]);
              }
            }
          }
        }
        const covered = (c: number) => ranges.some(([from, to]) => c >= from && c <= to);
        const text = document.body.innerText.replace(/\s/g, '');
        return [...new Set(text)].filter((c) => !covered(c.codePointAt(0) ?? 0));
      });
      expect(missing, path).toEqual([]);
    }
  });
});
