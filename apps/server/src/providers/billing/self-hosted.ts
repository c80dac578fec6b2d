import { type BillingProvider, BillingSignatureError } from './types';

/**
 * No payments: whoever runs the server decides plans, so a change applies the moment it is asked for and
 * a cancellation returns to Starter at once. There is no portal and no webhook to hear.
 */
export function createSelfHostedBilling(): BillingProvider {
  return {
    kind: 'self-hosted',
    startPlan: async () => ({ kind: 'applied' }),
    portal: async () => null,
    cancelAtPeriodEnd: async () => null,
    endBillingNow: async () => {},
    getSubscription: async () => null,
    readWebhook: () => {
      throw new BillingSignatureError('No billing webhooks are expected on a self-hosted server');
    },
  };
}
