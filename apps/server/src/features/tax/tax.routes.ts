import {
  centsToDollars,
  errorBody,
  idParam,
  taxCategoryBody,
  taxTag,
  taxTransactionBody,
  taxYear,
  taxYearQuery,
} from '@tally/shared';
import { stringify } from 'csv-stringify/sync';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../lib/context';
import { notFound } from '../../lib/errors';
import { perUserRateLimit } from '../../lib/rate-limit';
import { spreadsheetText } from '../../lib/spreadsheet';
import { requireFeature } from '../billing';
import { categoryTags, setCategoryTag, setTransactionTag } from './tax.queries';
import { taxExportRows, taxYear as yearOf } from './tax.service';

/**
 * The tax report (Premium's "tax optimization"): a year's spending by tax tag, the tags of categories and
 * single transactions, and the year as CSV. Every route is the signed-in person's own, and Premium's.
 */
export const taxRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  const db = ctx.database.db;
  const tags = ['tax'];
  const errors = { 400: errorBody, 401: errorBody, 403: errorBody };
  app.addHook('preHandler', ctx.authenticate);
  app.addHook('preHandler', async (req) => requireFeature(req.user, ctx.now(), 'tax-report'));

  app.get(
    '/tax',
    { schema: { tags, querystring: taxYearQuery, response: { 200: taxYear, ...errors } } },
    (req) => yearOf(db, { userId: req.user.id, year: req.query.year }),
  );

  app.get(
    '/tax/export',
    {
      config: { rateLimit: perUserRateLimit(10) },
      schema: {
        tags,
        querystring: taxYearQuery,
        response: { 200: z.string().describe('CSV text (text/csv)'), ...errors, 429: errorBody },
      },
    },
    async (req, reply) => {
      const rows = await taxExportRows(db, { userId: req.user.id, year: req.query.year });
      const csv = stringify(
        rows.map((t) => [
          t.tagName,
          t.date,
          spreadsheetText(t.description),
          spreadsheetText(t.merchantName ?? ''),
          spreadsheetText(t.accountName),
          t.categoryName,
          centsToDollars(t.amount).toFixed(2),
          t.taggedBy === 'transaction' ? 'Transaction' : 'Category',
        ]),
        {
          header: true,
          columns: [
            'Tax tag',
            'Date',
            'Description',
            'Merchant',
            'Account',
            'Category',
            'Amount',
            'Tagged by',
          ],
        },
      );
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="tally-tax-${req.query.year}.csv"`)
        .send(csv);
    },
  );

  app.put(
    '/tax/categories',
    {
      schema: {
        tags,
        body: taxCategoryBody,
        response: { 200: z.array(z.object({ category: z.number(), tag: taxTag })), ...errors },
      },
    },
    async (req) => {
      await setCategoryTag(db, { userId: req.user.id, ...req.body });
      return categoryTags(db, { userId: req.user.id });
    },
  );

  app.put(
    '/tax/transactions/:id',
    {
      schema: {
        tags,
        params: idParam,
        body: taxTransactionBody,
        response: {
          200: z.object({ id: z.string(), tag: taxTransactionBody.shape.tag }),
          ...errors,
          404: errorBody,
        },
      },
    },
    async (req) => {
      const saved = await setTransactionTag(db, {
        userId: req.user.id,
        transactionId: req.params.id,
        tag: req.body.tag,
      });
      if (!saved) throw notFound('Transaction not found');
      return { id: req.params.id, tag: req.body.tag };
    },
  );
};
