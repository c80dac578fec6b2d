import { errorBody, importBody, importPreview, importResult } from '@tally/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { vacuumAfterImports } from '../../db/client';
import type { AppContext } from '../../lib/context';
import { concurrencyLimit, uploadRateLimit } from '../../lib/rate-limit';
import { type ImportDeps, importFile, previewImport } from './imports.service';
import { createFileReader, FILE_READING } from './read-file';

/** Per person: file previews and imports carry up to 20 MB each. */
export const PREVIEWS_PER_MINUTE = 120;
export const IMPORTS_PER_MINUTE = 20;

/**
 * How many files a person may send a minute, and may be sending at once. Per client address the limits are
 * configured (a few people behind one address, a household or an office, not one person's many accounts).
 */
export const UPLOAD_LIMITS = {
  previewsPerMinute: PREVIEWS_PER_MINUTE,
  importsPerMinute: IMPORTS_PER_MINUTE,
  /** Previews and imports together. */
  atOnce: 2,
};

/**
 * A file's rows per INSERT on the embedded database, which works on the request thread: 500 rows with their
 * index entries and triggers take some tens of milliseconds, and the event loop turns between statements. One
 * statement for a whole 50,000-row file held the server for seconds; in parts the import measured the same
 * within noise (BENCHMARKS.md).
 */
const PGLITE_ROWS_PER_STATEMENT = 500;

/**
 * How large a request with a file may be. The file itself is capped at MAX_IMPORT_FILE_CHARS (20M
 * characters, the schema's message says so); as JSON its quotes, newlines and tabs are escaped, so the
 * body is allowed more than that. Everything else keeps the app's 256 kB.
 */
export const IMPORT_BODY_LIMIT = 32 * 1024 * 1024;

/**
 * PGlite's upkeep after large imports (VACUUM ANALYZE: statistics, the visibility map, the search index's
 * pending entries merged in), run after the answer, as the bank import's job runs it after its pages: a
 * 50k-row file would otherwise wait ~2 s more. One at a time; `settled` is the last one's end.
 */
function backgroundUpkeep(ctx: AppContext) {
  const upkeep = vacuumAfterImports(ctx.database);
  let last: Promise<void> = Promise.resolve();
  const run = async (rows: number) => {
    if (!upkeep) return;
    // PGlite works on this thread: started at once, the VACUUM would hold the answer back until it ends.
    const next = () => new Promise<void>((resolve) => setImmediate(() => resolve(upkeep(rows))));
    last = last
      .then(next)
      .catch((error: unknown) => ctx.log.warn({ err: error }, 'upkeep after a file import failed'));
  };
  return { run, settled: () => last };
}

/** File import (CSV, OFX/QFX, QIF) into an account: every route is the signed-in person's own; another person's ids answer 404. */
export const importsRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  const upkeep = backgroundUpkeep(ctx);
  // Before the database is closed under it.
  app.addHook('preClose', () => upkeep.settled());
  const reader = createFileReader(FILE_READING);
  // No reading worker outlives the server.
  app.addHook('onClose', () => reader.close());
  const deps: ImportDeps = {
    db: ctx.database.db,
    reader,
    now: ctx.now,
    queue: ctx.queue,
    log: ctx.log,
    afterImport: upkeep.run,
    deferSearchIndex: ctx.database.kind === 'pglite',
    trustAccountLock: ctx.database.kind === 'pglite',
    rowsPerStatement: ctx.database.kind === 'pglite' ? PGLITE_ROWS_PER_STATEMENT : undefined,
  };
  // Signed in before the body is read: a large upload without a session is refused unread.
  app.addHook('onRequest', ctx.authenticate);
  // Counted before the body is read too (route hooks run after the one above, so the person is known): a
  // client over a limit costs neither the read of up to 32 MB nor its parse.
  const limits = { ...UPLOAD_LIMITS };
  const atOnce = concurrencyLimit({
    max: limits.atOnce,
    keyOf: (req) => req.user.id,
    message: `You are already sending ${limits.atOnce} files. Wait for them to finish, then try again.`,
  });
  const uploadHooks = (limits: { name: string; perUser: number; perAddress: number }) => ({
    onRequest: [uploadRateLimit(app, limits), atOnce.onRequest],
    onResponse: atOnce.onResponse,
    onRequestAbort: atOnce.onRequestAbort,
    onTimeout: atOnce.onTimeout,
  });
  const errors = { 400: errorBody, 401: errorBody, 404: errorBody, 413: errorBody, 503: errorBody };
  const tags = ['imports'];

  app.post(
    '/imports/preview',
    {
      bodyLimit: IMPORT_BODY_LIMIT,
      // Each mapping change previews again (debounced): room for that, not for a flood of 20 MB files.
      ...uploadHooks({
        name: 'imports-preview',
        perUser: limits.previewsPerMinute,
        perAddress: ctx.config.uploadsPerMinutePerAddress.previews,
      }),
      schema: { tags, body: importBody, response: { 200: importPreview, ...errors, 429: errorBody } },
    },
    async (req) => previewImport(deps, req.user.id, req.body),
  );

  app.post(
    '/imports',
    {
      bodyLimit: IMPORT_BODY_LIMIT,
      ...uploadHooks({
        name: 'imports',
        perUser: limits.importsPerMinute,
        perAddress: ctx.config.uploadsPerMinutePerAddress.imports,
      }),
      schema: { tags, body: importBody, response: { 201: importResult, ...errors, 429: errorBody } },
    },
    async (req, reply) => reply.status(201).send(await importFile(deps, req.user, req.body)),
  );
};
