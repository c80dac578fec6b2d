import {
  accountList,
  addDays,
  connection,
  connectionList,
  connectionStatus,
  errorBody,
  exchangeResponse,
  historySyncProgress,
  idParam,
  importHistoricalDataBody,
  institutionList,
  linkTokenResponse,
  publicTokenBody,
  reconnectResponse,
  resetAndResyncBody,
  resetAndResyncResponse,
  sandboxPublicTokenBody,
  sandboxPublicTokenResponse,
  todayIn,
  unlinkAccountQuery,
} from '@tally/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { UserRow } from '../../lib/auth';
import type { AppContext } from '../../lib/context';
import { badRequest, found, notFound } from '../../lib/errors';
import { perUserRateLimit } from '../../lib/rate-limit';
import { countLinkedAccounts, planInForce, requireAccountsFit } from '../billing';
import { isManualConnection, toConnection } from './account-shapes';
import { accountsDeps } from './accounts.deps';
import {
  countConnectionTransactions,
  getConnection,
  latestHistorySync,
  listAccountRows,
  listActiveAccounts,
  listConnectionRows,
  listConnections,
  toHistorySyncProgress,
} from './accounts.queries';
import {
  disconnect,
  type LinkMode,
  linkBank,
  queueBackfill,
  reconnect,
  resetAndResync,
  unlinkAccount,
} from './accounts.service';

/** The code of a bank-only request made of the person's manual accounts. */
export const MANUAL_CONNECTION = 'MANUAL_CONNECTION';
export const MANUAL_REFUSALS = {
  import:
    'Manual accounts are not linked to a bank, so there is no history to import. Import a file instead.',
  disconnect:
    'Manual accounts are not linked to a bank, so there is nothing to disconnect. Delete the accounts one by one instead.',
  reconnect: 'Manual accounts are not linked to a bank, so there is nothing to reconnect.',
  resync: 'Manual accounts are not linked to a bank, so there is nothing to resync.',
} as const;

const RANGE_DAYS = { '30d': 30, '90d': 90, '1y': 365, '2y': 730 } as const;
/** A history-sync start reads the bank's whole history (a repeat joins the run in flight): capped here. */
const historySyncStarts = perUserRateLimit(10);
/** Enough for a person trying every demo bank a few times; each token is a new item at the provider. */
export const SANDBOX_TOKENS_PER_MINUTE = 10;

export const accountsRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  const deps = accountsDeps(ctx);
  const db = ctx.database.db;
  app.addHook('preHandler', ctx.authenticate);
  const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody };

  // Another user's connection answers 404, not 403, so ids can't be probed.
  const ownConnection = async (userId: string, connectionId: string) => {
    const row = await getConnection(db, { userId, connectionId });
    return found(row, 'Connection not found');
  };

  /**
   * A connection to a bank, for what only a bank can do (import, disconnect, reconnect, resync). The
   * person's manual accounts are theirs to edit and delete one by one; asked of them, this says so.
   */
  const ownBankConnection = async (userId: string, connectionId: string, refusal: string) => {
    const row = await ownConnection(userId, connectionId);
    if (isManualConnection(row)) throw badRequest(refusal, MANUAL_CONNECTION);
    return row;
  };

  // A plan's bank accounts all linked, or fewer left than the accounts chosen: Link is not even opened (the
  // exchange checks again, under a lock).
  const refuseWhenFull = async (user: UserRow, adding = 1) =>
    requireAccountsFit(
      planInForce(user, ctx.now()),
      await countLinkedAccounts(db, { userId: user.id }),
      adding,
    );

  app.get('/plaid/accounts', { schema: { tags: ['accounts'], response: { 200: accountList } } }, (req) =>
    listActiveAccounts(db, { userId: req.user.id }),
  );

  app.get(
    '/plaid/connections',
    { schema: { tags: ['accounts'], response: { 200: connectionList } } },
    (req) => listConnections(db, { userId: req.user.id }),
  );

  app.get(
    '/plaid/institutions',
    { schema: { tags: ['accounts'], response: { 200: institutionList } } },
    async () => deps.provider.listInstitutions(),
  );

  app.post(
    '/plaid/create-link-token',
    { schema: { tags: ['accounts'], response: { 200: linkTokenResponse, ...errors } } },
    async (req) => {
      await refuseWhenFull(req.user);
      return deps.provider.createLinkToken({ userId: req.user.id, webhookUrl: ctx.config.plaidWebhookUrl });
    },
  );

  // Minting a public token skips Link and the person's consent, so the route exists only where items are
  // make-believe (the demo bank, Plaid's sandbox); with Plaid's production it is not registered at all (404).
  if (deps.provider.sandbox) {
    app.post(
      '/plaid/sandbox/public-token',
      {
        config: { rateLimit: perUserRateLimit(SANDBOX_TOKENS_PER_MINUTE) },
        schema: {
          tags: ['accounts'],
          body: sandboxPublicTokenBody,
          response: { 200: sandboxPublicTokenResponse, ...errors, 429: errorBody },
        },
      },
      async (req) => {
        const { institutionId, accountIds } = req.body;
        await refuseWhenFull(req.user, accountIds?.length ?? 1);
        try {
          return { publicToken: await deps.provider.createSandboxPublicToken(institutionId, accountIds) };
        } catch (error) {
          if (Reflect.get(Object(error), 'code') === 'INVALID_ACCOUNT')
            throw badRequest('Choose accounts of the bank you picked');
          throw badRequest('Unknown institution');
        }
      },
    );
  }

  const exchange = (url: string, mode: LinkMode) =>
    app.post(
      url,
      {
        config: { rateLimit: historySyncStarts },
        schema: {
          tags: ['accounts'],
          body: publicTokenBody,
          response: { 200: exchangeResponse, ...errors, 429: errorBody },
        },
      },
      async (req) =>
        linkBank(deps, {
          userId: req.user.id,
          publicToken: req.body.publicToken,
          mode,
          timeZone: req.user.timeZone,
          plan: planInForce(req.user, ctx.now()),
        }),
    );
  exchange('/plaid/exchange-public-token', 'background');
  exchange('/plaid/exchange-public-token-quick-sync', 'quick-sync');
  exchange('/plaid/exchange-public-token-with-historical-data', 'full');

  app.post(
    '/plaid/import-historical-data',
    {
      config: { rateLimit: historySyncStarts },
      schema: {
        tags: ['accounts'],
        body: importHistoricalDataBody,
        response: { 200: historySyncProgress, ...errors, 409: errorBody, 429: errorBody },
      },
    },
    async (req) => {
      const { connectionId, range, customStartDate, customEndDate } = req.body;
      const row = await ownBankConnection(req.user.id, connectionId, MANUAL_REFUSALS.import);
      const today = todayIn(req.user.timeZone, deps.now());
      const window =
        range !== 'custom'
          ? { fromDay: addDays(today, -RANGE_DAYS[range]) }
          : customStartDate && customEndDate
            ? { fromDay: customStartDate, toDay: customEndDate }
            : null;
      // The schema already refused a custom range without both days (or out of order); this narrows types.
      if (!window) throw badRequest('A custom range needs customStartDate and customEndDate');
      return toHistorySyncProgress(await queueBackfill(deps, row, window));
    },
  );

  app.delete(
    '/plaid/connections/:id',
    { schema: { tags: ['accounts'], params: idParam, response: { 200: connection, ...errors } } },
    async (req) => {
      const row = await ownBankConnection(req.user.id, req.params.id, MANUAL_REFUSALS.disconnect);
      const updated = (await disconnect(deps, row)) ?? row;
      return toConnection(
        updated,
        await listAccountRows(db, { userId: req.user.id, connectionIds: [row.id] }),
      );
    },
  );

  // One account of a bank, unlinked on its own: the bank's card as it is after.
  app.delete(
    '/plaid/accounts/:id',
    {
      schema: {
        tags: ['accounts'],
        params: idParam,
        querystring: unlinkAccountQuery,
        response: { 200: connection, ...errors, 409: errorBody },
      },
    },
    async (req) =>
      unlinkAccount(deps, { userId: req.user.id, accountId: req.params.id, history: req.query.history }),
  );

  app.post(
    '/plaid/connections/:id/reconnect',
    {
      config: { rateLimit: historySyncStarts },
      schema: {
        tags: ['accounts'],
        params: idParam,
        response: { 200: reconnectResponse, ...errors, 429: errorBody },
      },
    },
    async (req) => {
      const row = await ownBankConnection(req.user.id, req.params.id, MANUAL_REFUSALS.reconnect);
      // A disconnected connection's accounts count again once it is back; the service counts them under
      // the linking lock, once the bank has said which accounts are still there.
      return reconnect(deps, row, planInForce(req.user, ctx.now()));
    },
  );

  app.get(
    '/plaid/connections/:id/status',
    { schema: { tags: ['accounts'], params: idParam, response: { 200: connectionStatus, ...errors } } },
    async (req) => {
      const row = await ownConnection(req.user.id, req.params.id);
      const [accounts, transactionCount, run] = await Promise.all([
        listAccountRows(db, { userId: req.user.id, connectionIds: [row.id] }),
        countConnectionTransactions(db, { userId: req.user.id, connectionId: row.id }),
        latestHistorySync(db, { userId: req.user.id, connectionId: row.id }),
      ]);
      return {
        id: row.id,
        isActive: row.isActive,
        lastSyncAt: row.lastSyncAt?.toISOString() ?? null,
        accountCount: accounts.length,
        transactionCount,
        importProgress: run ? toHistorySyncProgress(run) : null,
      };
    },
  );

  app.get(
    '/plaid/connections/:id/import-progress',
    { schema: { tags: ['accounts'], params: idParam, response: { 200: historySyncProgress, ...errors } } },
    async (req) => {
      const row = await ownConnection(req.user.id, req.params.id);
      const run = await latestHistorySync(db, { userId: req.user.id, connectionId: row.id });
      if (!run) throw notFound('No import for this connection');
      return toHistorySyncProgress(run);
    },
  );

  app.post(
    '/transactions/reset-and-resync',
    {
      config: { rateLimit: historySyncStarts },
      schema: {
        tags: ['transactions'],
        body: resetAndResyncBody,
        response: { 200: resetAndResyncResponse, ...errors, 429: errorBody },
      },
    },
    async (req) => {
      // Every bank: the manual accounts' transactions were typed or imported by the person, and no bank
      // would bring them back.
      const rows = req.body.connectionId
        ? [await ownBankConnection(req.user.id, req.body.connectionId, MANUAL_REFUSALS.resync)]
        : await listConnectionRows(db, { userId: req.user.id, activeOnly: true, banksOnly: true });
      await resetAndResync(deps, rows);
      return { connectionsResynced: rows.length };
    },
  );
};
