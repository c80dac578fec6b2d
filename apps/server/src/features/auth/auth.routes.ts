import {
  changePasswordBody,
  errorBody,
  googleLoginBody,
  loginBody,
  loginResult,
  registerBody,
  setPasswordBody,
  verifyEmailBody,
  verifyEmailResult,
} from '@tally/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { revokeSessions } from '../../lib/auth';
import type { AppContext } from '../../lib/context';
import { AppError } from '../../lib/errors';
import { perUserRateLimit } from '../../lib/rate-limit';
import { createMailer } from '../../providers/mail/mailer';
import {
  type AuthDeps,
  changePassword,
  googleLogin,
  login,
  register,
  SignInThrottled,
  setPassword,
} from './auth.service';
import { sendVerificationEmail, verifyEmail } from './email-verification';

/** Links a person may ask for in an hour: enough for a lost email, too few to mail someone over and over. */
export const VERIFICATION_SENDS_PER_HOUR = 3;

export const authRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  const deps: AuthDeps = {
    db: ctx.database.db,
    keys: ctx.keys,
    verifyGoogle: ctx.verifyGoogle,
    lockout: { failures: ctx.config.loginFailuresBeforeLock, minutes: ctx.config.loginLockMinutes },
    now: ctx.now,
    newAccountPlan: ctx.config.selfHostedPlan ?? 'starter',
    verification: {
      db: ctx.database.db,
      keys: ctx.keys,
      mailer: createMailer(ctx.config.smtp),
      publicUrl: ctx.config.publicUrl,
      now: ctx.now,
      log: ctx.log,
    },
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

  /** Sign out everywhere: every session of the person, this one included, and every browser's push. */
  app.post(
    '/auth/logout-all',
    { preHandler: ctx.authenticate, schema: { tags: ['auth'], response: { 204: z.null(), 401: errorBody } } },
    async (req, reply) => {
      await revokeSessions(deps.db, { userId: req.user.id, now: ctx.now() });
      return reply.status(204).send(null);
    },
  );

  /**
   * The link in the verification email, opened by the web page it points to: public (the link may be
   * opened where nobody is signed in), the token says whose address it is. Limited like sign-in.
   */
  app.post(
    '/auth/verify-email',
    {
      config: { rateLimit },
      schema: {
        tags: ['auth'],
        body: verifyEmailBody,
        response: { 200: verifyEmailResult, 400: errorBody, 429: errorBody },
      },
    },
    async (req) => verifyEmail(deps.verification, req.body.token),
  );

  // Only a server that can send email offers to send a link; Settings says so when it cannot.
  if (deps.verification.mailer) {
    app.post(
      '/auth/verify-email/send',
      {
        preHandler: ctx.authenticate,
        config: { rateLimit: perUserRateLimit(VERIFICATION_SENDS_PER_HOUR, '1 hour') },
        schema: {
          tags: ['auth'],
          response: { 204: z.null(), 401: errorBody, 409: errorBody, 429: errorBody, 502: errorBody },
        },
      },
      async (req, reply) => {
        if (req.user.emailVerifiedAt) {
          throw new AppError(409, 'ALREADY_VERIFIED', 'Your email address is already verified.');
        }
        try {
          await sendVerificationEmail(deps.verification, req.user);
        } catch (error) {
          req.log.warn({ err: error }, 'verification email not sent');
          throw new AppError(
            502,
            'MAIL_FAILED',
            "We couldn't send the email just now. Please try again in a few minutes.",
          );
        }
        return reply.status(204).send(null);
      },
    );
  }

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
