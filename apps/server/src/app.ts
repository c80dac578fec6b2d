import zlib from 'node:zlib';
import compress from '@fastify/compress';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyBaseLogger, LogController, type onRouteHookHandler } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config';
import { type Database, vacuumAfterImports } from './db/client';
import { accountsRoutes } from './features/accounts/accounts.routes';
import { webhookRoutes } from './features/accounts/webhook.routes';
import { aiRoutes } from './features/ai/ai.routes';
import { INSIGHTS_REFRESH_DELAY_MS, insightsRefresher } from './features/ai/insights-refresh';
import { vocabularyCache } from './features/ai/vocabulary-cache';
import { accessTokenRoutes } from './features/auth/access-tokens';
import { authRoutes } from './features/auth/auth.routes';
import { billingRoutes } from './features/billing/billing.routes';
import { budgetsRoutes } from './features/budgets/budgets.routes';
import { exportRoutes } from './features/export/export.routes';
import { importsRoutes } from './features/imports/imports.routes';
import { manualAccountsRoutes } from './features/manual-accounts/manual-accounts.routes';
import { catchUpThrottle } from './features/notifications/catch-up-throttle';
import { notificationsRoutes } from './features/notifications/notifications.routes';
import { onboardingRoutes } from './features/onboarding/onboarding.routes';
import { reportsRoutes } from './features/reports/reports.routes';
import { rulesRoutes } from './features/rules/rules.routes';
import { savingsRoutes } from './features/savings/savings.routes';
import { settingsRoutes } from './features/settings/settings.routes';
import { subscriptionsRoutes } from './features/subscriptions/subscriptions.routes';
import { supportRoutes } from './features/support/support.routes';
import { systemRoutes } from './features/system/system.routes';
import { personalClocks, testClockRoutes } from './features/system/test-clock.routes';
import { taxRoutes } from './features/tax/tax.routes';
import { transactionsRoutes } from './features/transactions/transactions.routes';
import { startBackups } from './jobs/backup.job';
import { startBankSyncWorker } from './jobs/bank-sync.job';
import { startBudgetRoll } from './jobs/budget-roll.job';
import { startLoginFailuresPrune } from './jobs/login-failures.job';
import { startNotifications } from './jobs/notifications.job';
import { startOnboardingPreparation } from './jobs/onboarding-prepare.job';
import { startQueue } from './jobs/queue';
import { startSavingsShare } from './jobs/savings-share.job';
import { accessTokenKey, authenticator, refuseAccessTokenWrites, tokenKeys } from './lib/auth';
import type { AppContext } from './lib/context';
import { createCipher } from './lib/crypto';
import { errorHandler, tooManyRequests } from './lib/errors';
import { createLogger } from './lib/logger';
import { refuseNulCharacters } from './lib/request-text';
import { createAdvisorModel } from './providers/ai/model';
import { createBankProvider } from './providers/bank';
import { createPlaidWebhookVerifier } from './providers/bank/plaid-webhook';
import type { BankProvider } from './providers/bank/types';
import { type GoogleVerifier, googleVerifier } from './providers/identity/google';
import { inlineScriptHashes, webRoutes } from './web';

export type BuildAppOptions = {
  config: Config;
  /** Already migrated. */
  database: Database;
  jwtSecret: string;
  /** Key for bank access tokens at rest. */
  tokenEncryptionKey: string;
  verifyGoogle?: GoogleVerifier;
  bankProvider?: BankProvider;
  /** The clock for "today" (quick-sync window, demo bank); tests pin it. */
  now?: () => Date;
  /** Run background jobs in this process (default true). */
  runJobs?: boolean;
  /** The logger the app logs through; server.ts shares it with the database opened before the app. */
  log?: FastifyBaseLogger;
  /** Hears every route as it is added (tests read the route table from it). */
  onRoute?: onRouteHookHandler;
  /** Tests only: origins of a local push service taken besides the browsers' push services. */
  testPushOrigins?: readonly string[];
  /** How long after a person's change their insights are recomputed in the background; null: never (tests). */
  refreshInsightsAfterMs?: number | null;
};

const GOOGLE = 'https://accounts.google.com';
const PLAID_CDN = 'https://cdn.plaid.com';

export async function buildApp({
  config,
  database,
  jwtSecret,
  tokenEncryptionKey,
  verifyGoogle,
  bankProvider,
  now = () => new Date(),
  runJobs = true,
  log = createLogger(config),
  onRoute,
  testPushOrigins,
  refreshInsightsAfterMs = INSIGHTS_REFRESH_DELAY_MS,
}: BuildAppOptions) {
  const clock = config.testClock ? personalClocks(now) : null;
  if (clock) now = clock.now;
  const app = Fastify({
    loggerInstance: log,
    // Two lines a request (received, answered) are the operators' access log: off unless asked for.
    logController: new LogController({ disableRequestLogging: !config.logRequests }),
    bodyLimit: 256 * 1024,
    trustProxy: config.trustProxy,
  });
  if (onRoute) app.addHook('onRoute', onRoute);
  if (clock) app.addHook('onRequest', clock.track);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.setErrorHandler(errorHandler);
  app.addHook('preValidation', refuseNulCharacters);
  // An empty JSON body is no body: a route whose body is optional (reset-and-resync) takes it as absent,
  // one that needs a body still answers 'Request body is required'. Anything else parses as Fastify does.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) =>
    body.length === 0 ? done(null, undefined) : parseJson(req, body.toString(), done),
  );

  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        // The pages' boot scripts by hash: no other inline script runs.
        scriptSrc: ["'self'", ...inlineScriptHashes(config.webDistDir), GOOGLE, PLAID_CDN],
        // Mantine sets style attributes at run time; Google's button injects its stylesheet.
        styleSrc: ["'self'", "'unsafe-inline'", GOOGLE],
        imgSrc: ["'self'", 'data:', 'https://*.googleusercontent.com', GOOGLE],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", GOOGLE, 'https://*.plaid.com'],
        frameSrc: [GOOGLE, PLAID_CDN],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    // Google's sign-in popup talks back to the opener.
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
    // Nothing of ours is ever framed; browsers without frame-ancestors get the same answer.
    frameguard: { action: 'deny' },
  });
  // API answers carry people's money data and sessions: no browser or proxy keeps a copy. A route that
  // chose its own caching keeps it.
  app.addHook('onSend', async (req, reply) => {
    if (req.url.startsWith('/api') && !reply.hasHeader('cache-control')) {
      reply.header('cache-control', 'no-store');
    }
  });
  // A person's write may make something due (a subscription, a budget): their next read of notifications
  // scans again at once rather than waiting out the throttle (moving one's test clock is such a write); and
  // it may name a new merchant or goal, which their next question to the advisor reads.
  // Before the answer leaves, so a read sent the moment it arrives already scans.
  app.addHook('onSend', async (req) => {
    if (req.method === 'GET' || req.method === 'HEAD' || !req.url.startsWith('/api')) return;
    const userId = (req as { user?: { id: string } }).user?.id;
    if (!userId) return;
    catchUpThrottle.changed(userId);
    // The advisor's own questions change nothing it reads its questions against.
    if (!req.url.startsWith('/api/ai/')) vocabularyCache.changed(userId);
  });

  // Answers are compressed as they go (brotli, or gzip): API JSON and docs over 1 KB, and the web app's few
  // files without a copy from the build; the build's brotli and gzip copies are sent as they are. Brotli at
  // quality 2: on answers this size as small as gzip in as little time (quality 4 took twice as long).
  // Answers under 128 KB (all but exports) are compressed in one call: a zlib stream per answer allocated
  // a compressor and a pipeline that cost more than the compression itself.
  await app.register(compress, {
    threshold: 1024,
    syncThreshold: 128 * 1024,
    brotliOptions: {
      params: {
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
        [zlib.constants.BROTLI_PARAM_QUALITY]: 2,
      },
    },
  });

  // Loaded only when it is used, like the SDKs (lib/lazily.ts).
  const redis = config.redisUrl
    ? new (await import('ioredis')).Redis(config.redisUrl, { maxRetriesPerRequest: 1 })
    : undefined;
  if (redis) app.addHook('onClose', async () => void redis.disconnect());
  await app.register(rateLimit, {
    global: false,
    redis,
    errorResponseBuilder: (_req, ctx) =>
      tooManyRequests(`Too many requests. Please wait ${Math.ceil(ctx.ttl / 1000)} seconds and try again.`),
  });

  await app.register(swagger, {
    openapi: { info: { title: 'Tally API', version: '1.0.0' } },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });

  const queue = await startQueue(database, { pollingIntervalSeconds: config.jobPollSeconds, log: app.log });
  // preClose: the background looks stop first (they send to the queue), then the queue drains before
  // anything (the database) is closed under it.
  let stopLooks = () => {};
  app.addHook('preClose', async () => stopLooks());
  app.addHook('preClose', () => queue.stop());
  const plaidWebhookVerifier = config.plaid
    ? createPlaidWebhookVerifier({ ...config.plaid, env: config.plaid.env }, { now })
    : null;

  const keys = await tokenKeys(jwtSecret, config.tokenTtlHours, now);
  const insights = insightsRefresher({ db: database.db, now, log: app.log }, refreshInsightsAfterMs);
  app.addHook('preClose', () => insights.close());
  // Whatever a signed-in person changed through the API, their insights are recomputed once it settles.
  app.addHook('onResponse', async (req, reply) => {
    const user = req.user as typeof req.user | undefined;
    if (user && req.method !== 'GET' && req.method !== 'HEAD' && reply.statusCode < 400)
      insights.changed(user.id);
  });
  const ctx: AppContext = {
    config,
    log: app.log,
    database,
    keys,
    verifyGoogle:
      verifyGoogle ?? googleVerifier({ clientId: config.googleClientId, jwksUrl: config.googleJwksUrl }),
    authenticate: authenticator(database.db, keys),
    now,
    queue,
    bankProvider: bankProvider ?? createBankProvider(config, now),
    advisorModel: createAdvisorModel(config.ai),
    cipher: createCipher(tokenEncryptionKey),
    insights,
  };
  if (runJobs) {
    stopLooks = (await startBankSyncWorker(ctx, { afterImport: vacuumAfterImports(database) })).stop;
    await startLoginFailuresPrune(ctx);
    await startBudgetRoll(ctx);
    await startSavingsShare(ctx);
    await startNotifications(ctx);
    await startOnboardingPreparation(ctx);
    await startBackups(ctx);
  }

  await app.register(
    async (api) => {
      api.addHook('onRequest', refuseAccessTokenWrites);
      // Each access token's requests, counted across servers (Redis when set); sessions are not counted here.
      // createRateLimit, not rateLimit: the plugin's own handler runs once per request, so it would switch
      // off the route's per-person limit.
      const perToken = app.createRateLimit({
        max: config.accessTokenRequestsPerMinute,
        timeWindow: '1 minute',
        keyGenerator: (req) => accessTokenKey(req) ?? '',
      });
      api.addHook('onRequest', async (req, reply) => {
        if (!accessTokenKey(req)) return;
        const result = await perToken(req);
        if (result.isAllowed || !result.isExceeded) return;
        reply.header('retry-after', result.ttlInSeconds);
        throw tooManyRequests(`Too many requests. Please wait ${result.ttlInSeconds} seconds and try again.`);
      });
      await api.register(systemRoutes, ctx);
      await api.register(authRoutes, ctx);
      await api.register(accessTokenRoutes, ctx);
      await api.register(settingsRoutes, ctx);
      await api.register(accountsRoutes, ctx);
      await api.register(webhookRoutes(plaidWebhookVerifier), ctx);
      await api.register(transactionsRoutes, ctx);
      await api.register(manualAccountsRoutes, ctx);
      await api.register(importsRoutes, ctx);
      await api.register(rulesRoutes, ctx);
      await api.register(budgetsRoutes, ctx);
      await api.register(subscriptionsRoutes, ctx);
      await api.register(savingsRoutes, ctx);
      await api.register(aiRoutes, ctx);
      await api.register(notificationsRoutes({ testPushOrigins }), ctx);
      await api.register(billingRoutes(), ctx);
      await api.register(supportRoutes, ctx);
      await api.register(taxRoutes, ctx);
      await api.register(reportsRoutes, ctx);
      await api.register(exportRoutes, ctx);
      await api.register(onboardingRoutes, ctx);
      if (clock) await api.register(testClockRoutes(clock), ctx);
    },
    { prefix: '/api' },
  );

  await webRoutes(app, config.webDistDir);

  return app;
}
