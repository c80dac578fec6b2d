import { dataImportResult, errorBody, todayIn } from '@tally/shared';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { vacuumAfterImports } from '../../db/client';
import type { AppContext } from '../../lib/context';
import { AppError } from '../../lib/errors';
import { concurrencyLimit, perUserRateLimit, uploadRateLimit } from '../../lib/rate-limit';
import { getUser, toUser } from '../auth';
import { exportZip } from './export';
import { importExport } from './import';

/** An export's ZIP as uploaded: a year of a busy person's history compresses to a few MB. */
export const IMPORT_ZIP_LIMIT = 64 * 1024 * 1024;

/**
 * Exports this process prepares at once: each holds a database connection for its snapshot until its ZIP
 * has gone out, so a few slow downloads may take at most a quarter of the pool from everyone else.
 */
export const exportsAtOnce = (poolSize: number) => Math.max(2, Math.floor(poolSize / 4));

export const exportRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  app.addHook('onRequest', ctx.authenticate);
  const limits = [
    concurrencyLimit({
      max: 1,
      keyOf: (req) => req.user.id,
      message: 'Your export is already being prepared. Wait for its download to finish.',
    }),
    concurrencyLimit({
      max: exportsAtOnce(ctx.config.databasePoolSize),
      keyOf: () => 'server',
      message: 'Several exports are being prepared right now. Please try again in a minute.',
    }),
  ];

  app.get(
    '/user/export',
    {
      // Reads everything the person has: a few a minute is plenty.
      config: { rateLimit: perUserRateLimit(5) },
      onRequest: limits.map((l) => l.onRequest),
      onResponse: limits.map((l) => l.onResponse),
      onRequestAbort: limits.map((l) => l.onRequestAbort),
      onTimeout: limits.map((l) => l.onTimeout),
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

  // Its own scope: a signed-in person, counted, before the body is read; and a ZIP only.
  await app.register(async (scope) => importRoute(scope, ctx));
};

/** Imports a person may send a minute (each is a whole account's history), and at once. */
export const DATA_IMPORTS_PER_MINUTE = 5;

/**
 * POST /user/import. The person is known and counted (per person and per address, one at a time) before up
 * to 64 MB is read; any body but a ZIP is refused unread (415). On the embedded database the tables' upkeep
 * follows the answer, as after a file import.
 */
async function importRoute(app: FastifyInstance, ctx: AppContext) {
  app.removeAllContentTypeParsers();
  // Any other body is read no further than a few kB and refused below with what to send instead.
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 16 * 1024 }, (_req, _body, done) =>
    done(null, null),
  );
  app.addContentTypeParser(
    'application/zip',
    { parseAs: 'buffer', bodyLimit: IMPORT_ZIP_LIMIT },
    (_req, body, done) => done(null, body),
  );
  const upkeep = vacuumAfterImports(ctx.database, 0);
  const atOnce = concurrencyLimit({
    max: 1,
    keyOf: (req) => req.user.id,
    message: 'An import into this account is already under way. Wait for it to finish.',
  });
  app.withTypeProvider<ZodTypeProvider>().post(
    '/user/import',
    {
      bodyLimit: IMPORT_ZIP_LIMIT,
      onRequest: [
        uploadRateLimit(app, {
          name: 'data-imports',
          perUser: DATA_IMPORTS_PER_MINUTE,
          perAddress: ctx.config.uploadsPerMinutePerAddress.imports,
        }),
        atOnce.onRequest,
      ],
      onResponse: atOnce.onResponse,
      onRequestAbort: atOnce.onRequestAbort,
      onTimeout: atOnce.onTimeout,
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
      if (!outcome.alreadyImported) {
        ctx.insights.changed(req.user.id);
        const rows = outcome.rows.transactions ?? 0;
        if (upkeep && rows > 0)
          setImmediate(() =>
            upkeep(rows).catch((error: unknown) =>
              ctx.log.warn({ err: error }, 'upkeep after a data import failed'),
            ),
          );
      }
      const row = await getUser(ctx.database.db, { userId: req.user.id });
      return { ...outcome, user: toUser(row ?? req.user) };
    },
  );
}
