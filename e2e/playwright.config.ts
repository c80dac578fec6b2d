import path from 'node:path';
import { defineConfig } from '@playwright/test';

const PORT = Number(process.env.E2E_PORT ?? 3100);
const dataDir = path.resolve(import.meta.dirname, '.data');

export default defineConfig({
  testDir: './tests',
  outputDir: './artifacts/results',
  // Files run side by side on two workers against the one server: every journey signs up its own person
  // (with their own test clock), so none sees another's data or time. A file's tests run in order.
  fullyParallel: false,
  workers: 2,
  forbidOnly: !!process.env.CI,
  // Recording a trace doubles a journey's time on two cores (the screencast and a DOM snapshot per step),
  // so none is recorded on a first try. A journey that fails runs once more with its trace on, and the run
  // fails all the same: a journey that passes only on its second try is a failing journey.
  retries: 1,
  failOnFlakyTests: true,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [
    ['list'],
    ['html', { outputFolder: './artifacts/report', open: 'never' }],
    ...(process.env.CI ? [['json', { outputFile: '../test-results/e2e.json' }] as const] : []),
  ],
  use: {
    baseURL: `http://localhost:${PORT}`,
    trace: 'on-first-retry',
    actionTimeout: 15_000,
    screenshot: 'only-on-failure',
    // Mantine's transitions are off (the theme respects the setting): no check sees a dialog mid-fade.
    contextOptions: { reducedMotion: 'reduce' },
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--no-first-run',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { browserName: 'chromium', viewport: { width: 1280, height: 860 } } }],
  webServer: {
    // The built app on a fresh embedded database; a Google client id is set so the sign-in button shows
    // (its script cannot load here, which exercises the fallback button). Started as `npm start` starts it:
    // the compiled server under plain Node, rebuilt first if a source is newer than the build.
    command: `rm -rf "${dataDir}" && node ../scripts/start.mjs`,
    url: `http://localhost:${PORT}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    env: {
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      GOOGLE_CLIENT_ID: 'e2e-client.apps.googleusercontent.com',
      DATABASE_URL: '',
      REDIS_URL: '',
      // Jobs are picked up as fast as the queue allows (the banking journey holds the import's progress
      // answer until it has seen the banner).
      JOB_POLL_SECONDS: '0.5',
      // Lets the savings journey move the clock past a budget period's end (POST /api/test/clock); this
      // server runs as production does, which refuses the test clock unless told twice.
      TEST_CLOCK: 'true',
      ALLOW_TEST_CLOCK_IN_PRODUCTION: 'true',
      // Help → Contact support names this address; the server has no SMTP, so it is the one to write to.
      SUPPORT_EMAIL: 'support@tally.test',
      // Plans as a hosted server sells them: new people on Starter, a paid plan's free trial started in
      // Settings. Nothing here reaches Stripe (a trial and its end are the server's own); a journey that
      // went to Checkout would find this address closed.
      BILLING_PROVIDER: 'stripe',
      STRIPE_SECRET_KEY: 'sk_test_journeys',
      STRIPE_WEBHOOK_SECRET: 'whsec_journeys',
      STRIPE_API_BASE: 'http://127.0.0.1:9',
    },
  },
});
