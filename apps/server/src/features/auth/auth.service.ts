import type {
  ChangePasswordBody,
  GoogleLoginBody,
  LoginBody,
  LoginResult,
  PasskeyLoginBody,
  PlanCode,
  RegisterBody,
  SetPasswordBody,
} from '@tally/shared';
import { type Client, issueToken, revokeSessions, type TokenKeys, type UserRow } from '../../lib/auth';
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
import { type PasskeyDeps, passkeySignIn } from './passkeys';
import { isUnseenDevice, type SecurityNoticeDeps, tellSecurity } from './security-notices';
import { describeWait, type Lockout, signInWait } from './sign-in-throttle';
import { requireSecondFactor, type TwoFactorDeps } from './two-factor';
import { toUser } from './users';

export type AuthDeps = TwoFactorDeps &
  SecurityNoticeDeps &
  PasskeyDeps & {
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

/**
 * Opens a session. `announce`: a sign-in proper (password, Google or a passkey), after which a device the account has
 * not seen before is told about; a new account, or the session a password change opens again, is not.
 */
async function signIn(
  deps: AuthDeps,
  user: UserRow,
  client: Client,
  { announce = false }: { announce?: boolean } = {},
): Promise<LoginResult> {
  const unseen = announce && (await isUnseenDevice(deps.db, user.id, client));
  const { token, expiresAt } = await issueToken(deps.db, deps.keys, user.id, client);
  if (unseen) await tellSecurity(deps, user.id, { kind: 'new_device', client });
  return { token, user: toUser(user), expiresAt: expiresAt.toISOString() };
}

export async function register(deps: AuthDeps, body: RegisterBody, client: Client): Promise<LoginResult> {
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
  return signIn(deps, user, client);
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

/**
 * Lets one guess at a secret of the account at `email` (its password, or a code of its second factor) be
 * checked, or throws SignInThrottled. Decided under a lock, and counted as a failure before the guess is
 * checked: a hundred parallel guesses queue here, and once the allowance is used the rest see the attempts
 * before them. A turned-away attempt records nothing, so hammering never lengthens anyone's wait (see
 * sign-in-throttle.ts). The caller clears the failures once the guess proves right.
 */
export async function admitGuess(deps: AuthDeps, email: string, ip: string): Promise<void> {
  const now = deps.now();
  const since = new Date(now.getTime() - deps.lockout.minutes * 60_000);
  const waitMs = await withSignInLock(deps.db, { email, ip }, async (tx) => {
    const recent = await getRecentFailures(tx, { email, ip, since, pairLimit: deps.lockout.failures });
    const wait = signInWait(recent, now, deps.lockout);
    if (wait === 0) await recordFailure(tx, { email, ip, at: now });
    return wait;
  });
  if (waitMs > 0) throw new SignInThrottled(waitMs);
}

/**
 * Runs `act`, a check of the person's secrets (a password, a code), as one guess counted like a sign-in:
 * admitted or throttled first (admitGuess), its failure cleared only once `act` has passed. What a session
 * alone must not be enough for goes through here, so a session left open cannot try codes until one works.
 */
export async function asGuess<T>(
  deps: AuthDeps,
  user: UserRow,
  ip: string,
  act: () => Promise<T>,
): Promise<T> {
  const email = user.email.trim().toLowerCase();
  await admitGuess(deps, email, ip);
  const result = await act();
  // What `act` did stands; a failure to forget the guess only leaves it counted.
  await clearFailures(deps.db, { email, ip }).catch((error: unknown) =>
    deps.log.warn({ err: error }, 'sign-in failures not cleared'),
  );
  return result;
}

/** The second factor of an account that has one, its guesses counted like passwords. */
async function secondStep(deps: AuthDeps, user: UserRow, code: string | undefined, ip: string) {
  if (!user.totpEnabledAt) return;
  // Asking for the code is not a guess; a code is.
  if (!code) await requireSecondFactor(deps, user, code);
  else await asGuess(deps, user, ip, () => requireSecondFactor(deps, user, code));
}

export async function login(deps: AuthDeps, body: LoginBody, client: Client): Promise<LoginResult> {
  const { ip } = client;
  const email = body.email.trim().toLowerCase();
  await admitGuess(deps, email, ip);
  const user = await findUserByEmail(deps.db, { email });
  // Unknown email and wrong password get the same answer after the same work, so accounts can't be probed.
  const ok = await verifyPassword(user?.passwordHash ?? DUMMY_HASH, body.password);
  // The failure is already recorded.
  if (!user?.passwordHash || !ok) throw unauthorized(INVALID_LOGIN);
  // With two-factor on, the failure recorded for this attempt stands until the code too is right: the right
  // password alone never clears it, so guesses at the code are counted like guesses at the password.
  await requireSecondFactor(deps, user, body.code);
  await clearFailures(deps.db, { email, ip });
  return signIn(deps, user, client, { announce: true });
}

/** A passkey is both factors: the authenticator holds the key and verified the person (required). */
export async function passkeyLogin(
  deps: AuthDeps,
  body: PasskeyLoginBody,
  client: Client,
): Promise<LoginResult> {
  return signIn(deps, await passkeySignIn(deps, body), client, { announce: true });
}

export async function googleLogin(
  deps: AuthDeps,
  body: GoogleLoginBody,
  client: Client,
): Promise<LoginResult> {
  const { ip } = client;
  let identity: Awaited<ReturnType<GoogleVerifier>>;
  try {
    identity = await deps.verifyGoogle(body.idToken);
  } catch {
    throw unauthorized('Google sign-in failed. Please try again.');
  }
  const picture = identity.pictureUrl;
  const known = await findUserByGoogleSubject(deps.db, { subject: identity.subject });
  if (known) {
    await secondStep(deps, known, body.code, ip);
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
    return signIn(deps, refreshed ?? known, client, { announce: true });
  }
  const byEmail = await findUserByEmail(deps.db, { email: identity.email });
  if (byEmail) {
    // Linking hands the account to whoever controls the Google identity: only when Google vouches for the email.
    if (!identity.emailVerified)
      throw conflict('An account with this email already exists. Sign in with your password.');
    // An account with two-factor sign-in is not handed to a Google identity without its code.
    await secondStep(deps, byEmail, body.code, ip);
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
    return signIn(deps, linked ?? byEmail, client, { announce: true });
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
  return signIn(deps, created, client);
}

/** Stores a new password, signs every session out (other browsers too) and signs this one in again. */
async function replacePassword(
  deps: AuthDeps,
  user: UserRow,
  newPassword: string,
  client: Client,
): Promise<LoginResult> {
  const passwordHash = await hashPassword(newPassword);
  const updated = await deps.db.transaction(async (tx) => {
    const row = await updateUser(tx, { now: deps.now(), userId: user.id, passwordHash });
    await revokeSessions(tx, { userId: user.id, now: deps.now() });
    return row;
  });
  await tellSecurity(deps, user.id, { kind: user.passwordHash ? 'password_changed' : 'password_set' });
  return signIn(deps, updated ?? user, client);
}

/** A first password for an account without one; like a change, it signs every other session out. */
export async function setPassword(
  deps: AuthDeps,
  user: UserRow,
  body: SetPasswordBody,
  client: Client,
): Promise<LoginResult> {
  if (user.passwordHash) {
    throw badRequest('Your account already has a password. Change it with your current password.');
  }
  return replacePassword(deps, user, body.newPassword, client);
}

/** A new password in place of the current one, which must be given. */
export async function changePassword(
  deps: AuthDeps,
  user: UserRow,
  body: ChangePasswordBody,
  client: Client,
): Promise<LoginResult> {
  if (!user.passwordHash) throw badRequest('Your account signs in with Google and has no password to change');
  if (!(await verifyPassword(user.passwordHash, body.currentPassword))) {
    throw badRequest('Current password is incorrect', 'INVALID_PASSWORD');
  }
  return replacePassword(deps, user, body.newPassword, client);
}
