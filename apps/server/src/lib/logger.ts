import { DrizzleQueryError } from 'drizzle-orm/errors';
import type { FastifyBaseLogger } from 'fastify';
import { type DestinationStream, pino } from 'pino';
import type { Config } from '../config';

/**
 * A failed query is logged with its SQL and the database's own error, never its parameters: they hold
 * what people typed and what we keep secret (a failed registration would log the password hash).
 */
function serializeError(error: unknown) {
  if (error instanceof DrizzleQueryError) {
    return {
      type: 'DrizzleQueryError',
      message: `Failed query: ${error.query}`,
      // The stack starts with the message, parameters included: keep only its frames.
      stack: error.stack
        ?.split('\n')
        .filter((line) => line.trimStart().startsWith('at '))
        .join('\n'),
      cause: error.cause ? pino.stdSerializers.err(error.cause as Error) : undefined,
    };
  }
  return error instanceof Error ? pino.stdSerializers.err(error) : error;
}

/**
 * The app's one logger. Fastify logs through it, and so does what starts before the app exists (the
 * database pool in server.ts). Bearer tokens, passwords and query parameters never reach the log.
 */
export function createLogger(
  config: Pick<Config, 'logLevel'>,
  destination?: DestinationStream,
): FastifyBaseLogger {
  return pino(
    {
      level: config.logLevel,
      redact: ['req.headers.authorization', 'req.body.password'],
      serializers: { err: serializeError },
    },
    destination,
  );
}

let standalone: FastifyBaseLogger | undefined;

/** For code run without an app (bench, test setup): one shared logger at the info level. */
export const standaloneLogger = (): FastifyBaseLogger => {
  standalone ??= createLogger({ logLevel: 'info' });
  return standalone;
};
