import path from 'node:path';
import { type PlanCode, planCode } from '@tally/shared';
import cronParser from 'cron-parser';
import { z } from 'zod';

const optional = z
  .string()
  .trim()
  .transform((v) => (v === '' ? undefined : v))
  .optional();

/** A switch that is on only when set to exactly `true`: unset, empty or `false` is off, anything else refused. */
const exactBoolean = z
  .string()
  .default('false')
  .refine((v) => v === '' || v === 'true' || v === 'false', { message: 'must be exactly true or false' })
  .transform((v) => v === 'true');

/**
 * The embedded database's page cache, all of it in memory from the start (PGlite sets it up when it opens).
 * Measured on a 50,000-row file import into the benchmark's 2M rows: 64MB imported about as fast as 128MB and
 * within a tenth of 256MB, which holds ~190MB more for the server's life; 16MB took a third longer.
 */
export const DEFAULT_PGLITE_SHARED_BUFFERS = '64MB';

/**
 * Connections each server keeps open to PostgreSQL (with DATABASE_URL): requests, background jobs and the
 * job queue's own polling share them. N servers hold up to N times this many.
 */
export const DEFAULT_DATABASE_POOL_SIZE = 10;

/** How long a claim on a history sync holds unless renewed (HISTORY_SYNC_CLAIM_SECONDS); see accounts.sync.ts. */
export const DEFAULT_HISTORY_SYNC_CLAIM_SECONDS = 120;

/** Daily at 03:00 UTC: when the embedded database is backed up unless BACKUP_SCHEDULE says otherwise. */
export const DEFAULT_BACKUP_SCHEDULE = '0 3 * * *';

/** A cron expression as the job queue reads it (five fields, or six with seconds), or `off`. */
const backupSchedule = z
  .string()
  .trim()
  .default(DEFAULT_BACKUP_SCHEDULE)
  .refine(
    (v) => {
      if (v === 'off') return true;
      try {
        cronParser.parseExpression(v, { tz: 'UTC' });
        return /^\S+(\s+\S+){4,5}$/.test(v);
      } catch {
        return false;
      }
    },
    { message: "must be a cron expression such as '0 3 * * *' (in UTC), or off" },
  );

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: optional.pipe(z.url().optional()),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(2).max(1000).default(DEFAULT_DATABASE_POOL_SIZE),
  BACKUP_SCHEDULE: backupSchedule,
  BACKUP_KEEP: z.coerce.number().int().min(1).max(1000).default(7),
  PGLITE_SHARED_BUFFERS: z
    .string()
    .trim()
    .regex(/^\d+(kB|MB|GB)$/, 'a size such as 256MB')
    .default(DEFAULT_PGLITE_SHARED_BUFFERS),
  JWT_SECRET: optional.pipe(z.string().min(32, 'must be at least 32 characters').optional()),
  TOKEN_TTL_HOURS: z.coerce
    .number()
    .int()
    .positive()
    .default(24 * 7),
  GOOGLE_CLIENT_ID: optional,
  GOOGLE_JWKS_URL: z.url().default('https://www.googleapis.com/oauth2/v3/certs'),
  REDIS_URL: optional.pipe(z.url().optional()),
  TRUST_PROXY: z.string().trim().default('false').transform(parseTrustProxy),
  WEB_DIST_DIR: z.string().default(path.resolve(import.meta.dirname, '../../web/dist')),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  LOG_FORMAT: z.enum(['text', 'json'], { error: 'must be text or json' }).optional(),
  LOG_REQUESTS: z.enum(['true', 'false'], { error: 'must be exactly true or false' }).optional(),
  AUTH_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(30),
  ACCESS_TOKEN_REQUESTS_PER_MINUTE: z.coerce.number().int().positive().default(120),
  IMPORT_PREVIEWS_PER_MINUTE_PER_ADDRESS: z.coerce.number().int().positive().default(300),
  IMPORTS_PER_MINUTE_PER_ADDRESS: z.coerce.number().int().positive().default(60),
  LOGIN_FAILURES_BEFORE_LOCK: z.coerce.number().int().positive().default(5),
  LOGIN_LOCK_MINUTES: z.coerce.number().int().positive().default(15),
  PLAID_CLIENT_ID: optional,
  PLAID_SECRET: optional,
  PLAID_ENV: z.enum(['sandbox', 'production']).default('sandbox'),
  PLAID_BASE_URL: optional.pipe(z.url().optional()),
  PLAID_WEBHOOK_URL: optional.pipe(z.url().optional()),
  TOKEN_ENCRYPTION_KEY: optional.pipe(z.string().min(32, 'must be at least 32 characters').optional()),
  JOB_POLL_SECONDS: z.coerce.number().min(0.5).max(60).default(1),
  HISTORY_SYNC_CLAIM_SECONDS: z.coerce
    .number()
    .int()
    .min(2)
    .max(3600)
    .default(DEFAULT_HISTORY_SYNC_CLAIM_SECONDS),
  // Exactly 'true' or 'false': yes/1/on read as on elsewhere, and this one moves time for everyone.
  TEST_CLOCK: exactBoolean,
  ALLOW_TEST_CLOCK_IN_PRODUCTION: exactBoolean,
  AI_BASE_URL: optional.pipe(z.url().optional()),
  AI_API_KEY: optional,
  AI_MODEL: optional,
  AI_INPUT_COST_PER_MILLION: z.coerce.number().min(0).default(0),
  AI_OUTPUT_COST_PER_MILLION: z.coerce.number().min(0).default(0),
  /** Where people open the app; http://localhost:PORT unless set. */
  PUBLIC_URL: optional.pipe(z.url().optional()),
  BILLING_PROVIDER: optional.pipe(z.enum(['self-hosted', 'stripe']).optional()),
  SELF_HOSTED_PLAN: optional.pipe(planCode.default('premium')),
  STRIPE_SECRET_KEY: optional,
  STRIPE_WEBHOOK_SECRET: optional,
  STRIPE_API_BASE: optional.pipe(z.url().optional()),
  SMTP_URL: optional.pipe(z.url().optional()),
  SUPPORT_EMAIL: optional.pipe(z.email('must be an email address').optional()),
  MAIL_FROM: z.string().default('Tally <notifications@tally.local>'),
  VAPID_SUBJECT: z.string().default('mailto:notifications@tally.local'),
});

/**
 * Which proxies' X-Forwarded-For to believe when working out a client's IP (rate limits and lockouts key on it).
 * Off by default: trusting every hop lets any client name its own IP in the header and dodge per-IP limits.
 * Behind a load balancer, list its addresses or CIDRs comma-separated (or proxy-addr's `uniquelocal`);
 * `true` trusts every hop and is only safe when nothing can reach the server except through the proxy.
 */
function parseTrustProxy(value: string): boolean | string {
  if (value === '' || value === 'false') return false;
  if (value === 'true') return true;
  return value;
}

export type Env = z.infer<typeof envSchema>;

export type Config = {
  env: Env['NODE_ENV'];
  host: string;
  port: number;
  dataDir: string;
  databaseUrl: string | undefined;
  /** The PostgreSQL pool's size per server (DEFAULT_DATABASE_POOL_SIZE unless set); unused without databaseUrl. */
  databasePoolSize: number;
  /** PGlite's shared_buffers (DEFAULT_PGLITE_SHARED_BUFFERS unless set); unused with databaseUrl. */
  pgliteSharedBuffers: string;
  /**
   * The embedded database's backups into DATA_DIR/backups: on a cron schedule in UTC (null: none made
   * unless asked), the newest `keep` kept. Unused with databaseUrl (PostgreSQL's own tools back it up).
   */
  backups: { schedule: string | null; keep: number };
  /** Given in env, or generated once into DATA_DIR by the server on start. */
  jwtSecret: string | undefined;
  tokenTtlHours: number;
  googleClientId: string | undefined;
  googleJwksUrl: string;
  redisUrl: string | undefined;
  trustProxy: Env['TRUST_PROXY'];
  webDistDir: string;
  logLevel: Env['LOG_LEVEL'];
  /**
   * text: a line a person reads at a terminal (time, level, message); json: one JSON object a line, for
   * log collectors. Unless LOG_FORMAT says, text when the server writes to a terminal, else json.
   */
  logFormat: 'text' | 'json';
  /** A line for every request answered (operators' access log); unless LOG_REQUESTS says, with json only. */
  logRequests: boolean;
  authRateLimitPerMinute: number;
  /** Requests per minute one personal access token may make. */
  accessTokenRequestsPerMinute: number;
  /** File previews and imports a minute from one client address, over everyone behind it. */
  uploadsPerMinutePerAddress: { previews: number; imports: number };
  loginFailuresBeforeLock: number;
  loginLockMinutes: number;
  plaidWebhookUrl: string | undefined;
  /** Given in env, or generated once into DATA_DIR by the server on start. */
  tokenEncryptionKey: string | undefined;
  jobPollSeconds: number;
  /**
   * How long a server's claim on a history sync holds unless renewed (it renews a quarter of the way): a
   * server that dies mid-sync has its run taken over by another once the claim lapses, within twice this.
   */
  historySyncClaimSeconds: number;
  /**
   * An OpenAI-compatible model for the advisor (a hosted service, or Ollama / llama.cpp / vLLM on the
   * person's own machine); without one the built-in interpreter answers. Costs in dollars per million tokens.
   */
  ai:
    | {
        baseUrl: string;
        apiKey: string;
        model: string;
        inputCostPerMillion: number;
        outputCostPerMillion: number;
      }
    | undefined;
  /**
   * Browser journeys move the server's clock (POST /api/test/clock); never on in a deployment. On only with
   * TEST_CLOCK=true, refused with NODE_ENV=production unless ALLOW_TEST_CLOCK_IN_PRODUCTION=true too.
   */
  testClock: boolean;
  plaid: { clientId: string; secret: string; env: Env['PLAID_ENV']; baseUrl: string | undefined } | undefined;
  /** Where people reach this server: links in emails and push, and Stripe's return addresses. */
  publicUrl: string;
  /** Stripe takes payments when BILLING_PROVIDER is stripe (or unset with both keys set). */
  stripe: { secretKey: string; webhookSecret: string; apiBase: string | undefined } | undefined;
  /**
   * Without a payment provider the operator decides: this plan applies to every account, with no trial and
   * no plan changes (SELF_HOSTED_PLAN, Premium unless set). Null when Stripe takes payments.
   */
  selfHostedPlan: PlanCode | null;
  /** Email goes out through this SMTP server when set (smtp:// or smtps://, credentials in the URL). */
  smtp: { url: string; from: string } | undefined;
  /** Where Help → Contact support sends messages (through smtp), or null: the screen names no one. */
  supportEmail: string | null;
  /** The contact in VAPID's claim, which push services may use to reach the sender. */
  vapidSubject: string;
};

/** Reads the environment; throws one error listing every bad variable. */
export function loadConfig(
  env: NodeJS.ProcessEnv = process.env,
  { terminal = process.stdout.isTTY === true }: { terminal?: boolean } = {},
): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const logFormat = e.LOG_FORMAT ?? (terminal ? 'text' : 'json');
  // One Stripe key without the other would quietly run self-hosted, where anyone may pick a paid plan for
  // free: a server meant to take payments must not start like that.
  const stripeKeys = {
    STRIPE_SECRET_KEY: e.STRIPE_SECRET_KEY,
    STRIPE_WEBHOOK_SECRET: e.STRIPE_WEBHOOK_SECRET,
  };
  const stripeMissing = Object.entries(stripeKeys).filter(([, value]) => !value);
  const provider = e.BILLING_PROVIDER ?? (stripeMissing.length === 0 ? 'stripe' : 'self-hosted');
  if (provider === 'stripe' && e.BILLING_PROVIDER === 'stripe' && stripeMissing.length > 0) {
    throw new Error(
      `Invalid configuration:\n${stripeMissing.map(([name]) => `  ${name}: required with BILLING_PROVIDER=stripe`).join('\n')}`,
    );
  }
  if (!e.BILLING_PROVIDER && stripeMissing.length === 1) {
    const [name] = stripeMissing[0] as [string, unknown];
    throw new Error(
      `Invalid configuration:\n  ${name}: required when the other Stripe key is set (set both to take payments, or neither to run self-hosted)`,
    );
  }
  // The test clock moves time for everyone on the server and needs no sign-in: a production server runs it
  // only when a second, deliberately named setting says so.
  if (e.TEST_CLOCK && e.NODE_ENV === 'production' && !e.ALLOW_TEST_CLOCK_IN_PRODUCTION) {
    throw new Error(
      'Invalid configuration:\n  TEST_CLOCK: refused with NODE_ENV=production, as it lets anyone move time for everyone (set ALLOW_TEST_CLOCK_IN_PRODUCTION=true as well to run it anyway)',
    );
  }
  return {
    env: e.NODE_ENV,
    host: e.HOST,
    port: e.PORT,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    pgliteSharedBuffers: e.PGLITE_SHARED_BUFFERS,
    backups: { schedule: e.BACKUP_SCHEDULE === 'off' ? null : e.BACKUP_SCHEDULE, keep: e.BACKUP_KEEP },
    jwtSecret: e.JWT_SECRET,
    tokenTtlHours: e.TOKEN_TTL_HOURS,
    googleClientId: e.GOOGLE_CLIENT_ID,
    googleJwksUrl: e.GOOGLE_JWKS_URL,
    redisUrl: e.REDIS_URL,
    trustProxy: e.TRUST_PROXY,
    webDistDir: e.WEB_DIST_DIR,
    logLevel: e.LOG_LEVEL,
    logFormat,
    logRequests: e.LOG_REQUESTS === undefined ? logFormat === 'json' : e.LOG_REQUESTS === 'true',
    authRateLimitPerMinute: e.AUTH_RATE_LIMIT_PER_MINUTE,
    accessTokenRequestsPerMinute: e.ACCESS_TOKEN_REQUESTS_PER_MINUTE,
    uploadsPerMinutePerAddress: {
      previews: e.IMPORT_PREVIEWS_PER_MINUTE_PER_ADDRESS,
      imports: e.IMPORTS_PER_MINUTE_PER_ADDRESS,
    },
    loginFailuresBeforeLock: e.LOGIN_FAILURES_BEFORE_LOCK,
    loginLockMinutes: e.LOGIN_LOCK_MINUTES,
    plaidWebhookUrl: e.PLAID_WEBHOOK_URL,
    tokenEncryptionKey: e.TOKEN_ENCRYPTION_KEY,
    jobPollSeconds: e.JOB_POLL_SECONDS,
    historySyncClaimSeconds: e.HISTORY_SYNC_CLAIM_SECONDS,
    testClock: e.TEST_CLOCK,
    ai:
      e.AI_BASE_URL && e.AI_MODEL
        ? {
            baseUrl: e.AI_BASE_URL,
            // Local servers take any key; the SDK wants one.
            apiKey: e.AI_API_KEY || 'none',
            model: e.AI_MODEL,
            inputCostPerMillion: e.AI_INPUT_COST_PER_MILLION,
            outputCostPerMillion: e.AI_OUTPUT_COST_PER_MILLION,
          }
        : undefined,
    plaid:
      e.PLAID_CLIENT_ID && e.PLAID_SECRET
        ? { clientId: e.PLAID_CLIENT_ID, secret: e.PLAID_SECRET, env: e.PLAID_ENV, baseUrl: e.PLAID_BASE_URL }
        : undefined,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    stripe:
      provider === 'stripe' && e.STRIPE_SECRET_KEY && e.STRIPE_WEBHOOK_SECRET
        ? {
            secretKey: e.STRIPE_SECRET_KEY,
            webhookSecret: e.STRIPE_WEBHOOK_SECRET,
            apiBase: e.STRIPE_API_BASE,
          }
        : undefined,
    selfHostedPlan: provider === 'self-hosted' ? e.SELF_HOSTED_PLAN : null,
    smtp: e.SMTP_URL ? { url: e.SMTP_URL, from: e.MAIL_FROM } : undefined,
    supportEmail: e.SUPPORT_EMAIL ?? null,
    vapidSubject: e.VAPID_SUBJECT,
  };
}
