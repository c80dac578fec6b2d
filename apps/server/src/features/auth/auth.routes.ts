import {
  changePasswordBody,
  errorBody,
  googleLoginBody,
  loginBody,
  loginResult,
  registerBody,
  setPasswordBody,
} from '@tally/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { revokeSessions } from '../../lib/auth';
import type { AppContext } from '../../lib/context';
import {
  type AuthDeps,
  changePassword,
  googleLogin,
  login,
  register,
  SignInThrottled,
  setPassword,
} from './auth.service';

export const authRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  const deps: AuthDeps = {
    db: ctx.database.db,
    keys: ctx.keys,
    verifyGoogle: ctx.verifyGoogle,
    lockout: { failures: ctx.config.loginFailuresBeforeLock, minutes: ctx.config.loginLockMinutes },
    now: ctx.now,
  };
  const rateLimit = { max: ctx.config.authRateLimitPerMinute, timeWindow: '1 minute' };
  const errors = { 400: errorBody, 401: errorBody, 409: errorBody, 429: errorBody };

  app.post(
    '/auth/register',
    {
      config: { rateLimit },
      schema: { tags: ['auth'], body: registerBody, response: { 201: loginResult, ...errors } },
    },
    async (req, reply) => reply.status(201).send(await register(deps, req.body)),
  );

  app.post(
    '/auth/login',
    {
      config: { rateLimit },
      schema: { tags: ['auth'], body: loginBody, response: { 200: loginResult, ...errors } },
      // A throttled client is answered at once with when to come back, never kept waiting on an open connection.
      onError: async (_req, reply, error) => {
        if (error instanceof SignInThrottled) reply.header('retry-after', String(error.retryAfterSeconds));
      },
    },
    async (req) => login(deps, req.body, req.ip),
  );

  app.post(
    '/auth/google-login',
    {
      config: { rateLimit },
      schema: { tags: ['auth'], body: googleLoginBody, response: { 200: loginResult, ...errors } },
    },
    async (req) => googleLogin(deps, req.body),
  );

  app.post(
    '/auth/logout',
    { preHandler: ctx.authenticate, schema: { tags: ['auth'], response: { 204: z.null(), 401: errorBody } } },
    async (req, reply) => {
      await revokeSessions(deps.db, { userId: req.user.id, sessionId: req.sessionId, now: ctx.now() });
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/auth/change-password',
    {
      config: { rateLimit },
      preHandler: ctx.authenticate,
      schema: { tags: ['auth'], body: changePasswordBody, response: { 200: loginResult, ...errors } },
    },
    async (req) => changePassword(deps, req.user, req.body),
  );

  app.post(
    '/auth/set-password',
    {
      config: { rateLimit },
      preHandler: ctx.authenticate,
      schema: { tags: ['auth'], body: setPasswordBody, response: { 200: loginResult, ...errors } },
    },
    async (req) => setPassword(deps, req.user, req.body),
  );
};
