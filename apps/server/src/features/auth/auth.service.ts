import type {
  ChangePasswordBody,
  GoogleLoginBody,
  LoginBody,
  LoginResult,
  PlanCode,
  RegisterBody,
  SetPasswordBody,
} from '@tally/shared';
import type { Db } from '../../db/client';
import { issueToken, revokeSessions, type TokenKeys, type UserRow } from '../../lib/auth';
import { AppError, badRequest, conflict, unauthorized } from '../../lib/errors';
import { DUMMY_HASH, hashPassword, verifyPassword } from '../../lib/password';
import type { GoogleVerifier } from '../../providers/identity/google';
import {
  clearFailures,
  createUser,
  findUserByEmail,
  findUserByGoogleSubject,
  getRecentFailures,
  recordFailure,
  updateUser,
  withSignInLock,
} from './auth.queries';
import { sendVerificationEmail, type VerificationDeps } from './email-verification';
import { describeWait, type Lockout, signInWait } from './sign-in-throttle';
import { toUser } from './users';

export type AuthDeps = {
  db: Db;
  keys: TokenKeys;
  verifyGoogle: GoogleVerifier;
  lockout: Lockout;
  now: () => Date;
  /** Sends the link that verifies a new address (when SMTP is set up). */
  verification: VerificationDeps;
  /**
   * A new account's plan: the operator's on a server without payments, else Starter (a paid plan's trial
   * starts when the person first chooses one).
   */
  newAccountPlan: PlanCode;
};

const INVALID_LOGIN = 'Invalid email or password';

const sameAddress = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

async function signIn(deps: AuthDeps, user: UserRow): Promise<LoginResult> {
  const { token, expiresAt } = await issueToken(deps.db, deps.keys, user.id);
  return { token, user: toUser(user), expiresAt: expiresAt.toISOString() };
}

export async function register(deps: AuthDeps, body: RegisterBody): Promise<LoginResult> {
  const user = await createUser(deps.db, {
    email: body.email,
    firstName: body.firstName,
    lastName: body.lastName,
    passwordHash: await hashPassword(body.password),
    timeZone: body.timeZone ?? 'UTC',
    plan: deps.newAccountPlan,
  });
  if (!user) throw conflict('An account with this email already exists');
  // Not waited for: signing up does not hang on a slow mail server, and a failure is only logged (the
  // person can send another link from Settings).
  sendVerificationEmail(deps.verification, user).catch((error: unknown) =>
    deps.verification.log.warn({ err: error }, 'verification email not sent'),
  );
  return signIn(deps, user);
}

/** A sign-in turned away for now; the route tells the client when to come back (Retry-After). */
export class SignInThrottled extends AppError {
  readonly retryAfterSeconds: number;
  constructor(waitMs: number) {
    super(
      429,
      'RATE_LIMITED',
      `Too many failed sign-in attempts. Please try again in ${describeWait(waitMs)}.`,
    );
    this.retryAfterSeconds = Math.max(1, Math.ceil(waitMs / 1000));
  }
}

export async function login(deps: AuthDeps, body: LoginBody, ip: string): Promise<LoginResult> {
  const email = body.email.trim().toLowerCase();
  const now = deps.now();
  const since = new Date(now.getTime() - deps.lockout.minutes * 60_000);
  // Decided under a lock, and counted as a failure before the password is checked: a hundred parallel
  // guesses queue here, and once the allowance is used the rest see the attempts before them. A turned-away
  // attempt records nothing, so hammering never lengthens anyone's wait (see sign-in-throttle.ts).
  const waitMs = await withSignInLock(deps.db, { email, ip }, async (tx) => {
    const recent = await getRecentFailures(tx, { email, ip, since, pairLimit: deps.lockout.failures });
    const wait = signInWait(recent, now, deps.lockout);
    if (wait === 0) await recordFailure(tx, { email, ip, at: now });
    return wait;
  });
  if (waitMs > 0) throw new SignInThrottled(waitMs);

  const user = await findUserByEmail(deps.db, { email });
  // Unknown email and wrong password get the same answer after the same work, so accounts can't be probed.
  const ok = await verifyPassword(user?.passwordHash ?? DUMMY_HASH, body.password);
  // The failure is already recorded.
  if (!user?.passwordHash || !ok) throw unauthorized(INVALID_LOGIN);
  await clearFailures(deps.db, { email, ip });
  return signIn(deps, user);
}

export async function googleLogin(deps: AuthDeps, body: GoogleLoginBody): Promise<LoginResult> {
  let identity: Awaited<ReturnType<GoogleVerifier>>;
  try {
    identity = await deps.verifyGoogle(body.idToken);
  } catch {
    throw unauthorized('Google sign-in failed. Please try again.');
  }
  const picture = identity.pictureUrl;
  const known = await findUserByGoogleSubject(deps.db, { subject: identity.subject });
  if (known) {
    // Google vouching for the very address the account has verifies it (a link sent there would do no more).
    const vouched =
      !known.emailVerifiedAt && identity.emailVerified && sameAddress(identity.email, known.email);
    const refreshed =
      (picture && picture !== known.profilePictureUrl) || vouched
        ? await updateUser(deps.db, {
            now: deps.now(),
            userId: known.id,
            ...(picture ? { profilePictureUrl: picture } : {}),
            ...(vouched ? { emailVerifiedAt: deps.now() } : {}),
          })
        : known;
    return signIn(deps, refreshed ?? known);
  }
  const byEmail = await findUserByEmail(deps.db, { email: identity.email });
  if (byEmail) {
    // Linking hands the account to whoever controls the Google identity: only when Google vouches for the email.
    if (!identity.emailVerified)
      throw conflict('An account with this email already exists. Sign in with your password.');
    // Anyone could have registered this email with a password before its owner arrived: linking drops that
    // password and signs every existing session out, so whoever set them up keeps no way in. The owner
    // signs in with Google, and can set a new password from Settings.
    const linked = await deps.db.transaction(async (tx) => {
      const row = await updateUser(tx, {
        now: deps.now(),
        userId: byEmail.id,
        googleSubject: identity.subject,
        passwordHash: null,
        profilePictureUrl: picture ?? byEmail.profilePictureUrl,
        // Linking needs Google to vouch for this address (checked above).
        emailVerifiedAt: byEmail.emailVerifiedAt ?? deps.now(),
      });
      await revokeSessions(tx, { userId: byEmail.id, now: deps.now() });
      return row;
    });
    return signIn(deps, linked ?? byEmail);
  }
  const created = await createUser(deps.db, {
    email: identity.email,
    firstName: identity.firstName,
    lastName: identity.lastName,
    googleSubject: identity.subject,
    profilePictureUrl: picture,
    timeZone: body.timeZone ?? 'UTC',
    plan: deps.newAccountPlan,
    emailVerifiedAt: identity.emailVerified ? deps.now() : null,
  });
  if (!created) throw new AppError(409, 'CONFLICT', 'An account with this email already exists');
  if (!created.emailVerifiedAt) {
    sendVerificationEmail(deps.verification, created).catch((error: unknown) =>
      deps.verification.log.warn({ err: error }, 'verification email not sent'),
    );
  }
  return signIn(deps, created);
}

/** Stores a new password, signs every session out (other browsers too) and signs this one in again. */
async function replacePassword(deps: AuthDeps, user: UserRow, newPassword: string): Promise<LoginResult> {
  const passwordHash = await hashPassword(newPassword);
  const updated = await deps.db.transaction(async (tx) => {
    const row = await updateUser(tx, { now: deps.now(), userId: user.id, passwordHash });
    await revokeSessions(tx, { userId: user.id, now: deps.now() });
    return row;
  });
  return signIn(deps, updated ?? user);
}

/** A first password for an account without one; like a change, it signs every other session out. */
export async function setPassword(
  deps: AuthDeps,
  user: UserRow,
  body: SetPasswordBody,
): Promise<LoginResult> {
  if (user.passwordHash) {
    throw badRequest('Your account already has a password. Change it with your current password.');
  }
  return replacePassword(deps, user, body.newPassword);
}

/** A new password in place of the current one, which must be given. */
export async function changePassword(
  deps: AuthDeps,
  user: UserRow,
  body: ChangePasswordBody,
): Promise<LoginResult> {
  if (!user.passwordHash) throw badRequest('Your account signs in with Google and has no password to change');
  if (!(await verifyPassword(user.passwordHash, body.currentPassword))) {
    throw badRequest('Current password is incorrect', 'INVALID_PASSWORD');
  }
  return replacePassword(deps, user, body.newPassword);
}
