import { Readable } from 'node:stream';
import { setImmediate as nextTurn } from 'node:timers/promises';
import {
  categoryTotals,
  centsToDollars,
  dateRangeQuery,
  errorBody,
  idParam,
  merchantKey,
  monthlyCashFlow,
  monthlyCashFlowQuery,
  spendingByCategory,
  todayIn,
  transaction,
  transactionFilters,
  transactionList,
  transactionListQuery,
  transactionSummary,
  updateCategoryBody,
  updateNoteBody,
} from '@tally/shared';
import { stringify } from 'csv-stringify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../lib/context';
import { found } from '../../lib/errors';
import { perUserRateLimit } from '../../lib/rate-limit';
import { spreadsheetText } from '../../lib/spreadsheet';
import { toTransaction } from './transaction-shapes';
import {
  exportTransactions,
  getCategoryTotals,
  getMonthlyCashFlow,
  getSpendingByCategory,
  getSummary,
  getTransaction,
  listTransactions,
  saveMerchantCategory,
  updateTransaction,
} from './transactions.queries';

const EXPORT_LIMIT = 100_000;

export const transactionsRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  const db = ctx.database.db;
  app.addHook('preHandler', ctx.authenticate);
  const errors = { 400: errorBody, 401: errorBody, 404: errorBody };

  const ownTransaction = async (userId: string, transactionId: string, deleted = false) => {
    const row = await getTransaction(db, { userId, transactionId, deleted });
    return found(row, 'Transaction not found');
  };

  app.get(
    '/transactions',
    {
      schema: {
        tags: ['transactions'],
        querystring: transactionListQuery,
        response: { 200: transactionList, ...errors },
      },
    },
    async (req) => {
      const { page, pageSize, ...filters } = req.query;
      return listTransactions(db, { userId: req.user.id, filters, page, pageSize });
    },
  );

  app.get(
    '/transactions/summary',
    {
      schema: {
        tags: ['transactions'],
        querystring: transactionFilters,
        response: { 200: transactionSummary, ...errors },
      },
    },
    async (req) => getSummary(db, { userId: req.user.id, filters: req.query }),
  );

  app.get(
    '/transactions/categories',
    {
      schema: {
        tags: ['transactions'],
        querystring: dateRangeQuery,
        response: { 200: categoryTotals, ...errors },
      },
    },
    async (req) => getCategoryTotals(db, { userId: req.user.id, filters: req.query }),
  );

  app.get(
    '/reports/spending-by-category',
    {
      schema: {
        tags: ['reports'],
        querystring: dateRangeQuery,
        response: { 200: spendingByCategory, ...errors },
      },
    },
    async (req) => getSpendingByCategory(db, { userId: req.user.id, filters: req.query }),
  );

  app.get(
    '/reports/monthly-cash-flow',
    {
      schema: {
        tags: ['reports'],
        querystring: monthlyCashFlowQuery,
        response: { 200: monthlyCashFlow, ...errors },
      },
    },
    async (req) =>
      getMonthlyCashFlow(db, {
        userId: req.user.id,
        // The person's own months: a late evening in their zone belongs to their month, not UTC's.
        today: todayIn(req.user.timeZone, ctx.now()),
        months: req.query.months,
      }),
  );

  app.get(
    '/transactions/export',
    {
      config: { rateLimit: perUserRateLimit(10) },
      schema: {
        tags: ['transactions'],
        querystring: transactionFilters,
        // The CSV is streamed, so the reply is a stream the serializer leaves alone; its type is text/csv.
        response: { 200: z.unknown().describe('CSV text (text/csv)'), ...errors },
      },
    },
    async (req, reply) => {
      const pages = exportTransactions(db, {
        userId: req.user.id,
        filters: req.query,
        limit: EXPORT_LIMIT,
      })[Symbol.asyncIterator]();
      // The first page is read before anything is sent, so a failing query answers like any other error;
      // one failing later can only cut the download short (and is logged).
      const first = await pages.next();
      // Streamed page by page: an export of years of history neither fills memory nor holds the server.
      const rows = Readable.from(
        (async function* () {
          for (let page = first; !page.done; page = await pages.next()) {
            // The embedded database answers without real I/O, so page after page would run in one chain of
            // promises and no other request could be served until the end: let the event loop turn.
            await nextTurn();
            for (const t of page.value) {
              // Amounts are written as dollars (-12.34), numbers still; only text cells are made safe to open
              // in a spreadsheet.
              yield [
                t.date,
                spreadsheetText(t.description),
                spreadsheetText(t.merchantName ?? ''),
                spreadsheetText(t.accountName),
                t.categoryName,
                centsToDollars(t.amount).toFixed(2),
                t.pending ? 'yes' : 'no',
                spreadsheetText(t.note ?? ''),
              ];
            }
          }
        })(),
      );
      const csv = stringify({
        header: true,
        columns: ['Date', 'Description', 'Merchant', 'Account', 'Category', 'Amount', 'Pending', 'Note'],
      });
      rows.on('error', (error) => csv.destroy(error));
      rows.pipe(csv);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header(
          'content-disposition',
          // Named after the person's own day, not the server's UTC one.
          `attachment; filename="tally-transactions-${todayIn(req.user.timeZone, ctx.now())}.csv"`,
        )
        .send(csv);
    },
  );

  app.put(
    '/transactions/:id/category',
    {
      schema: {
        tags: ['transactions'],
        params: idParam,
        body: updateCategoryBody,
        response: { 200: transaction, ...errors },
      },
    },
    async (req) => {
      const row = await ownTransaction(req.user.id, req.params.id);
      await db.transaction(async (tx) => {
        await updateTransaction(tx, {
          userId: req.user.id,
          transactionId: row.id,
          category: req.body.category,
          categorySource: 'user',
          now: ctx.now(),
        });
        // Later imports of this merchant follow the person's choice.
        await saveMerchantCategory(tx, {
          userId: req.user.id,
          merchantKey: merchantKey(row.merchantName, row.description),
          category: req.body.category,
          now: ctx.now(),
        });
      });
      return toTransaction({ ...row, category: req.body.category });
    },
  );

  app.put(
    '/transactions/:id/note',
    {
      schema: {
        tags: ['transactions'],
        params: idParam,
        body: updateNoteBody,
        response: { 200: transaction, ...errors },
      },
    },
    async (req) => {
      const row = await ownTransaction(req.user.id, req.params.id);
      const note = req.body.note || null;
      await updateTransaction(db, { userId: req.user.id, transactionId: row.id, note, now: ctx.now() });
      return toTransaction({ ...row, note });
    },
  );

  app.delete(
    '/transactions/:id',
    { schema: { tags: ['transactions'], params: idParam, response: { 204: z.null(), ...errors } } },
    async (req, reply) => {
      const row = await ownTransaction(req.user.id, req.params.id);
      const now = ctx.now();
      await updateTransaction(db, { userId: req.user.id, transactionId: row.id, deletedAt: now, now });
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/transactions/:id/restore',
    { schema: { tags: ['transactions'], params: idParam, response: { 200: transaction, ...errors } } },
    async (req) => {
      const row = await ownTransaction(req.user.id, req.params.id, true);
      await updateTransaction(db, {
        userId: req.user.id,
        transactionId: row.id,
        deletedAt: null,
        now: ctx.now(),
      });
      return toTransaction({ ...row, deletedAt: null });
    },
  );
};
