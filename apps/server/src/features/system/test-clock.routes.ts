import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

/** A clock that can be moved forward by whole days, for browser journeys that watch time pass. */
export function shiftableClock(base: () => Date) {
  let offsetDays = 0;
  return {
    now: () => new Date(base().getTime() + offsetDays * 86_400_000),
    set: (days: number) => {
      offsetDays = days;
    },
  };
}

/**
 * POST /test/clock {offsetDays}: only registered when TEST_CLOCK=true (config.testClock). It asks for no
 * sign-in and moves time for everyone on the server, so every start says so in the log.
 */
export const testClockRoutes =
  (clock: ReturnType<typeof shiftableClock>): FastifyPluginAsyncZod =>
  async (app) => {
    app.log.warn(
      "TEST_CLOCK is on: anyone can move this server's clock for everyone (POST /api/test/clock). Never run it for real people.",
    );
    app.post(
      '/test/clock',
      { schema: { hide: true, body: z.object({ offsetDays: z.number().int().min(0).max(366) }) } },
      async (req, reply) => {
        clock.set(req.body.offsetDays);
        return reply.status(204).send();
      },
    );
  };
