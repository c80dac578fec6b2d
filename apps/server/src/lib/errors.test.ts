import { DrizzleQueryError } from 'drizzle-orm/errors';
import { describe, expect, it } from 'vitest';
import { databaseUnreachable, fromDatabase, sqlState } from './errors';

/** As Drizzle hands a driver's error on: its own error, the driver's as its cause. */
const wrapped = (cause: unknown) => new DrizzleQueryError('select 1', [], cause as Error);
/** As a Database wrapper (pool.query) throws it. */
const ofCall = (error: unknown) => {
  try {
    fromDatabase(error);
  } catch (marked) {
    return marked;
  }
};
const pgError = (code: string, message = 'failed') => Object.assign(new Error(message), { code });

describe('databaseUnreachable', () => {
  it('knows PostgreSQL out of reach, however the error was wrapped', () => {
    for (const error of [
      ofCall(pgError('ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:5432')),
      wrapped(pgError('ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:5432')),
      wrapped(pgError('57P01', 'terminating connection due to administrator command')),
      wrapped(pgError('57P03', 'the database system is starting up')),
      wrapped(pgError('08006')),
      wrapped(pgError('53300', 'sorry, too many clients already')),
      wrapped(new Error('Connection terminated unexpectedly')),
      new Error('timeout exceeded when trying to connect'),
      wrapped(wrapped(pgError('ECONNRESET'))),
    ])
      expect(databaseUnreachable(error), String((error as Error).message)).toBe(true);
  });

  it('leaves every other failure alone', () => {
    for (const error of [
      wrapped(pgError('23505', 'duplicate key value violates unique constraint')),
      wrapped(pgError('22P02', 'invalid input syntax for type uuid')),
      new Error('Cannot read properties of undefined'),
      null,
      'ECONNREFUSED',
      // A network failure of something else: a client gone mid-upload, another service.
      pgError('ECONNRESET', 'aborted'),
      Object.assign(new Error('fetch failed'), { cause: pgError('ENOTFOUND') }),
    ])
      expect(databaseUnreachable(error)).toBe(false);
  });

  it('reads a cycle of causes without looping', () => {
    const a: Error & { cause?: unknown } = new Error('a');
    a.cause = a;
    expect(databaseUnreachable(a)).toBe(false);
  });
});

describe('sqlState', () => {
  it('finds the SQLSTATE under the wrapping and ignores network codes', () => {
    expect(sqlState(wrapped(pgError('23503')))).toBe('23503');
    expect(sqlState(pgError('ECONNREFUSED'))).toBeUndefined();
  });
});
