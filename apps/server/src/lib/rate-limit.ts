import type { RateLimitOptions } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import { tooManyRequests } from './errors';

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

/** How often one route may be called, per signed-in person and per client address. */
export type UploadRateLimits = { name: string; perUser: number; perAddress: number; timeWindow?: string };

/**
 * An onRequest hook for routes whose body is large (file uploads): counts the request per person and per
 * address before the body is read, so a client over either limit costs no read and no parse. It must run
 * after authentication (the feature authenticates in its own onRequest hook, which runs before a route's).
 * Per address too: one client with many accounts must not get each account's allowance. Two limits on one
 * route cannot both be route `config.rateLimit` (the plugin runs one limiter per request), hence
 * createRateLimit, which counts (in Redis when configured) and leaves the answer to us.
 */
export function uploadRateLimit(
  app: FastifyInstance,
  { name, perUser, perAddress, timeWindow = '1 minute' }: UploadRateLimits,
): onRequestAsyncHookHandler {
  const limits = [
    app.createRateLimit({ max: perUser, timeWindow, keyGenerator: (req) => `${name}:user:${req.user.id}` }),
    app.createRateLimit({ max: perAddress, timeWindow, keyGenerator: (req) => `${name}:ip:${req.ip}` }),
  ];
  return async (req, reply) => {
    for (const limit of limits) {
      const result = await limit(req);
      if (!result.isAllowed && result.isExceeded) {
        reply.header('retry-after', result.ttlInSeconds);
        throw tooManyRequests(`Too many requests. Please wait ${result.ttlInSeconds} seconds and try again.`);
      }
    }
  };
}

/**
 * At most `max` requests at once per key (a person), counted in this process: taken at onRequest, before the
 * body is read, and given back when the answer has gone, the client went away or the request timed out,
 * whichever comes first (once). The returned hooks go on the route together.
 */
export function concurrencyLimit({
  max,
  keyOf,
  message,
}: {
  max: number;
  keyOf: (req: FastifyRequest) => string;
  message: string;
}) {
  const running = new Map<string, number>();
  const holding = new WeakMap<FastifyRequest, string>();
  const release = async (req: FastifyRequest) => {
    const key = holding.get(req);
    if (key === undefined) return;
    holding.delete(req);
    const left = (running.get(key) ?? 1) - 1;
    if (left > 0) running.set(key, left);
    else running.delete(key);
  };
  const take: onRequestAsyncHookHandler = async (req) => {
    const key = keyOf(req);
    const now = running.get(key) ?? 0;
    if (now >= max) throw tooManyRequests(message);
    running.set(key, now + 1);
    holding.set(req, key);
  };
  return {
    onRequest: take,
    onResponse: release,
    onRequestAbort: release,
    onTimeout: release,
    /** Requests running now for a key (tests). */
    running: (key: string) => running.get(key) ?? 0,
  };
}
