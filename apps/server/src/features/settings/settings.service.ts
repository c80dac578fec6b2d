import type { DeleteAccountBody } from '@tally/shared';
import type { FastifyBaseLogger } from 'fastify';
import { decodeJwt } from 'jose';
import type { Db } from '../../db/client';
import type { UserRow } from '../../lib/auth';
import type { Cipher } from '../../lib/crypto';
import { AppError } from '../../lib/errors';
import type { JobQueue } from '../../lib/job-queue';
import { verifyPassword } from '../../lib/password';
import { removeBankItem } from '../../providers/bank';
import type { BankProvider } from '../../providers/bank/types';
import type { BillingProvider } from '../../providers/billing/types';
import type { GoogleVerifier } from '../../providers/identity/google';
import { isManualConnection } from '../accounts';
import { deleteUserData, listLiveItems, lockUser } from './settings.queries';

export type SettingsDeps = {
  db: Db;
  provider: BankProvider;
  billing: BillingProvider;
  cipher: Cipher;
  queue: JobQueue;
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
 * The person's items that may still be live at a bank. Their manual accounts' connection is at no bank: it
 * has no token and nothing to remove, and it goes with the rest of their rows.
 */
async function bankItems(db: Db, { userId }: { userId: string }) {
  return (await listLiveItems(db, { userId })).filter((item) => !isManualConnection(item));
}

/**
 * Deletes a person's account and everything of theirs. A paid plan is ended at the payment provider first
 * (no further charge), since once the row is gone nothing would stop it renewing; a failure there leaves
 * everything as it was. Then their bank items are removed at the provider:
 * once the rows are gone no token is left to remove them with, and an item left live is billed for good.
 * So if the provider will not remove one now, nothing is deleted and the person tries again later.
 */
export async function deleteAccount(deps: SettingsDeps, user: UserRow, body: DeleteAccountBody) {
  await confirmIdentity(deps, user, body);
  try {
    await deps.billing.endBillingNow({
      userId: user.id,
      email: user.email,
      name: `${user.firstName} ${user.lastName}`.trim(),
      customerId: user.billingCustomerId,
      subscriptionId: user.billingSubscriptionId,
    });
  } catch {
    throw new AppError(
      502,
      'BILLING_CANCEL_FAILED',
      "We couldn't cancel your subscription with the payment service just now. Nothing was deleted; please try again in a few minutes.",
    );
  }
  const handled = new Set<string>();
  for (const item of await bankItems(deps.db, { userId: user.id })) {
    if ((await removeBankItem(deps, item)) === 'failed') {
      throw new AppError(
        502,
        'BANK_DISCONNECT_FAILED',
        `We couldn't disconnect ${item.institutionName} at your bank just now. Nothing was deleted; please try again in a few minutes.`,
      );
    }
    handled.add(item.itemId);
  }
  await deps.db.transaction(async (tx) => {
    // Linking a bank inserts a connection that references this user row, so while it is locked none can be
    // linked, and one that waits fails once the user is gone. A bank linked (or relinked) between the
    // listing above and this lock was not removed: it would be deleted here with its only token, so nothing
    // is deleted and the next attempt removes it first.
    await lockUser(tx, { userId: user.id });
    if ((await bankItems(tx, { userId: user.id })).some((item) => !handled.has(item.itemId))) {
      throw new AppError(
        409,
        'ACCOUNT_CHANGED',
        'A bank was linked while your account was being deleted. Nothing was deleted; please try again.',
      );
    }
    await deleteUserData(tx, { userId: user.id, email: user.email });
  });
  // Their imports and syncs in pg-boss, waiting, finished or archived. After the commit, not in it: the
  // queue works through its own connections, and a job this misses holds only ids of rows now gone, so
  // it finds nothing to do when it runs and leaves with the queue's retention. The account is gone anyway.
  try {
    await deps.queue.deleteJobsOf({ userId: user.id });
  } catch (error) {
    deps.log.warn({ err: error, userId: user.id }, 'jobs of a deleted account were left to expire');
  }
}
