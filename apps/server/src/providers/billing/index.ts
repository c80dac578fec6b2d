import type { Config } from '../../config';
import { createSelfHostedBilling } from './self-hosted';
import { createStripeBilling } from './stripe';
import type { BillingProvider } from './types';

/** Stripe when it takes payments (BILLING_PROVIDER), else self-hosted (the operator sets every plan). */
export function createBillingProvider(
  config: Config,
  log?: { error: (obj: object, msg: string) => void },
): BillingProvider {
  if (!config.stripe) return createSelfHostedBilling();
  return createStripeBilling({ ...config.stripe, apiBase: config.stripe.apiBase, log });
}
