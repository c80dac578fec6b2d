import {
  ACCESS_TOKENS_MAX,
  accessTokenList,
  createdAccessToken,
  type LoginResult,
  loginResult,
  upgradeMessage,
} from '@tally/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, expectJson, putOnPlan, signUp, type TestApp } from '../../../test/helpers';
import { LAST_SEEN_EVERY_MS } from '../../lib/auth';

/** Each token's requests a minute, here: more than any case below makes with one token but the limit's own. */
const PER_MINUTE = 20;

let app: TestApp;
let clock = new Date('2026-11-20T15:00:00Z');

beforeAll(async () => {
  app = await createTestApp({
    now: () => clock,
    env: { SELF_HOSTED_PLAN: 'premium', ACCESS_TOKEN_REQUESTS_PER_MINUTE: String(PER_MINUTE) },
  });
});
afterAll(() => app.close());

const create = (auth: LoginResult, payload: object) =>
  app.inject({ method: 'POST', url: '/api/access-tokens', headers: bearer(auth), payload });

/** The password every test person signs up with: making a token asks for it. */
const password = 'correct horse';

async function made(auth: LoginResult, name = 'Budget spreadsheet', expiresInDays: number | null = 90) {
  return expectJson(
    await create(auth, { name, scope: 'read', expiresInDays, password }),
    201,
    createdAccessToken,
  );
}

const signIn = async (email: string) =>
  expectJson(
    await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } }),
    200,
    loginResult,
  );

const list = async (auth: LoginResult) =>
  expectJson(
    await app.inject({ method: 'GET', url: '/api/access-tokens', headers: bearer(auth) }),
    200,
    accessTokenList,
  ).tokens;

const withToken = (secret: string, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
  app.inject({ method, url, headers: { authorization: `Bearer ${secret}` }, payload });

describe('personal access tokens', () => {
  it('shows the secret once, keeps only its hash, and reads the person’s data with it', async () => {
    const ada = await signUp(app);
    const { token, secret } = await made(ada);
    expect(secret).toMatch(/^tly_[A-Za-z0-9_-]{43}$/);
    expect(token).toMatchObject({
      name: 'Budget spreadsheet',
      scope: 'read',
      hint: secret.slice(0, 8),
      lastUsedAt: null,
      expiresAt: '2027-02-18T15:00:00.000Z',
    });
    const stored = await app.database.query<Record<string, unknown>>(
      'select * from access_tokens where id = $1',
      [token.id],
    );
    expect(JSON.stringify(stored)).not.toContain(secret.slice(4));
    // Listed without the secret.
    expect(await list(ada)).toEqual([token]);

    const profile = await withToken(secret, 'GET', '/api/user/profile');
    expect(profile.statusCode).toBe(200);
    expect(profile.json().data).toMatchObject({ email: ada.user.email });
    expect((await withToken(secret, 'GET', '/api/transactions')).statusCode).toBe(200);
    expect((await list(ada))[0]?.lastUsedAt).toBe(clock.toISOString());
  });

  it('only reads: every other method is refused and changes nothing', async () => {
    const ada = await signUp(app);
    const { secret } = await made(ada);
    const goal = { name: 'Car', targetAmount: 5000, allocationPercentage: 50, targetDate: '2030-01-01' };
    const refused = await withToken(secret, 'POST', '/api/savings/goals', goal);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('An access token can only read. Sign in to Tally to make changes.');
    // Refused before its body is even checked: a write the route would find malformed is still a 403.
    const malformed = await withToken(secret, 'POST', '/api/savings/goals', { name: '' });
    expect(malformed.statusCode).toBe(403);
    // Nor can a token make another token, or take itself away.
    expect(
      (await withToken(secret, 'POST', '/api/access-tokens', { name: 'More', password })).statusCode,
    ).toBe(403);
    // However the header is spaced, a write is refused before its body is read.
    const spaced = await app.inject({
      method: 'POST',
      url: '/api/savings/goals',
      headers: { authorization: `Bearer   ${secret}` },
      payload: { name: '' },
    });
    expect(spaced.statusCode).toBe(403);
    expect(
      (
        await app.inject({
          method: 'HEAD',
          url: '/api/transactions',
          headers: { authorization: `Bearer ${secret}` },
        })
      ).statusCode,
    ).toBe(200);
    const [listed] = await list(ada);
    expect((await withToken(secret, 'DELETE', `/api/access-tokens/${listed?.id}`)).statusCode).toBe(403);
    expect(await list(ada)).toHaveLength(1);
    const goals = await app.database.query('select id from savings_goals where user_id = $1', [ada.user.id]);
    expect(goals).toHaveLength(0);
  });

  it('a revoked or expired token answers 401 at its next call', async () => {
    const ada = await signUp(app);
    const short = await made(ada, 'Thirty days', 30);
    const revoked = await made(ada, 'Revoked');
    const forever = await made(ada, 'Forever', null);
    expect(forever.token.expiresAt).toBeNull();

    const gone = await app.inject({
      method: 'DELETE',
      url: `/api/access-tokens/${revoked.token.id}`,
      headers: bearer(ada),
    });
    expect(gone.statusCode).toBe(204);
    const afterRevoke = await withToken(revoked.secret, 'GET', '/api/user/profile');
    expect(afterRevoke.statusCode).toBe(401);
    expect(afterRevoke.json().message).toBe('This access token is not valid: it was revoked or has expired.');

    const before = clock;
    clock = new Date(before.getTime() + 31 * 86_400_000);
    try {
      expect((await withToken(short.secret, 'GET', '/api/user/profile')).statusCode).toBe(401);
      expect((await withToken(forever.secret, 'GET', '/api/user/profile')).statusCode).toBe(200);
    } finally {
      clock = before;
    }
    expect((await withToken('tly_not-a-token-at-all', 'GET', '/api/user/profile')).statusCode).toBe(401);
  });

  it('writes when it was last used at most every few minutes', async () => {
    const ada = await signUp(app);
    const { secret } = await made(ada);
    const first = clock;
    try {
      await withToken(secret, 'GET', '/api/user/profile');
      clock = new Date(first.getTime() + LAST_SEEN_EVERY_MS / 2);
      await withToken(secret, 'GET', '/api/user/profile');
      expect((await list(ada))[0]?.lastUsedAt).toBe(first.toISOString());
      clock = new Date(first.getTime() + LAST_SEEN_EVERY_MS + 1000);
      await withToken(secret, 'GET', '/api/user/profile');
      expect((await list(ada))[0]?.lastUsedAt).toBe(clock.toISOString());
    } finally {
      clock = first;
    }
  });

  it('asks for the password, as a token outlasts the session that makes it', async () => {
    const ada = await signUp(app);
    const without = await create(ada, { name: 'Script' });
    expect(without.statusCode).toBe(400);
    expect(without.json().message).toBe('Enter your password');
    const wrong = await create(ada, { name: 'Script', password: 'not my password' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe('Current password is incorrect');
    expect(await list(ada)).toEqual([]);
  });

  it("never reads the account's sign-in settings: devices, passkeys, two-factor, the tokens", async () => {
    const ada = await signUp(app);
    const { secret } = await made(ada);
    for (const url of [
      '/api/auth/sessions',
      '/api/auth/passkeys',
      '/api/auth/two-factor',
      '/api/access-tokens',
    ]) {
      const res = await withToken(secret, 'GET', url);
      expect(res.statusCode, url).toBe(403);
      expect(res.json().message).toBe(
        "An access token cannot read your account's sign-in settings. Sign in to Tally to see them.",
      );
    }
    // Anything not shaped like a token is refused without a lookup.
    expect((await withToken('tly_short', 'GET', '/api/user/profile')).statusCode).toBe(401);
  });

  it('limits each token’s requests a minute, apart from the person’s own session', async () => {
    const ada = await signUp(app);
    const { secret } = await made(ada);
    const other = await made(ada, 'Another');
    for (let i = 0; i < PER_MINUTE; i += 1) {
      expect((await withToken(secret, 'GET', '/api/transactions')).statusCode).toBe(200);
    }
    const over = await withToken(secret, 'GET', '/api/transactions');
    expect(over.statusCode).toBe(429);
    expect(over.json().message).toMatch(/^Too many requests\. Please wait \d+ seconds and try again\.$/);
    expect((await withToken(other.secret, 'GET', '/api/transactions')).statusCode).toBe(200);
    const session = await app.inject({ method: 'GET', url: '/api/transactions', headers: bearer(ada) });
    expect(session.statusCode).toBe(200);
  });

  it('tells the person a token was made, under the bell', async () => {
    const ada = await signUp(app);
    await made(ada, 'Home assistant');
    const notices = await app.database.query<{ title: string; body: string }>(
      `select title, body from notifications where user_id = $1 and kind = 'security_notice'`,
      [ada.user.id],
    );
    expect(notices).toEqual([
      {
        title: 'A new access token can read your data',
        body: "The access token “Home assistant” now reads your Tally data. If this wasn't you, revoke it under Settings → Connected apps and change your password.",
      },
    ]);
  });

  it('is Premium’s: a lower plan cannot make one, and its tokens stop reading until it is Premium again', async () => {
    const ada = await signUp(app);
    const { secret } = await made(ada);
    await putOnPlan(app, ada, 'pro');
    const refused = await create(ada, { name: 'Another', password });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(upgradeMessage('access-tokens'));
    const reading = await withToken(secret, 'GET', '/api/user/profile');
    expect(reading.statusCode).toBe(403);
    expect(reading.json().message).toBe(upgradeMessage('access-tokens'));
    // Still listed, so it can be taken back.
    expect(await list(ada)).toHaveLength(1);
    await putOnPlan(app, ada, 'premium');
    expect((await withToken(secret, 'GET', '/api/user/profile')).statusCode).toBe(200);
  });

  it(`holds at most ${ACCESS_TOKENS_MAX} per person`, async () => {
    const ada = await signUp(app);
    for (let i = 0; i < ACCESS_TOKENS_MAX; i += 1) await made(ada, `Token ${i}`);
    const over = await create(ada, { name: 'One more', password });
    expect(over.statusCode).toBe(409);
    expect(over.json().message).toBe('You can have up to 10 access tokens. Revoke one to create another.');
    expect(await list(ada)).toHaveLength(ACCESS_TOKENS_MAX);
    // An expired one reads nothing, and no longer counts.
    await app.database.query(
      `update access_tokens set expires_at = $2 where id = (select id from access_tokens where user_id = $1 limit 1)`,
      [ada.user.id, new Date(clock.getTime() - 1000)],
    );
    await made(ada, 'In its place');
    expect(await list(ada)).toHaveLength(ACCESS_TOKENS_MAX + 1);
  });

  it('refuses bad input with a clear message, and writes nothing', async () => {
    const ada = await signUp(app);
    for (const [payload, message] of [
      [{ name: '   ' }, 'Give the token a name'],
      [{ name: 'x'.repeat(61) }, "A token's name is at most 60 characters"],
      [
        { name: 'Ok', expiresInDays: 7 },
        'Choose how long the token lasts: 30, 90 or 365 days, or until revoked',
      ],
      [{ name: 'Ok', scope: 'write' }, undefined],
    ] as const) {
      const res = await create(ada, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      if (message) expect(res.json().message).toContain(message);
    }
    expect(await list(ada)).toEqual([]);
  });

  it('signing out everywhere (else), or changing the password, takes every token back', async () => {
    let ada = await signUp(app);
    const { secret } = await made(ada);
    const out = await app.inject({
      method: 'POST',
      url: '/api/auth/sessions/sign-out-others',
      headers: bearer(ada),
    });
    expect(out.statusCode).toBe(200);
    expect(await list(ada)).toEqual([]);
    expect((await withToken(secret, 'GET', '/api/user/profile')).statusCode).toBe(401);

    const second = await made(ada);
    expect(
      (await app.inject({ method: 'POST', url: '/api/auth/logout-all', headers: bearer(ada) })).statusCode,
    ).toBe(204);
    expect((await withToken(second.secret, 'GET', '/api/user/profile')).statusCode).toBe(401);

    ada = await signIn(ada.user.email);
    const again = await made(ada);
    const changed = await app.inject({
      method: 'POST',
      url: '/api/auth/change-password',
      headers: bearer(ada),
      payload: { currentPassword: 'correct horse', newPassword: 'another horse battery' },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await withToken(again.secret, 'GET', '/api/user/profile')).statusCode).toBe(401);
  });

  it('another person can neither see nor revoke a token: 404', async () => {
    const ada = await signUp(app);
    const bob = await signUp(app);
    const { token, secret } = await made(ada);
    expect(await list(bob)).toEqual([]);
    const res = await app.inject({
      method: 'DELETE',
      url: `/api/access-tokens/${token.id}`,
      headers: bearer(bob),
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('Access token not found');
    expect((await withToken(secret, 'GET', '/api/user/profile')).statusCode).toBe(200);
    // Ada's token reads Ada's data, never Bob's.
    expect((await withToken(secret, 'GET', '/api/user/profile')).json().data).toMatchObject({
      email: ada.user.email,
    });
  });
});
