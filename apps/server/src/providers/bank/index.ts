import type { Config } from '../../config';
import { createDemoProvider } from './demo/demo-bank';
import { createPlaidProvider } from './plaid';
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
