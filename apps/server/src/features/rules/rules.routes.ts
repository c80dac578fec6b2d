import {
  errorBody,
  idParam,
  rule,
  ruleApplyResult,
  ruleBody,
  ruleList,
  ruleOrderBody,
  rulePreview,
} from '@tally/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../lib/context';
import { perUserRateLimit } from '../../lib/rate-limit';
import {
  applyRule,
  createRule,
  deleteRule,
  listRules,
  previewRule,
  type RulesDeps,
  reorderRules,
  updateRule,
} from './rules.service';

/**
 * Previews and applies read every live transaction of the person (a contains match has no index to use),
 * so each is limited per person, far above what someone editing rules by hand asks for.
 */
export const RULE_PREVIEWS_PER_MINUTE = 30;
export const RULE_APPLIES_PER_MINUTE = 10;

/** The person's transaction rules: every route is the signed-in person's own; another person's ids answer 404. */
export const rulesRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  const deps: RulesDeps = { db: ctx.database.db, now: ctx.now };
  app.addHook('preHandler', ctx.authenticate);
  const errors = { 400: errorBody, 401: errorBody, 404: errorBody };
  const tags = ['rules'];

  app.get('/rules', { schema: { tags, response: { 200: ruleList, ...errors } } }, async (req) =>
    listRules(deps, req.user.id),
  );

  app.post(
    '/rules',
    { schema: { tags, body: ruleBody, response: { 201: rule, ...errors } } },
    async (req, reply) => reply.status(201).send(await createRule(deps, req.user.id, req.body)),
  );

  // Registered before /rules/:id; Fastify prefers the static path anyway.
  app.put(
    '/rules/order',
    { schema: { tags, body: ruleOrderBody, response: { 200: ruleList, ...errors } } },
    async (req) => reorderRules(deps, req.user.id, req.body.ids),
  );

  app.put(
    '/rules/:id',
    { schema: { tags, params: idParam, body: ruleBody, response: { 200: rule, ...errors } } },
    async (req) => updateRule(deps, req.user.id, req.params.id, req.body),
  );

  app.delete(
    '/rules/:id',
    { schema: { tags, params: idParam, response: { 204: z.null(), ...errors } } },
    async (req, reply) => {
      await deleteRule(deps, req.user.id, req.params.id);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/rules/:id/preview',
    {
      config: { rateLimit: perUserRateLimit(RULE_PREVIEWS_PER_MINUTE) },
      schema: { tags, params: idParam, response: { 200: rulePreview, ...errors, 429: errorBody } },
    },
    async (req) => previewRule(deps, req.user.id, req.params.id),
  );

  app.post(
    '/rules/:id/apply',
    {
      config: { rateLimit: perUserRateLimit(RULE_APPLIES_PER_MINUTE) },
      schema: { tags, params: idParam, response: { 200: ruleApplyResult, ...errors, 429: errorBody } },
    },
    async (req) => applyRule(deps, req.user.id, req.params.id),
  );
};
