import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../lib/context';

/** File import (CSV, OFX/QFX, QIF) into an account: every route is the signed-in person's own; another person's ids answer 404. */
export const importsRoutes: FastifyPluginAsyncZod<AppContext> = async (_app, _ctx) => {};
