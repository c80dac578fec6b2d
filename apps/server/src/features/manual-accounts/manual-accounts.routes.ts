import {
  account,
  createManualAccountBody,
  errorBody,
  idParam,
  manualTransactionBody,
  transaction,
  updateManualAccountBody,
} from '@tally/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../lib/context';
import {
  createManualAccount,
  createManualTransaction,
  editManualAccount,
  editManualTransaction,
  type ManualDeps,
  removeManualAccount,
} from './manual-accounts.service';

/** Manual accounts and the transactions typed into them: every route is the signed-in person's own; another person's ids answer 404. */
export const manualAccountsRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  const deps: ManualDeps = { db: ctx.database.db, now: ctx.now };
  app.addHook('preHandler', ctx.authenticate);
  const errors = { 400: errorBody, 401: errorBody, 404: errorBody };

  app.post(
    '/accounts/manual',
    {
      schema: {
        tags: ['accounts'],
        body: createManualAccountBody,
        response: { 201: account, ...errors },
      },
    },
    async (req, reply) => reply.status(201).send(await createManualAccount(deps, req.user.id, req.body)),
  );

  app.put(
    '/accounts/manual/:id',
    {
      schema: {
        tags: ['accounts'],
        params: idParam,
        body: updateManualAccountBody,
        response: { 200: account, ...errors },
      },
    },
    async (req) => editManualAccount(deps, req.user.id, req.params.id, req.body),
  );

  app.delete(
    '/accounts/manual/:id',
    { schema: { tags: ['accounts'], params: idParam, response: { 204: z.null(), ...errors } } },
    async (req, reply) => {
      await removeManualAccount(deps, req.user.id, req.params.id);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/transactions/manual',
    {
      schema: {
        tags: ['transactions'],
        body: manualTransactionBody,
        response: { 201: transaction, ...errors },
      },
    },
    async (req, reply) => reply.status(201).send(await createManualTransaction(deps, req.user.id, req.body)),
  );

  app.put(
    '/transactions/manual/:id',
    {
      schema: {
        tags: ['transactions'],
        params: idParam,
        body: manualTransactionBody,
        response: { 200: transaction, ...errors },
      },
    },
    async (req) => editManualTransaction(deps, req.user.id, req.params.id, req.body),
  );
};
