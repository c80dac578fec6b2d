import { Writable } from 'node:stream';
import { DrizzleQueryError } from 'drizzle-orm/errors';
import { describe, expect, it } from 'vitest';
import { createLogger } from './logger';

describe('createLogger', () => {
  it('logs a failed query with its SQL and cause but without its parameters', () => {
    const lines: string[] = [];
    const log = createLogger({ logLevel: 'info' }, { write: (line: string) => void lines.push(line) });
    const hash = '$argon2id$v=19$m=19456,t=2,p=1$c2FsdHNhbHQ$aGFzaGhhc2hoYXNo';
    const cause = new Error('duplicate key value violates unique constraint "users_email_key"');
    log.error(
      {
        err: new DrizzleQueryError(
          'insert into "users" ("email", "password_hash") values ($1, $2)',
          ['ada@example.com', hash],
          cause,
        ),
      },
      'request failed',
    );
    const [line] = lines;
    expect(line).toContain('insert into \\"users\\"');
    expect(line).toContain('users_email_key');
    expect(line).not.toContain(hash);
    expect(line).not.toContain('ada@example.com');
  });

  it('writes a line a person reads at a terminal: time, level, message, then the fields', () => {
    const lines: string[] = [];
    const terminal = new Writable({
      write: (chunk, _encoding, done) => {
        lines.push(String(chunk));
        done();
      },
    });
    const log = createLogger({ logLevel: 'info', logFormat: 'text' }, terminal);
    log.info({ port: 3000 }, 'Tally is running');
    log.debug('not at this level');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^\[\d\d:\d\d:\d\d\] INFO: Tally is running \{"port":3000\}\n$/);
  });

  it('logs other errors in full', () => {
    const lines: string[] = [];
    const log = createLogger({ logLevel: 'info' }, { write: (line: string) => void lines.push(line) });
    log.error({ err: new Error('the bank did not answer') }, 'failed');
    expect(lines[0]).toContain('the bank did not answer');
  });
});
