import { errorBody, supportInfo, supportMessageBody, supportMessageSent } from '@tally/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../lib/context';
import { createMailer } from '../../providers/mail/mailer';
import { supportInfo as infoFor, type SupportDeps, sendSupportMessage } from './support.service';

/** Help → Contact support: how the signed-in person reaches the operator, and their message to them. */
export const supportRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  const deps: SupportDeps = {
    db: ctx.database.db,
    now: ctx.now,
    log: ctx.log,
    mailer: createMailer(ctx.config.smtp),
    supportEmail: ctx.config.supportEmail,
  };
  app.addHook('preHandler', ctx.authenticate);
  const tags = ['support'];

  app.get('/support', { schema: { tags, response: { 200: supportInfo, 401: errorBody } } }, async (req) =>
    infoFor(deps, req.user),
  );

  app.post(
    '/support/messages',
    {
      schema: {
        tags,
        body: supportMessageBody,
        response: {
          201: supportMessageSent,
          400: errorBody,
          401: errorBody,
          409: errorBody,
          429: errorBody,
          502: errorBody,
        },
      },
    },
    async (req, reply) => reply.status(201).send(await sendSupportMessage(deps, req.user, req.body)),
  );
};
