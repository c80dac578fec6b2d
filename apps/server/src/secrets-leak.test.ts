import crypto from 'node:crypto';
import {
  exchangeResponse,
  type LoginResult,
  loginResult,
  sandboxPublicTokenResponse,
  transactionList,
} from '@tally/shared';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fakeHistory, testNow, waitForImport } from '../test/accounts';
import { EVERY_TRY, type FakePlaid, PLAID_DOWN, startFakePlaid } from '../test/fake-plaid';
import { aUser, bearer, createTestApp, expectJson, putOnPlan, type TestApp } from '../test/helpers';
import { createLogger } from './lib/logger';

/**
 * A whole session, watched from outside: every log line the app writes (at trace level, through its own
 * pino logger) and every response body and header. None may carry a bank access token, a public token
 * (outside the one answer that hands it out), a password or its hash, the JWT secret, the token
 * encryption key, Plaid's secret, a stored encrypted token or a bearer token (outside the answers that
 * issue it) — including when things fail: wrong passwords, bad webhooks, the bank failing, the database
 * failing in the middle of writing a password hash or a bank token.
 */

const jwtSecret = crypto.randomBytes(32).toString('hex');
const tokenEncryptionKey = crypto.randomBytes(32).toString('hex');
const logLines: string[] = [];
const responses: Array<{ what: string; text: string; issued: string[] }> = [];

let fake: FakePlaid;
let app: TestApp;

beforeAll(async () => {
  fake = await startFakePlaid({ now: testNow, seed: fakeHistory(40) });
  app = await createTestApp({
    env: fake.env(),
    now: testNow,
    jwtSecret,
    tokenEncryptionKey,
    log: createLogger({ logLevel: 'trace' }, { write: (line: string) => void logLines.push(line) }),
  });
});
afterAll(async () => {
  await app?.close();
  await fake?.close();
});

/** Calls the app and keeps what came back; `issues` names a token or public token this answer may carry. */
async function call(
  what: string,
  request: InjectOptions,
  issues: (res: LightMyRequestResponse) => string[] = () => [],
) {
  const res = await app.inject(request);
  responses.push({ what, text: `${res.body}\n${JSON.stringify(res.headers)}`, issued: issues(res) });
  return res;
}
const issuedToken = (res: LightMyRequestResponse) =>
  res.statusCode < 300 ? [loginResult.parse(res.json()).token] : [];

/** Makes every write to a table fail inside the database until the returned function is called. */
async function failWrites(table: string) {
  await app.database.exec(`
    create or replace function forced_failure() returns trigger language plpgsql as
      $$ begin raise exception 'forced failure for the leak test'; end $$;
    create trigger forced_failure before insert or update on ${table}
      for each row execute function forced_failure();`);
  return () => app.database.exec(`drop trigger forced_failure on ${table}`);
}

describe('secrets never leak into logs or answers', () => {
  const person = aUser({ password: `s3cret ${crypto.randomBytes(8).toString('hex')}` });
  const newPassword = `n3w ${crypto.randomBytes(8).toString('hex')}`;
  const thirdPassword = `th1rd ${crypto.randomBytes(8).toString('hex')}`;
  const publicTokens: string[] = [];
  const sessionTokens: string[] = [];
  const accessTokenSecrets: string[] = [];
  const storedTokenHashes: string[] = [];

  it('walks a realistic session, failures included', async () => {
    const registered = await call(
      'register',
      { method: 'POST', url: '/api/auth/register', payload: person },
      issuedToken,
    );
    let auth: LoginResult = expectJson(registered, 201, loginResult);
    sessionTokens.push(auth.token);
    await call('wrong password', {
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: person.email, password: `${person.password}x` },
    });
    const login = await call(
      'login',
      { method: 'POST', url: '/api/auth/login', payload: { email: person.email, password: person.password } },
      issuedToken,
    );
    auth = expectJson(login, 200, loginResult);
    sessionTokens.push(auth.token);

    const sandbox = await call(
      'sandbox public token',
      { method: 'POST', url: '/api/plaid/sandbox/public-token', headers: bearer(auth), payload: {} },
      (res) => [res.json().publicToken],
    );
    const { publicToken } = expectJson(sandbox, 200, sandboxPublicTokenResponse);
    publicTokens.push(publicToken);
    const linked = expectJson(
      await call('link a bank', {
        method: 'POST',
        url: '/api/plaid/exchange-public-token-quick-sync',
        headers: bearer(auth),
        payload: { publicToken },
      }),
      200,
      exchangeResponse,
    );
    await waitForImport(app, auth.token, linked.connection.id);
    const [first] = expectJson(
      await call('list', { method: 'GET', url: '/api/transactions?pageSize=50', headers: bearer(auth) }),
      200,
      transactionList,
    ).transactions;
    await call('summary', { method: 'GET', url: '/api/transactions/summary', headers: bearer(auth) });
    await call('accounts', { method: 'GET', url: '/api/plaid/connections', headers: bearer(auth) });
    await call('note', {
      method: 'PUT',
      url: `/api/transactions/${first?.id}/note`,
      headers: bearer(auth),
      payload: { note: 'birthday' },
    });
    await call('export', { method: 'GET', url: '/api/transactions/export', headers: bearer(auth) });
    await call('status', {
      method: 'GET',
      url: `/api/plaid/connections/${linked.connection.id}/status`,
      headers: bearer(auth),
    });

    // A personal access token: made (its secret in that answer only), used, refused a write, revoked.
    await putOnPlan(app, auth, 'premium');
    const made = await call(
      'access token',
      {
        method: 'POST',
        url: '/api/access-tokens',
        headers: bearer(auth),
        payload: { name: 'Script', password: person.password },
      },
      (res) => [res.json().secret],
    );
    const { secret, token } = made.json() as { secret: string; token: { id: string } };
    accessTokenSecrets.push(secret);
    expect(made.statusCode).toBe(201);
    const [kept] = await app.database.query<{ hash: string }>(
      'select secret_hash as hash from access_tokens',
    );
    storedTokenHashes.push(kept?.hash ?? '');
    const asToken = { authorization: `Bearer ${secret}` };
    const read = await call('read with the token', {
      method: 'GET',
      url: '/api/transactions',
      headers: asToken,
    });
    expect(read.statusCode).toBe(200);
    const write = await call('write with the token', {
      method: 'PUT',
      url: `/api/transactions/${first?.id}/note`,
      headers: asToken,
      payload: { note: 'refused' },
    });
    expect(write.statusCode).toBe(403);
    await call('tokens', { method: 'GET', url: '/api/access-tokens', headers: bearer(auth) });
    await call('revoke', { method: 'DELETE', url: `/api/access-tokens/${token.id}`, headers: bearer(auth) });
    await call('revoked token', { method: 'GET', url: '/api/user/profile', headers: asToken });

    // A signed webhook, a forged one, and the bank failing on a reconnect.
    const itemId = [...fake.items.values()].at(-1)?.itemId ?? '';
    const signed = await fake.syncUpdatesWebhook(itemId);
    await call('webhook', {
      method: 'POST',
      url: '/api/plaid/webhook',
      headers: { 'content-type': 'application/json', 'plaid-verification': signed.plaidVerification },
      payload: signed.body,
    });
    const forged = await fake.syncUpdatesWebhook(itemId, { wrongKey: true });
    await call('forged webhook', {
      method: 'POST',
      url: '/api/plaid/webhook',
      headers: { 'content-type': 'application/json', 'plaid-verification': forged.plaidVerification },
      payload: forged.body,
    });
    fake.failNext('/accounts/get', {
      status: 400,
      errorType: 'ITEM_ERROR',
      errorCode: 'ITEM_LOGIN_REQUIRED',
    });
    fake.failNext('/transactions/sync', PLAID_DOWN, EVERY_TRY);
    await call('bank fails on reconnect', {
      method: 'POST',
      url: `/api/plaid/connections/${linked.connection.id}/reconnect`,
      headers: bearer(auth),
    });
    await waitForImport(app, auth.token, linked.connection.id).catch(() => undefined);

    // Client errors: unknown id, invalid input, malformed JSON, no or a bad bearer token.
    await call('unknown id', {
      method: 'GET',
      url: `/api/plaid/connections/${crypto.randomUUID()}/status`,
      headers: bearer(auth),
    });
    await call('invalid input', {
      method: 'GET',
      url: '/api/transactions?pageSize=1000',
      headers: bearer(auth),
    });
    await call('malformed json', {
      method: 'PUT',
      url: '/api/user/profile',
      headers: { ...bearer(auth), 'content-type': 'application/json' },
      payload: '{"firstName":',
    });
    await call('bad bearer', {
      method: 'GET',
      url: '/api/user/profile',
      headers: { authorization: `Bearer ${auth.token}x` },
    });

    const changed = await call(
      'change password',
      {
        method: 'POST',
        url: '/api/auth/change-password',
        headers: bearer(auth),
        payload: { currentPassword: person.password, newPassword },
      },
      issuedToken,
    );
    auth = expectJson(changed, 200, loginResult);
    sessionTokens.push(auth.token);
    await call('old password refused', {
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: person.email, password: person.password },
    });

    // The database fails while writing a password hash, and while storing a bank's encrypted token.
    const restoreUsers = await failWrites('users');
    const failedChange = await call('change password, database fails', {
      method: 'POST',
      url: '/api/auth/change-password',
      headers: bearer(auth),
      payload: { currentPassword: newPassword, newPassword: thirdPassword },
    });
    await restoreUsers();
    expect(failedChange.statusCode).toBe(500);
    const secondToken = fake.createPublicToken();
    publicTokens.push(secondToken);
    const restoreConnections = await failWrites('bank_connections');
    const failedLink = await call('link, database fails', {
      method: 'POST',
      url: '/api/plaid/exchange-public-token',
      headers: bearer(auth),
      payload: { publicToken: secondToken },
    });
    await restoreConnections();
    expect(failedLink.statusCode).toBe(500);

    // Plaid fails to remove the item on a disconnect, and again when the account is deleted.
    fake.failNext('/item/remove', PLAID_DOWN, EVERY_TRY);
    const disconnected = await call('disconnect, Plaid fails to remove the item', {
      method: 'DELETE',
      url: `/api/plaid/connections/${linked.connection.id}`,
      headers: bearer(auth),
    });
    expect(disconnected.statusCode).toBe(200);
    fake.failNext('/item/remove', PLAID_DOWN, EVERY_TRY);
    const refusedDeletion = await call('delete account, Plaid fails to remove the item', {
      method: 'DELETE',
      url: '/api/user',
      headers: bearer(auth),
      payload: { password: newPassword },
    });
    expect(refusedDeletion.statusCode).toBe(502);
    expect(logLines.filter((line) => line.includes('could not be removed at the provider'))).toHaveLength(2);

    await call('logout', { method: 'POST', url: '/api/auth/logout', headers: bearer(auth) });
    expect(logLines.length).toBeGreaterThan(20);
  });

  it('logs and answers carry no secret', async () => {
    const stored = await app.database.query<{ value: string }>(
      `select password_hash as value from users where password_hash is not null
       union all select access_token_encrypted from bank_connections`,
    );
    const accessTokens = [...fake.items.values()].map((item) => item.accessToken);
    expect(accessTokens.length).toBeGreaterThan(1);
    const secrets: Record<string, string[]> = {
      'JWT secret': [jwtSecret],
      'token encryption key': [tokenEncryptionKey],
      'Plaid secret': [fake.secret],
      password: [person.password, newPassword, thirdPassword],
      'bank access token': accessTokens,
      'stored hash or encrypted token': [...stored.map((r) => r.value), ...storedTokenHashes],
    };
    // Tokens that an answer hands out on purpose may appear in that answer only, never in a log.
    const issuedOnly: Record<string, string[]> = {
      'bearer token': sessionTokens,
      'public token': publicTokens,
      'access token secret': accessTokenSecrets,
    };
    const found: string[] = [];
    const logs = logLines.join('\n');
    for (const [kind, values] of Object.entries({ ...secrets, ...issuedOnly })) {
      for (const value of values) if (value && logs.includes(value)) found.push(`log has a ${kind}`);
    }
    for (const pattern of [/Bearer\s+\S/i, /\$argon2/, /access-sandbox-/, /public-sandbox-/]) {
      if (pattern.test(logs)) found.push(`log matches ${pattern}`);
    }
    for (const { what, text, issued } of responses) {
      for (const [kind, values] of Object.entries({ ...secrets, ...issuedOnly })) {
        for (const value of values) {
          if (value && text.includes(value) && !issued.includes(value))
            found.push(`${what} answer has a ${kind}`);
        }
      }
      if (/\$argon2|access-sandbox-/.test(text)) found.push(`${what} answer has a hash or access token`);
    }
    console.log(`secrets-leak: checked ${logLines.length} log lines and ${responses.length} answers`);
    expect(found).toEqual([]);
    // The forced failures were logged (so the check above saw them), with the SQL but not its values.
    expect(logs).toContain('forced failure for the leak test');
  });
});
