import {
  budget,
  budgetBody,
  budgetCategory,
  budgetList,
  countUpResponse,
  countUpSettingsBody,
  enableCountUpBody,
  errorBody,
  idParam,
  planAllows,
  updateBudgetCategoryBody,
} from '@tally/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type AppContext, type Viewer, viewerOf } from '../../lib/context';
import { badRequest, notFound } from '../../lib/errors';
import { planInForce, requireFeature } from '../billing';
import { getActiveBudget, listBudgets } from './budgets.queries';
import {
  type BudgetDeps,
  budgetView,
  categoryView,
  countUpView,
  createBudget,
  deleteBudget,
  ownBudget,
  ownCategory,
  updateBudget,
  updateBudgetCategory,
  updateCountUp,
} from './budgets.service';

const categoryParams = z.object({ id: z.uuid('Not a valid id'), categoryId: z.uuid('Not a valid id') });

export const budgetsRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  const deps: BudgetDeps = { db: ctx.database.db, now: ctx.now };
  app.addHook('preHandler', ctx.authenticate);
  const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody };

  /**
   * The category of the address, the person's own, and the same as the body's categoryId (SPEC §7 sends
   * both); another person's id in either place answers 404.
   */
  const categoryOf = async (viewer: Viewer, pathId: string, bodyId: string) => {
    const [category] = await Promise.all([
      ownCategory(deps, viewer, pathId),
      bodyId === pathId ? null : ownCategory(deps, viewer, bodyId),
    ]);
    if (bodyId !== pathId) throw badRequest('categoryId must be the category in the address');
    return category;
  };

  app.get(
    '/budget',
    { schema: { tags: ['budgets'], response: { 200: budgetList, ...errors } } },
    async (req) => listBudgets(deps.db, { userId: req.user.id }),
  );

  app.get(
    '/budget/active',
    { schema: { tags: ['budgets'], response: { 200: budget, ...errors } } },
    async (req) => {
      const row = await getActiveBudget(deps.db, { userId: req.user.id });
      if (!row) throw notFound('No active budget');
      return budgetView(deps, viewerOf(req), row);
    },
  );

  app.get(
    '/budget/:id',
    { schema: { tags: ['budgets'], params: idParam, response: { 200: budget, ...errors } } },
    async (req) => budgetView(deps, viewerOf(req), await ownBudget(deps, viewerOf(req), req.params.id)),
  );

  app.post(
    '/budget',
    { schema: { tags: ['budgets'], body: budgetBody, response: { 201: budget, ...errors } } },
    async (req, reply) => {
      if (req.body.categories.some((c) => c.countUp)) requireFeature(req.user, ctx.now(), 'count-up');
      const viewer = viewerOf(req);
      const row = await createBudget(deps, viewer, req.body);
      return reply.status(201).send(await budgetView(deps, viewer, row));
    },
  );

  app.put(
    '/budget/:id',
    {
      schema: { tags: ['budgets'], params: idParam, body: budgetBody, response: { 200: budget, ...errors } },
    },
    async (req) => {
      const viewer = viewerOf(req);
      const own = await ownBudget(deps, viewer, req.params.id);
      // Starter may keep what a trial left on, but not turn count-up on for another category.
      const asked = req.body.categories.filter((c) => c.countUp).map((c) => c.category);
      if (asked.length > 0 && !planAllows(planInForce(req.user, ctx.now()), 'count-up')) {
        const on = new Set(
          (await budgetView(deps, viewer, own)).categories
            .filter((c) => c.countUpEnabled)
            .map((c) => c.category),
        );
        if (asked.some((category) => !on.has(category))) requireFeature(req.user, ctx.now(), 'count-up');
      }
      const row = await updateBudget(deps, viewer, own, req.body);
      return budgetView(deps, viewer, row);
    },
  );

  app.put(
    '/budget/:id/category/:categoryId',
    {
      schema: {
        tags: ['budgets'],
        params: categoryParams,
        body: updateBudgetCategoryBody,
        response: { 200: budget, ...errors },
      },
    },
    async (req) => {
      const viewer = viewerOf(req);
      const row = await ownBudget(deps, viewer, req.params.id);
      await updateBudgetCategory(deps, viewer, row, req.params.categoryId, req.body);
      return budgetView(deps, viewer, row);
    },
  );

  app.delete(
    '/budget/:id',
    { schema: { tags: ['budgets'], params: idParam, response: { 204: z.null(), ...errors } } },
    async (req, reply) => {
      await deleteBudget(deps, await ownBudget(deps, viewerOf(req), req.params.id));
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/budget/:id/countup',
    { schema: { tags: ['budgets'], params: idParam, response: { 200: countUpResponse, ...errors } } },
    async (req) => {
      requireFeature(req.user, ctx.now(), 'count-up');
      return countUpView(deps, viewerOf(req), await ownBudget(deps, viewerOf(req), req.params.id));
    },
  );

  app.post(
    '/budget/category/:id/enable-countup',
    {
      schema: {
        tags: ['budgets'],
        params: idParam,
        body: enableCountUpBody,
        response: { 200: budgetCategory, ...errors },
      },
    },
    async (req) => {
      const viewer = viewerOf(req);
      // Turning count-up off stays open to Starter, so a category left on after a trial can be put back.
      if (req.body.enable) requireFeature(req.user, ctx.now(), 'count-up');
      const category = await categoryOf(viewer, req.params.id, req.body.categoryId);
      await updateCountUp(deps, viewer, category, { countUpEnabled: req.body.enable });
      return categoryView(deps, viewer, category);
    },
  );

  app.put(
    '/budget/category/:id/countup-settings',
    {
      schema: {
        tags: ['budgets'],
        params: idParam,
        body: countUpSettingsBody,
        response: { 200: budgetCategory, ...errors },
      },
    },
    async (req) => {
      const viewer = viewerOf(req);
      requireFeature(req.user, ctx.now(), 'count-up');
      const category = await categoryOf(viewer, req.params.id, req.body.categoryId);
      await updateCountUp(deps, viewer, category, { customDailyAllowance: req.body.customDailyAllowance });
      return categoryView(deps, viewer, category);
    },
  );
};
