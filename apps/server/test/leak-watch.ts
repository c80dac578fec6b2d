import { Writable } from 'node:stream';
import type { LightMyRequestResponse } from 'fastify';

/**
 * Every app a server test builds logs into a watch, and every answer it gives through `inject` passes one:
 * across the whole suite, no log line may carry a secret and no answer may carry what the server must
 * keep to itself. A setup file fails the test in which a leak happened (secrets-leak.test.ts walks one
 * session at trace level on purpose, failures included; this covers every other test's traffic too).
 */

/** What no log line and no answer may ever contain, whatever the test. */
const ALWAYS: Array<[string, RegExp]> = [
  ['a bank access token', /\baccess-(?:sandbox|development|production|demo)-[\w-]{8,}/i],
  ['a password hash', /\$argon2(?:id|i|d)\$/],
  ['a sealed bank token', /\bv[12]\.[\w+/=-]{12,}\.[\w+/=-]{16,}\.[\w+/=-]{8,}/],
];
/** Only logs: answers hand these out on purpose (sign-in answers carry the session token). */
const IN_LOGS: Array<[string, RegExp]> = [
  ['a session token', /\beyJ[\w-]{8,}\.eyJ[\w-]{8,}\.[\w-]{16,}/],
  ['a public token', /\bpublic-(?:sandbox|development|production|demo)-[\w-]{8,}/i],
];

const leaks: string[] = [];

/** The leaks seen since the last call. */
export function takeLeaks(): string[] {
  return leaks.splice(0);
}

function inspect(where: string, text: string, secrets: string[], patterns: Array<[string, RegExp]>) {
  for (const [what, pattern] of patterns) {
    const found = pattern.exec(text);
    if (found)
      leaks.push(
        `${where} carries ${what}: …${text.slice(Math.max(0, found.index - 60), found.index + 40)}…`,
      );
  }
  for (const secret of secrets) {
    if (text.includes(secret)) leaks.push(`${where} carries a server secret`);
  }
}

/** secrets: this app's own keys and Plaid secret, looked for as they are. */
export function leakWatch(secrets: string[]) {
  const known = secrets.filter((s) => s.length >= 8);
  return {
    /** A pino destination that inspects each line and keeps nothing. */
    logs: new Writable({
      write(chunk, _encoding, done) {
        inspect('a log line', String(chunk), known, [...ALWAYS, ...IN_LOGS]);
        done();
      },
    }),
    answer(request: string, res: LightMyRequestResponse) {
      inspect(`the answer to ${request}`, `${JSON.stringify(res.headers)}\n${res.body}`, known, ALWAYS);
    },
  };
}
