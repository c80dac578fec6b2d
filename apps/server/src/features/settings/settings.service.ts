import type { DeleteAccountBody } from '@tally/shared';
import type { FastifyBaseLogger } from 'fastify';
import { decodeJwt } from 'jose';
import type { Db } from '../../db/client';
import type { UserRow } from '../../lib/auth';
import type { Cipher } from '../../lib/crypto';
import { AppError } from '../../lib/errors';
import { verifyPassword } from '../../lib/password';
import type { BankProvider } from '../../providers/bank/types';
import type { GoogleVerifier } from '../../providers/identity/google';
import { deleteUserData, listUserItems } from './settings.queries';

export type SettingsDeps = {
  db: Db;
  provider: BankProvider;
  cipher: Cipher;
  verifyGoogle: GoogleVerifier;
  now: () => Date;
  log: FastifyBaseLogger;
};

/** A Google confirmation must come from a sign-in just made, not from a token lying around for an hour. */
export const GOOGLE_CONFIRMATION_MAX_AGE_SECONDS = 10 * 60;

// 403, not 401: the web app takes any 401 as "session over" and signs out, and this session is still good.
const refused = (code: string, message: string) => new AppError(403, code, message);

/** The person proves again that it is them, with what they sign in with. */
async function confirmIdentity(deps: SettingsDeps, user: UserRow, body: DeleteAccountBody) {
  if ('password' in body) {
    if (!user.passwordHash) {
      throw refused(
        'GOOGLE_CONFIRMATION_REQUIRED',
        'Your account signs in with Google. Confirm with Google.',
      );
    }
    if (!(await verifyPassword(user.passwordHash, body.password))) {
      throw refused('INVALID_PASSWORD', 'Incorrect password');
    }
    return;
  }
  const failed = refused(
    'GOOGLE_CONFIRMATION_FAILED',
    'Google could not confirm it is you. Please try again.',
  );
  if (!user.googleSubject) throw failed;
  let subject: string;
  try {
    subject = (await deps.verifyGoogle(body.idToken)).subject;
  } catch {
    throw failed;
  }
  // The signature was verified just above, so the issue time read here is Google's.
  const issuedAt = decodeJwt(body.idToken).iat;
  const age = issuedAt === undefined ? Number.POSITIVE_INFINITY : deps.now().getTime() / 1000 - issuedAt;
  if (subject !== user.googleSubject || age > GOOGLE_CONFIRMATION_MAX_AGE_SECONDS) throw failed;
}

/**
 * Deletes a person's account and everything of theirs. Their bank items are removed at the provider first,
 * best effort per item: one the provider will not remove now is logged with its item id for the operator,
 * and does not keep the person's data here (once the row is gone there is no token left to retry with).
 */
export async function deleteAccount(deps: SettingsDeps, user: UserRow, body: DeleteAccountBody) {
  await confirmIdentity(deps, user, body);
  for (const item of await listUserItems(deps.db, { userId: user.id })) {
    // A demo item linked before Plaid keys were set means nothing to Plaid (and the reverse).
    if (item.provider !== deps.provider.kind) continue;
    try {
      await deps.provider.removeItem(
        deps.cipher.decrypt(item.accessTokenEncrypted, { userId: user.id, itemId: item.itemId }),
      );
    } catch (error) {
      deps.log.error(
        { err: error, connectionId: item.id, itemId: item.itemId },
        'bank item could not be removed at the provider while deleting an account; remove it by hand',
      );
    }
  }
  await deps.db.transaction((tx) => deleteUserData(tx, { userId: user.id, email: user.email }));
}
