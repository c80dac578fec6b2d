import crypto from 'node:crypto';
import type {
  ConfirmPersonBody,
  DisableTwoFactorBody,
  EnableTwoFactorBody,
  RecoveryCodesResult,
  TwoFactorSetup,
  TwoFactorStatus,
} from '@tally/shared';
import { and, count, eq, isNull, lt, or } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';
import type { Db } from '../../db/client';
import { recoveryCodes, users } from '../../db/schema';
import type { UserRow } from '../../lib/auth';
import type { Cipher } from '../../lib/crypto';
import { AppError, badRequest, conflict } from '../../lib/errors';
import { verifyPassword } from '../../lib/password';

/**
 * Two-factor sign-in with an authenticator app: RFC 6238 codes (six digits, 30 seconds, SHA-1, as every
 * app reads them from the QR code), through `otpauth`. The secret is sealed to the person's row; a code is
 * taken once (the step it belongs to is kept), and ten single-use recovery codes stand in for a lost phone.
 */
export type TwoFactorDeps = { db: Db; cipher: Cipher; now: () => Date };

const RECOVERY_CODE_COUNT = 10;
const ISSUER = 'Tally';
const PERIOD_SECONDS = 30;
/** A code of the step before or after now is taken too: a phone's clock a little off still signs in. */
const WINDOW = 1;
/** Letters and digits no one misreads (no 0/o, 1/l/i). */
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

export const INVALID_CODE =
  "That code didn't work. Enter the newest code from your authenticator app, or one of your recovery codes.";
const TWO_FACTOR_REQUIRED = 'Enter the code from your authenticator app';

const sealedTo = (userId: string) => ({ userId, purpose: 'totp' });

function totp(secret: Secret, email: string) {
  return new TOTP({
    issuer: ISSUER,
    label: email,
    algorithm: 'SHA1',
    digits: 6,
    period: PERIOD_SECONDS,
    secret,
  });
}

/** What was typed, as compared: lower case, no spaces or dashes. */
const normalized = (code: string) => code.toLowerCase().replace(/[\s-]/g, '');
/**
 * A recovery code as kept: a keyed hash (TOKEN_ENCRYPTION_KEY's) bound to its person, so a copy of the
 * database alone cannot be searched for the codes, nor one search find everyone's.
 */
const hashOf = (deps: TwoFactorDeps, userId: string, code: string) =>
  deps.cipher.digest(normalized(code), { userId, purpose: 'recovery-code' });

/** Ten characters (50 bits) from an alphabet without look-alikes, shown as two groups of five. */
function newRecoveryCode(): string {
  const chars = Array.from(
    { length: 10 },
    () => RECOVERY_ALPHABET[crypto.randomInt(RECOVERY_ALPHABET.length)],
  );
  return `${chars.slice(0, 5).join('')}-${chars.slice(5).join('')}`;
}

/** A fresh set of recovery codes in place of any earlier ones; the codes themselves are returned once. */
async function replaceRecoveryCodes(deps: TwoFactorDeps, db: Db, userId: string): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  await db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  await db
    .insert(recoveryCodes)
    .values(codes.map((code) => ({ userId, codeHash: hashOf(deps, userId, code) })));
  return codes;
}

/**
 * Whether `code` is the app's code for now (a step either side), never taken before: the step is stored
 * only if it is newer than the last one taken, in one statement, so two requests racing with one code
 * cannot both pass.
 */
async function takeAppCode(deps: TwoFactorDeps, user: UserRow, code: string): Promise<boolean> {
  const typed = normalized(code);
  if (!/^\d{6}$/.test(typed) || !user.totpSecretEncrypted) return false;
  const secret = Secret.fromBase32(deps.cipher.decrypt(user.totpSecretEncrypted, sealedTo(user.id)));
  const timestamp = deps.now().getTime();
  const delta = totp(secret, user.email).validate({ token: typed, timestamp, window: WINDOW });
  if (delta === null) return false;
  const step = Math.floor(timestamp / 1000 / PERIOD_SECONDS) + delta;
  const taken = await deps.db
    .update(users)
    .set({ totpLastStep: step })
    .where(and(eq(users.id, user.id), or(isNull(users.totpLastStep), lt(users.totpLastStep, step))))
    .returning({ id: users.id });
  return taken.length === 1;
}

/** Uses up one recovery code, if it is one of the person's and still unused. */
async function takeRecoveryCode(deps: TwoFactorDeps, userId: string, code: string): Promise<boolean> {
  const used = await deps.db
    .update(recoveryCodes)
    .set({ usedAt: deps.now() })
    .where(
      and(
        eq(recoveryCodes.userId, userId),
        eq(recoveryCodes.codeHash, hashOf(deps, userId, code)),
        isNull(recoveryCodes.usedAt),
      ),
    )
    .returning({ id: recoveryCodes.id });
  return used.length > 0;
}

/** A code from the app, or else a recovery code (used up by this). */
async function takeSecondFactor(deps: TwoFactorDeps, user: UserRow, code: string): Promise<boolean> {
  return (await takeAppCode(deps, user, code)) || (await takeRecoveryCode(deps, user.id, code));
}

export async function twoFactorStatus(deps: TwoFactorDeps, user: UserRow): Promise<TwoFactorStatus> {
  const [left] = await deps.db
    .select({ n: count() })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, user.id), isNull(recoveryCodes.usedAt)));
  const enabled = user.totpEnabledAt !== null;
  return {
    enabled,
    enabledAt: user.totpEnabledAt?.toISOString() ?? null,
    recoveryCodesLeft: enabled ? (left?.n ?? 0) : 0,
  };
}

/** A new secret for the app to scan; sign-in does not ask for codes until one is confirmed (enable). */
export async function startSetup(deps: TwoFactorDeps, user: UserRow): Promise<TwoFactorSetup> {
  if (user.totpEnabledAt) throw conflict('Two-factor sign-in is already on.');
  const secret = new Secret({ size: 20 });
  // Never over a secret in force: another tab may have turned it on since this request began.
  const set = await deps.db
    .update(users)
    .set({
      totpSecretEncrypted: deps.cipher.encrypt(secret.base32, sealedTo(user.id)),
      totpLastStep: null,
      updatedAt: deps.now(),
    })
    .where(and(eq(users.id, user.id), isNull(users.totpEnabledAt)))
    .returning({ id: users.id });
  if (set.length === 0) throw conflict('Two-factor sign-in is already on.');
  const otpauthUrl = totp(secret, user.email).toString();
  const qrSvg = await QRCode.toString(otpauthUrl, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
  return { secret: secret.base32, otpauthUrl, qrSvg };
}

/**
 * Turns two-factor sign-in on once a code proves the app holds the secret, and the password (when the account
 * has one) that it is the person, not someone with their session; the recovery codes, once.
 */
export async function enable(
  deps: TwoFactorDeps,
  user: UserRow,
  { code, password }: EnableTwoFactorBody,
): Promise<RecoveryCodesResult> {
  if (user.totpEnabledAt) throw conflict('Two-factor sign-in is already on.');
  const pending = user.totpSecretEncrypted;
  if (!pending) throw badRequest('Start setting up two-factor sign-in again.');
  await confirmPassword(user, password);
  if (!(await takeAppCode(deps, user, code))) throw badRequest(INVALID_CODE, 'INVALID_CODE');
  return deps.db.transaction(async (tx) => {
    // Only a setup still pending is turned on: two tabs confirming at once turn it on once.
    const on = await tx
      .update(users)
      .set({ totpEnabledAt: deps.now(), updatedAt: deps.now() })
      .where(
        and(
          eq(users.id, user.id),
          isNull(users.totpEnabledAt),
          // The secret the code was checked against, not one a later setup put in its place.
          eq(users.totpSecretEncrypted, pending),
        ),
      )
      .returning({ id: users.id });
    if (on.length === 0) throw conflict('Two-factor sign-in is already on.');
    return { recoveryCodes: await replaceRecoveryCodes(deps, tx, user.id) };
  });
}

/** New recovery codes for old (a code from the app, or one of the old codes, proves it is the person). */
export async function renewRecoveryCodes(
  deps: TwoFactorDeps,
  user: UserRow,
  code: string,
): Promise<RecoveryCodesResult> {
  if (!user.totpEnabledAt) throw conflict('Two-factor sign-in is off.');
  if (!(await takeSecondFactor(deps, user, code))) throw badRequest(INVALID_CODE, 'INVALID_CODE');
  return deps.db.transaction(async (tx) => ({
    recoveryCodes: await replaceRecoveryCodes(deps, tx, user.id),
  }));
}

/** The password, when the account has one: refused when missing or wrong. */
async function confirmPassword(user: UserRow, password: string | undefined) {
  if (!user.passwordHash) return;
  if (!password) throw badRequest('Enter your password', 'INVALID_PASSWORD');
  if (!(await verifyPassword(user.passwordHash, password))) {
    throw badRequest('Current password is incorrect', 'INVALID_PASSWORD');
  }
}

/**
 * The person, not only their session: the password (when the account has one) and, with two-factor sign-in
 * on, a code. Asked before what would outlast a stolen session (turning two-factor off, adding a passkey).
 */
export async function confirmPerson(
  deps: TwoFactorDeps,
  user: UserRow,
  proof: ConfirmPersonBody,
): Promise<void> {
  await confirmPassword(user, proof.password);
  if (!user.totpEnabledAt) return;
  if (!proof.code) throw badRequest(TWO_FACTOR_REQUIRED, 'TWO_FACTOR_REQUIRED');
  if (!(await takeSecondFactor(deps, user, proof.code))) throw badRequest(INVALID_CODE, 'INVALID_CODE');
}

/** Turns it off: the password (when the account has one) and a code, so a session left open is not enough. */
export async function disable(deps: TwoFactorDeps, user: UserRow, body: DisableTwoFactorBody): Promise<void> {
  if (!user.totpEnabledAt) throw conflict('Two-factor sign-in is off.');
  await confirmPerson(deps, user, body);
  await deps.db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ totpSecretEncrypted: null, totpEnabledAt: null, totpLastStep: null, updatedAt: deps.now() })
      .where(eq(users.id, user.id));
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, user.id));
  });
}

/** The sign-in's second step, after the password or Google: refused without a code, or with a wrong one. */
export async function requireSecondFactor(
  deps: TwoFactorDeps,
  user: UserRow,
  code: string | undefined,
): Promise<void> {
  if (!user.totpEnabledAt) return;
  if (!code) throw new AppError(401, 'TWO_FACTOR_REQUIRED', TWO_FACTOR_REQUIRED);
  if (!(await takeSecondFactor(deps, user, code))) throw new AppError(401, 'INVALID_CODE', INVALID_CODE);
}
