import {
  errorBody,
  type LoginResult,
  loginResult,
  profileResponse,
  recoveryCodesResult,
  twoFactorSetup,
  twoFactorStatus,
} from '@tally/shared';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aGoogleAccount, type FakeGoogle, startFakeGoogle } from '../../../test/google';
import { aUser, bearer, createTestApp, expectJson, signUp, type TestApp } from '../../../test/helpers';

type Body = Record<string, unknown>;
/** Someone who can sign in: a session, and the password and second factor they would type. */
type Person = { auth: LoginResult; email: string; password?: string; secret?: string };

/** A fresh client address, so one test's sign-in failures never count against another's. */
let addressCounter = 0;
const anAddress = () => {
  addressCounter += 1;
  return `192.168.${Math.floor(addressCounter / 250)}.${(addressCounter % 250) + 1}`;
};

/**
 * One app with a pinned clock and the helpers every test here uses. Codes are read off the clock as an
 * authenticator app would; a code's 30-second step is taken once, so `nextStep` moves on to a fresh one.
 */
function twoFactorWorld(env: Record<string, string>) {
  const world = {} as { app: TestApp; google: FakeGoogle };
  // On a step boundary, so a code made now is the step's code for the next 30 seconds.
  let clock = new Date('2026-11-20T15:00:00Z');
  beforeAll(async () => {
    world.google = await startFakeGoogle();
    world.app = await createTestApp({
      env: {
        GOOGLE_JWKS_URL: world.google.jwksUrl,
        AUTH_RATE_LIMIT_PER_MINUTE: '10000',
        LOGIN_LOCK_MINUTES: '15',
        ...env,
      },
      now: () => clock,
    });
  });
  afterAll(async () => {
    await world.app.close();
    await world.google.close();
  });

  const nextStep = () => {
    clock = new Date(clock.getTime() + 30_000);
  };
  const codesOf = (person: Person, steps: number[]) => {
    const authenticator = new TOTP({
      issuer: 'Tally',
      label: person.email,
      algorithm: 'SHA1',
      digits: 6,
      period: 30,
      secret: Secret.fromBase32(person.secret ?? ''),
    });
    return steps.map((step) => authenticator.generate({ timestamp: clock.getTime() + step * 30_000 }));
  };
  /** The authenticator app's code right now. */
  const codeOf = (person: Person) => codesOf(person, [0])[0] as string;
  /** Six digits that are no code the server would take now (it takes a step either side too). */
  const wrongCodeOf = (person: Person) => {
    const near = codesOf(person, [-1, 0, 1]);
    return ['000000', '111111', '222222', '333333'].find((c) => !near.includes(c)) as string;
  };

  const post = (route: string, payload: Body, options: Partial<InjectOptions> = {}) =>
    world.app.inject({ method: 'POST', url: `/api/auth/${route}`, payload, ...options });
  const login = (person: Person, extra: Body = {}, remoteAddress = anAddress()) =>
    post('login', { email: person.email, password: person.password, ...extra }, { remoteAddress });
  const googleLogin = async (account: ReturnType<typeof aGoogleAccount>, extra: Body = {}) =>
    post('google-login', { idToken: await world.google.sign(account), ...extra });
  /** A Settings action of two-factor sign-in, by the signed-in person. */
  const act = (person: Person, action: string, payload: Body = {}, remoteAddress = anAddress()) =>
    post(`two-factor/${action}`, payload, { headers: bearer(person.auth), remoteAddress });
  const statusOf = async (person: Person) =>
    expectJson(
      await world.app.inject({ method: 'GET', url: '/api/auth/two-factor', headers: bearer(person.auth) }),
      200,
      twoFactorStatus,
    );

  const aPerson = async (): Promise<Person> => {
    const body = aUser();
    return { auth: await signUp(world.app, body), email: body.email, password: body.password };
  };
  /** Scans the secret and confirms it with the app's code; the clock then moves on, as a person would. */
  const turnOn = async (person: Person) => {
    const setup = expectJson(await act(person, 'setup'), 200, twoFactorSetup);
    person.secret = setup.secret;
    const { recoveryCodes } = expectJson(
      await act(person, 'enable', { code: codeOf(person), password: person.password }),
      200,
      recoveryCodesResult,
    );
    nextStep();
    return recoveryCodes;
  };

  return {
    world,
    nextStep,
    codeOf,
    wrongCodeOf,
    login,
    googleLogin,
    act,
    statusOf,
    aPerson,
    turnOn,
  };
}

/** The error of a refused request, its status checked. */
const refusal = (res: LightMyRequestResponse, status: number) => expectJson(res, status, errorBody);

describe('two-factor sign-in', () => {
  // The throttle is exercised in its own app below; here it stays out of the way.
  const t = twoFactorWorld({ LOGIN_FAILURES_BEFORE_LOCK: '1000' });

  it('offers a secret to scan, and asks for nothing more until a code confirms it', async () => {
    const person = await t.aPerson();
    const setup = expectJson(await t.act(person, 'setup'), 200, twoFactorSetup);

    // 160 bits in base32, as authenticator apps expect, in a URL naming this app and the account.
    expect(setup.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(setup.otpauthUrl).toMatch(/^otpauth:\/\/totp\//);
    const url = new URL(setup.otpauthUrl);
    expect(decodeURIComponent(url.pathname)).toBe(`/Tally:${person.email}`);
    expect(url.searchParams.get('issuer')).toBe('Tally');
    expect(url.searchParams.get('secret')).toBe(setup.secret);
    expect(setup.qrSvg).toMatch(/^<svg[\s\S]*<\/svg>\s*$/);

    // A setup not confirmed is not in force: someone who never finished it is not locked out.
    expect(await t.statusOf(person)).toEqual({ enabled: false, enabledAt: null, recoveryCodesLeft: 0 });
    expect(expectJson(await t.login(person), 200, loginResult).user.twoFactorEnabled).toBe(false);
  });

  it('turns on only with the right code, handing out ten recovery codes once', async () => {
    const person = await t.aPerson();
    person.secret = expectJson(await t.act(person, 'setup'), 200, twoFactorSetup).secret;

    // A session alone does not turn it on: the password is asked for too.
    for (const password of [undefined, 'not the password']) {
      const res = await t.act(person, 'enable', { code: t.codeOf(person), password });
      expect(refusal(res, 400).code).toBe('INVALID_PASSWORD');
    }
    const wrong = refusal(
      await t.act(person, 'enable', { code: t.wrongCodeOf(person), password: person.password }),
      400,
    );
    expect(wrong.code).toBe('INVALID_CODE');
    expect(wrong.message).toMatch(/code/);
    expect((await t.statusOf(person)).enabled).toBe(false);

    const { recoveryCodes } = expectJson(
      await t.act(person, 'enable', { code: t.codeOf(person), password: person.password }),
      200,
      recoveryCodesResult,
    );
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    for (const code of recoveryCodes) expect(code).toMatch(/^[a-z0-9]{5}-[a-z0-9]{5}$/);

    expect(await t.statusOf(person)).toEqual({
      enabled: true,
      enabledAt: '2026-11-20T15:00:00.000Z',
      recoveryCodesLeft: 10,
    });
    const profile = await t.world.app.inject({
      method: 'GET',
      url: '/api/user/profile',
      headers: bearer(person.auth),
    });
    expect(expectJson(profile, 200, profileResponse).data.twoFactorEnabled).toBe(true);

    // Once on, it is not turned on (or set up) again: that would hand out new codes without the old ones.
    t.nextStep();
    const again = await t.act(person, 'enable', { code: t.codeOf(person), password: person.password });
    expect(refusal(again, 409).code).toBe('CONFLICT');
    expect((await t.act(person, 'setup')).statusCode).toBe(409);
  });

  it('signs in with the password and a code, each code and recovery code taken once', async () => {
    const person = await t.aPerson();
    const recoveryCodes = await t.turnOn(person);

    // The password alone is not enough, and the answer carries no session.
    const asked = await t.login(person);
    expect(refusal(asked, 401)).toEqual({
      message: 'Enter the code from your authenticator app',
      code: 'TWO_FACTOR_REQUIRED',
    });
    expect(asked.body).not.toMatch(/token/);
    // A wrong password says nothing of the code, right or not.
    for (const code of [t.codeOf(person), t.wrongCodeOf(person)]) {
      expect(refusal(await t.login(person, { password: 'not the password', code }), 401)).toEqual({
        message: 'Invalid email or password',
        code: 'UNAUTHORIZED',
      });
    }
    expect(refusal(await t.login(person, { code: t.wrongCodeOf(person) }), 401).code).toBe('INVALID_CODE');

    const code = t.codeOf(person);
    const signedIn = expectJson(await t.login(person, { code }), 200, loginResult);
    expect(signedIn.user.twoFactorEnabled).toBe(true);
    expect((await t.statusOf({ ...person, auth: signedIn })).enabled).toBe(true);
    // Someone who saw the code typed cannot use it again within its 30 seconds.
    expect(refusal(await t.login(person, { code }), 401).code).toBe('INVALID_CODE');

    // A recovery code as someone might type it off paper: capitals, a space for the dash.
    const [first] = recoveryCodes as [string];
    const typed = first.toUpperCase().replace('-', ' ');
    expect((await t.login(person, { code: typed })).statusCode).toBe(200);
    expect(refusal(await t.login(person, { code: first }), 401).code).toBe('INVALID_CODE');
    expect((await t.statusOf(person)).recoveryCodesLeft).toBe(9);
  });

  it('renews the recovery codes only with a valid code, the old ones then signing in no more', async () => {
    const person = await t.aPerson();
    const old = await t.turnOn(person);

    const wrong = await t.act(person, 'recovery-codes', { code: t.wrongCodeOf(person) });
    expect(refusal(wrong, 400).code).toBe('INVALID_CODE');
    expect((await t.login(person, { code: old[0] })).statusCode).toBe(200);

    const { recoveryCodes: renewed } = expectJson(
      await t.act(person, 'recovery-codes', { code: t.codeOf(person) }),
      200,
      recoveryCodesResult,
    );
    expect(renewed).toHaveLength(10);
    expect(renewed.filter((c) => old.includes(c))).toEqual([]);
    expect(await t.statusOf(person)).toMatchObject({ enabled: true, recoveryCodesLeft: 10 });
    for (const code of old.slice(1, 3)) {
      expect(refusal(await t.login(person, { code }), 401).code).toBe('INVALID_CODE');
    }
    expect((await t.login(person, { code: renewed[0] })).statusCode).toBe(200);
  });

  it('turns off only with the password and a code, and then the password alone signs in again', async () => {
    const person = await t.aPerson();
    await t.turnOn(person);
    const code = t.codeOf(person);

    // A session left open is not enough to turn it off: the password is asked for too.
    for (const password of [undefined, 'not the password']) {
      expect(refusal(await t.act(person, 'disable', { password, code }), 400).code).toBe('INVALID_PASSWORD');
    }
    const wrong = await t.act(person, 'disable', { password: person.password, code: t.wrongCodeOf(person) });
    expect(refusal(wrong, 400).code).toBe('INVALID_CODE');
    expect((await t.statusOf(person)).enabled).toBe(true);
    expect(refusal(await t.login(person), 401).code).toBe('TWO_FACTOR_REQUIRED');

    // The code refused alongside a wrong password was not used up by it.
    expect((await t.act(person, 'disable', { password: person.password, code })).statusCode).toBe(204);
    expect(await t.statusOf(person)).toEqual({ enabled: false, enabledAt: null, recoveryCodesLeft: 0 });
    expect(expectJson(await t.login(person), 200, loginResult).user.twoFactorEnabled).toBe(false);
    // The recovery codes went with it.
    const [{ n } = { n: -1 }] = await t.world.app.database.query<{ n: number }>(
      'select count(*)::int as n from recovery_codes where user_id = $1',
      [person.auth.user.id],
    );
    expect(n).toBe(0);
    // Turning it on and off were both told to the person.
    const told = await t.world.app.database.query<{ title: string }>(
      `select title from notifications where user_id = $1 and kind = 'security_notice' order by created_at, title`,
      [person.auth.user.id],
    );
    expect(told.map((r) => r.title).sort()).toEqual([
      'Two-factor sign-in is on',
      'Two-factor sign-in was turned off',
    ]);

    t.nextStep();
    const again = await t.act(person, 'disable', { password: person.password, code: t.codeOf(person) });
    expect(refusal(again, 409).code).toBe('CONFLICT');
  });

  it('asks for the code at Google sign-in too', async () => {
    const account = aGoogleAccount();
    const created = expectJson(await t.googleLogin(account), 200, loginResult);
    const person: Person = { auth: created, email: account.email };
    await t.turnOn(person);

    expect(refusal(await t.googleLogin(account), 401).code).toBe('TWO_FACTOR_REQUIRED');
    expect(refusal(await t.googleLogin(account, { code: t.wrongCodeOf(person) }), 401).code).toBe(
      'INVALID_CODE',
    );
    const signedIn = expectJson(await t.googleLogin(account, { code: t.codeOf(person) }), 200, loginResult);
    expect(signedIn.user.id).toBe(created.user.id);
  });

  it('does not link a Google identity to an account with two-factor sign-in without its code', async () => {
    const person = await t.aPerson();
    await t.turnOn(person);
    const account = aGoogleAccount({ email: person.email, email_verified: true });

    expect(refusal(await t.googleLogin(account), 401).code).toBe('TWO_FACTOR_REQUIRED');
    // Nothing was linked: the password still works, and the old session is still signed in.
    expect((await t.login(person, { code: t.codeOf(person) })).statusCode).toBe(200);
    expect((await t.statusOf(person)).enabled).toBe(true);
  });

  it('turns off with a code alone for an account that has no password', async () => {
    const account = aGoogleAccount();
    const person: Person = {
      auth: expectJson(await t.googleLogin(account), 200, loginResult),
      email: account.email,
    };
    expect(person.auth.user.hasPassword).toBe(false);
    await t.turnOn(person);

    expect(refusal(await t.act(person, 'disable', { code: t.wrongCodeOf(person) }), 400).code).toBe(
      'INVALID_CODE',
    );
    expect((await t.act(person, 'disable', { code: t.codeOf(person) })).statusCode).toBe(204);
    expect((await t.statusOf(person)).enabled).toBe(false);
    expect((await t.googleLogin(account)).statusCode).toBe(200);
  });

  it('needs a sign-in for every route, and one person turning it on asks nothing of another', async () => {
    const routes = [
      ['GET', 'two-factor'],
      ['POST', 'two-factor/setup'],
      ['POST', 'two-factor/enable'],
      ['POST', 'two-factor/recovery-codes'],
      ['POST', 'two-factor/disable'],
    ] as const;
    for (const [method, route] of routes) {
      const res = await t.world.app.inject({
        method,
        url: `/api/auth/${route}`,
        payload: { code: '123456' },
      });
      expect(refusal(res, 401).code, route).toBe('UNAUTHORIZED');
    }

    const [someone, other] = [await t.aPerson(), await t.aPerson()];
    await t.turnOn(someone);
    expect(expectJson(await t.login(other), 200, loginResult).user.twoFactorEnabled).toBe(false);
    expect(await t.statusOf(other)).toEqual({ enabled: false, enabledAt: null, recoveryCodesLeft: 0 });
  });

  it('keeps the secret sealed and the recovery codes only as hashes', async () => {
    const person = await t.aPerson();
    const recoveryCodes = await t.turnOn(person);
    const secret = person.secret as string;
    const rows = async (sql: string) =>
      (await t.world.app.database.query<{ row: string }>(sql, [person.auth.user.id])).map((r) => r.row);

    const [user = ''] = await rows('select row_to_json(u)::text as row from users u where id = $1');
    expect(user).toContain('totp_secret_encrypted');
    for (const form of [secret, secret.toLowerCase(), Buffer.from(secret).toString('base64')]) {
      expect(user).not.toContain(form);
    }

    const stored = await rows('select row_to_json(r)::text as row from recovery_codes r where user_id = $1');
    expect(stored).toHaveLength(10);
    for (const code of recoveryCodes) {
      for (const form of [code, code.replace('-', ''), code.toUpperCase()]) {
        expect(stored.join('\n')).not.toContain(form);
      }
    }
  });
});

describe('two-factor codes guessed', () => {
  const ALLOWANCE = 3;
  const t = twoFactorWorld({ LOGIN_FAILURES_BEFORE_LOCK: String(ALLOWANCE) });

  it('are throttled at sign-in like passwords: after the allowance even the right code waits', async () => {
    const person = await t.aPerson();
    await t.turnOn(person);
    const from = anAddress();
    for (let i = 0; i < ALLOWANCE; i += 1) {
      const res = await t.login(person, { code: t.wrongCodeOf(person) }, from);
      expect(refusal(res, 401).code).toBe('INVALID_CODE');
    }

    const blocked = await t.login(person, { code: t.codeOf(person) }, from);
    expect(refusal(blocked, 429).code).toBe('RATE_LIMITED');
    expect(Number(blocked.headers['retry-after'])).toBe(15 * 60);
  });

  it('are not forgotten when the right password comes without a code', async () => {
    const person = await t.aPerson();
    await t.turnOn(person);
    const from = anAddress();
    // The password alone, between guesses, must not wipe the guesses counted so far (it counts itself).
    const guess = async () =>
      expect(refusal(await t.login(person, { code: t.wrongCodeOf(person) }, from), 401).code).toBe(
        'INVALID_CODE',
      );
    await guess();
    expect(refusal(await t.login(person, {}, from), 401).code).toBe('TWO_FACTOR_REQUIRED');
    await guess();
    const blocked = await t.login(person, { code: t.codeOf(person) }, from);
    expect(refusal(blocked, 429).code).toBe('RATE_LIMITED');
  });

  it('are throttled in Settings too, so a session left open does not let anyone try codes', async () => {
    const person = await t.aPerson();
    await t.turnOn(person);
    const from = anAddress();
    for (let i = 0; i < ALLOWANCE; i += 1) {
      const res = await t.act(person, 'recovery-codes', { code: t.wrongCodeOf(person) }, from);
      expect(refusal(res, 400).code).toBe('INVALID_CODE');
    }

    const blocked = await t.act(person, 'recovery-codes', { code: t.codeOf(person) }, from);
    expect(refusal(blocked, 429).code).toBe('RATE_LIMITED');
    expect(Number(blocked.headers['retry-after'])).toBe(15 * 60);
  });
});
