import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import type { Cipher } from '../../lib/crypto';
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

/**
 * A linked item as stored: which provider holds it, and its access token sealed to its row. The manual
 * connection (provider 'manual', no token) is held by no provider: there is nothing to remove for it.
 */
export type StoredItem = {
  id: string;
  userId: string;
  provider: BankProvider['kind'] | 'manual';
  itemId: string;
  accessTokenEncrypted: string;
};

/**
 * Removes a stored item at its provider, so its access token is dead and Plaid stops billing for it.
 * 'removed' also when the provider no longer knows the item (removed before, or by the person at their
 * bank). 'other-provider': a demo item linked before Plaid keys were set means nothing to Plaid (and the
 * reverse), and the manual connection is at no provider, so there is nothing to remove. 'failed' is logged with the connection and item ids, never the
 * token; the item may still be live, and the caller decides who tries again.
 */
export async function removeBankItem(
  deps: { provider: BankProvider; cipher: Cipher; log: FastifyBaseLogger },
  item: StoredItem,
): Promise<'removed' | 'other-provider' | 'failed'> {
  if (item.provider !== deps.provider.kind) return 'other-provider';
  try {
    await deps.provider.removeItem(
      deps.cipher.decrypt(item.accessTokenEncrypted, { userId: item.userId, itemId: item.itemId }),
    );
    return 'removed';
  } catch (error) {
    deps.log.error(
      { err: error, connectionId: item.id, itemId: item.itemId },
      'bank item could not be removed at the provider',
    );
    return 'failed';
  }
}
