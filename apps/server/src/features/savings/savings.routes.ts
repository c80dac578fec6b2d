import {
  achievementCheck,
  allocateBody,
  budgetLeftover,
  errorBody,
  goalBody,
  goalProgressView,
  idParam,
  processResult,
  savingsAchievementList,
  savingsGoal,
  savingsGoalList,
  savingsOverview,
  todayIn,
  updateGoalBody,
} from '@tally/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type AppContext, viewerOf } from '../../lib/context';
import { ownBudget } from '../budgets';
import { listAchievements } from './savings.achievements';
import {
  addContribution,
  checkAchievements,
  createGoal,
  deleteGoal,
  goalById,
  goalProgressOf,
  budgetLeftover as leftoverOf,
  listGoals,
  overview,
  ownGoal,
  type SavingsDeps,
  shareEndedPeriods,
  updateGoal,
} from './savings.service';

/** SPEC §7 "Savings": every route is the signed-in person's own; another person's ids answer 404. */
export const savingsRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  const deps: SavingsDeps = { db: ctx.database.db, now: ctx.now };
  app.addHook('preHandler', ctx.authenticate);
  const errors = { 400: errorBody, 401: errorBody, 404: errorBody };
  const tags = ['savings'];

  app.get('/savings/overview', { schema: { tags, response: { 200: savingsOverview, ...errors } } }, (req) =>
    overview(deps, viewerOf(req)),
  );

  app.get('/savings/goals', { schema: { tags, response: { 200: savingsGoalList, ...errors } } }, (req) =>
    listGoals(deps, viewerOf(req)),
  );

  app.get(
    '/savings/goals/:id',
    { schema: { tags, params: idParam, response: { 200: savingsGoal, ...errors } } },
    (req) => goalById(deps, viewerOf(req), req.params.id),
  );

  app.post(
    '/savings/goals',
    { schema: { tags, body: goalBody, response: { 201: savingsGoal, ...errors } } },
    async (req, reply) => reply.status(201).send(await createGoal(deps, viewerOf(req), req.body)),
  );

  app.put(
    '/savings/goals/:id',
    { schema: { tags, params: idParam, body: updateGoalBody, response: { 200: savingsGoal, ...errors } } },
    async (req) => {
      const viewer = viewerOf(req);
      return updateGoal(deps, viewer, await ownGoal(deps, viewer, req.params.id), req.body);
    },
  );

  app.delete(
    '/savings/goals/:id',
    { schema: { tags, params: idParam, response: { 204: z.null(), ...errors } } },
    async (req, reply) => {
      const viewer = viewerOf(req);
      await deleteGoal(deps, viewer, await ownGoal(deps, viewer, req.params.id));
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/savings/goals/:id/allocate',
    {
      schema: { tags, params: idParam, body: allocateBody, response: { 201: goalProgressView, ...errors } },
    },
    async (req, reply) => {
      const viewer = viewerOf(req);
      const goal = await ownGoal(deps, viewer, req.params.id);
      return reply.status(201).send(await addContribution(deps, viewer, goal, req.body));
    },
  );

  app.get(
    '/savings/goals/:id/progress',
    { schema: { tags, params: idParam, response: { 200: goalProgressView, ...errors } } },
    (req) => goalProgressOf(deps, viewerOf(req), req.params.id),
  );

  app.get(
    '/savings/achievements',
    { schema: { tags, response: { 200: savingsAchievementList, ...errors } } },
    (req) => listAchievements(deps.db, viewerOf(req)),
  );

  app.post(
    '/savings/achievements/check',
    { schema: { tags, response: { 200: achievementCheck, ...errors } } },
    (req) => checkAchievements(deps, viewerOf(req)),
  );

  app.get(
    '/savings/leftover/:id',
    { schema: { tags, params: idParam, response: { 200: budgetLeftover, ...errors } } },
    async (req) => {
      const viewer = viewerOf(req);
      return leftoverOf(deps, viewer, await ownBudget(deps, viewer, req.params.id));
    },
  );

  /** Shares out the budget's ended periods now, rather than when the job or the next read does. */
  app.post(
    '/savings/allocations/process/:id',
    { schema: { tags, params: idParam, response: { 200: processResult, ...errors } } },
    async (req) => {
      const viewer = viewerOf(req);
      const budget = await ownBudget(deps, viewer, req.params.id);
      const now = deps.now();
      const day = todayIn(viewer.timeZone, now);
      return { processed: await shareEndedPeriods(deps.db, viewer, { day, now }, budget.id) };
    },
  );
};
