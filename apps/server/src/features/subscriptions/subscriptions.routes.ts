import {
  calendarQuery,
  confirmSubscriptionBody,
  daysBetween,
  detectBody,
  detectedSubscriptionList,
  errorBody,
  idParam,
  MAX_CALENDAR_DAYS,
  subscription,
  subscriptionBody,
  subscriptionCalendar,
  subscriptionList,
  subscriptionPrefill,
  subscriptionSummary,
  updateSubscriptionBody,
} from '@tally/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type AppContext, viewerOf } from '../../lib/context';
import { badRequest } from '../../lib/errors';
import { perUserRateLimit } from '../../lib/rate-limit';
import { requireFeature } from '../billing';
import { confirmDetected, detect, dismissDetected, prefillFromTransaction } from './subscriptions.detection';
import {
  subscriptionCalendar as calendarOf,
  createSubscription,
  deleteSubscription,
  getSubscription,
  listSubscriptions,
  ownSubscription,
  type SubscriptionDeps,
  subscriptionView,
  subscriptionSummary as summaryOf,
  updateSubscription,
} from './subscriptions.service';

const transactionParam = z.object({ transactionId: z.uuid('Invalid id') });

/**
 * Detection reads the person's whole history and groups it in code; the page asks for it on each visit, so
 * the limit is well above anyone's browsing, and only stops a loop.
 */
export const DETECTIONS_PER_MINUTE = 20;

/** SPEC §7 "Subscriptions": every route is the signed-in person's own; another person's ids answer 404. */
export const subscriptionsRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  const deps: SubscriptionDeps = { db: ctx.database.db, now: ctx.now };
  app.addHook('preHandler', ctx.authenticate);
  // Subscription tracking is a Pro feature: Starter gets 403 on every route here (a running trial counts as Pro).
  app.addHook('preHandler', async (req) => requireFeature(req.user, ctx.now(), 'subscriptions'));
  const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody };
  const tags = ['subscriptions'];

  app.get(
    '/subscriptions',
    { schema: { tags, response: { 200: subscriptionList, ...errors } } },
    async (req) => {
      const { rows, today } = await listSubscriptions(deps, viewerOf(req));
      return rows.map((row) => subscriptionView(row, today));
    },
  );

  app.get(
    '/subscriptions/summary',
    { schema: { tags, response: { 200: subscriptionSummary, ...errors } } },
    async (req) => summaryOf(deps, viewerOf(req)),
  );

  app.get(
    '/subscriptions/calendar',
    { schema: { tags, querystring: calendarQuery, response: { 200: subscriptionCalendar, ...errors } } },
    async (req) => {
      if (daysBetween(req.query.startDate, req.query.endDate) >= MAX_CALENDAR_DAYS) {
        throw badRequest(`The calendar covers at most ${MAX_CALENDAR_DAYS} days`);
      }
      return calendarOf(deps, viewerOf(req), req.query);
    },
  );

  app.get(
    '/subscriptions/from-transaction/:transactionId',
    { schema: { tags, params: transactionParam, response: { 200: subscriptionPrefill, ...errors } } },
    async (req) => prefillFromTransaction(deps, viewerOf(req), req.params.transactionId),
  );

  app.get(
    '/subscriptions/:id',
    { schema: { tags, params: idParam, response: { 200: subscription, ...errors } } },
    async (req) => getSubscription(deps, viewerOf(req), req.params.id),
  );

  app.post(
    '/subscriptions',
    { schema: { tags, body: subscriptionBody, response: { 201: subscription, ...errors } } },
    async (req, reply) => reply.status(201).send(await createSubscription(deps, viewerOf(req), req.body)),
  );

  app.put(
    '/subscriptions/:id',
    {
      schema: {
        tags,
        params: idParam,
        body: updateSubscriptionBody,
        response: { 200: subscription, ...errors },
      },
    },
    async (req) => {
      const viewer = viewerOf(req);
      return updateSubscription(deps, viewer, req.params.id, req.body);
    },
  );

  app.delete(
    '/subscriptions/:id',
    { schema: { tags, params: idParam, response: { 204: z.null(), ...errors } } },
    async (req, reply) => {
      const viewer = viewerOf(req);
      await deleteSubscription(deps, viewer, await ownSubscription(deps.db, viewer, req.params.id));
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/subscriptions/detect',
    {
      config: { rateLimit: perUserRateLimit(DETECTIONS_PER_MINUTE) },
      schema: {
        tags,
        body: detectBody,
        response: { 200: detectedSubscriptionList, ...errors, 429: errorBody },
      },
    },
    async (req) => detect(deps, viewerOf(req), req.body),
  );

  app.post(
    '/subscriptions/confirm',
    { schema: { tags, body: confirmSubscriptionBody, response: { 201: subscription, ...errors } } },
    async (req, reply) => reply.status(201).send(await confirmDetected(deps, viewerOf(req), req.body)),
  );

  app.post(
    '/subscriptions/:id/dismiss',
    { schema: { tags, params: idParam, response: { 204: z.null(), ...errors } } },
    async (req, reply) => {
      await dismissDetected(deps, viewerOf(req), req.params.id);
      return reply.status(204).send(null);
    },
  );
};
