import { errorBody, importBody, importPreview, importResult } from '@tally/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { vacuumAfterImports } from '../../db/client';
import type { AppContext } from '../../lib/context';
import { type ImportDeps, importFile, previewImport } from './imports.service';

/**
 * How large a request with a file may be. The file itself is capped at MAX_IMPORT_FILE_CHARS (20M
 * characters, the schema's message says so); as JSON its quotes, newlines and tabs are escaped, so the
 * body is allowed more than that. Everything else keeps the app's 256 kB.
 */
export const IMPORT_BODY_LIMIT = 32 * 1024 * 1024;

/** File import (CSV, OFX/QFX, QIF) into an account: every route is the signed-in person's own; another person's ids answer 404. */
export const importsRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  const deps: ImportDeps = {
    db: ctx.database.db,
    now: ctx.now,
    queue: ctx.queue,
    log: ctx.log,
    afterImport: vacuumAfterImports(ctx.database),
  };
  // Signed in before the body is read: a large upload without a session is refused unread.
  app.addHook('onRequest', ctx.authenticate);
  const errors = { 400: errorBody, 401: errorBody, 404: errorBody, 413: errorBody };
  const tags = ['imports'];

  app.post(
    '/imports/preview',
    {
      bodyLimit: IMPORT_BODY_LIMIT,
      schema: { tags, body: importBody, response: { 200: importPreview, ...errors } },
    },
    async (req) => previewImport(deps, req.user.id, req.body),
  );

  app.post(
    '/imports',
    {
      bodyLimit: IMPORT_BODY_LIMIT,
      schema: { tags, body: importBody, response: { 201: importResult, ...errors } },
    },
    async (req, reply) => reply.status(201).send(await importFile(deps, req.user, req.body)),
  );
};
