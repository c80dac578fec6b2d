import type { FastifyRequest } from 'fastify';
import { AppError } from './errors';

/** Deeper than any request body of ours; a deeper one is refused by its schema anyway. */
const MAX_DEPTH = 32;

function hasNul(value: unknown, depth: number): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (value === null || typeof value !== 'object' || depth > MAX_DEPTH || Buffer.isBuffer(value))
    return false;
  return Object.entries(value).some(([key, v]) => key.includes('\u0000') || hasNul(v, depth + 1));
}

/**
 * PostgreSQL text cannot hold U+0000: a note, name or search carrying one would fail in the database and
 * answer 500. No field of ours means anything with it, so every request is refused before validation.
 */
export async function refuseNulCharacters(request: FastifyRequest) {
  if (hasNul(request.params, 0) || hasNul(request.query, 0) || hasNul(request.body, 0)) {
    throw new AppError(400, 'VALIDATION_ERROR', 'Text cannot contain the NUL character (\\u0000)');
  }
}
