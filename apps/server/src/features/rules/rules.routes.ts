import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../lib/context';

/** The person's transaction rules: every route is the signed-in person's own; another person's ids answer 404. */
export const rulesRoutes: FastifyPluginAsyncZod<AppContext> = async (_app, _ctx) => {};
