import { createHash, webcrypto } from 'node:crypto';
import { ACCESS_TOKEN_PREFIX, planAllows, planState, upgradeMessage } from '@tally/shared';
import { and, eq, gt, inArray, isNotNull, isNull, lte, ne, or, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { jwtVerify, SignJWT } from 'jose';
import type { Db } from '../db/client';
import { accessTokens, pushSubscriptions, sessions, users } from '../db/schema';
import { AppError, unauthorized } from './errors';

export type UserRow = typeof users.$inferSelect;

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by `authenticate`; routes that use it may rely on it. */
    user: UserRow;
    sessionId: string;
  }
}

/** What signs and checks tokens, with the app's clock for issue times and expiry (tests pin it). */
export type TokenKeys = { secret: webcrypto.CryptoKey; ttlHours: number; now: () => Date };

/** The key is imported once: handed raw bytes, every signature and check would import it again. */
export async function tokenKeys(secret: string, ttlHours: number, now: () => Date): Promise<TokenKeys> {
  const key = await webcrypto.subtle.importKey(
    'raw',
    new TextEncoder().encode(secret),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign', 'verify'],
  );
  return { secret: key, ttlHours, now };
}

/** Who is signing in, as the request shows: its address, and the browser's own description. */
export type Client = { ip: string; userAgent?: string | undefined };

/** The longest User-Agent kept: real ones are a few hundred characters. */
const USER_AGENT_LIMIT = 512;

export const clientOf = (request: FastifyRequest): Client => ({
  ip: request.ip,
  userAgent: request.headers['user-agent']?.slice(0, USER_AGENT_LIMIT),
});

/**
 * Opens a session row and signs a token naming it; revoking the row kills the token. The row keeps where
 * it was opened from and by what browser, for the person's list of signed-in devices.
 */
export async function issueToken(db: Db, keys: TokenKeys, userId: string, client?: Client) {
  const issuedAt = keys.now();
  const expiresAt = new Date(issuedAt.getTime() + keys.ttlHours * 3_600_000);
  const [session] = await db
    .insert(sessions)
    .values({
      userId,
      expiresAt,
      createdAt: issuedAt,
      ip: client?.ip ?? null,
      userAgent: client?.userAgent ?? null,
      lastSeenAt: issuedAt,
    })
    .returning({ id: sessions.id });
  const token = await new SignJWT({})
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(userId)
    .setJti(session!.id)
    .setIssuedAt(issuedAt)
    .setExpirationTime(expiresAt)
    .sign(keys.secret);
  return { token, expiresAt };
}

/**
 * Signs one session out (sessionId), or all of the person's: the sessions are kept, marked revoked, so their
 * tokens stop working. What was delivered to a browser through a session goes with it, in the same
 * transaction: its push subscriptions (the only delivery bound to a session; email goes to the verified
 * address). Revoking them all forgets every browser of the person, so whoever had a way in (an old
 * password, an account linked to Google since) keeps no window onto the owner's notifications.
 */
export async function revokeSessions(
  db: Db,
  where: { userId: string; sessionId?: string; now: Date /** All but this one. */; keep?: string },
) {
  return db.transaction(async (tx) => {
    const revoked = await tx
      .update(sessions)
      .set({ revokedAt: where.now })
      .where(
        and(
          eq(sessions.userId, where.userId),
          isNull(sessions.revokedAt),
          where.sessionId ? eq(sessions.id, where.sessionId) : undefined,
          where.keep ? ne(sessions.id, where.keep) : undefined,
        ),
      )
      .returning({ id: sessions.id });
    // Signing out everywhere (else) takes the person's access tokens too: whoever got in keeps no key.
    if (!where.sessionId) await tx.delete(accessTokens).where(eq(accessTokens.userId, where.userId));
    await tx
      .delete(pushSubscriptions)
      .where(
        and(
          eq(pushSubscriptions.userId, where.userId),
          where.sessionId ? eq(pushSubscriptions.sessionId, where.sessionId) : undefined,
          where.keep ? ne(pushSubscriptions.sessionId, where.keep) : undefined,
        ),
      );
    return revoked.length;
  });
}

/** Whether a session is still signed in at `now`: not revoked and not expired. */
export const sessionIsLive = (now: Date) => and(isNull(sessions.revokedAt), gt(sessions.expiresAt, now));

/**
 * Deletes push subscriptions whose session is over (revoked or expired), of one person or of everyone
 * (the scheduled clean-up). Delivery never sends to them anyway; this keeps the table to live browsers.
 */
export async function deleteOrphanedPushSubscriptions(
  db: Db,
  { userId, now }: { userId?: string; now: Date },
) {
  const over = db
    .select({ id: sessions.id })
    .from(sessions)
    .where(
      and(
        userId ? eq(sessions.userId, userId) : undefined,
        or(isNotNull(sessions.revokedAt), lte(sessions.expiresAt, now)),
      ),
    );
  await db
    .delete(pushSubscriptions)
    .where(
      and(
        userId ? eq(pushSubscriptions.userId, userId) : undefined,
        inArray(pushSubscriptions.sessionId, over),
      ),
    );
}

/** The bearer token a request carries, read one way for every check. */
const bearerOf = (request: FastifyRequest) => {
  const header = request.headers.authorization;
  return header?.startsWith('Bearer ') ? header.slice(7).trim() : undefined;
};
const isAccessToken = (token: string | undefined) => token?.startsWith(ACCESS_TOKEN_PREFIX) === true;
/** `tly_` and 32 random bytes in base64url: anything else is refused without a lookup. */
const ACCESS_TOKEN_SHAPE = /^tly_[A-Za-z0-9_-]{43}$/;

const reads = (request: FastifyRequest) => request.method === 'GET' || request.method === 'HEAD';
const readOnlyToken = () =>
  new AppError(403, 'READ_ONLY_TOKEN', 'An access token can only read. Sign in to Tally to make changes.');
/**
 * What a token never reads: the account's sign-in settings (devices and where they are, passkeys, two-factor,
 * the tokens themselves). A token leaked with a script must not tell where its owner signs in.
 */
const SESSION_ONLY = ['/api/auth/', '/api/access-tokens'];

/**
 * onRequest, for every API route: a request with an access token that is not a read is refused before
 * its body is read or checked, whatever the route (the authenticator refuses it too).
 */
export async function refuseAccessTokenWrites(request: FastifyRequest) {
  if (!reads(request) && isAccessToken(bearerOf(request))) throw readOnlyToken();
}

/** The rate limit's key for a request made with an access token (its hash, never the secret), or undefined. */
export function accessTokenKey(request: FastifyRequest): string | undefined {
  const token = bearerOf(request);
  return token && isAccessToken(token) ? `access-token:${accessTokenHash(token)}` : undefined;
}

/** What is kept of an access token's secret: its SHA-256 (the secret is 32 random bytes, so no salt). */
export const accessTokenHash = (secret: string) => createHash('sha256').update(secret).digest('hex');

const planAllowsTokens = (user: UserRow, now: Date) => planAllows(planState(user, now).plan, 'access-tokens');

/** How stale a session's "last seen" may get before a request writes it again. */
export const LAST_SEEN_EVERY_MS = 5 * 60_000;

/** preHandler (not onRequest, so rate limits still count failures): bearer JWT whose session is live. */
export function authenticator(db: Db, keys: TokenKeys) {
  // Built once: every authenticated request runs it.
  const sessionUser = db
    .select({ user: users, lastSeenAt: sessions.lastSeenAt })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.id, sql.placeholder('sessionId')),
        eq(sessions.userId, sql.placeholder('userId')),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, sql.placeholder('now')),
      ),
    )
    .prepare('session_user');
  const tokenUser = db
    .select({ user: users, id: accessTokens.id, lastUsedAt: accessTokens.lastUsedAt })
    .from(accessTokens)
    .innerJoin(users, eq(users.id, accessTokens.userId))
    .where(
      and(
        eq(accessTokens.secretHash, sql.placeholder('secretHash')),
        or(isNull(accessTokens.expiresAt), gt(accessTokens.expiresAt, sql.placeholder('now'))),
      ),
    )
    .prepare('access_token_user');

  /** A personal access token (Settings → Connected apps): it reads, on a plan that includes it. */
  async function byAccessToken(request: FastifyRequest, secret: string) {
    const now = keys.now();
    const [row] = ACCESS_TOKEN_SHAPE.test(secret)
      ? await tokenUser.execute({ secretHash: accessTokenHash(secret), now })
      : [];
    if (!row) throw unauthorized('This access token is not valid: it was revoked or has expired.');
    if (!planAllowsTokens(row.user, now)) {
      throw new AppError(403, 'PLAN_REQUIRED', upgradeMessage('access-tokens'));
    }
    if (!reads(request)) throw readOnlyToken();
    if (SESSION_ONLY.some((path) => request.routeOptions.url?.startsWith(path))) {
      throw new AppError(
        403,
        'SESSION_ONLY',
        "An access token cannot read your account's sign-in settings. Sign in to Tally to see them.",
      );
    }
    request.user = row.user;
    // No session: nothing the request does is bound to a signed-in browser.
    request.sessionId = '';
    if (!row.lastUsedAt || now.getTime() - row.lastUsedAt.getTime() > LAST_SEEN_EVERY_MS) {
      await db.update(accessTokens).set({ lastUsedAt: now }).where(eq(accessTokens.id, row.id));
    }
  }

  return async function authenticate(request: FastifyRequest, _reply: FastifyReply) {
    const token = bearerOf(request);
    if (!token) throw unauthorized();
    if (isAccessToken(token)) return byAccessToken(request, token);
    let payload: { sub?: string; jti?: string };
    try {
      const currentDate = keys.now();
      ({ payload } = await jwtVerify(token, keys.secret, { algorithms: ['HS256'], currentDate }));
    } catch {
      throw unauthorized('Your session has expired. Please sign in again.');
    }
    if (!payload.sub || !payload.jti) throw unauthorized();
    const [row] = await sessionUser.execute({ sessionId: payload.jti, userId: payload.sub, now: keys.now() });
    if (!row) throw unauthorized('Your session has expired. Please sign in again.');
    request.user = row.user;
    request.sessionId = payload.jti;
    // Last seen, to within a few minutes: one write per session every LAST_SEEN_EVERY_MS, not one per request.
    const now = keys.now();
    if (!row.lastSeenAt || now.getTime() - row.lastSeenAt.getTime() > LAST_SEEN_EVERY_MS) {
      await db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.id, payload.jti));
    }
  };
}
