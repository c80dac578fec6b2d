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
