import type { Config } from '../../config';
import { createDemoProvider, DemoBankError } from './demo/demo-bank';
import { createPlaidProvider, isPlaidItemGone } from './plaid';
import type { BankProvider } from './types';

/** Plaid when its keys are configured, else the built-in demo bank. */
export function createBankProvider(config: Config, now: () => Date = () => new Date()): BankProvider {
  if (config.plaid) {
    return createPlaidProvider({
      clientId: config.plaid.clientId,
      secret: config.plaid.secret,
      env: config.plaid.env,
      baseUrl: config.plaid.baseUrl,
    });
  }
  return createDemoProvider({ now });
}

/**
 * The provider says the item behind an access token no longer exists: removed when it was disconnected, or
 * by the person at their bank. Reading it again needs a new link.
 */
export function isItemGone(error: unknown): boolean {
  return (
    isPlaidItemGone(error) ||
    (error instanceof DemoBankError &&
      (error.code === 'ITEM_NOT_FOUND' || error.code === 'INVALID_ACCESS_TOKEN'))
  );
}
