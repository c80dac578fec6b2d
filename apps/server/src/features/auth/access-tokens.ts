import { randomBytes } from 'node:crypto';
import {
  ACCESS_TOKEN_PREFIX,
  ACCESS_TOKENS_MAX,
  type AccessToken,
  accessTokenList,
  createAccessTokenBody,
  createdAccessToken,
  errorBody,
} from '@tally/shared';
import { and, count, desc, eq, gt, isNull, or, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { accessTokens } from '../../db/schema';
import { accessTokenHash } from '../../lib/auth';
import type { AppContext } from '../../lib/context';
import { conflict, notFound } from '../../lib/errors';
import { perUserRateLimit } from '../../lib/rate-limit';
import { requireFeature } from '../billing';
import { authDepsOf, sayWhenToComeBack } from './auth.routes';
import { asGuess } from './auth.service';
import { tellSecurity } from './security-notices';
import { confirmPerson } from './two-factor';

/** Tokens made per person and minute: a person makes one now and then, never dozens. */
const CREATES_PER_MINUTE = 20;
/** The characters of the secret the list shows after `tly_`. */
const HINT_LENGTH = 4;

const toAccessToken = (row: typeof accessTokens.$inferSelect): AccessToken => ({
  id: row.id,
  name: row.name,
  scope: row.scope,
  hint: row.hint,
  createdAt: row.createdAt.toISOString(),
  lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
  expiresAt: row.expiresAt?.toISOString() ?? null,
});

/**
 * Settings → Connected apps: the person's personal access tokens, listed, made and revoked. Any of them
 * reads the person's data through the API (`lib/auth.ts` checks it); none can be used to manage tokens
 * or anything else, as a token only reads. Making one is Premium's (assistant integration); listing and
 * revoking stay open to a person whose plan has ended, so they can still take a key back.
 */
export const accessTokenRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  const db = ctx.database.db;
  const deps = authDepsOf(ctx);
  app.addHook('preHandler', ctx.authenticate);
  const tokenId = z.object({ id: z.uuid({ error: 'Access token not found' }) });

  app.get(
    '/access-tokens',
    { schema: { tags: ['access tokens'], response: { 200: accessTokenList, 401: errorBody } } },
    async (req) => {
      const rows = await db
        .select()
        .from(accessTokens)
        .where(eq(accessTokens.userId, req.user.id))
        .orderBy(desc(accessTokens.createdAt), desc(accessTokens.id));
      return { tokens: rows.map(toAccessToken) };
    },
  );

  app.post(
    '/access-tokens',
    {
      config: { rateLimit: perUserRateLimit(CREATES_PER_MINUTE) },
      onError: sayWhenToComeBack,
      schema: {
        tags: ['access tokens'],
        body: createAccessTokenBody,
        response: {
          201: createdAccessToken,
          400: errorBody,
          401: errorBody,
          403: errorBody,
          409: errorBody,
          429: errorBody,
        },
      },
    },
    async (req, reply) => {
      const now = ctx.now();
      requireFeature(req.user, now, 'access-tokens');
      // The password and code are guesses, counted and throttled like a sign-in's.
      await asGuess(deps, req.user, req.ip, () => confirmPerson(deps, req.user, req.body));
      const secret = `${ACCESS_TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;
      const { name, scope, expiresInDays } = req.body;
      const row = await db.transaction(async (tx) => {
        // One at a time per person, so two at once cannot both pass the count.
        await tx.execute(
          sql`select pg_advisory_xact_lock(hashtextextended(${`access-tokens:${req.user.id}`}, 0))`,
        );
        // Expired ones read nothing: only the live count against the limit.
        const [held] = await tx
          .select({ n: count() })
          .from(accessTokens)
          .where(
            and(
              eq(accessTokens.userId, req.user.id),
              or(isNull(accessTokens.expiresAt), gt(accessTokens.expiresAt, now)),
            ),
          );
        if ((held?.n ?? 0) >= ACCESS_TOKENS_MAX) {
          throw conflict(
            `You can have up to ${ACCESS_TOKENS_MAX} access tokens. Revoke one to create another.`,
          );
        }
        const [made] = await tx
          .insert(accessTokens)
          .values({
            userId: req.user.id,
            name,
            scope,
            secretHash: accessTokenHash(secret),
            hint: secret.slice(0, ACCESS_TOKEN_PREFIX.length + HINT_LENGTH),
            createdAt: now,
            expiresAt: expiresInDays === null ? null : new Date(now.getTime() + expiresInDays * 86_400_000),
          })
          .returning();
        return made!;
      });
      await tellSecurity({ db, queue: ctx.queue, now: ctx.now, log: ctx.log }, req.user.id, {
        kind: 'access_token_created',
        name: row.name,
      });
      return reply.status(201).send({ token: toAccessToken(row), secret });
    },
  );

  app.delete(
    '/access-tokens/:id',
    {
      schema: {
        tags: ['access tokens'],
        params: tokenId,
        response: { 204: z.null(), 400: errorBody, 401: errorBody, 404: errorBody },
      },
    },
    async (req, reply) => {
      const gone = await db
        .delete(accessTokens)
        .where(and(eq(accessTokens.id, req.params.id), eq(accessTokens.userId, req.user.id)))
        .returning({ id: accessTokens.id });
      if (gone.length === 0) throw notFound('Access token not found');
      return reply.status(204).send(null);
    },
  );
};
