import { errorBody, todayIn } from '@tally/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../lib/context';
import { perUserRateLimit } from '../../lib/rate-limit';
import { exportZip } from './export';

export const exportRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  app.addHook('preHandler', ctx.authenticate);

  app.get(
    '/user/export',
    {
      // Reads everything the person has: a few a minute is plenty.
      config: { rateLimit: perUserRateLimit(5) },
      schema: {
        tags: ['settings'],
        description:
          "Every row the signed-in person owns, as a ZIP of JSON and CSV files (the README's section on a person's own export); no secrets.",
        response: {
          200: z.string().describe('a ZIP file (application/zip)'),
          401: errorBody,
          429: errorBody,
        },
      },
    },
    async (req, reply) => {
      const now = ctx.now();
      return reply
        .header('content-type', 'application/zip')
        .header(
          'content-disposition',
          `attachment; filename="tally-export-${todayIn(req.user.timeZone, now)}.zip"`,
        )
        .header('cache-control', 'no-store')
        .send(exportZip(ctx.database, req.user, now) as unknown as string); // a stream, described as the file it is
    },
  );
};
