import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { leakWatch, takeLeaks } from '../test/leak-watch';

// The watch every server test's app logs into and answers through: it must see what it is there to see.
const answer = (body: string, headers: Record<string, string> = {}) =>
  ({ body, headers }) as unknown as LightMyRequestResponse;
const write = (stream: NodeJS.WritableStream, line: string) =>
  new Promise<void>((resolve) => stream.write(line, () => resolve()));

describe('leak watch', () => {
  it('flags a bank token, a password hash, a sealed token, a session token or a server secret in a log line', async () => {
    const watch = leakWatch(['server-secret-0123456789']);
    await write(watch.logs, '{"msg":"synced access-sandbox-5f2c1e8a-77aa"}\n');
    await write(watch.logs, '{"params":["$argon2id$v=19$m=19456,t=2,p=1$abc"]}\n');
    await write(watch.logs, '{"row":"v2.AAAAAAAAAAAAAAAA.BBBBBBBBBBBBBBBBBBBBBB.CCCCCCCCCC"}\n');
    await write(
      watch.logs,
      '{"auth":"eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.c2lnbmF0dXJlLXNpZ25hdHVyZQ"}\n',
    );
    await write(watch.logs, '{"config":"server-secret-0123456789"}\n');
    await write(watch.logs, '{"msg":"request completed","statusCode":200}\n');
    expect(takeLeaks()).toHaveLength(5);
  });

  it('flags secrets in answers, but lets a sign-in answer carry its session token', () => {
    const watch = leakWatch(['server-secret-0123456789']);
    watch.answer(
      'GET /x',
      answer('{"token":"eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.c2lnbmF0dXJlLXNpZ25hdHVyZQ"}'),
    );
    expect(takeLeaks()).toEqual([]);
    watch.answer('GET /y', answer('{"accessToken":"access-demo-harbor-5f2c1e8a-77aa"}'));
    watch.answer('GET /z', answer('ok', { 'x-debug': 'server-secret-0123456789' }));
    expect(takeLeaks()).toHaveLength(2);
  });
});
