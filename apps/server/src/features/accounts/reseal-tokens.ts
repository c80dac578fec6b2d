import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import type { Cipher } from '../../lib/crypto';
import { connectionsWithUnboundTokens, replaceSealedToken } from './accounts.queries';

export type ResealDeps = { db: Db; cipher: Cipher; log: FastifyBaseLogger };

/**
 * Seals again, bound to their rows ({ userId, itemId }, the key the link upsert targets), the access tokens
 * stored before tokens were bound: such a value would still open in any row it was copied to. Runs at
 * start. Safe with several instances starting at once: a row is rewritten only while it still holds the
 * value read. A value that no longer opens (another key) is left as it is, and logged. Returns rows resealed.
 * Nothing else opens an old value (Cipher.decrypt refuses it), so one copied into a row after start fails.
 * Known limit: one planted before a restart is bound where it is found, as an unbound value tells nothing
 * of its row; closing that needs a record that no old value is left, or asking the bank for the token's item.
 */
export async function resealLegacyTokens({ db, cipher, log }: ResealDeps): Promise<number> {
  const legacy = await connectionsWithUnboundTokens(db);
  let resealed = 0;
  for (const row of legacy) {
    const context = { userId: row.userId, itemId: row.itemId };
    let plain: string;
    try {
      // The one place an unbound value is opened: everywhere else refuses it (see Cipher).
      plain = cipher.decryptLegacy(row.sealed);
    } catch {
      log.warn({ connectionId: row.id }, 'bank access token does not open with this key; left unsealed');
      continue;
    }
    const written = await replaceSealedToken(db, {
      userId: row.userId,
      connectionId: row.id,
      from: row.sealed,
      to: cipher.encrypt(plain, context),
    });
    if (written) resealed += 1;
  }
  if (resealed > 0) log.info(`${resealed} bank access token(s) sealed again, bound to their connection`);
  return resealed;
}
