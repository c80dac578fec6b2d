import {
  budgetProposal,
  categorisedMerchants,
  categoriseMerchantsBody,
  errorBody,
  markStepBody,
  onboardingState,
  uncategorisedMerchants,
} from '@tally/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../lib/context';
import {
  categoriseMerchants,
  merchantsToCategorise,
  type OnboardingDeps,
  offeredBudget,
  setStep,
  onboardingState as stateOf,
} from './onboarding.service';

/** The dashboard's first-run guide: where the person stands, and what each step offers. */
export const onboardingRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  const deps: OnboardingDeps = { db: ctx.database.db, now: ctx.now };
  const tags = ['onboarding'];
  const errors = { 400: errorBody, 401: errorBody };
  app.addHook('preHandler', ctx.authenticate);

  app.get('/onboarding', { schema: { tags, response: { 200: onboardingState, ...errors } } }, (req) =>
    stateOf(deps, req.user),
  );

  app.post(
    '/onboarding/steps',
    { schema: { tags, body: markStepBody, response: { 200: onboardingState, ...errors } } },
    (req) => setStep(deps, req.user, req.body),
  );

  app.get(
    '/onboarding/merchants',
    { schema: { tags, response: { 200: uncategorisedMerchants, ...errors } } },
    (req) => merchantsToCategorise(deps, req.user),
  );

  app.post(
    '/onboarding/merchants',
    {
      schema: {
        tags,
        body: categoriseMerchantsBody,
        response: { 200: categorisedMerchants, ...errors, 409: errorBody },
      },
    },
    (req) => categoriseMerchants(deps, req.user, req.body),
  );

  app.get(
    '/onboarding/budget-proposal',
    { schema: { tags, response: { 200: budgetProposal, ...errors } } },
    (req) => offeredBudget(deps, req.user),
  );
};
