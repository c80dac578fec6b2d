import type { FastifyInstance, FastifyRequest } from 'fastify';

/**
 * For webhooks signed over their exact bytes (Plaid, Stripe): JSON bodies in this plugin's scope arrive as
 * the raw Buffer, since a re-serialised object would not match the signature.
 */
export function keepRawJsonBodies(app: FastifyInstance) {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_req, body, done) => done(null, body));
}

/** The raw body kept by keepRawJsonBodies; empty when none came. */
export const rawBodyOf = (req: FastifyRequest): Buffer =>
  Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
