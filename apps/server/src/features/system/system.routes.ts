import { healthResponse, PLANS, publicConfig } from '@tally/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../lib/context';

export const systemRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  // buildApp is only called after migrations have run, so answering at all means the schema is ready.
  app.get('/health', { schema: { tags: ['system'], response: { 200: healthResponse } } }, async () => {
    await ctx.database.query('select 1');
    return { status: 'ok' as const };
  });

  app.get('/config', { schema: { tags: ['system'], response: { 200: publicConfig } } }, async () => ({
    googleClientId: ctx.config.googleClientId ?? null,
    bankMode: ctx.config.plaid ? ('plaid' as const) : ('demo' as const),
    plans: PLANS,
  }));
};
