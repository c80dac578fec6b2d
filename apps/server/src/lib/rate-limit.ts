import type { RateLimitOptions } from '@fastify/rate-limit';

/**
 * A route's rate limit counted per signed-in person, for work that costs the server (imports, exports).
 * It runs as a preHandler, after the feature's authentication hook: at onRequest (the plugin's default)
 * `req.user` is not known yet, and counting per address would let one person starve others behind a proxy.
 */
export const perUserRateLimit = (max: number, timeWindow = '1 minute') =>
  ({
    max,
    timeWindow,
    hook: 'preHandler',
    keyGenerator: (req) => `user:${req.user.id}`,
  }) satisfies RateLimitOptions;
