import type { ErrorBody } from '@tally/shared';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';

/** A failure we expect and can explain to the client. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly details?: ErrorBody['details'],
  ) {
    super(message);
  }
}

/** A service we depend on (the bank provider) failed; the client gets a 502 without its details. */
export class UpstreamError extends Error {}

export const badRequest = (message: string, code = 'BAD_REQUEST') => new AppError(400, code, message);
export const unauthorized = (message = 'Authentication required') =>
  new AppError(401, 'UNAUTHORIZED', message);
export const notFound = (message = 'Not found') => new AppError(404, 'NOT_FOUND', message);

/**
 * The row a person asked for, or a 404 with `message`: another person's id answers like a missing one, so
 * ids cannot be probed.
 */
export function found<T>(row: T | null | undefined, message: string): T {
  if (row === null || row === undefined) throw notFound(message);
  return row;
}
export const conflict = (message: string) => new AppError(409, 'CONFLICT', message);
export const tooManyRequests = (message: string) => new AppError(429, 'RATE_LIMITED', message);

const FASTIFY_CODES: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'Request body is not valid JSON',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'Request body is required',
  FST_ERR_CTP_BODY_TOO_LARGE: 'Request body is too large',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Unsupported content type; send application/json',
};

/** The one error handler: every failure leaves as { message, code, details? }; 5xx never carry internals. */
export function errorHandler(error: FastifyError | AppError, request: FastifyRequest, reply: FastifyReply) {
  if (error instanceof AppError) {
    return reply
      .status(error.statusCode)
      .send({ message: error.message, code: error.code, details: error.details });
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    const details = error.validation.map((v) => ({
      path: v.instancePath.replace(/^\//, '').replaceAll('/', '.'),
      message: v.message ?? 'Invalid value',
    }));
    const first = details[0]?.message ?? 'Invalid request';
    const message = first.startsWith('Invalid input: expected object') ? 'Request body is required' : first;
    return reply.status(400).send({ message, code: 'VALIDATION_ERROR', details });
  }
  if (error instanceof UpstreamError) {
    request.log.warn({ err: error }, 'upstream service failed');
    return reply.status(502).send({
      message: 'Your bank did not answer as expected. Please try again in a moment.',
      code: 'BANK_UNAVAILABLE',
    });
  }
  const status = error.statusCode ?? 500;
  if (status < 500) {
    const message = FASTIFY_CODES[error.code] ?? error.message;
    return reply.status(status).send({ message, code: error.code ?? 'BAD_REQUEST' });
  }
  request.log.error({ err: error }, 'request failed');
  return reply.status(500).send({ message: 'Something went wrong. Please try again.', code: 'INTERNAL' });
}
