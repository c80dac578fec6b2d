import { type BillingProvider, BillingSignatureError } from './types';

/**
 * No payments: whoever runs the server sets every plan (SELF_HOSTED_PLAN), and the billing routes refuse
 * changes before reaching a provider. There is no checkout, no portal and no webhook to hear.
 */
export function createSelfHostedBilling(): BillingProvider {
  return {
    kind: 'self-hosted',
    startPlan: async () => {
      throw new Error('Nobody starts a plan on a server whose operator sets them');
    },
    portal: async () => null,
    cancelAtPeriodEnd: async () => null,
    endBillingNow: async () => {},
    getSubscription: async () => null,
    readWebhook: async () => {
      throw new BillingSignatureError('No billing webhooks are expected on a self-hosted server');
    },
  };
}
