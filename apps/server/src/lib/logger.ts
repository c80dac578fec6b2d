import { DrizzleQueryError } from 'drizzle-orm/errors';
import type { FastifyBaseLogger } from 'fastify';
import { type DestinationStream, pino } from 'pino';
import pretty from 'pino-pretty';
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
      cause: error.cause ? withoutParameters(pino.stdSerializers.err(error.cause as Error)) : undefined,
    };
  }
  return error instanceof Error ? withoutParameters(pino.stdSerializers.err(error)) : error;
}

/** PGlite's own errors carry the statement's parameters too (`params`), on the error and its causes. */
function withoutParameters(serialized: unknown): unknown {
  if (!serialized || typeof serialized !== 'object') return serialized;
  const { params: _, cause, ...rest } = serialized as Record<string, unknown>;
  return cause === undefined ? rest : { ...rest, cause: withoutParameters(cause) };
}

/**
 * The app's one logger. Fastify logs through it, and so does what starts before the app exists (the
 * database pool in server.ts). Bearer tokens, passwords and query parameters never reach the log. As JSON
 * lines (the default), or with `logFormat: 'text'` as lines a person reads: `[12:04:31] INFO: message`,
 * any other fields after it, coloured at a terminal.
 */
export function createLogger(
  config: Pick<Config, 'logLevel'> & Partial<Pick<Config, 'logFormat'>>,
  destination?: DestinationStream,
): FastifyBaseLogger {
  const options = {
    level: config.logLevel,
    redact: ['req.headers.authorization', 'req.body.password'],
    serializers: { err: serializeError },
  };
  if (config.logFormat !== 'text') return pino(options, destination);
  const text = pretty({
    destination: destination ?? 1,
    sync: true,
    colorize: !destination && process.stdout.isTTY === true,
    translateTime: 'SYS:HH:MM:ss',
    ignore: 'pid,hostname',
    singleLine: true,
  });
  return pino(options, text);
}

let standalone: FastifyBaseLogger | undefined;

/** For code run without an app (bench, test setup): one shared logger at the info level. */
export const standaloneLogger = (): FastifyBaseLogger => {
  standalone ??= createLogger({ logLevel: 'info' });
  return standalone;
};
