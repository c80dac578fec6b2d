import { dataImportResult, errorBody, todayIn } from '@tally/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../lib/context';
import { AppError } from '../../lib/errors';
import { perUserRateLimit } from '../../lib/rate-limit';
import { getUser, toUser } from '../auth';
import { exportZip } from './export';
import { importExport } from './import';

/** An export's ZIP as uploaded: a year of a busy person's history compresses to a few MB. */
export const IMPORT_ZIP_LIMIT = 64 * 1024 * 1024;

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

  // The export's ZIP as it is, read whole (its files are read one at a time from it).
  app.addContentTypeParser(
    'application/zip',
    { parseAs: 'buffer', bodyLimit: IMPORT_ZIP_LIMIT },
    (_req, body, done) => done(null, body),
  );

  app.post(
    '/user/import',
    {
      bodyLimit: IMPORT_ZIP_LIMIT,
      config: { rateLimit: perUserRateLimit(5) },
      schema: {
        tags: ['settings'],
        description:
          "Imports a Tally export (the ZIP of GET /user/export, sent as application/zip) into the signed-in person's account, which must hold no data of its own: all or nothing; the same export again answers what it imported then.",
        response: {
          200: dataImportResult,
          400: errorBody,
          401: errorBody,
          409: errorBody,
          413: errorBody,
          415: errorBody,
          429: errorBody,
        },
      },
    },
    async (req) => {
      if (!Buffer.isBuffer(req.body))
        throw new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', "Send the export's ZIP file (application/zip).");
      const outcome = await importExport(ctx.database, req.user, req.body, ctx.now());
      if (!outcome.alreadyImported) ctx.insights.changed(req.user.id);
      const row = await getUser(ctx.database.db, { userId: req.user.id });
      return { ...outcome, user: toUser(row ?? req.user) };
    },
  );
};
