import type { FastifyBaseLogger } from 'fastify';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import type { Db } from '../../db/client';
import type { TokenKeys, UserRow } from '../../lib/auth';
import { AppError } from '../../lib/errors';
import { escapeHtml } from '../../lib/html';
import type { Mailer } from '../../providers/mail/mailer';
import { getUser, updateUser } from './auth.queries';

export type VerificationDeps = {
  db: Db;
  keys: TokenKeys;
  mailer: Mailer | null;
  publicUrl: string;
  now: () => Date;
  log: FastifyBaseLogger;
};

/** How long a verification link works. */
export const VERIFY_EMAIL_TTL_HOURS = 24;
/** The web page the link opens (apps/web: app/router.tsx), which posts the token to /api/auth/verify-email. */
export const VERIFY_EMAIL_PATH = '/verify-email';
/** What the token is for: signed with the sessions' key, so it must never pass for anything else. */
const PURPOSE = 'verify-email';
const AUDIENCE = 'tally:verify-email';
export const VERIFICATION_SUBJECT = 'Tally: confirm your email address';

const normalise = (email: string) => email.trim().toLowerCase();

/**
 * A link token for this person and this exact address: a JWT with a purpose claim and its own audience,
 * expiring after VERIFY_EMAIL_TTL_HOURS. It carries no session id, so it opens no session, and a session
 * token (no purpose, no audience) verifies no address. Once the address changes it verifies nothing.
 */
export async function createVerificationToken(keys: TokenKeys, user: Pick<UserRow, 'id' | 'email'>) {
  const issuedAt = keys.now();
  return new SignJWT({ purpose: PURPOSE, email: normalise(user.email) })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(user.id)
    .setAudience(AUDIENCE)
    .setIssuedAt(issuedAt)
    .setExpirationTime(new Date(issuedAt.getTime() + VERIFY_EMAIL_TTL_HOURS * 3_600_000))
    .sign(keys.secret);
}

export const LINK_EXPIRED = 'This verification link has expired. Send yourself a new one from Settings.';
export const LINK_INVALID =
  'This verification link is not valid. Use the newest link we sent, or send yourself a new one from Settings.';
export const LINK_OLD_ADDRESS =
  'This verification link was sent to an address your account no longer uses. Send a new one from Settings.';

const refused = (code: string, message: string) => new AppError(400, code, message);

/**
 * Marks the address verified when the token is this purpose's, unexpired, and names the person's current
 * address. Verifying again keeps the first time. Answers the address verified.
 */
export async function verifyEmail(deps: VerificationDeps, token: string): Promise<{ email: string }> {
  let payload: { sub?: string; purpose?: unknown; email?: unknown };
  try {
    ({ payload } = await jwtVerify(token, deps.keys.secret, {
      algorithms: ['HS256'],
      audience: AUDIENCE,
      currentDate: deps.now(),
    }));
  } catch (error) {
    if (error instanceof joseErrors.JWTExpired) throw refused('VERIFICATION_EXPIRED', LINK_EXPIRED);
    throw refused('VERIFICATION_INVALID', LINK_INVALID);
  }
  if (payload.purpose !== PURPOSE || !payload.sub || typeof payload.email !== 'string') {
    throw refused('VERIFICATION_INVALID', LINK_INVALID);
  }
  const person = await getUser(deps.db, { userId: payload.sub });
  if (!person) throw refused('VERIFICATION_INVALID', LINK_INVALID);
  if (normalise(person.email) !== payload.email) {
    throw refused('VERIFICATION_OLD_ADDRESS', LINK_OLD_ADDRESS);
  }
  if (!person.emailVerifiedAt) {
    await updateUser(deps.db, { userId: person.id, emailVerifiedAt: deps.now(), now: deps.now() });
  }
  return { email: person.email };
}

/** The verification email: a fixed subject, the link, and what to do if it was not them. */
export function verificationEmail(link: string) {
  const text = [
    'Confirm your email address',
    '',
    'Open this link to confirm this is your address, so Tally can send you email notifications:',
    link,
    '',
    `The link works for ${VERIFY_EMAIL_TTL_HOURS} hours. If you did not sign up for Tally, ignore this email: nothing more will be sent to you.`,
  ].join('\n');
  const html = `<!doctype html>
<html><body style="font-family: system-ui, -apple-system, Segoe UI, Roboto, sans-serif; color: #1f2933; line-height: 1.5">
<h1 style="font-size: 20px; margin: 0 0 12px">Confirm your email address</h1>
<p style="margin: 0 0 16px">Confirm this is your address, so Tally can send you email notifications.</p>
<p style="margin: 0 0 24px"><a href="${escapeHtml(link)}" style="background: #2f7d4f; color: #ffffff; padding: 10px 16px; border-radius: 6px; text-decoration: none; display: inline-block">Confirm my address</a></p>
<p style="font-size: 12px; color: #5f6b76">The link works for ${VERIFY_EMAIL_TTL_HOURS} hours. If you did not sign up for Tally, ignore this email: nothing more will be sent to you.</p>
</body></html>`;
  return { subject: VERIFICATION_SUBJECT, text, html };
}

/**
 * Sends the person a link to verify their address: the one email that goes to an address before it is
 * verified. The address and subject are fixed; nothing the person typed is in it. False without SMTP.
 */
export async function sendVerificationEmail(
  deps: VerificationDeps,
  user: Pick<UserRow, 'id' | 'email'>,
): Promise<boolean> {
  if (!deps.mailer) return false;
  const token = await createVerificationToken(deps.keys, user);
  const link = `${deps.publicUrl.replace(/\/+$/, '')}${VERIFY_EMAIL_PATH}?token=${encodeURIComponent(token)}`;
  await deps.mailer.send({ to: user.email, ...verificationEmail(link) });
  return true;
}
