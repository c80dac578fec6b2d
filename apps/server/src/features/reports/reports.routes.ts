import {
  cashFlowReport,
  createSavedReportBody,
  customReport,
  customReportQuery,
  errorBody,
  idParam,
  moneyFlowReport,
  netWorthReport,
  type ReportQuery,
  reportQuery,
  savedReport,
  savedReportList,
  spendingReport,
  updateSavedReportBody,
} from '@tally/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../lib/context';
import { requireFeature } from '../billing';
import {
  cashFlow,
  changeReport,
  custom,
  flow,
  netWorth,
  removeReport,
  savedReports,
  saveReport,
  spending,
} from './reports.service';

/**
 * Reports (Pro's "advanced analytics"): a period's cash flow and spending by month or week, and where its
 * money flowed, net worth day by day, and reports the person builds and saves, with a comparison and why they
 * changed. Every route is the signed-in person's own, and Pro's; another person's saved report answers 404.
 */
export const reportsRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  const db = ctx.database.db;
  const tags = ['reports'];
  const errors = { 400: errorBody, 401: errorBody, 403: errorBody };
  app.addHook('preHandler', ctx.authenticate);
  app.addHook('preHandler', async (req) => requireFeature(req.user, ctx.now(), 'reports'));
  const input = <Q = ReportQuery>(req: { user: { id: string; timeZone: string }; query: Q }) => ({
    userId: req.user.id,
    timeZone: req.user.timeZone,
    now: ctx.now(),
    query: req.query,
  });

  app.get(
    '/reports/cash-flow',
    { schema: { tags, querystring: reportQuery, response: { 200: cashFlowReport, ...errors } } },
    (req) => cashFlow(db, input(req)),
  );

  app.get(
    '/reports/spending',
    { schema: { tags, querystring: reportQuery, response: { 200: spendingReport, ...errors } } },
    (req) => spending(db, input(req)),
  );

  app.get(
    '/reports/flow',
    { schema: { tags, querystring: reportQuery, response: { 200: moneyFlowReport, ...errors } } },
    (req) => flow(db, input(req)),
  );

  app.get(
    '/reports/net-worth',
    { schema: { tags, querystring: reportQuery, response: { 200: netWorthReport, ...errors } } },
    (req) => netWorth(db, input(req)),
  );

  app.get(
    '/reports/custom',
    { schema: { tags, querystring: customReportQuery, response: { 200: customReport, ...errors } } },
    (req) => custom(db, input(req)),
  );

  app.get('/reports/saved', { schema: { tags, response: { 200: savedReportList, ...errors } } }, (req) =>
    savedReports(db, req.user.id),
  );

  const owned = { ...errors, 404: errorBody, 409: errorBody };
  app.post(
    '/reports/saved',
    { schema: { tags, body: createSavedReportBody, response: { 201: savedReport, ...owned } } },
    async (req, reply) =>
      reply.status(201).send(await saveReport(db, { userId: req.user.id, now: ctx.now(), body: req.body })),
  );

  app.patch(
    '/reports/saved/:id',
    {
      schema: {
        tags,
        params: idParam,
        body: updateSavedReportBody,
        response: { 200: savedReport, ...owned },
      },
    },
    (req) => changeReport(db, { userId: req.user.id, id: req.params.id, now: ctx.now(), body: req.body }),
  );

  app.delete(
    '/reports/saved/:id',
    { schema: { tags, params: idParam, response: { 204: z.null(), ...owned } } },
    async (req, reply) => {
      await removeReport(db, { userId: req.user.id, id: req.params.id });
      return reply.status(204).send(null);
    },
  );
};
