import crypto from 'node:crypto';
import { errorBody, type LoginResult, loginResult, profileResponse } from '@tally/shared';
import type { InjectOptions } from 'fastify';
import { decodeJwt, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aGoogleAccount, type FakeGoogle, startFakeGoogle } from '../../../test/google';
import { aUser, bearer, createTestApp, expectJson, signUp, type TestApp } from '../../../test/helpers';

type Body = Record<string, unknown>;

function post(app: TestApp, route: string, payload?: Body | string, options: Partial<InjectOptions> = {}) {
  return app.inject({ method: 'POST', url: `/api/auth/${route}`, payload, ...options });
}

const getProfile = (app: TestApp, auth: { token: string }) =>
  app.inject({ method: 'GET', url: '/api/user/profile', headers: bearer(auth) });

const login = (app: TestApp, email: string, password: string, options: Partial<InjectOptions> = {}) =>
  post(app, 'login', { email, password }, options);

/** A fresh client address, so per-IP counters in one app don't leak between tests. */
let addressCounter = 0;
const anAddress = () => {
  addressCounter += 1;
  return `10.0.${Math.floor(addressCounter / 250)}.${(addressCounter % 250) + 1}`;
};

describe('auth routes', () => {
  let app: TestApp;
  const jwtSecret = crypto.randomBytes(32).toString('hex');
  beforeAll(async () => {
    // Limits are exercised in their own apps below; here they must stay out of the way.
    app = await createTestApp({
      jwtSecret,
      env: { AUTH_RATE_LIMIT_PER_MINUTE: '10000', LOGIN_FAILURES_BEFORE_LOCK: '1000' },
    });
  });
  afterAll(() => app.close());

  describe('POST /api/auth/register', () => {
    it('creates the account and answers 201 with a login result', async () => {
      const body = aUser({ firstName: 'Ada', lastName: 'Lovelace', timeZone: 'Europe/London' });
      const res = await post(app, 'register', body);

      const result = expectJson(res, 201, loginResult);
      expect(Object.keys(result).sort()).toEqual(['expiresAt', 'token', 'user']);
      expect(Object.keys(result.user).sort()).toEqual(
        [
          'id',
          'firstName',
          'lastName',
          'email',
          'profilePictureUrl',
          'isGoogleUser',
          'hasPassword',
          'timeZone',
          'plan',
          'trialEndsAt',
          'trialPlan',
          'twoFactorEnabled',
        ].sort(),
      );
      expect(result.user).toEqual({
        id: expect.any(String),
        firstName: 'Ada',
        lastName: 'Lovelace',
        email: body.email,
        profilePictureUrl: null,
        isGoogleUser: false,
        hasPassword: true,
        timeZone: 'Europe/London',
        // The plan this server's operator gives everyone (no payments: Premium unless set), and no trial.
        plan: 'premium',
        trialEndsAt: null,
        trialPlan: 'pro',
        twoFactorEnabled: false,
      });
      expect(loginResult.safeParse(result).success).toBe(true);
      expect(new Date(result.expiresAt).getTime()).toBeGreaterThan(Date.now());
    });

    it('lets the session last TOKEN_TTL_HOURS, in the token and in expiresAt alike', async () => {
      const before = Date.now();
      const registered = await signUp(app);
      const after = Date.now();
      const ttl = 7 * 24 * 3_600_000;

      const expiresAt = new Date(registered.expiresAt).getTime();
      expect(expiresAt).toBeGreaterThanOrEqual(before + ttl);
      expect(expiresAt).toBeLessThanOrEqual(after + ttl);
      expect(decodeJwt(registered.token).exp).toBe(Math.floor(expiresAt / 1000));
    });

    it('gives a token that opens the new profile', async () => {
      const registered = await signUp(app);
      const res = await getProfile(app, registered);
      expect(expectJson(res, 200, profileResponse).data).toEqual(registered.user);
    });

    it('defaults the time zone to UTC when none is sent', async () => {
      const registered = await signUp(app);
      expect(registered.user.timeZone).toBe('UTC');
    });

    it('trims names and email before storing them', async () => {
      const email = aUser().email;
      const res = await post(
        app,
        'register',
        aUser({ firstName: '  Ada ', lastName: ' King ', email: ` ${email} ` }),
      );
      expect(expectJson(res, 201, loginResult).user).toMatchObject({
        firstName: 'Ada',
        lastName: 'King',
        email,
      });
    });

    it.each([
      ['first name is missing', { firstName: undefined }, 'All fields are required'],
      ['first name is blank', { firstName: '   ' }, 'All fields are required'],
      ['last name is blank', { lastName: '' }, 'All fields are required'],
      ['last name is missing', { lastName: undefined }, 'All fields are required'],
      ['email is blank', { email: '  ' }, 'All fields are required'],
      ['email is missing', { email: undefined }, 'All fields are required'],
      ['password is empty', { password: '' }, 'All fields are required'],
      ['password is missing', { password: undefined }, 'All fields are required'],
      ['password is only spaces', { password: '        ' }, 'All fields are required'],
      ['password has 5 characters', { password: '12345' }, 'Password must be at least 6 characters long'],
      ['email is not an address', { email: 'ada.example.com' }, 'Please enter a valid email address'],
      ['email has no domain', { email: 'ada@' }, 'Please enter a valid email address'],
      ['time zone is unknown', { timeZone: 'Mars/Olympus_Mons' }, 'Unknown time zone'],
      ['first name is a number', { firstName: 42 }, 'All fields are required'],
    ])('answers 400 when the %s', async (_case, overrides, message) => {
      const res = await post(app, 'register', { ...aUser(), ...overrides });
      expect(expectJson(res, 400, errorBody)).toMatchObject({ message, code: 'VALIDATION_ERROR' });
    });

    it('accepts a password of exactly 6 characters', async () => {
      const res = await post(app, 'register', aUser({ password: '123456' }));
      expect(res.statusCode).toBe(201);
    });

    it('names the offending field in the error details', async () => {
      const res = await post(app, 'register', { ...aUser(), password: '123' });
      expect(expectJson(res, 400, errorBody).details).toEqual([
        { path: 'password', message: 'Password must be at least 6 characters long' },
      ]);
    });

    it('answers 409 when the email is already registered', async () => {
      const first = aUser();
      await signUp(app, first);
      const res = await post(app, 'register', aUser({ email: first.email }));
      expect(expectJson(res, 409, errorBody)).toEqual({
        message: 'An account with this email already exists',
        code: 'CONFLICT',
      });
    });

    it('answers 409 when the email differs only in letter case', async () => {
      const first = aUser({ email: `Mixed.Case-${crypto.randomBytes(3).toString('hex')}@Example.com` });
      await signUp(app, first);
      const res = await post(app, 'register', aUser({ email: first.email.toUpperCase() }));
      expect(res.statusCode).toBe(409);
      const again = await post(app, 'register', aUser({ email: first.email.toLowerCase() }));
      expect(again.statusCode).toBe(409);
    });

    it('lets exactly one of two simultaneous registrations for one email through', async () => {
      const email = aUser().email;
      const results = await Promise.all([
        post(app, 'register', aUser({ email })),
        post(app, 'register', aUser({ email: email.toUpperCase() })),
      ]);
      expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    });
  });

  describe('POST /api/auth/login', () => {
    it('signs in with the registered email and password', async () => {
      const body = aUser();
      const registered = await signUp(app, body);
      const res = await login(app, body.email, body.password);

      const result = expectJson(res, 200, loginResult);
      expect(loginResult.safeParse(result).success).toBe(true);
      expect(result.user).toEqual(registered.user);
      expect(result.token).not.toBe(registered.token);
      expect((await getProfile(app, result)).statusCode).toBe(200);
    });

    it('accepts the email in a different letter case and with surrounding spaces', async () => {
      const body = aUser({ email: `Case-${crypto.randomBytes(3).toString('hex')}@Example.com` });
      const registered = await signUp(app, body);
      for (const email of [body.email.toLowerCase(), body.email.toUpperCase(), `  ${body.email}  `]) {
        const res = await login(app, email, body.password);
        expect(expectJson(res, 200, loginResult).user.id).toBe(registered.user.id);
      }
    });

    it('answers 400 with a message, not 500, for an email or password far too long', async () => {
      const hugeEmail = await login(app, `${'a'.repeat(12_000)}@example.com`, 'whatever');
      expect(errorBody.parse(expectJson(hugeEmail, 400, errorBody)).message).toBe('Email is too long');
      const hugePassword = await login(app, aUser().email, 'p'.repeat(100_000));
      expect(expectJson(hugePassword, 400, errorBody).message).toBe(
        'Password must be at most 200 characters long',
      );
    });

    it('gives the same 401 for a wrong password as for an unknown email', async () => {
      const body = aUser();
      await signUp(app, body);
      const wrongPassword = await login(app, body.email, 'not the password');
      const unknownEmail = await login(app, aUser().email, body.password);

      expect(wrongPassword.statusCode).toBe(401);
      expect(unknownEmail.statusCode).toBe(401);
      expect(errorBody.parse(wrongPassword.json())).toEqual({
        message: 'Invalid email or password',
        code: 'UNAUTHORIZED',
      });
      expect(unknownEmail.body).toBe(wrongPassword.body);
    });

    it('treats the password as case-sensitive', async () => {
      const body = aUser({ password: 'Secret-Password' });
      await signUp(app, body);
      const res = await login(app, body.email, 'secret-password');
      expect(res.statusCode).toBe(401);
    });

    it.each([
      ['body is empty', {}],
      ['email is missing', { password: 'secret1' }],
      ['password is missing', { email: 'ada@example.com' }],
      ['email is blank', { email: '   ', password: 'secret1' }],
      ['password is empty', { email: 'ada@example.com', password: '' }],
      ['email is not a string', { email: 7, password: 'secret1' }],
    ])('answers 400 "Email and password are required" when the %s', async (_case, payload) => {
      const res = await post(app, 'login', payload);
      expect(expectJson(res, 400, errorBody)).toMatchObject({
        message: 'Email and password are required',
        code: 'VALIDATION_ERROR',
      });
    });

    it('opens a separate session per sign-in', async () => {
      const body = aUser();
      await signUp(app, body);
      const first = loginResult.parse((await login(app, body.email, body.password)).json());
      const second = loginResult.parse((await login(app, body.email, body.password)).json());
      expect(decodeJwt(first.token).jti).not.toBe(decodeJwt(second.token).jti);
    });
  });

  describe('POST /api/auth/logout', () => {
    it('revokes the token it was called with', async () => {
      const session = await signUp(app);
      const res = await post(app, 'logout', undefined, { headers: bearer(session) });

      expect(res.statusCode).toBe(204);
      expect(res.body).toBe('');
      const after = await getProfile(app, session);
      expect(expectJson(after, 401, errorBody).code).toBe('UNAUTHORIZED');
    });

    it("keeps the user's other sessions signed in", async () => {
      const body = aUser();
      const laptop = await signUp(app, body);
      const phone = loginResult.parse((await login(app, body.email, body.password)).json());

      await post(app, 'logout', undefined, { headers: bearer(laptop) });

      expect((await getProfile(app, laptop)).statusCode).toBe(401);
      expect((await getProfile(app, phone)).statusCode).toBe(200);
    });

    it('answers 401 when the token was already logged out', async () => {
      const session = await signUp(app);
      await post(app, 'logout', undefined, { headers: bearer(session) });
      const again = await post(app, 'logout', undefined, { headers: bearer(session) });
      expect(again.statusCode).toBe(401);
    });

    it('answers 401 without a token', async () => {
      const res = await post(app, 'logout');
      expect(expectJson(res, 401, errorBody)).toEqual({
        message: 'Authentication required',
        code: 'UNAUTHORIZED',
      });
    });
  });

  describe('POST /api/auth/change-password', () => {
    const changePassword = (auth: { token: string }, payload: Body) =>
      post(app, 'change-password', payload, { headers: bearer(auth) });

    it('returns a new working token and revokes every old one', async () => {
      const body = aUser({ password: 'old-password' });
      const laptop = await signUp(app, body);
      const phone = loginResult.parse((await login(app, body.email, body.password)).json());

      const res = await changePassword(laptop, {
        currentPassword: 'old-password',
        newPassword: 'new-password',
      });

      const result = expectJson(res, 200, loginResult);
      expect(loginResult.safeParse(result).success).toBe(true);
      expect(result.user.id).toBe(laptop.user.id);
      expect((await getProfile(app, result)).statusCode).toBe(200);
      expect((await getProfile(app, laptop)).statusCode).toBe(401);
      expect((await getProfile(app, phone)).statusCode).toBe(401);
    });

    it('lets the new password sign in and no longer the old one', async () => {
      const body = aUser({ password: 'old-password' });
      const session = await signUp(app, body);
      await changePassword(session, { currentPassword: 'old-password', newPassword: 'new-password' });

      expect((await login(app, body.email, 'new-password')).statusCode).toBe(200);
      const old = await login(app, body.email, 'old-password');
      expect(expectJson(old, 401, errorBody).message).toBe('Invalid email or password');
    });

    it('answers 400 for a wrong current password and changes nothing', async () => {
      const body = aUser({ password: 'old-password' });
      const session = await signUp(app, body);
      const res = await changePassword(session, {
        currentPassword: 'guessed-wrong',
        newPassword: 'new-password',
      });

      expect(expectJson(res, 400, errorBody)).toEqual({
        message: 'Current password is incorrect',
        code: 'INVALID_PASSWORD',
      });
      expect((await getProfile(app, session)).statusCode).toBe(200);
      expect((await login(app, body.email, 'old-password')).statusCode).toBe(200);
      expect((await login(app, body.email, 'new-password')).statusCode).toBe(401);
    });

    it.each([
      [
        'the new password is too short',
        { currentPassword: 'correct horse', newPassword: '12345' },
        'Password must be at least 6 characters long',
      ],
      [
        'the new password is only spaces',
        { currentPassword: 'correct horse', newPassword: '       ' },
        'New password is required',
      ],
      ['the new password is missing', { currentPassword: 'correct horse' }, 'New password is required'],
      ['the current password is missing', { newPassword: 'new-password' }, 'Current password is required'],
      [
        'the current password is empty',
        { currentPassword: '', newPassword: 'new-password' },
        'Current password is required',
      ],
    ])('answers 400 when %s', async (_case, payload, message) => {
      const session = await signUp(app);
      const res = await changePassword(session, payload);
      expect(expectJson(res, 400, errorBody)).toMatchObject({ message, code: 'VALIDATION_ERROR' });
      expect((await getProfile(app, session)).statusCode).toBe(200);
    });

    it('answers 401 without a token', async () => {
      const res = await post(app, 'change-password', {
        currentPassword: 'a-password',
        newPassword: 'new-password',
      });
      expect(res.statusCode).toBe(401);
    });
  });

  describe('bearer tokens', () => {
    const profileWith = (authorization: string | undefined) =>
      app.inject({
        method: 'GET',
        url: '/api/user/profile',
        headers: authorization === undefined ? {} : { authorization },
      });

    /** A token for a live session, signed with the app's key but carrying its own expiry. */
    async function tokenFor(session: LoginResult, exp: number, secret = jwtSecret) {
      const { sub, jti } = decodeJwt(session.token);
      return new SignJWT({})
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(sub!)
        .setJti(jti!)
        .setIssuedAt(exp - 3600)
        .setExpirationTime(exp)
        .sign(new TextEncoder().encode(secret));
    }

    it('accepts a freshly signed token for a live session', async () => {
      const session = await signUp(app);
      const token = await tokenFor(session, Math.floor(Date.now() / 1000) + 3600);
      expect((await profileWith(`Bearer ${token}`)).statusCode).toBe(200);
    });

    it.each([
      ['no authorization header', undefined],
      ['an empty bearer', 'Bearer '],
      ['a garbage token', 'Bearer not-a-jwt'],
      ['another scheme', 'Basic YWRhOnNlY3JldA=='],
      ['a token with its signature cut off', 'Bearer eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4In0.'],
    ])('answers 401 for %s', async (_case, authorization) => {
      const res = await profileWith(authorization);
      expect(expectJson(res, 401, errorBody).code).toBe('UNAUTHORIZED');
    });

    it('answers 401 for an expired token', async () => {
      const session = await signUp(app);
      const token = await tokenFor(session, Math.floor(Date.now() / 1000) - 60);
      const res = await profileWith(`Bearer ${token}`);
      expect(expectJson(res, 401, errorBody)).toEqual({
        message: 'Your session has expired. Please sign in again.',
        code: 'UNAUTHORIZED',
      });
    });

    it('answers 401 for a token signed with another key', async () => {
      const session = await signUp(app);
      const token = await tokenFor(
        session,
        Math.floor(Date.now() / 1000) + 3600,
        crypto.randomBytes(32).toString('hex'),
      );
      expect((await profileWith(`Bearer ${token}`)).statusCode).toBe(401);
    });

    it('answers 401 when the session behind the token has expired', async () => {
      const session = await signUp(app);
      await app.database.query(`update sessions set expires_at = now() - interval '1 minute' where id = $1`, [
        decodeJwt(session.token).jti,
      ]);
      expect((await getProfile(app, session)).statusCode).toBe(401);
    });

    it("answers 401 when the token names another user's session", async () => {
      const alice = await signUp(app);
      const bob = await signUp(app);
      const { jti } = decodeJwt(bob.token);
      const token = await new SignJWT({})
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(alice.user.id)
        .setJti(jti!)
        .setExpirationTime('1h')
        .sign(new TextEncoder().encode(jwtSecret));
      expect((await profileWith(`Bearer ${token}`)).statusCode).toBe(401);
    });
  });

  describe('request bodies', () => {
    const routes = ['register', 'login', 'google-login'];

    it.each(routes)('answers 400 "Request body is not valid JSON" to malformed JSON on %s', async (route) => {
      const res = await post(app, route, '{"email": "ada@example.com",', {
        headers: { 'content-type': 'application/json' },
      });
      expect(expectJson(res, 400, errorBody)).toMatchObject({ message: 'Request body is not valid JSON' });
    });

    it('answers 400 to malformed JSON on an authenticated route', async () => {
      const session = await signUp(app);
      const res = await post(app, 'change-password', '{currentPassword:', {
        headers: { ...bearer(session), 'content-type': 'application/json' },
      });
      expect(expectJson(res, 400, errorBody).message).toBe('Request body is not valid JSON');
    });

    it.each([
      ['a __proto__ key', '{"email":"a@b.co","password":"secret1","__proto__":{"isAdmin":true}}'],
      [
        'a constructor.prototype key',
        '{"email":"a@b.co","password":"x","constructor":{"prototype":{"a":1}}}',
      ],
      ['a lone brace', '{'],
      ['trailing garbage', '{"email":"a@b.co","password":"secret1"} extra'],
      ['a byte-order mark and nothing else', '\uFEFF'],
    ])('answers 400, never 500, to JSON with %s', async (_case, payload) => {
      const res = await post(app, 'login', payload, { headers: { 'content-type': 'application/json' } });
      expect(expectJson(res, 400, errorBody)).toMatchObject({ message: 'Request body is not valid JSON' });
    });

    it.each([
      ['nothing', ''],
      ['null', 'null'],
      ['an array', '[]'],
      ['a string', '"ada@example.com"'],
      ['a number', '42'],
    ])('answers 400 "Request body is required" when the JSON body is %s', async (_case, payload) => {
      const res = await post(app, 'login', payload, { headers: { 'content-type': 'application/json' } });
      expect(expectJson(res, 400, errorBody).message).toBe('Request body is required');
    });

    it('answers 415 to a body that is not JSON', async () => {
      const res = await post(app, 'login', 'email=ada@example.com&password=secret1', {
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
      expect(expectJson(res, 415, errorBody).message).toBe('Unsupported content type; send application/json');
    });

    it('answers 413 to a body over the size limit', async () => {
      const res = await post(app, 'register', { ...aUser(), firstName: 'A'.repeat(300 * 1024) });
      expect(expectJson(res, 413, errorBody)).toMatchObject({ message: 'Request body is too large' });
    });
  });
});

describe('sign-in lockout after repeated failures', () => {
  let app: TestApp;
  // A pinned clock: every wait below is measured from it, never from how fast the machine is.
  let clock = new Date('2026-03-02T09:00:00Z');
  beforeAll(async () => {
    app = await createTestApp({
      env: { LOGIN_FAILURES_BEFORE_LOCK: '3', AUTH_RATE_LIMIT_PER_MINUTE: '10000' },
      now: () => clock,
    });
  });
  afterAll(() => app.close());

  it('answers 429 with a clear message once an email has failed too often, even with the right password', async () => {
    const body = aUser();
    await signUp(app, body);
    const from = { remoteAddress: anAddress() };
    for (let i = 0; i < 3; i += 1) {
      expect((await login(app, body.email, 'wrong-password', from)).statusCode).toBe(401);
    }

    const locked = await login(app, body.email, body.password, from);
    expect(expectJson(locked, 429, errorBody)).toEqual({
      message: 'Too many failed sign-in attempts. Please try again in 15 minutes.',
      code: 'RATE_LIMITED',
    });
    expect(locked.headers['retry-after']).toBe('900');
  });

  // This test used to expect a 15-minute lock for everyone: that let any stranger lock the owner out.
  it('counts failures for one email from every address, whatever its letter case, as a short wait', async () => {
    const body = aUser({ email: `Locked-${crypto.randomBytes(3).toString('hex')}@Example.com` });
    await signUp(app, body);
    await login(app, body.email.toUpperCase(), 'wrong-password', { remoteAddress: anAddress() });
    await login(app, body.email.toLowerCase(), 'wrong-password', { remoteAddress: anAddress() });
    await login(app, body.email, 'wrong-password', { remoteAddress: anAddress() });

    const owner = { remoteAddress: anAddress() };
    const res = await login(app, body.email, body.password, owner);
    expect(expectJson(res, 429, errorBody).message).toBe(
      'Too many failed sign-in attempts. Please try again in 1 second.',
    );
    clock = new Date(clock.getTime() + 1000);
    expect((await login(app, body.email, body.password, owner)).statusCode).toBe(200);
  });

  it('leaves other accounts on the same address alone', async () => {
    const victim = aUser();
    const neighbour = aUser();
    await signUp(app, victim);
    await signUp(app, neighbour);
    const from = { remoteAddress: anAddress() };
    for (let i = 0; i < 3; i += 1) await login(app, victim.email, 'wrong-password', from);

    expect((await login(app, neighbour.email, neighbour.password, from)).statusCode).toBe(200);
  });

  it('forgets earlier failures after a successful sign-in', async () => {
    const body = aUser();
    await signUp(app, body);
    const from = { remoteAddress: anAddress() };
    for (let round = 0; round < 3; round += 1) {
      await login(app, body.email, 'wrong-password', from);
      await login(app, body.email, 'wrong-password', from);
      expect((await login(app, body.email, body.password, from)).statusCode).toBe(200);
    }
  });

  it('counts failures for unknown emails too, so probing answers the same', async () => {
    const email = aUser().email;
    const from = { remoteAddress: anAddress() };
    for (let i = 0; i < 3; i += 1) expect((await login(app, email, 'whatever', from)).statusCode).toBe(401);
    expect((await login(app, email, 'whatever', from)).statusCode).toBe(429);
  });

  it('answers 429 to one address spraying passwords across many emails', async () => {
    const from = { remoteAddress: anAddress() };
    // Per address the limit is four times the per-email one: 12 here, two tries on each of six emails.
    for (let i = 0; i < 6; i += 1) {
      const email = aUser().email;
      await login(app, email, 'wrong-password', from);
      await login(app, email, 'wrong-password', from);
    }
    const body = aUser();
    await signUp(app, body);

    expect((await login(app, body.email, body.password, from)).statusCode).toBe(429);
    expect((await login(app, body.email, body.password, { remoteAddress: anAddress() })).statusCode).toBe(
      200,
    );
  });

  it('does not let a forged X-Forwarded-For header escape the per-address count', async () => {
    const from = anAddress();
    for (let i = 0; i < 12; i += 1) {
      await login(app, aUser().email, 'wrong-password', {
        remoteAddress: from,
        headers: { 'x-forwarded-for': anAddress() },
      });
    }
    const body = aUser();
    await signUp(app, body);
    const res = await login(app, body.email, body.password, {
      remoteAddress: from,
      headers: { 'x-forwarded-for': anAddress() },
    });
    expect(res.statusCode).toBe(429);
  });
});

describe('per-address rate limit on auth routes', () => {
  let app: TestApp;
  let google: FakeGoogle;
  const limit = 3;
  beforeAll(async () => {
    google = await startFakeGoogle();
    app = await createTestApp({
      env: {
        AUTH_RATE_LIMIT_PER_MINUTE: String(limit),
        LOGIN_FAILURES_BEFORE_LOCK: '1000',
        GOOGLE_JWKS_URL: google.jwksUrl,
      },
    });
  });
  afterAll(async () => {
    await app.close();
    await google.close();
  });

  it.each([
    ['login', () => ({ email: aUser().email, password: 'wrong-password' })],
    ['register', () => aUser()],
    ['google-login', () => ({ idToken: 'not-a-token' })],
  ])('answers 429 to the request after the limit on %s', async (route, payload) => {
    const from = { remoteAddress: anAddress() };
    for (let i = 0; i < limit; i += 1) {
      expect((await post(app, route, payload(), from)).statusCode).not.toBe(429);
    }
    const res = await post(app, route, payload(), from);
    expect(expectJson(res, 429, errorBody)).toMatchObject({ code: 'RATE_LIMITED' });
    expect(errorBody.parse(res.json()).message).toMatch(
      /^Too many requests\. Please wait \d+ seconds and try again\.$/,
    );
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('counts invalid requests as well, so validation errors are no way around it', async () => {
    const from = { remoteAddress: anAddress() };
    for (let i = 0; i < limit; i += 1) expect((await post(app, 'login', {}, from)).statusCode).toBe(400);
    expect((await post(app, 'login', {}, from)).statusCode).toBe(429);
  });

  it('limits the change-password route per address as well', async () => {
    const from = { remoteAddress: anAddress() };
    const session = await signUp(app);
    const payload = { currentPassword: 'wrong-password', newPassword: 'new-password' };
    for (let i = 0; i < limit; i += 1) {
      expect(
        (await post(app, 'change-password', payload, { ...from, headers: bearer(session) })).statusCode,
      ).toBe(400);
    }
    const res = await post(app, 'change-password', payload, { ...from, headers: bearer(session) });
    expect(res.statusCode).toBe(429);
  });

  it('keeps other addresses within their own allowance', async () => {
    const busy = { remoteAddress: anAddress() };
    for (let i = 0; i <= limit; i += 1)
      await post(app, 'login', { email: 'a@b.co', password: 'secret' }, busy);
    expect((await post(app, 'login', { email: 'a@b.co', password: 'secret' }, busy)).statusCode).toBe(429);

    const body = aUser();
    const quiet = { remoteAddress: anAddress() };
    expect((await post(app, 'register', body, quiet)).statusCode).toBe(201);
    expect((await login(app, body.email, body.password, quiet)).statusCode).toBe(200);
  });

  it('does not give a fresh allowance to a forged X-Forwarded-For header', async () => {
    const from = anAddress();
    const attempt = () =>
      post(
        app,
        'login',
        { email: aUser().email, password: 'secret' },
        { remoteAddress: from, headers: { 'x-forwarded-for': anAddress() } },
      );
    for (let i = 0; i < limit; i += 1) expect((await attempt()).statusCode).toBe(401);
    const res = await attempt();
    expect(expectJson(res, 429, errorBody).message).toMatch(/^Too many requests/);
  });

  it('does not limit logout', async () => {
    const from = { remoteAddress: anAddress() };
    for (let i = 0; i <= limit; i += 1) {
      const res = await post(app, 'logout', undefined, from);
      expect(res.statusCode).toBe(401);
    }
  });
});

describe('POST /api/auth/google-login', () => {
  let app: TestApp;
  let google: FakeGoogle;
  beforeAll(async () => {
    google = await startFakeGoogle();
    app = await createTestApp({
      env: {
        GOOGLE_JWKS_URL: google.jwksUrl,
        AUTH_RATE_LIMIT_PER_MINUTE: '10000',
        LOGIN_FAILURES_BEFORE_LOCK: '1000',
      },
    });
  });
  afterAll(async () => {
    await app.close();
    await google.close();
  });

  const googleLogin = (payload: Body) => post(app, 'google-login', payload);
  const signInWith = async (idToken: string, extra: Body = {}) => googleLogin({ idToken, ...extra });
  const nowSeconds = () => Math.floor(Date.now() / 1000);

  it('creates a new user from the Google identity, with its picture', async () => {
    const account = aGoogleAccount({ given_name: 'Grace', family_name: 'Hopper' });
    const res = await signInWith(await google.sign(account), { timeZone: 'America/New_York' });

    const result = expectJson(res, 200, loginResult);
    expect(loginResult.safeParse(result).success).toBe(true);
    expect(result.user).toEqual({
      id: expect.any(String),
      firstName: 'Grace',
      lastName: 'Hopper',
      email: account.email,
      profilePictureUrl: account.picture,
      isGoogleUser: true,
      hasPassword: false,
      timeZone: 'America/New_York',
      plan: 'premium',
      trialEndsAt: null,
      trialPlan: 'pro',
      twoFactorEnabled: false,
    });
    expect(profileResponse.parse((await getProfile(app, result)).json()).data).toEqual(result.user);
  });

  it('signs the same Google user in again to the same account', async () => {
    const account = aGoogleAccount();
    const first = loginResult.parse((await signInWith(await google.sign(account))).json());
    const second = await signInWith(await google.sign(account));

    const result = expectJson(second, 200, loginResult);
    expect(result.user).toEqual(first.user);
    expect(result.token).not.toBe(first.token);
    expect((await getProfile(app, first)).statusCode).toBe(200);
    expect((await getProfile(app, result)).statusCode).toBe(200);
  });

  it('takes up a changed Google picture on the next sign-in', async () => {
    const account = aGoogleAccount();
    await signInWith(await google.sign(account));
    const newPicture = `${account.picture}-new`;
    const res = await signInWith(await google.sign({ ...account, picture: newPicture }));
    expect(expectJson(res, 200, loginResult).user.profilePictureUrl).toBe(newPicture);
  });

  it('links an existing password account with the same email, keeping its id', async () => {
    const body = aUser({ email: `Linked-${crypto.randomBytes(3).toString('hex')}@Example.com` });
    const registered = await signUp(app, body);
    const account = aGoogleAccount({ email: body.email.toLowerCase(), email_verified: true });

    const res = await signInWith(await google.sign(account));

    const linked = expectJson(res, 200, loginResult);
    expect(linked.user.id).toBe(registered.user.id);
    expect(linked.user.isGoogleUser).toBe(true);
    expect(linked.user.firstName).toBe(registered.user.firstName);
    expect(linked.user.profilePictureUrl).toBe(account.picture);
    expect(expectJson(await getProfile(app, linked), 200, profileResponse).data.isGoogleUser).toBe(true);
    // And the Google identity now leads to the same account.
    expect(expectJson(await signInWith(await google.sign(account)), 200, loginResult).user.id).toBe(
      registered.user.id,
    );
  });

  it('leaves a stranger who registered the email first no way in once its owner signs in with Google', async () => {
    // The attacker registers the victim's address with a password of their own, before the victim ever came.
    const victimEmail = `victim-${crypto.randomBytes(3).toString('hex')}@gmail.com`;
    const attacker = aUser({ email: victimEmail, password: 'attacker-knows-this' });
    const attackerSession = await signUp(app, attacker);

    // The real owner signs in with Google, which vouches for the address: the account is linked.
    const owner = expectJson(
      await signInWith(await google.sign(aGoogleAccount({ email: victimEmail, email_verified: true }))),
      200,
      loginResult,
    );
    expect(owner.user.id).toBe(attackerSession.user.id);
    expect(owner.user.hasPassword).toBe(false);

    // The attacker's session is gone and their password no longer opens the account.
    expect((await getProfile(app, attackerSession)).statusCode).toBe(401);
    expect(expectJson(await login(app, victimEmail, attacker.password), 401, errorBody).message).toBe(
      'Invalid email or password',
    );
    // The owner is signed in, and can set a password of their own from Settings.
    expect((await getProfile(app, owner)).statusCode).toBe(200);
    const withPassword = expectJson(
      await post(app, 'set-password', { newPassword: 'owner-chose-this' }, { headers: bearer(owner) }),
      200,
      loginResult,
    );
    expect(withPassword.user.hasPassword).toBe(true);
    expect(expectJson(await login(app, victimEmail, 'owner-chose-this'), 200, loginResult).user.id).toBe(
      owner.user.id,
    );
    expect((await login(app, victimEmail, attacker.password)).statusCode).toBe(401);
  });

  it('sets a first password only for an account that has none', async () => {
    const google_ = expectJson(await signInWith(await google.sign(aGoogleAccount())), 200, loginResult);
    expect(google_.user.hasPassword).toBe(false);
    const tooShort = await post(app, 'set-password', { newPassword: 'abc' }, { headers: bearer(google_) });
    expect(expectJson(tooShort, 400, errorBody).message).toBe('Password must be at least 6 characters long');
    const first = expectJson(
      await post(app, 'set-password', { newPassword: 'first-password' }, { headers: bearer(google_) }),
      200,
      loginResult,
    );
    // Setting it signs other sessions out, as a change does.
    expect((await getProfile(app, google_)).statusCode).toBe(401);
    const again = await post(
      app,
      'set-password',
      { newPassword: 'second-password' },
      { headers: bearer(first) },
    );
    expect(expectJson(again, 400, errorBody).message).toBe(
      'Your account already has a password. Change it with your current password.',
    );
    expect((await post(app, 'set-password', { newPassword: 'x'.repeat(10) })).statusCode).toBe(401);
  });

  it('answers 409 and links nothing when an unverified Google email matches an existing account', async () => {
    const body = aUser();
    const registered = await signUp(app, body);
    const account = aGoogleAccount({ email: body.email, email_verified: false });

    const res = await signInWith(await google.sign(account));

    expect(expectJson(res, 409, errorBody)).toEqual({
      message: 'An account with this email already exists. Sign in with your password.',
      code: 'CONFLICT',
    });
    expect(profileResponse.parse((await getProfile(app, registered)).json()).data.isGoogleUser).toBe(false);
  });

  it('accepts the issuer without its scheme, as Google documents', async () => {
    const res = await signInWith(await google.sign(aGoogleAccount(), { issuer: 'accounts.google.com' }));
    expect(res.statusCode).toBe(200);
  });

  it.each([
    ['signed by a key Google never published', { forged: true }],
    ['expired', { issuedAt: nowSeconds() - 7200, expiresAt: nowSeconds() - 3600 }],
    ['meant for another client', { audience: 'someone-else.apps.googleusercontent.com' }],
    ['issued by someone other than Google', { issuer: 'https://accounts.evil.example' }],
  ])('answers 401 to a token %s and creates no account', async (_case, options) => {
    const account = aGoogleAccount();
    const res = await signInWith(await google.sign(account, options));

    expect(expectJson(res, 401, errorBody)).toEqual({
      message: 'Google sign-in failed. Please try again.',
      code: 'UNAUTHORIZED',
    });
    const rows = await app.database.query('select id from users where lower(email) = lower($1)', [
      account.email,
    ]);
    expect(rows).toHaveLength(0);
  });

  it('answers 401 to a token that is not a JWT', async () => {
    const res = await signInWith('definitely.not.a-jwt');
    expect(res.statusCode).toBe(401);
  });

  it('answers 401 to a token whose payload was altered after signing', async () => {
    const token = await google.sign(aGoogleAccount());
    const [header, , signature] = token.split('.');
    const payload = Buffer.from(
      JSON.stringify({ ...decodeJwt(token), email: 'someone-else@example.com' }),
    ).toString('base64url');
    const res = await signInWith(`${header}.${payload}.${signature}`);
    expect(res.statusCode).toBe(401);
  });

  it.each([
    ['missing', {}],
    ['empty', { idToken: '' }],
    ['not a string', { idToken: 42 }],
  ])('answers 400 "No credential received from Google" when the credential is %s', async (_case, payload) => {
    const res = await googleLogin(payload);
    expect(expectJson(res, 400, errorBody)).toMatchObject({
      message: 'No credential received from Google',
      code: 'VALIDATION_ERROR',
    });
  });

  it('does not let a Google-only account sign in with a password', async () => {
    const account = aGoogleAccount();
    await signInWith(await google.sign(account));
    for (const password of ['not-a-real-password', 'anything-at-all']) {
      const res = await login(app, account.email, password);
      expect(expectJson(res, 401, errorBody).message).toBe('Invalid email or password');
    }
  });

  it('answers 400 when a Google-only account tries to change its password', async () => {
    const session = loginResult.parse((await signInWith(await google.sign(aGoogleAccount()))).json());
    const res = await post(
      app,
      'change-password',
      { currentPassword: 'not-a-real-password', newPassword: 'new-password' },
      { headers: bearer(session) },
    );
    expect(expectJson(res, 400, errorBody).message).toBe(
      'Your account signs in with Google and has no password to change',
    );
  });

  it('answers 409 when a password account registers with an email Google already created', async () => {
    const account = aGoogleAccount();
    await signInWith(await google.sign(account));
    const res = await post(app, 'register', aUser({ email: account.email.toUpperCase() }));
    expect(res.statusCode).toBe(409);
  });

  it('refuses Google sign-in when no client id is configured', async () => {
    const unconfigured = await createTestApp({
      env: { GOOGLE_CLIENT_ID: '', GOOGLE_JWKS_URL: google.jwksUrl },
    });
    try {
      const res = await unconfigured.inject({
        method: 'POST',
        url: '/api/auth/google-login',
        payload: { idToken: await google.sign(aGoogleAccount()) },
      });
      expect(res.statusCode).toBe(401);
    } finally {
      await unconfigured.close();
    }
  });
});

describe('client addresses behind a trusted load balancer (TRUST_PROXY)', () => {
  let app: TestApp;
  const balancer = '192.168.0.2';
  beforeAll(async () => {
    app = await createTestApp({
      env: { TRUST_PROXY: balancer, AUTH_RATE_LIMIT_PER_MINUTE: '2', LOGIN_FAILURES_BEFORE_LOCK: '1000' },
    });
  });
  afterAll(() => app.close());

  const attemptFrom = (forwardedFor: string) =>
    post(
      app,
      'login',
      { email: aUser().email, password: 'secret' },
      { remoteAddress: balancer, headers: { 'x-forwarded-for': forwardedFor } },
    );

  it('gives each client behind the balancer its own allowance', async () => {
    const first = anAddress();
    await attemptFrom(first);
    await attemptFrom(first);
    expect((await attemptFrom(first)).statusCode).toBe(429);
    expect((await attemptFrom(anAddress())).statusCode).toBe(401);
  });

  it('counts a client by the address the balancer saw, not one it prepended itself', async () => {
    const real = anAddress();
    await attemptFrom(`${anAddress()}, ${real}`);
    await attemptFrom(`${anAddress()}, ${real}`);
    expect((await attemptFrom(`${anAddress()}, ${real}`)).statusCode).toBe(429);
  });

  it('ignores X-Forwarded-For from a client that is not the balancer', async () => {
    const direct = anAddress();
    const attempt = () =>
      post(
        app,
        'login',
        { email: aUser().email, password: 'secret' },
        { remoteAddress: direct, headers: { 'x-forwarded-for': anAddress() } },
      );
    await attempt();
    await attempt();
    expect((await attempt()).statusCode).toBe(429);
  });
});
