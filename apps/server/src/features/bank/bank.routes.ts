import {
  account,
  addDays,
  connection,
  connectionStatus,
  errorBody,
  exchangeResponse,
  idParam,
  importHistoricalDataBody,
  importProgress,
  institution,
  linkTokenResponse,
  publicTokenBody,
  resetAndResyncBody,
  sandboxPublicTokenBody,
  todayIn,
} from '@tally/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../lib/context';
import { AppError, badRequest, notFound } from '../../lib/errors';
import {
  countConnectionTransactions,
  getConnection,
  latestImportRun,
  listAccountRows,
  listActiveAccounts,
  listConnectionRows,
  listConnections,
  toConnection,
  toImportProgress,
} from './bank.queries';
import {
  disconnect,
  type LinkMode,
  linkBank,
  queueBackfill,
  reconnect,
  resetAndResync,
} from './bank.service';

const RANGE_DAYS = { '30d': 30, '90d': 90, '1y': 365, '2y': 730 } as const;

export const bankRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  const deps = ctx.bank;
  const db = ctx.database.db;
  app.addHook('preHandler', ctx.authenticate);
  const errors = { 400: errorBody, 401: errorBody, 404: errorBody };

  // Another user's connection answers 404, not 403, so ids can't be probed.
  const ownConnection = async (userId: string, connectionId: string) => {
    const row = await getConnection(db, { userId, connectionId });
    if (!row) throw notFound('Connection not found');
    return row;
  };

  app.get('/plaid/accounts', { schema: { tags: ['bank'], response: { 200: z.array(account) } } }, (req) =>
    listActiveAccounts(db, { userId: req.user.id }),
  );

  app.get(
    '/plaid/connections',
    { schema: { tags: ['bank'], response: { 200: z.array(connection) } } },
    (req) => listConnections(db, { userId: req.user.id }),
  );

  app.get(
    '/plaid/institutions',
    { schema: { tags: ['bank'], response: { 200: z.array(institution) } } },
    async () => deps.provider.listInstitutions(),
  );

  app.post(
    '/plaid/create-link-token',
    { schema: { tags: ['bank'], response: { 200: linkTokenResponse, ...errors } } },
    async (req) =>
      deps.provider.createLinkToken({ userId: req.user.id, webhookUrl: ctx.config.plaidWebhookUrl }),
  );

  app.post(
    '/plaid/sandbox/public-token',
    {
      schema: {
        tags: ['bank'],
        body: sandboxPublicTokenBody,
        response: { 200: z.object({ publicToken: z.string() }), ...errors },
      },
    },
    async (req) => {
      if (deps.provider.kind === 'plaid' && ctx.config.plaid?.env !== 'sandbox') {
        throw new AppError(
          403,
          'FORBIDDEN',
          'Sandbox tokens are only available in demo mode and Plaid sandbox',
        );
      }
      try {
        return { publicToken: await deps.provider.createSandboxPublicToken(req.body.institutionId) };
      } catch {
        throw badRequest('Unknown institution');
      }
    },
  );

  const exchange = (url: string, mode: LinkMode) =>
    app.post(
      url,
      { schema: { tags: ['bank'], body: publicTokenBody, response: { 200: exchangeResponse, ...errors } } },
      async (req) =>
        linkBank(deps, {
          userId: req.user.id,
          publicToken: req.body.publicToken,
          mode,
          timeZone: req.user.timeZone,
        }),
    );
  exchange('/plaid/exchange-public-token', 'background');
  exchange('/plaid/exchange-public-token-quick-sync', 'quick-sync');
  exchange('/plaid/exchange-public-token-with-historical-data', 'full');

  app.post(
    '/plaid/import-historical-data',
    {
      schema: {
        tags: ['bank'],
        body: importHistoricalDataBody,
        response: { 200: importProgress, ...errors, 409: errorBody },
      },
    },
    async (req) => {
      const { connectionId, range, customStartDate, customEndDate } = req.body;
      const row = await ownConnection(req.user.id, connectionId);
      const today = todayIn(req.user.timeZone, deps.now());
      let window: { fromDay: string; toDay?: string };
      if (range === 'custom') {
        const dates = z
          .object({ from: z.iso.date(), to: z.iso.date() })
          .safeParse({ from: customStartDate, to: customEndDate });
        if (!dates.success) throw badRequest('Custom dates must look like 2026-01-31');
        if (dates.data.from > dates.data.to) throw badRequest('Start date must be before end date');
        window = { fromDay: dates.data.from, toDay: dates.data.to };
      } else {
        window = { fromDay: addDays(today, -RANGE_DAYS[range]) };
      }
      return toImportProgress(await queueBackfill(deps, row, window));
    },
  );

  app.delete(
    '/plaid/connections/:id',
    { schema: { tags: ['bank'], params: idParam, response: { 200: connection, ...errors } } },
    async (req) => {
      const row = await ownConnection(req.user.id, req.params.id);
      const updated = (await disconnect(deps, row)) ?? row;
      return toConnection(
        updated,
        await listAccountRows(db, { userId: req.user.id, connectionIds: [row.id] }),
      );
    },
  );

  app.post(
    '/plaid/connections/:id/reconnect',
    {
      schema: {
        tags: ['bank'],
        params: idParam,
        response: { 200: z.object({ connection, importProgress }), ...errors },
      },
    },
    async (req) => reconnect(deps, await ownConnection(req.user.id, req.params.id)),
  );

  app.get(
    '/plaid/connections/:id/status',
    { schema: { tags: ['bank'], params: idParam, response: { 200: connectionStatus, ...errors } } },
    async (req) => {
      const row = await ownConnection(req.user.id, req.params.id);
      const [accounts, transactionCount, run] = await Promise.all([
        listAccountRows(db, { userId: req.user.id, connectionIds: [row.id] }),
        countConnectionTransactions(db, { userId: req.user.id, connectionId: row.id }),
        latestImportRun(db, { userId: req.user.id, connectionId: row.id }),
      ]);
      return {
        id: row.id,
        isActive: row.isActive,
        lastSyncAt: row.lastSyncAt?.toISOString() ?? null,
        accountCount: accounts.length,
        transactionCount,
        importProgress: run ? toImportProgress(run) : null,
      };
    },
  );

  app.get(
    '/plaid/connections/:id/import-progress',
    { schema: { tags: ['bank'], params: idParam, response: { 200: importProgress, ...errors } } },
    async (req) => {
      const row = await ownConnection(req.user.id, req.params.id);
      const run = await latestImportRun(db, { userId: req.user.id, connectionId: row.id });
      if (!run) throw notFound('No import for this connection');
      return toImportProgress(run);
    },
  );

  app.post(
    '/transactions/reset-and-resync',
    {
      schema: {
        tags: ['transactions'],
        body: resetAndResyncBody,
        response: { 200: z.object({ connectionsResynced: z.number() }), ...errors },
      },
    },
    async (req) => {
      const rows = req.body.connectionId
        ? [await ownConnection(req.user.id, req.body.connectionId)]
        : await listConnectionRows(db, { userId: req.user.id, activeOnly: true });
      await resetAndResync(deps, rows);
      return { connectionsResynced: rows.length };
    },
  );
};
