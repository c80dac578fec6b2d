import {
  aiUsage,
  contextParam,
  DEFAULT_INSIGHT_COUNT,
  dismissInsightBody,
  errorBody,
  idParam,
  insight,
  insightList,
  insightsBody,
  specificInsightBody,
} from '@tally/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../lib/context';
import { type AiDeps, dismiss, insights, refresh, regenerateOne, usage, type Viewer } from './ai.service';

/** SPEC §7 "AI": every route is the signed-in person's own; another person's insight ids answer 404. */
export const aiRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  const deps: AiDeps = { db: ctx.database.db, now: ctx.now };
  app.addHook('preHandler', ctx.authenticate);
  const errors = { 400: errorBody, 401: errorBody, 404: errorBody, 429: errorBody };
  const tags = ['ai'];
  const viewerOf = (req: { user: { id: string; timeZone: string; plan: string } }): Viewer => ({
    userId: req.user.id,
    timeZone: req.user.timeZone,
    plan: req.user.plan,
  });

  app.post(
    '/ai/insights',
    { schema: { tags, body: insightsBody, response: { 200: insightList, ...errors } } },
    (req) => insights(deps, viewerOf(req), req.body),
  );

  app.post(
    '/ai/insights/specific',
    { schema: { tags, body: specificInsightBody, response: { 200: insightList, ...errors } } },
    (req) =>
      insights(deps, viewerOf(req), {
        context: req.body.context,
        maxInsights: req.body.maxInsights,
        type: req.body.specificType,
      }),
  );

  app.post(
    '/ai/insights/dismiss',
    { schema: { tags, body: dismissInsightBody, response: { 204: z.null(), ...errors } } },
    async (req, reply) => {
      await dismiss(deps, viewerOf(req), req.body.insightId);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/ai/insights/generate/:id',
    { schema: { tags, params: idParam, response: { 200: insight, ...errors } } },
    (req) => regenerateOne(deps, viewerOf(req), req.params.id),
  );

  app.post(
    '/ai/insights/refresh/:context',
    { schema: { tags, params: contextParam, response: { 200: insightList, ...errors } } },
    (req) => refresh(deps, viewerOf(req), req.params.context, DEFAULT_INSIGHT_COUNT),
  );

  app.get('/ai/usage', { schema: { tags, response: { 200: aiUsage, ...errors } } }, (req) =>
    usage(deps, viewerOf(req)),
  );
};
