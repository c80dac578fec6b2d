import { errorBody, webhookResponse } from '@tally/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../lib/context';
import { unauthorized } from '../../lib/errors';
import { keepRawJsonBodies, rawBodyOf } from '../../lib/raw-body';
import {
  PLAID_VERIFICATION_HEADER,
  type PlaidWebhookVerifier,
  parsePlaidWebhook,
} from '../../providers/bank/plaid-webhook';
import type { BankSyncJob } from './accounts.deps';
import { getConnectionsByItem } from './accounts.queries';

/** Transactions webhooks that mean "there is something new to sync". */
const SYNC_CODES = new Set([
  'SYNC_UPDATES_AVAILABLE',
  'DEFAULT_UPDATE',
  'INITIAL_UPDATE',
  'HISTORICAL_UPDATE',
]);

/**
 * Plaid calls this without a bearer token, so every request must prove itself: an ES256 signature over
 * the exact body, at most five minutes old. Anything else is 401 and changes nothing. The sync it queues
 * is idempotent, so a webhook delivered five times leaves the same rows as one.
 */
export function webhookRoutes(verifier: PlaidWebhookVerifier | null): FastifyPluginAsyncZod<AppContext> {
  return async (app, ctx) => {
    keepRawJsonBodies(app);

    app.post(
      '/plaid/webhook',
      {
        // Unauthenticated by nature, so it is rate limited like sign-in.
        config: { rateLimit: { max: 120, timeWindow: '1 minute' } },
        schema: {
          tags: ['accounts'],
          response: { 200: webhookResponse, 401: errorBody },
        },
      },
      async (req) => {
        const raw = rawBodyOf(req);
        let verified = false;
        try {
          verified = !!verifier && (await verifier.verify(raw, req.headers[PLAID_VERIFICATION_HEADER]));
        } catch (error) {
          req.log.warn({ err: error }, 'webhook verification could not reach Plaid');
        }
        if (!verified) throw unauthorized('Webhook signature is not valid');
        const webhook = parsePlaidWebhook(raw);
        if (
          webhook?.webhookType === 'TRANSACTIONS' &&
          SYNC_CODES.has(webhook.webhookCode) &&
          webhook.itemId
        ) {
          for (const connection of await getConnectionsByItem(ctx.database.db, { itemId: webhook.itemId })) {
            if (!connection.isActive) continue;
            await ctx.queue.send<BankSyncJob>(
              'bank-sync',
              { userId: connection.userId, connectionId: connection.id },
              { singletonKey: connection.id },
            );
          }
        }
        return { received: true as const };
      },
    );
  };
}
