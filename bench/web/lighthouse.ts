import lighthouse, { type Result } from 'lighthouse';
import puppeteer from 'puppeteer-core';
import type { Session } from './server';

export const CHROMIUM = '/usr/bin/chromium';
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export type Measurement = {
  performance: number;
  accessibility: number;
  bestPractices: number;
  fcp: number;
  lcp: number;
  cls: number;
  tbt: number;
  jsTransferred: number;
  jsDecoded: number;
  scripts: number;
};

export type Run = { measurement: Measurement; lhr: Result; browser: string };

type WebStorage = { setItem: (key: string, value: string) => void };
type NetworkItem = { resourceType?: string; transferSize?: number; resourceSize?: number };

export function measure(lhr: Result): Measurement {
  const score = (id: string) => Math.round((lhr.categories[id]?.score ?? Number.NaN) * 100);
  const value = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  const details = lhr.audits['network-requests']?.details as { items?: NetworkItem[] } | undefined;
  const scripts = (details?.items ?? []).filter((i) => i.resourceType === 'Script');
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    fcp: value('first-contentful-paint'),
    lcp: value('largest-contentful-paint'),
    cls: value('cumulative-layout-shift'),
    tbt: value('total-blocking-time'),
    jsTransferred: scripts.reduce((n, i) => n + (i.transferSize ?? 0), 0),
    jsDecoded: scripts.reduce((n, i) => n + (i.resourceSize ?? 0), 0),
    scripts: scripts.length,
  };
}

/**
 * One Lighthouse navigation (default mobile settings) in a fresh browser profile. With a session the
 * person's localStorage is written first from a page of the origin that loads none of the app, and
 * Lighthouse is told not to reset storage; without one Lighthouse resets the origin's caches as usual.
 */
export async function lighthouseRun(url: string, session: Session | undefined): Promise<Run> {
  const browser = await puppeteer.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: CHROMIUM_ARGS,
    defaultViewport: null,
  });
  try {
    const page = await browser.newPage();
    if (session) {
      await page.goto(new URL('/api/health', url).href);
      await page.evaluate(
        (token, user) => {
          const { localStorage } = globalThis as unknown as { localStorage: WebStorage };
          localStorage.setItem('authToken', token);
          localStorage.setItem('userData', user);
        },
        session.token,
        JSON.stringify(session.user),
      );
    }
    const result = await lighthouse(
      url,
      {
        onlyCategories: ['performance', 'accessibility', 'best-practices'],
        disableStorageReset: Boolean(session),
        logLevel: 'error',
      },
      undefined,
      page,
    );
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    const { lhr } = result;
    if (lhr.runtimeError) throw new Error(`${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    const shown = new URL(lhr.finalDisplayedUrl).pathname;
    if (shown !== new URL(url).pathname) throw new Error(`${url} ended on ${shown}`);
    return { measurement: measure(lhr), lhr, browser: await browser.version() };
  } finally {
    await browser.close();
  }
}
