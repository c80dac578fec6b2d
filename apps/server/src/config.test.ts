import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';

describe('loadConfig: Stripe', () => {
  it('takes payments with both keys and runs self-hosted with neither', () => {
    const both = loadConfig({ STRIPE_SECRET_KEY: 'sk_test_1', STRIPE_WEBHOOK_SECRET: 'whsec_1' });
    expect(both.stripe).toEqual({ secretKey: 'sk_test_1', webhookSecret: 'whsec_1', apiBase: undefined });
    expect(loadConfig({}).stripe).toBeUndefined();
    expect(loadConfig({ STRIPE_SECRET_KEY: '', STRIPE_WEBHOOK_SECRET: '' }).stripe).toBeUndefined();
  });

  it('refuses to start with one key, naming the missing one', () => {
    expect(() => loadConfig({ STRIPE_SECRET_KEY: 'sk_test_1' })).toThrow(
      /Invalid configuration:\n {2}STRIPE_WEBHOOK_SECRET: required when the other Stripe key is set/,
    );
    expect(() => loadConfig({ STRIPE_WEBHOOK_SECRET: 'whsec_1' })).toThrow(
      /Invalid configuration:\n {2}STRIPE_SECRET_KEY: required when the other Stripe key is set/,
    );
  });
});

describe('loadConfig: who sets plans', () => {
  const keys = { STRIPE_SECRET_KEY: 'sk_test_1', STRIPE_WEBHOOK_SECRET: 'whsec_1' };

  it('lets the operator set the plan without a payment provider: Premium unless SELF_HOSTED_PLAN says', () => {
    expect(loadConfig({}).selfHostedPlan).toBe('premium');
    expect(loadConfig({ BILLING_PROVIDER: 'self-hosted' }).selfHostedPlan).toBe('premium');
    expect(loadConfig({ SELF_HOSTED_PLAN: 'starter' }).selfHostedPlan).toBe('starter');
    expect(loadConfig({ SELF_HOSTED_PLAN: 'pro', BILLING_PROVIDER: '' }).selfHostedPlan).toBe('pro');
    // Keys kept in the environment do not take payments when the operator says self-hosted.
    const operator = loadConfig({ ...keys, BILLING_PROVIDER: 'self-hosted' });
    expect(operator).toMatchObject({ selfHostedPlan: 'premium', stripe: undefined });
  });

  it('takes payments with BILLING_PROVIDER=stripe, or unset with both keys; then no plan is the operator’s', () => {
    expect(loadConfig({ ...keys, BILLING_PROVIDER: 'stripe' })).toMatchObject({
      selfHostedPlan: null,
      stripe: { secretKey: 'sk_test_1' },
    });
    expect(loadConfig(keys).selfHostedPlan).toBeNull();
  });

  it('refuses Stripe without its keys, and a plan or provider it does not know', () => {
    expect(() => loadConfig({ BILLING_PROVIDER: 'stripe' })).toThrow(
      /STRIPE_SECRET_KEY: required with BILLING_PROVIDER=stripe\n {2}STRIPE_WEBHOOK_SECRET: required/,
    );
    expect(() => loadConfig({ SELF_HOSTED_PLAN: 'gold' })).toThrow(/SELF_HOSTED_PLAN/);
    expect(() => loadConfig({ BILLING_PROVIDER: 'paypal' })).toThrow(/BILLING_PROVIDER/);
  });
});

describe('loadConfig: the log', () => {
  it('writes text at a terminal and JSON elsewhere, with a line a request only in JSON, unless told', () => {
    expect(loadConfig({}, { terminal: true })).toMatchObject({ logFormat: 'text', logRequests: false });
    expect(loadConfig({}, { terminal: false })).toMatchObject({ logFormat: 'json', logRequests: true });
    expect(loadConfig({ LOG_FORMAT: 'json' }, { terminal: true })).toMatchObject({
      logFormat: 'json',
      logRequests: true,
    });
    expect(loadConfig({ LOG_REQUESTS: 'true' }, { terminal: true })).toMatchObject({
      logFormat: 'text',
      logRequests: true,
    });
    expect(loadConfig({ LOG_REQUESTS: 'false' }, { terminal: false }).logRequests).toBe(false);
  });

  it('refuses a format or switch it does not know, naming the setting', () => {
    expect(() => loadConfig({ LOG_FORMAT: 'pretty' })).toThrow(/LOG_FORMAT: must be text or json/);
    expect(() => loadConfig({ LOG_REQUESTS: 'yes' })).toThrow(/LOG_REQUESTS: must be exactly true or false/);
  });
});

describe('loadConfig: PGlite page cache', () => {
  it('defaults to 64MB and takes a size in kB, MB or GB', () => {
    expect(loadConfig({}).pgliteSharedBuffers).toBe('64MB');
    expect(loadConfig({ PGLITE_SHARED_BUFFERS: '128MB' }).pgliteSharedBuffers).toBe('128MB');
  });

  it('refuses anything else, naming the setting', () => {
    expect(() => loadConfig({ PGLITE_SHARED_BUFFERS: 'lots' })).toThrow(
      /PGLITE_SHARED_BUFFERS: a size such as 256MB/,
    );
  });
});

describe('loadConfig: test clock', () => {
  it('is on only with TEST_CLOCK=true, and off when unset, empty or false', () => {
    expect(loadConfig({ TEST_CLOCK: 'true' }).testClock).toBe(true);
    expect(loadConfig({}).testClock).toBe(false);
    expect(loadConfig({ TEST_CLOCK: '' }).testClock).toBe(false);
    expect(loadConfig({ TEST_CLOCK: 'false' }).testClock).toBe(false);
  });

  it.each(['yes', '1', 'on', 'TRUE', 'True', ' true', 'enabled'])(
    'refuses to start with TEST_CLOCK=%j, naming the setting',
    (value) => {
      expect(() => loadConfig({ TEST_CLOCK: value })).toThrow(
        /Invalid configuration:\n {2}TEST_CLOCK: must be exactly true or false/,
      );
    },
  );

  it('refuses to start in production, unless deliberately allowed', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', TEST_CLOCK: 'true' })).toThrow(
      /Invalid configuration:\n {2}TEST_CLOCK: refused with NODE_ENV=production.*ALLOW_TEST_CLOCK_IN_PRODUCTION=true/,
    );
    expect(() =>
      loadConfig({ NODE_ENV: 'production', TEST_CLOCK: 'true', ALLOW_TEST_CLOCK_IN_PRODUCTION: 'yes' }),
    ).toThrow(/ALLOW_TEST_CLOCK_IN_PRODUCTION: must be exactly true or false/);
    const allowed = loadConfig({
      NODE_ENV: 'production',
      TEST_CLOCK: 'true',
      ALLOW_TEST_CLOCK_IN_PRODUCTION: 'true',
    });
    expect(allowed.testClock).toBe(true);
    // Production without the clock needs nothing more.
    expect(loadConfig({ NODE_ENV: 'production' }).testClock).toBe(false);
  });
});

describe('loadConfig: backups', () => {
  it('backs up daily at 03:00 UTC and keeps seven unless told', () => {
    expect(loadConfig({}).backups).toEqual({ schedule: '0 3 * * *', keep: 7 });
    expect(loadConfig({ BACKUP_SCHEDULE: ' 30 */6 * * * ', BACKUP_KEEP: '30' }).backups).toEqual({
      schedule: '30 */6 * * *',
      keep: 30,
    });
    expect(loadConfig({ BACKUP_SCHEDULE: 'off' }).backups.schedule).toBeNull();
  });

  it.each([
    ['BACKUP_SCHEDULE', 'daily', 'BACKUP_SCHEDULE: must be a cron expression'],
    ['BACKUP_SCHEDULE', '99 3 * * *', 'BACKUP_SCHEDULE: must be a cron expression'],
    ['BACKUP_SCHEDULE', '0 3 * *', 'BACKUP_SCHEDULE: must be a cron expression'],
    ['BACKUP_KEEP', '0', 'BACKUP_KEEP'],
    ['BACKUP_KEEP', 'all', 'BACKUP_KEEP'],
  ])('refuses %s=%j', (name, value, message) => {
    expect(() => loadConfig({ [name]: value })).toThrow(message);
  });
});
