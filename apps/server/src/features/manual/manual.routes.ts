import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../lib/context';

/** Manual accounts and the transactions typed into them: every route is the signed-in person's own; another person's ids answer 404. */
export const manualRoutes: FastifyPluginAsyncZod<AppContext> = async (_app, _ctx) => {};
