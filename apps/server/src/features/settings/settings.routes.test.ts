import { errorBody, loginResult, notificationSettings, profileResponse } from '@tally/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aUser, bearer, createTestApp, expectJson, signUp, type TestApp } from '../../../test/helpers';

type Body = Record<string, unknown>;

describe('profile routes', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp({ env: { AUTH_RATE_LIMIT_PER_MINUTE: '10000' } });
  });
  afterAll(() => app.close());

  const getProfile = (auth: { token: string }) =>
    app.inject({ method: 'GET', url: '/api/user/profile', headers: bearer(auth) });
  const putProfile = (auth: { token: string }, payload: Body) =>
    app.inject({ method: 'PUT', url: '/api/user/profile', headers: bearer(auth), payload });
  const getSettings = (auth: { token: string }) =>
    app.inject({ method: 'GET', url: '/api/user/notification-settings', headers: bearer(auth) });
  const putSettings = (auth: { token: string }, payload: Body) =>
    app.inject({ method: 'PUT', url: '/api/user/notification-settings', headers: bearer(auth), payload });
  const profileOf = async (auth: { token: string }) =>
    expectJson(await getProfile(auth), 200, profileResponse);
  const settingsOf = async (auth: { token: string }) =>
    expectJson(await getSettings(auth), 200, notificationSettings);

  describe('GET /api/user/profile', () => {
    it('returns the signed-in user in a data field', async () => {
      const session = await signUp(app, { firstName: 'Ada', lastName: 'Lovelace' });
      const res = await getProfile(session);

      expect(expectJson(res, 200, profileResponse)).toEqual({ data: session.user });
      expect(expectJson(res, 200, profileResponse).data).toMatchObject({
        firstName: 'Ada',
        lastName: 'Lovelace',
        isGoogleUser: false,
      });
    });

    it("returns each user's own profile", async () => {
      const alice = await signUp(app, { firstName: 'Alice' });
      const bob = await signUp(app, { firstName: 'Bob' });
      expect((await profileOf(alice)).data.firstName).toBe('Alice');
      expect((await profileOf(bob)).data.firstName).toBe('Bob');
    });

    it('answers 401 without a token', async () => {
      const res = await app.inject({ method: 'GET', url: '/api/user/profile' });
      expect(expectJson(res, 401, errorBody)).toEqual({
        message: 'Authentication required',
        code: 'UNAUTHORIZED',
      });
    });

    it('answers 401 with a garbage token', async () => {
      const res = await getProfile({ token: 'garbage' });
      expect(res.statusCode).toBe(401);
    });
  });

  describe('PUT /api/user/profile', () => {
    it('updates the names and time zone and keeps them', async () => {
      const session = await signUp(app);
      const res = await putProfile(session, {
        firstName: 'Augusta',
        lastName: 'King',
        timeZone: 'Asia/Tokyo',
      });

      const expected = { ...session.user, firstName: 'Augusta', lastName: 'King', timeZone: 'Asia/Tokyo' };
      expect(expectJson(res, 200, profileResponse)).toEqual({ data: expected });
      expect(await profileOf(session)).toEqual({ data: expected });
    });

    it('shows the new names at the next sign-in', async () => {
      const body = aUser();
      const session = await signUp(app, body);
      await putProfile(session, { firstName: 'Augusta', lastName: 'King' });

      const login = await app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: body.email, password: body.password },
      });
      expect(expectJson(login, 200, loginResult).user).toMatchObject({
        firstName: 'Augusta',
        lastName: 'King',
      });
    });

    it('trims the names', async () => {
      const session = await signUp(app);
      const res = await putProfile(session, { firstName: '  Augusta ', lastName: ' King  ' });
      expect(expectJson(res, 200, profileResponse).data).toMatchObject({
        firstName: 'Augusta',
        lastName: 'King',
      });
    });

    it('keeps the time zone when none is sent', async () => {
      const session = await signUp(app, { timeZone: 'Europe/Paris' });
      const res = await putProfile(session, { firstName: 'Ada', lastName: 'King' });
      expect(expectJson(res, 200, profileResponse).data.timeZone).toBe('Europe/Paris');
    });

    it('ignores attempts to change the email, plan or Google link', async () => {
      const session = await signUp(app);
      const res = await putProfile(session, {
        firstName: 'Ada',
        lastName: 'King',
        email: 'someone-else@example.com',
        plan: 'premium',
        isGoogleUser: true,
        googleSubject: '123',
        id: '00000000-0000-0000-0000-000000000000',
      });

      expect(expectJson(res, 200, profileResponse).data).toEqual({ ...session.user, lastName: 'King' });
    });

    it("leaves other users' profiles alone", async () => {
      const alice = await signUp(app, { firstName: 'Alice' });
      const bob = await signUp(app, { firstName: 'Bob' });
      await putProfile(alice, { firstName: 'Alicia', lastName: 'Smith' });
      expect((await profileOf(bob)).data).toEqual(bob.user);
    });

    it.each([
      ['first name is blank', { firstName: '   ', lastName: 'King' }, 'First name is required'],
      ['first name is missing', { lastName: 'King' }, 'First name is required'],
      ['last name is empty', { firstName: 'Ada', lastName: '' }, 'Last name is required'],
      ['last name is missing', { firstName: 'Ada' }, 'Last name is required'],
      ['first name is too long', { firstName: 'A'.repeat(101), lastName: 'King' }, 'First name is too long'],
      ['last name is too long', { firstName: 'Ada', lastName: 'K'.repeat(101) }, 'Last name is too long'],
      [
        'time zone is unknown',
        { firstName: 'Ada', lastName: 'King', timeZone: 'Atlantis/Capital' },
        'Unknown time zone',
      ],
      ['time zone is empty', { firstName: 'Ada', lastName: 'King', timeZone: '' }, 'Unknown time zone'],
    ])('answers 400 and changes nothing when the %s', async (_case, payload, message) => {
      const session = await signUp(app);
      const res = await putProfile(session, payload);

      expect(expectJson(res, 400, errorBody)).toMatchObject({ message, code: 'VALIDATION_ERROR' });
      expect((await profileOf(session)).data).toEqual(session.user);
    });

    it('accepts names of exactly 100 characters', async () => {
      const session = await signUp(app);
      const res = await putProfile(session, { firstName: 'A'.repeat(100), lastName: 'K'.repeat(100) });
      expect(res.statusCode).toBe(200);
    });

    it('answers 400 when the body is not valid JSON', async () => {
      const session = await signUp(app);
      const res = await app.inject({
        method: 'PUT',
        url: '/api/user/profile',
        headers: { ...bearer(session), 'content-type': 'application/json' },
        payload: '{"firstName":',
      });
      expect(expectJson(res, 400, errorBody).message).toBe('Request body is not valid JSON');
    });

    it('answers 401 without a token', async () => {
      const res = await app.inject({
        method: 'PUT',
        url: '/api/user/profile',
        payload: { firstName: 'Ada', lastName: 'King' },
      });
      expect(res.statusCode).toBe(401);
    });

    it('answers 401 after logout', async () => {
      const session = await signUp(app);
      await app.inject({ method: 'POST', url: '/api/auth/logout', headers: bearer(session) });
      const res = await putProfile(session, { firstName: 'Ada', lastName: 'King' });
      expect(res.statusCode).toBe(401);
    });
  });

  describe('notification settings', () => {
    // This app has no SMTP, and nobody verified an address: the two facts every answer carries.
    const noEmail = { emailVerified: false, emailAvailable: false };
    it('start with push and email notifications on', async () => {
      const session = await signUp(app);
      const res = await getSettings(session);
      expect(expectJson(res, 200, notificationSettings)).toEqual({
        pushNotifications: true,
        emailNotifications: true,
        ...noEmail,
      });
    });

    it('persist a change to one setting and leave the other as it was', async () => {
      const session = await signUp(app);
      const res = await putSettings(session, { pushNotifications: false });

      expect(expectJson(res, 200, notificationSettings)).toEqual({
        pushNotifications: false,
        emailNotifications: true,
        ...noEmail,
      });
      expect(await settingsOf(session)).toEqual({
        pushNotifications: false,
        emailNotifications: true,
        ...noEmail,
      });
    });

    it('persist both settings, and can switch them back on', async () => {
      const session = await signUp(app);
      await putSettings(session, { pushNotifications: false, emailNotifications: false, ...noEmail });
      expect(await settingsOf(session)).toEqual({
        pushNotifications: false,
        emailNotifications: false,
        ...noEmail,
      });

      await putSettings(session, { emailNotifications: true, ...noEmail });
      expect(await settingsOf(session)).toEqual({
        pushNotifications: false,
        emailNotifications: true,
        ...noEmail,
      });
    });

    it('answer an empty update with the current settings', async () => {
      const session = await signUp(app);
      await putSettings(session, { emailNotifications: false, ...noEmail });
      const res = await putSettings(session, {});
      expect(expectJson(res, 200, notificationSettings)).toEqual({
        pushNotifications: true,
        emailNotifications: false,
        ...noEmail,
      });
    });

    it("do not touch another user's settings", async () => {
      const alice = await signUp(app);
      const bob = await signUp(app);
      await putSettings(alice, { pushNotifications: false, emailNotifications: false, ...noEmail });
      expect(await settingsOf(bob)).toEqual({
        pushNotifications: true,
        emailNotifications: true,
        ...noEmail,
      });
    });

    it.each([
      ['a string', { pushNotifications: 'no' }],
      ['a number', { emailNotifications: 0 }],
      ['null', { pushNotifications: null }],
    ])('answer 400 when a setting is %s, and change nothing', async (_case, payload) => {
      const session = await signUp(app);
      const res = await putSettings(session, payload);
      expect(expectJson(res, 400, errorBody).code).toBe('VALIDATION_ERROR');
      expect(await settingsOf(session)).toEqual({
        pushNotifications: true,
        emailNotifications: true,
        ...noEmail,
      });
    });

    it('take no say on whether the address is verified', async () => {
      const session = await signUp(app);
      const res = await putSettings(session, { emailVerified: true, emailAvailable: true });
      expect(expectJson(res, 200, notificationSettings)).toEqual({
        pushNotifications: true,
        emailNotifications: true,
        ...noEmail,
      });
    });

    it('answer 401 without a token', async () => {
      const get = await app.inject({ method: 'GET', url: '/api/user/notification-settings' });
      const put = await app.inject({
        method: 'PUT',
        url: '/api/user/notification-settings',
        payload: { pushNotifications: false },
      });
      expect(get.statusCode).toBe(401);
      expect(expectJson(put, 401, errorBody).code).toBe('UNAUTHORIZED');
    });
  });
});
