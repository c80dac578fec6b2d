import {
  cashFlowReport,
  errorBody,
  moneyFlowReport,
  netWorthReport,
  type ReportQuery,
  reportQuery,
  spendingReport,
} from '@tally/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../lib/context';
import { requireFeature } from '../billing';
import { cashFlow, flow, netWorth, spending } from './reports.service';

/**
 * Reports (Pro's "advanced analytics"): a period's cash flow and spending by month or week, and where its
 * money flowed, and net worth day by day, with a comparison and why they changed. Every route is the signed-in person's own, and Pro's.
 */
export const reportsRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  const db = ctx.database.db;
  const tags = ['reports'];
  const errors = { 400: errorBody, 401: errorBody, 403: errorBody };
  app.addHook('preHandler', ctx.authenticate);
  app.addHook('preHandler', async (req) => requireFeature(req.user, ctx.now(), 'reports'));
  const input = (req: { user: { id: string; timeZone: string }; query: ReportQuery }) => ({
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
};
