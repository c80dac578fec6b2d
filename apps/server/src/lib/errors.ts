import type { ErrorBody } from '@tally/shared';
import { DrizzleQueryError } from 'drizzle-orm/errors';
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

/** Each error in the chain of causes (Drizzle wraps the driver's error in its own), outermost first. */
function* causes(error: unknown) {
  for (let e = error, depth = 0; e && typeof e === 'object' && depth < 8; depth += 1) {
    yield e as { code?: unknown; message?: unknown };
    e = (e as { cause?: unknown }).cause;
  }
}

/** The SQLSTATE of a database error, however it was wrapped. */
export function sqlState(error: unknown): string | undefined {
  for (const e of causes(error)) {
    if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) return e.code;
  }
  return undefined;
}

/** Set on an error raised by a database call of ours (the Database wrappers), so its cause is known. */
const DATABASE_CALL = Symbol('database call');

/** Marks an error as a database call's and throws it on (for `.catch`). */
export function fromDatabase(error: unknown): never {
  if (error && typeof error === 'object') (error as Record<symbol, true>)[DATABASE_CALL] = true;
  throw error;
}

/**
 * PostgreSQL out of reach: a server shutting down or starting (57P01–03), a connection exception (08),
 * no connection left (53300), the driver's connection dropped or not had within the pool's wait, or a
 * network failure of a database call (Drizzle's, or the Database wrappers'). Not a bug of ours, and over once
 * the database is back: 503, so clients and load balancers try again. A network failure of anything else
 * (a client gone mid-upload, another service) is not this.
 */
const UNREACHABLE_STATE = /^(08[0-9A-Z]{3}|57P0[123]|53300)$/;
const UNREACHABLE_NETWORK = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENOTFOUND',
  'EPIPE',
  'EAI_AGAIN',
]);
const UNREACHABLE_MESSAGE =
  /^(timeout exceeded when trying to connect|Connection terminated|Client has encountered a connection error)/;

export function databaseUnreachable(error: unknown) {
  const chain = [...causes(error)];
  const ofDatabase = chain.some((e) => (e as unknown) instanceof DrizzleQueryError || DATABASE_CALL in e);
  return chain.some(
    (e) =>
      (typeof e.code === 'string' &&
        (UNREACHABLE_STATE.test(e.code) || (ofDatabase && UNREACHABLE_NETWORK.has(e.code)))) ||
      (typeof e.message === 'string' && UNREACHABLE_MESSAGE.test(e.message)),
  );
}

/** Seconds a client is asked to wait before trying again while the database is out of reach. */
const RETRY_AFTER_SECONDS = 5;

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
  if (databaseUnreachable(error)) {
    request.log.warn({ err: error }, 'database out of reach');
    return reply.status(503).header('retry-after', String(RETRY_AFTER_SECONDS)).send({
      message: 'Tally cannot reach its database just now. Please try again in a moment.',
      code: 'DATABASE_UNAVAILABLE',
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
