import {
  addPasskeyBody,
  changePasswordBody,
  confirmPersonBody,
  disableTwoFactorBody,
  enableTwoFactorBody,
  errorBody,
  googleLoginBody,
  loginBody,
  loginResult,
  passkey,
  passkeyList,
  passkeyLoginBody,
  recoveryCodesResult,
  registerBody,
  renamePasskeyBody,
  sessionDeviceList,
  setPasswordBody,
  twoFactorCodeBody,
  twoFactorSetup,
  twoFactorStatus,
  verifyEmailBody,
  verifyEmailResult,
  webauthnOptions,
} from '@tally/shared';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { clientOf, revokeSessions } from '../../lib/auth';
import type { AppContext } from '../../lib/context';
import { AppError } from '../../lib/errors';
import { perUserRateLimit } from '../../lib/rate-limit';
import { createMailer } from '../../providers/mail/mailer';
import {
  type AuthDeps,
  asGuess,
  changePassword,
  googleLogin,
  login,
  passkeyLogin,
  register,
  SignInThrottled,
  setPassword,
} from './auth.service';
import { sendVerificationEmail, verifyEmail } from './email-verification';
import {
  addPasskey,
  listPasskeys,
  registrationOptions,
  removePasskey,
  renamePasskey,
  signInOptions,
} from './passkeys';
import { tellSecurity } from './security-notices';
import { listSessions, signOutOthers, signOutSession } from './sessions';
import {
  confirmPerson,
  disable,
  enable,
  renewRecoveryCodes,
  startSetup,
  twoFactorStatus as twoFactorStatusOf,
} from './two-factor';

/** Links a person may ask for in an hour: enough for a lost email, too few to mail someone over and over. */
export const VERIFICATION_SENDS_PER_HOUR = 3;

/** What signing in and confirming the person need, from the app's context. */
export const authDepsOf = (ctx: AppContext): AuthDeps => ({
  db: ctx.database.db,
  cipher: ctx.cipher,
  queue: ctx.queue,
  log: ctx.log,
  publicUrl: ctx.config.publicUrl,
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
});

/** onError: a throttled client is answered at once with when to come back, never kept waiting. */
export const sayWhenToComeBack = async (_req: unknown, reply: FastifyReply, error: unknown) => {
  if (error instanceof SignInThrottled) reply.header('retry-after', String(error.retryAfterSeconds));
};

export const authRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  const deps = authDepsOf(ctx);
  const rateLimit = { max: ctx.config.authRateLimitPerMinute, timeWindow: '1 minute' };
  const errors = { 400: errorBody, 401: errorBody, 409: errorBody, 429: errorBody };

  app.post(
    '/auth/register',
    {
      config: { rateLimit },
      schema: { tags: ['auth'], body: registerBody, response: { 201: loginResult, ...errors } },
    },
    async (req, reply) => reply.status(201).send(await register(deps, req.body, clientOf(req))),
  );

  app.post(
    '/auth/login',
    {
      config: { rateLimit },
      schema: { tags: ['auth'], body: loginBody, response: { 200: loginResult, ...errors } },
      onError: sayWhenToComeBack,
    },
    async (req) => login(deps, req.body, clientOf(req)),
  );

  app.post(
    '/auth/google-login',
    {
      config: { rateLimit },
      schema: { tags: ['auth'], body: googleLoginBody, response: { 200: loginResult, ...errors } },
      onError: sayWhenToComeBack,
    },
    async (req) => googleLogin(deps, req.body, clientOf(req)),
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
    async (req) => changePassword(deps, req.user, req.body, clientOf(req)),
  );

  app.post(
    '/auth/set-password',
    {
      config: { rateLimit },
      preHandler: ctx.authenticate,
      schema: { tags: ['auth'], body: setPasswordBody, response: { 200: loginResult, ...errors } },
    },
    async (req) => setPassword(deps, req.user, req.body, clientOf(req)),
  );

  // Two-factor sign-in. Every password or code checked here counts like a sign-in guess (asGuess).
  const twoFactor = { tags: ['auth'] };

  app.get(
    '/auth/two-factor',
    {
      preHandler: ctx.authenticate,
      schema: { ...twoFactor, response: { 200: twoFactorStatus, 401: errorBody } },
    },
    async (req) => twoFactorStatusOf(deps, req.user),
  );

  app.post(
    '/auth/two-factor/setup',
    {
      preHandler: ctx.authenticate,
      config: { rateLimit },
      schema: { ...twoFactor, response: { 200: twoFactorSetup, ...errors } },
    },
    async (req) => startSetup(deps, req.user),
  );

  app.post(
    '/auth/two-factor/enable',
    {
      preHandler: ctx.authenticate,
      config: { rateLimit },
      onError: sayWhenToComeBack,
      schema: { ...twoFactor, body: enableTwoFactorBody, response: { 200: recoveryCodesResult, ...errors } },
    },
    async (req) => {
      const codes = await asGuess(deps, req.user, req.ip, () => enable(deps, req.user, req.body));
      await tellSecurity(deps, req.user.id, { kind: 'two_factor_on' });
      return codes;
    },
  );

  app.post(
    '/auth/two-factor/recovery-codes',
    {
      preHandler: ctx.authenticate,
      config: { rateLimit },
      onError: sayWhenToComeBack,
      schema: { ...twoFactor, body: twoFactorCodeBody, response: { 200: recoveryCodesResult, ...errors } },
    },
    async (req) => asGuess(deps, req.user, req.ip, () => renewRecoveryCodes(deps, req.user, req.body.code)),
  );

  app.post(
    '/auth/two-factor/disable',
    {
      preHandler: ctx.authenticate,
      config: { rateLimit },
      onError: sayWhenToComeBack,
      schema: { ...twoFactor, body: disableTwoFactorBody, response: { 204: z.null(), ...errors } },
    },
    async (req, reply) => {
      await asGuess(deps, req.user, req.ip, () => disable(deps, req.user, req.body));
      await tellSecurity(deps, req.user.id, { kind: 'two_factor_off' });
      return reply.status(204).send(null);
    },
  );

  // Signed-in devices: the person's own sessions only; another person's id is not found.
  app.get(
    '/auth/sessions',
    {
      preHandler: ctx.authenticate,
      schema: { tags: ['auth'], response: { 200: sessionDeviceList, 401: errorBody } },
    },
    async (req) => ({
      sessions: await listSessions(deps.db, {
        userId: req.user.id,
        currentSessionId: req.sessionId,
        now: ctx.now(),
      }),
    }),
  );

  app.delete(
    '/auth/sessions/:id',
    {
      preHandler: ctx.authenticate,
      schema: {
        tags: ['auth'],
        params: z.object({ id: z.uuid({ error: 'Unknown device' }) }),
        response: { 204: z.null(), 400: errorBody, 401: errorBody, 404: errorBody },
      },
    },
    async (req, reply) => {
      await signOutSession(deps.db, { userId: req.user.id, sessionId: req.params.id, now: ctx.now() });
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/auth/sessions/sign-out-others',
    {
      preHandler: ctx.authenticate,
      schema: {
        tags: ['auth'],
        response: { 200: z.object({ signedOut: z.number().int() }), 401: errorBody },
      },
    },
    async (req) => ({
      signedOut: await signOutOthers(deps.db, {
        userId: req.user.id,
        currentSessionId: req.sessionId,
        now: ctx.now(),
      }),
    }),
  );

  // Passkeys: the person's own, added and named in Settings; any of them signs in without a password.
  const passkeyId = z.object({ id: z.uuid({ error: 'Passkey not found' }) });
  app.get(
    '/auth/passkeys',
    {
      preHandler: ctx.authenticate,
      schema: { tags: ['auth'], response: { 200: passkeyList, 401: errorBody } },
    },
    async (req) => ({ passkeys: await listPasskeys(deps, req.user) }),
  );

  // A passkey outlasts a password change and every sign-out: adding one asks for the person, not a session.
  app.post(
    '/auth/passkeys/options',
    {
      preHandler: ctx.authenticate,
      config: { rateLimit },
      onError: sayWhenToComeBack,
      schema: { tags: ['auth'], body: confirmPersonBody, response: { 200: webauthnOptions, ...errors } },
    },
    async (req) =>
      asGuess(deps, req.user, req.ip, async () => {
        await confirmPerson(deps, req.user, req.body);
        return registrationOptions(deps, req.user);
      }),
  );

  app.post(
    '/auth/passkeys',
    {
      preHandler: ctx.authenticate,
      config: { rateLimit },
      schema: { tags: ['auth'], body: addPasskeyBody, response: { 201: passkey, ...errors } },
    },
    async (req, reply) => {
      const added = await addPasskey(deps, req.user, req.body);
      await tellSecurity(deps, req.user.id, { kind: 'passkey_added', name: added.name });
      return reply.status(201).send(added);
    },
  );

  app.put(
    '/auth/passkeys/:id',
    {
      preHandler: ctx.authenticate,
      schema: {
        tags: ['auth'],
        params: passkeyId,
        body: renamePasskeyBody,
        response: { 200: passkey, 400: errorBody, 401: errorBody, 404: errorBody },
      },
    },
    async (req) => renamePasskey(deps, req.user, req.params.id, req.body.name),
  );

  app.delete(
    '/auth/passkeys/:id',
    {
      preHandler: ctx.authenticate,
      schema: {
        tags: ['auth'],
        params: passkeyId,
        response: { 204: z.null(), 400: errorBody, 401: errorBody, 404: errorBody },
      },
    },
    async (req, reply) => {
      await removePasskey(deps, req.user, req.params.id);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/auth/passkey-login/options',
    { config: { rateLimit }, schema: { tags: ['auth'], response: { 200: webauthnOptions, 429: errorBody } } },
    async () => signInOptions(deps),
  );

  app.post(
    '/auth/passkey-login',
    {
      config: { rateLimit },
      schema: { tags: ['auth'], body: passkeyLoginBody, response: { 200: loginResult, ...errors } },
    },
    async (req) => passkeyLogin(deps, req.body, clientOf(req)),
  );
};
