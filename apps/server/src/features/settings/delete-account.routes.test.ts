import {
  errorBody,
  exchangeResponse,
  type LoginResult,
  loginResult,
  profileResponse,
  transactionList,
} from '@tally/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually, fakeHistory, testNow, waitForImport } from '../../../test/accounts';
import { EVERY_TRY, type FakePlaid, PLAID_DOWN, startFakePlaid } from '../../../test/fake-plaid';
import { aGoogleAccount, type FakeGoogle, startFakeGoogle } from '../../../test/google';
import { bearer, createTestApp, expectJson, signUp, type TestApp } from '../../../test/helpers';
import { createPlaidProvider } from '../../providers/bank/plaid';
import type { BankProvider } from '../../providers/bank/types';

let fake: FakePlaid;
let google: FakeGoogle;
let app: TestApp;

beforeAll(async () => {
  fake = await startFakePlaid({ now: testNow, seed: fakeHistory(60) });
  google = await startFakeGoogle();
  app = await createTestApp({
    now: testNow,
    env: {
      ...fake.env(),
      GOOGLE_JWKS_URL: google.jwksUrl,
      AUTH_RATE_LIMIT_PER_MINUTE: '10000',
    },
  });
});
afterAll(async () => {
  await app.close();
  await fake.close();
  await google.close();
});

const deleteAccount = (auth: LoginResult, payload: unknown) =>
  app.inject({ method: 'DELETE', url: '/api/user', headers: bearer(auth), payload: payload as object });

/** Links a bank and waits for its import; answers its item id. */
async function linkBank(on: TestApp, auth: LoginResult, institutionId?: string) {
  const linked = await on.inject({
    method: 'POST',
    url: '/api/plaid/exchange-public-token-quick-sync',
    headers: bearer(auth),
    payload: { publicToken: fake.createPublicToken(institutionId) },
  });
  const { connection } = expectJson(linked, 200, exchangeResponse);
  await waitForImport(on, auth.token, connection.id);
  const [row] = await on.database.query<{ item_id: string }>(
    'select item_id from bank_connections where id = $1',
    [connection.id],
  );
  return row?.item_id ?? '';
}

/** Moves a person's finished jobs to pgboss.archive, as pg-boss's maintenance does some hours later. */
async function archiveFinishedJobs(person: LoginResult['user']) {
  const finished =
    "select count(*)::int as n from pgboss.job where data->>'userId' = $1 and state = 'completed'";
  await eventually(async () => {
    const [row] = await app.database.query<{ n: number }>(finished, [person.id]);
    return Number(row?.n) > 0;
  }, 'a finished job');
  const columns =
    'id, name, priority, data, state, retry_limit, retry_count, retry_delay, retry_backoff, start_after, started_on, singleton_key, singleton_on, expire_in, created_on, completed_on, keep_until, dead_letter, policy, output';
  await app.database.query(
    `with archived as (
       delete from pgboss.job where data->>'userId' = $1 and state = 'completed' returning *)
     insert into pgboss.archive (${columns}) select ${columns} from archived`,
    [person.id],
  );
}

/**
 * A person with two linked banks, their imported history, an edited category, a failed sign-in, and
 * jobs both finished (archived) and recent.
 */
async function aPersonWithBankData() {
  const auth = await signUp(app);
  const itemIds = [await linkBank(app, auth)];
  await archiveFinishedJobs(auth.user);
  itemIds.push(await linkBank(app, auth, 'ins_109509'));
  const list = await app.inject({ method: 'GET', url: '/api/transactions', headers: bearer(auth) });
  const [first] = expectJson(list, 200, transactionList).transactions;
  if (!first) throw new Error('nothing was imported');
  const edit = await app.inject({
    method: 'PUT',
    url: `/api/transactions/${first.id}/category`,
    headers: bearer(auth),
    payload: { category: 24 },
  });
  expect(edit.statusCode).toBe(200);
  const failed = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email: auth.user.email, password: 'not my password' },
  });
  expect(failed.statusCode).toBe(401);
  return { auth, itemIds };
}

/** Rows per table that belong to one person: every table with a user_id column, found in the catalogue. */
async function rowsOf(person: LoginResult['user']) {
  const tables = await app.database.query<{ table_name: string }>(
    `select table_name from information_schema.columns
      where table_schema = 'public' and column_name = 'user_id' order by table_name`,
  );
  expect(tables.map((t) => t.table_name)).toEqual(
    expect.arrayContaining(['sessions', 'bank_connections', 'transactions', 'transaction_rollups']),
  );
  const counts: Record<string, number> = {};
  for (const { table_name } of tables) {
    const [row] = await app.database.query<{ n: number }>(
      `select count(*)::int as n from "${table_name}" where user_id = $1`,
      [person.id],
    );
    counts[table_name] = Number(row?.n);
  }
  const byKey = async (name: string, text: string, param: string) => {
    const [row] = await app.database.query<{ n: number }>(text, [param]);
    counts[name] = Number(row?.n);
  };
  await byKey('users', 'select count(*)::int as n from users where id = $1', person.id);
  await byKey(
    'login_failures',
    'select count(*)::int as n from login_failures where email = lower($1)',
    person.email,
  );
  for (const table of ['pgboss.job', 'pgboss.archive']) {
    await byKey(table, `select count(*)::int as n from ${table} where data->>'userId' = $1`, person.id);
  }
  return counts;
}

describe('DELETE /api/user', () => {
  it('deletes every row of the person, removes their bank items at Plaid, and leaves others alone', async () => {
    const alice = await aPersonWithBankData();
    const bob = await aPersonWithBankData();
    const before = await rowsOf(alice.auth.user);
    expect(before.transactions).toBeGreaterThan(0);
    expect(before.merchant_categories).toBeGreaterThan(0);
    expect(before.login_failures).toBeGreaterThan(0);
    expect(before['pgboss.job']).toBeGreaterThan(0);
    expect(before['pgboss.archive']).toBeGreaterThan(0);
    const bobBefore = await rowsOf(bob.auth.user);

    const res = await deleteAccount(alice.auth, { password: 'correct horse' });

    expect(res.statusCode).toBe(204);
    const after = await rowsOf(alice.auth.user);
    expect(after).toEqual(Object.fromEntries(Object.keys(before).map((table) => [table, 0])));
    expect(await rowsOf(bob.auth.user)).toEqual(bobBefore);
    expect(fake.removedItemIds).toEqual(expect.arrayContaining(alice.itemIds));
    for (const itemId of bob.itemIds) expect(fake.removedItemIds).not.toContain(itemId);
    const profile = await app.inject({
      method: 'GET',
      url: '/api/user/profile',
      headers: bearer(alice.auth),
    });
    expect(profile.statusCode).toBe(401);
    expectJson(
      await app.inject({ method: 'GET', url: '/api/user/profile', headers: bearer(bob.auth) }),
      200,
      profileResponse,
    );
  });

  it('deletes nothing while Plaid will not remove a bank, and everything when tried again', async () => {
    const alice = await aPersonWithBankData();
    const before = await rowsOf(alice.auth.user);
    fake.failNext('/item/remove', PLAID_DOWN, EVERY_TRY);

    const refused = await deleteAccount(alice.auth, { password: 'correct horse' });

    expect(expectJson(refused, 502, errorBody)).toEqual({
      code: 'BANK_DISCONNECT_FAILED',
      message:
        "We couldn't disconnect First Platypus Bank at your bank just now. Nothing was deleted; please try again in a few minutes.",
    });
    expect(await rowsOf(alice.auth.user)).toEqual(before);
    for (const itemId of alice.itemIds) expect(fake.item(itemId).removed).toBe(false);
    expectJson(
      await app.inject({ method: 'GET', url: '/api/user/profile', headers: bearer(alice.auth) }),
      200,
      profileResponse,
    );

    expect((await deleteAccount(alice.auth, { password: 'correct horse' })).statusCode).toBe(204);
    for (const itemId of alice.itemIds) expect(fake.item(itemId).removed).toBe(true);
    expect((await rowsOf(alice.auth.user)).users).toBe(0);
  });

  it('deletes nothing when a bank is linked while the others are being removed', async () => {
    const plaid = createPlaidProvider({
      clientId: fake.clientId,
      secret: fake.secret,
      env: 'sandbox',
      baseUrl: fake.url,
    });
    let linkMeanwhile: (() => Promise<unknown>) | undefined;
    const provider: BankProvider = {
      ...plaid,
      removeItem: async (accessToken) => {
        const link = linkMeanwhile;
        linkMeanwhile = undefined;
        await link?.();
        return plaid.removeItem(accessToken);
      },
    };
    const other = await createTestApp({ now: testNow, env: fake.env(), bankProvider: provider });
    try {
      const alice = await signUp(other);
      const first = await linkBank(other, alice);
      let second = '';
      linkMeanwhile = async () => {
        second = await linkBank(other, alice, 'ins_109509');
      };

      const res = await other.inject({
        method: 'DELETE',
        url: '/api/user',
        headers: bearer(alice),
        payload: { password: 'correct horse' },
      });

      expect(expectJson(res, 409, errorBody)).toEqual({
        code: 'ACCOUNT_CHANGED',
        message:
          'A bank was linked while your account was being deleted. Nothing was deleted; please try again.',
      });
      expect(fake.item(first).removed).toBe(true);
      expect(fake.item(second).removed).toBe(false);
      const [row] = await other.database.query<{ n: number }>(
        'select count(*)::int as n from bank_connections where user_id = $1',
        [alice.user.id],
      );
      expect(Number(row?.n)).toBe(2);

      const again = await other.inject({
        method: 'DELETE',
        url: '/api/user',
        headers: bearer(alice),
        payload: { password: 'correct horse' },
      });
      expect(again.statusCode).toBe(204);
      expect(fake.item(second).removed).toBe(true);
    } finally {
      await other.close();
    }
  });

  it('refuses a wrong password with 403, and keeps everything', async () => {
    const alice = await signUp(app);

    const res = await deleteAccount(alice, { password: 'not my password' });

    expect(expectJson(res, 403, errorBody)).toEqual({
      code: 'INVALID_PASSWORD',
      message: 'Incorrect password',
    });
    expect((await rowsOf(alice.user)).users).toBe(1);
    expectJson(
      await app.inject({ method: 'GET', url: '/api/user/profile', headers: bearer(alice) }),
      200,
      profileResponse,
    );
  });

  it.each([
    [{}, 'Confirm with your password or with Google to delete your account'],
    [{ password: '' }, 'Enter your password to delete your account'],
    [{ password: 'a', idToken: 'b' }, 'Confirm with your password or with Google to delete your account'],
  ])('answers 400 to %j', async (payload, message) => {
    const alice = await signUp(app);
    expect(expectJson(await deleteAccount(alice, payload), 400, errorBody).message).toBe(message);
  });

  it('answers 401 without a session', async () => {
    const res = await app.inject({ method: 'DELETE', url: '/api/user', payload: { password: 'x' } });
    expect(res.statusCode).toBe(401);
  });

  describe('for an account that signs in with Google only', () => {
    const seconds = (date: Date) => Math.floor(date.getTime() / 1000);
    async function googleUser() {
      const account = aGoogleAccount();
      const res = await app.inject({
        method: 'POST',
        url: '/api/auth/google-login',
        payload: { idToken: await google.sign(account) },
      });
      return { account, auth: expectJson(res, 200, loginResult) };
    }

    it('deletes it with a Google sign-in made just now', async () => {
      const { account, auth } = await googleUser();
      const idToken = await google.sign(account, { issuedAt: seconds(testNow()) - 60 });

      expect((await deleteAccount(auth, { idToken })).statusCode).toBe(204);
      expect((await rowsOf(auth.user)).users).toBe(0);
    });

    it.each([
      ['a password', async () => ({ password: 'correct horse' }), 'GOOGLE_CONFIRMATION_REQUIRED'],
      [
        'a Google token from an hour ago',
        async (account: ReturnType<typeof aGoogleAccount>) => ({
          idToken: await google.sign(account, { issuedAt: seconds(testNow()) - 3600 }),
        }),
        'GOOGLE_CONFIRMATION_FAILED',
      ],
      [
        'another Google account',
        async () => ({ idToken: await google.sign(aGoogleAccount(), { issuedAt: seconds(testNow()) }) }),
        'GOOGLE_CONFIRMATION_FAILED',
      ],
      [
        'a forged Google token',
        async (account: ReturnType<typeof aGoogleAccount>) => ({
          idToken: await google.sign(account, { issuedAt: seconds(testNow()), forged: true }),
        }),
        'GOOGLE_CONFIRMATION_FAILED',
      ],
    ])('refuses %s', async (_, body, code) => {
      const { account, auth } = await googleUser();

      const res = await deleteAccount(auth, await body(account));

      expect(expectJson(res, 403, errorBody).code).toBe(code);
      expect((await rowsOf(auth.user)).users).toBe(1);
    });
  });
});
