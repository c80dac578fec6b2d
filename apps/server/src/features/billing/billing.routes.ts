import {
  billingState as billingStateSchema,
  billingWebhookResponse,
  changePlanBody,
  errorBody,
  planChangeResult,
  portalResult,
} from '@tally/shared';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../lib/context';
import { badRequest } from '../../lib/errors';
import { perUserRateLimit } from '../../lib/rate-limit';
import { keepRawJsonBodies, rawBodyOf } from '../../lib/raw-body';
import { createBillingProvider } from '../../providers/billing';
import { type BillingProvider, BillingSignatureError } from '../../providers/billing/types';
import {
  alignPlans,
  applyWebhook,
  type BillingDeps,
  billingState,
  cancel,
  changePlan,
  portal,
} from './billing.service';

const STRIPE_SIGNATURE = 'stripe-signature';

/**
 * Plan changes, portal sessions and cancellations each call the payment provider (Stripe), whose API is
 * rate limited per account: one person must not spend the whole server's share. Far above a real person's
 * clicks.
 */
export const BILLING_CALLS_PER_MINUTE = 10;

/**
 * The signed-in person's plan (GET /billing, POST /billing/plan, /portal, /cancel) and the payment
 * provider's webhook (POST /billing/webhook, unauthenticated, checked by its signature). `provider` is for
 * tests; otherwise Stripe when its keys are set, else self-hosted.
 */
export function billingRoutes(provider?: BillingProvider): FastifyPluginAsyncZod<AppContext> {
  return async (app, ctx) => {
    const deps: BillingDeps = {
      db: ctx.database.db,
      now: ctx.now,
      queue: ctx.queue,
      provider: provider ?? createBillingProvider(ctx.config, ctx.log),
      publicUrl: ctx.config.publicUrl,
      selfHostedPlan: ctx.config.selfHostedPlan,
    };
    await alignPlans(deps, ctx.log);
    const tags = ['billing'];

    await app.register(async (scope) => {
      const own = scope.withTypeProvider<ZodTypeProvider>();
      own.addHook('preHandler', ctx.authenticate);
      const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 502: errorBody };

      own.get('/billing', { schema: { tags, response: { 200: billingStateSchema, ...errors } } }, (req) =>
        billingState(deps, req.user),
      );

      const providerCalls = perUserRateLimit(BILLING_CALLS_PER_MINUTE);
      const limited = { ...errors, 429: errorBody };

      own.post(
        '/billing/plan',
        {
          config: { rateLimit: providerCalls },
          schema: { tags, body: changePlanBody, response: { 200: planChangeResult, ...limited } },
        },
        (req) => changePlan(deps, req.user, req.body.plan),
      );

      own.post(
        '/billing/portal',
        {
          config: { rateLimit: providerCalls },
          schema: { tags, response: { 200: portalResult, ...limited } },
        },
        (req) => portal(deps, req.user),
      );

      own.post(
        '/billing/cancel',
        {
          config: { rateLimit: providerCalls },
          schema: { tags, response: { 200: planChangeResult, ...limited } },
        },
        (req) => cancel(deps, req.user),
      );
    });

    await app.register(async (hook) => {
      keepRawJsonBodies(hook);

      hook.post(
        '/billing/webhook',
        {
          // Unauthenticated by nature, so it is rate limited like sign-in.
          config: { rateLimit: { max: 300, timeWindow: '1 minute' } },
          schema: { tags, response: { 200: billingWebhookResponse, 400: errorBody, 502: errorBody } },
        },
        async (req) => {
          const raw = rawBodyOf(req);
          const header = req.headers[STRIPE_SIGNATURE];
          let event: Awaited<ReturnType<BillingProvider['readWebhook']>>;
          try {
            event = await deps.provider.readWebhook(
              raw,
              Array.isArray(header) ? header[0] : header,
              ctx.now(),
            );
          } catch (error) {
            if (!(error instanceof BillingSignatureError)) throw error;
            req.log.warn({ reason: error.message }, 'billing webhook refused');
            throw badRequest('Invalid webhook signature', 'INVALID_SIGNATURE');
          }
          await applyWebhook(deps, event);
          return { received: true as const };
        },
      );
    });
  };
}
