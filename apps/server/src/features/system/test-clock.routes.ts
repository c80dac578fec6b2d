import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyRequest, onRequestHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../lib/context';

const DAY_MS = 86_400_000;

/**
 * Each person's own clock, moved forward by whole days, for browser journeys that watch time pass. A
 * signed-in person's request reads their clock once it is signed in; anything else (signing in, checking
 * the token and its session, background jobs) reads the real one, so sessions keep real time. Journeys run
 * side by side on one server, so one of them moving time never moves it for another.
 */
export function personalClocks(base: () => Date) {
  const offsetDays = new Map<string, number>();
  const requests = new AsyncLocalStorage<FastifyRequest>();
  /** The asking person's offset, once authenticate has signed the request in (read when called). */
  const offsetOf = () => {
    const user = (requests.getStore() as { user?: { id: string } } | undefined)?.user;
    return user ? (offsetDays.get(user.id) ?? 0) : 0;
  };
  /** onRequest: the rest of the request runs where now() can tell who is asking. */
  const track: onRequestHookHandler = (req, _reply, done) => requests.run(req, done);
  return {
    now: () => new Date(base().getTime() + offsetOf() * DAY_MS),
    track,
    set: (userId: string, days: number) => {
      if (days === 0) offsetDays.delete(userId);
      else offsetDays.set(userId, days);
    },
  };
}

/**
 * POST /test/clock {offsetDays}: only registered when TEST_CLOCK=true (config.testClock). It moves the
 * signed-in person's today; nobody else's. It is still no place for real people, so every start says so.
 */
export const testClockRoutes =
  (clocks: ReturnType<typeof personalClocks>): FastifyPluginAsyncZod<Pick<AppContext, 'authenticate'>> =>
  async (app, ctx) => {
    app.log.warn(
      'TEST_CLOCK is on: any signed-in person can move their own clock (POST /api/test/clock). Never run it for real people.',
    );
    app.addHook('preHandler', ctx.authenticate);
    app.post(
      '/test/clock',
      { schema: { hide: true, body: z.object({ offsetDays: z.number().int().min(0).max(366) }) } },
      async (req, reply) => {
        clocks.set(req.user.id, req.body.offsetDays);
        return reply.status(204).send();
      },
    );
  };
