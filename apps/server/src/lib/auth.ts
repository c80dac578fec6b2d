import { webcrypto } from 'node:crypto';
import { and, eq, gt, inArray, isNotNull, isNull, lte, ne, or, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { jwtVerify, SignJWT } from 'jose';
import type { Db } from '../db/client';
import { pushSubscriptions, sessions, users } from '../db/schema';
import { unauthorized } from './errors';

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
  return async function authenticate(request: FastifyRequest, _reply: FastifyReply) {
    const header = request.headers.authorization;
    const token = header?.startsWith('Bearer ') ? header.slice(7).trim() : undefined;
    if (!token) throw unauthorized();
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
