import {
  advisorAnswer,
  aiUsage,
  contextParam,
  DEFAULT_INSIGHT_COUNT,
  dismissInsightBody,
  errorBody,
  idParam,
  insight,
  insightList,
  insightsBody,
  planState,
  queryBody,
  specificInsightBody,
} from '@tally/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type AppContext, viewerOf } from '../../lib/context';
import { requireFeature } from '../billing';
import {
  type AiDeps,
  type AiViewer,
  ask,
  countRequest,
  dismiss,
  insights,
  refresh,
  regenerateOne,
  usage,
} from './ai.service';

/** SPEC §7 "AI": every route is the signed-in person's own; another person's insight ids answer 404. */
export const aiRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  const deps: AiDeps = { db: ctx.database.db, now: ctx.now, log: ctx.log, later: ctx.insights.later };
  app.addHook('preHandler', ctx.authenticate);
  const errors = { 400: errorBody, 401: errorBody, 404: errorBody, 429: errorBody };
  const tags = ['ai'];
  // The plan whose limits apply now: a running trial counts as its plan.
  const aiViewerOf = (req: {
    user: Parameters<typeof planState>[0] & { id: string; timeZone: string };
  }): AiViewer => ({
    ...viewerOf(req),
    plan: planState(req.user, ctx.now()).plan.code,
  });

  app.post(
    '/ai/insights',
    { schema: { tags, body: insightsBody, response: { 200: insightList, ...errors } } },
    (req) => insights(deps, aiViewerOf(req), req.body),
  );

  app.post(
    '/ai/insights/specific',
    { schema: { tags, body: specificInsightBody, response: { 200: insightList, ...errors } } },
    (req) =>
      insights(deps, aiViewerOf(req), {
        context: req.body.context,
        maxInsights: req.body.maxInsights,
        type: req.body.specificType,
      }),
  );

  app.post(
    '/ai/insights/dismiss',
    { schema: { tags, body: dismissInsightBody, response: { 204: z.null(), ...errors } } },
    async (req, reply) => {
      await dismiss(deps, aiViewerOf(req), req.body.insightId);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/ai/insights/generate/:id',
    { schema: { tags, params: idParam, response: { 200: insight, ...errors } } },
    (req) => regenerateOne(deps, aiViewerOf(req), req.params.id),
  );

  app.post(
    '/ai/insights/refresh/:context',
    { schema: { tags, params: contextParam, response: { 200: insightList, ...errors } } },
    (req) => refresh(deps, aiViewerOf(req), req.params.context, DEFAULT_INSIGHT_COUNT),
  );

  /**
   * The advisor. Asked for text/event-stream, it streams: 'text' events carry the answer's words as they
   * come, then one 'answer' event the whole AdvisorAnswer (figures and proposals), or an 'error' event.
   * Otherwise it answers the AdvisorAnswer as JSON. A refused request (bad input, limit) is JSON either way.
   */
  app.post(
    '/ai/query',
    { schema: { tags, body: queryBody, response: { 200: advisorAnswer, ...errors, 403: errorBody } } },
    async (req, reply) => {
      // The advisor is a Pro feature; refused before it counts against the day's AI requests.
      requireFeature(req.user, ctx.now(), 'advisor');
      const viewer = aiViewerOf(req);
      await countRequest(deps, viewer);
      if (!String(req.headers.accept ?? '').includes('text/event-stream')) {
        return ask(deps, viewer, ctx.advisorModel, req.body.query);
      }
      reply.hijack();
      const raw = reply.raw;
      // The security headers set so far go out with the stream.
      for (const [name, value] of Object.entries(reply.getHeaders())) {
        if (value !== undefined) raw.setHeader(name, value);
      }
      raw.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store',
        'x-accel-buffering': 'no',
      });
      const send = (event: string, data: unknown) =>
        raw.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
      try {
        const answer = await ask(deps, viewer, ctx.advisorModel, req.body.query, (text) =>
          send('text', { text }),
        );
        // Written as the serializer would write it: amounts in dollars, as the JSON answer has them.
        send('answer', advisorAnswer.encode(answer));
      } catch (error) {
        req.log.error({ err: error }, 'advisor failed');
        send('error', { message: 'Sorry, I encountered an error processing your request.' });
      }
      raw.end();
    },
  );

  app.get('/ai/usage', { schema: { tags, response: { 200: aiUsage, ...errors } } }, (req) =>
    usage(deps, aiViewerOf(req)),
  );
};
