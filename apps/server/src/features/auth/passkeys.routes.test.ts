import crypto, { type KeyObject } from 'node:crypto';
import { isoBase64URL, isoCBOR } from '@simplewebauthn/server/helpers';
import {
  errorBody,
  type LoginResult,
  loginResult,
  passkey,
  passkeyList,
  twoFactorSetup,
  webauthnOptions,
} from '@tally/shared';
import type { LightMyRequestResponse } from 'fastify';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aUser, bearer, createTestApp, expectJson, signUp, type TestApp } from '../../../test/helpers';

// Passkeys belong to PUBLIC_URL's host name, and browsers sign its origin: a port shows the two apart.
const PUBLIC_URL = 'https://money.example.com:8443';
const RP_ID = 'money.example.com';

let app: TestApp;
// Pinned, so a challenge's five minutes and a passkey's last use can be checked to the millisecond.
let clock = new Date('2026-11-20T15:00:00Z');

beforeAll(async () => {
  app = await createTestApp({
    now: () => clock,
    env: { PUBLIC_URL, AUTH_RATE_LIMIT_PER_MINUTE: '10000', LOGIN_FAILURES_BEFORE_LOCK: '1000' },
  });
});
afterAll(() => app.close());

// A software authenticator, doing what a phone or security key does for the browser's WebAuthn calls.

const UP = 0x01; // the user was present
const UV = 0x04; // the user was verified (PIN, fingerprint)
const AT = 0x40; // a new credential's key follows

const b64 = (bytes: Uint8Array) => isoBase64URL.fromBuffer(new Uint8Array(bytes));
const sha256 = (data: Uint8Array | string) => crypto.createHash('sha256').update(data).digest();

type Authenticator = {
  credentialId: string;
  privateKey: KeyObject;
  publicKey: KeyObject;
  signCount: number;
  /** The user id the site gave when the passkey was made, handed back at every sign-in. */
  userHandle?: string;
};

function anAuthenticator(): Authenticator {
  const { privateKey, publicKey } = crypto.generateKeyPairSync('ec', { namedCurve: 'P-256' });
  return { credentialId: b64(crypto.randomBytes(32)), privateKey, publicKey, signCount: 0 };
}

/** The public key as COSE (RFC 9053): EC2 on P-256, for ES256. */
function coseKey(publicKey: KeyObject): Uint8Array {
  const { x, y } = publicKey.export({ format: 'jwk' });
  return isoCBOR.encode(
    new Map<number, number | Uint8Array>([
      [1, 2],
      [3, -7],
      [-1, 1],
      [-2, new Uint8Array(Buffer.from(x ?? '', 'base64url'))],
      [-3, new Uint8Array(Buffer.from(y ?? '', 'base64url'))],
    ]),
  );
}

function authenticatorData(a: Authenticator, flags: number, attested = new Uint8Array()): Buffer {
  const count = Buffer.alloc(4);
  count.writeUInt32BE(a.signCount);
  return Buffer.concat([sha256(RP_ID), Buffer.from([flags]), count, attested]);
}

type Options = Record<string, unknown>;
/** What the browser would change: the page's origin, or (a tampered answer) the challenge it signs. */
type Tweaks = { origin?: string; challenge?: string };

const clientData = (type: string, options: Options, tweaks: Tweaks) =>
  Buffer.from(
    JSON.stringify({
      type,
      challenge: tweaks.challenge ?? options.challenge,
      origin: tweaks.origin ?? PUBLIC_URL,
      crossOrigin: false,
    }),
  );

/** navigator.credentials.create(): a new credential, with attestation 'none'. */
function attest(a: Authenticator, options: Options, tweaks: Tweaks = {}) {
  a.userHandle = (options.user as { id: string }).id;
  const id = Buffer.from(a.credentialId, 'base64url');
  const idLength = Buffer.alloc(2);
  idLength.writeUInt16BE(id.length);
  const attested = Buffer.concat([Buffer.alloc(16), idLength, id, coseKey(a.publicKey)]);
  const attestationObject = isoCBOR.encode(
    new Map<string, string | Uint8Array | Map<never, never>>([
      ['fmt', 'none'],
      ['attStmt', new Map<never, never>()],
      ['authData', new Uint8Array(authenticatorData(a, UP | UV | AT, attested))],
    ]),
  );
  return {
    id: a.credentialId,
    rawId: a.credentialId,
    type: 'public-key',
    response: {
      clientDataJSON: b64(clientData('webauthn.create', options, tweaks)),
      attestationObject: b64(attestationObject),
      transports: ['internal'],
    },
    clientExtensionResults: {},
  };
}

/**
 * navigator.credentials.get(): the challenge signed. The counter goes up unless `sameCount` (as a cloned
 * key's would lag behind); `signWith` is some other key than the credential's.
 */
function assertion(
  a: Authenticator,
  options: Options,
  { sameCount = false, signWith = a.privateKey }: { sameCount?: boolean; signWith?: KeyObject } = {},
) {
  if (!sameCount) a.signCount += 1;
  const data = authenticatorData(a, UP | UV);
  const json = clientData('webauthn.get', options, {});
  const signature = crypto.sign('sha256', Buffer.concat([data, sha256(json)]), signWith);
  return {
    id: a.credentialId,
    rawId: a.credentialId,
    type: 'public-key',
    response: {
      clientDataJSON: b64(json),
      authenticatorData: b64(data),
      signature: b64(signature),
      userHandle: a.userHandle,
    },
    clientExtensionResults: {},
  };
}

// The routes, as the web app calls them.

type Person = { auth: LoginResult; email: string; password: string };
const aPerson = async (): Promise<Person> => {
  const body = aUser();
  return { auth: await signUp(app, body), email: body.email, password: body.password };
};

const post = (route: string, payload?: object, auth?: LoginResult) =>
  app.inject({
    method: 'POST',
    url: `/api/auth/${route}`,
    ...(payload ? { payload } : {}),
    headers: auth ? bearer(auth) : {},
  });
const refusal = (res: LightMyRequestResponse, status: number) => expectJson(res, status, errorBody);

const addOptions = async (person: Person) =>
  expectJson(
    await post('passkeys/options', { password: person.password }, person.auth),
    200,
    webauthnOptions,
  );
/** Settings → Add a passkey: options, the authenticator's answer, and the name the person gives it. */
async function addPasskey(person: Person, a: Authenticator, name = 'Laptop', tweaks: Tweaks = {}) {
  const { challengeId, options } = await addOptions(person);
  return post('passkeys', { challengeId, name, response: attest(a, options, tweaks) }, person.auth);
}
const added = async (person: Person, a: Authenticator, name = 'Laptop') =>
  expectJson(await addPasskey(person, a, name), 201, passkey);

const listOf = async (person: Person) =>
  expectJson(
    await app.inject({ method: 'GET', url: '/api/auth/passkeys', headers: bearer(person.auth) }),
    200,
    passkeyList,
  ).passkeys;

/** The sign-in page's "Sign in with a passkey": the body it would send, nobody named beforehand. */
async function signInBody(a: Authenticator, tweaks: Parameters<typeof assertion>[2] = {}) {
  const { challengeId, options } = expectJson(await post('passkey-login/options'), 200, webauthnOptions);
  return { challengeId, response: assertion(a, options, tweaks) };
}
const signInWith = async (a: Authenticator, tweaks: Parameters<typeof assertion>[2] = {}) =>
  post('passkey-login', await signInBody(a, tweaks));

const stored = async (a: Authenticator) =>
  (
    await app.database.query<{ counter: number; name: string }>(
      'select counter::int as counter, name from passkeys where credential_id = $1',
      [a.credentialId],
    )
  )[0];
const noticesOf = (person: Person) =>
  app.database.query<{ title: string; body: string }>(
    `select title, body from notifications where user_id = $1 and kind = 'security_notice'`,
    [person.auth.user.id],
  );

const NOT_CHECKED = "The passkey couldn't be checked. Please try again.";
const NOT_SIGNED_IN = "That passkey didn't sign you in. Try again, or sign in with your password.";
const UNKNOWN = 'This passkey is not known here. Sign in with your password, then add it in Settings.';

describe('passkeys', () => {
  it('adds a named passkey for this site, lists it, tells the person, and excludes it next time', async () => {
    const person = await aPerson();
    const laptop = anAuthenticator();
    const { challengeId, options } = await addOptions(person);
    expect(challengeId).toMatch(/^[0-9a-f-]{36}$/);
    expect(options).toMatchObject({ rp: { id: RP_ID, name: 'Tally' }, user: { name: person.email } });
    expect(options.excludeCredentials).toEqual([]);

    const res = await post(
      'passkeys',
      { challengeId, name: 'Work laptop', response: attest(laptop, options) },
      person.auth,
    );
    const key = expectJson(res, 201, passkey);
    expect(key).toEqual({
      id: key.id,
      name: 'Work laptop',
      createdAt: clock.toISOString(),
      lastUsedAt: null,
    });
    expect(await listOf(person)).toEqual([key]);
    const [notice, ...more] = await noticesOf(person);
    expect(more).toEqual([]);
    expect(notice?.title).toBe('A passkey was added to your account');
    expect(notice?.body).toContain('Work laptop');

    // The browser is told which authenticators already hold one, so none makes a second.
    const next = (await addOptions(person)).options;
    expect(next.excludeCredentials).toEqual([
      { id: laptop.credentialId, type: 'public-key', transports: ['internal'] },
    ]);
  });

  it("takes each challenge once, only the person's own, within five minutes, answered for this site", async () => {
    const person = await aPerson();
    const other = await aPerson();
    const { challengeId, options } = await addOptions(person);
    const body = { challengeId, name: 'Phone', response: attest(anAuthenticator(), options) };
    expectJson(await post('passkeys', body, person.auth), 201, passkey);
    const replayed = refusal(await post('passkeys', body, person.auth), 400);
    expect(replayed.message).toBe('This request has expired. Try adding the passkey again.');

    // Another person's challenge is refused like an expired one, and stays theirs to use.
    const theirs = await addOptions(other);
    const stolen = {
      challengeId: theirs.challengeId,
      name: 'Mine',
      response: attest(anAuthenticator(), theirs.options),
    };
    refusal(await post('passkeys', stolen, person.auth), 400);
    expectJson(await post('passkeys', stolen, other.auth), 201, passkey);

    // A challenge lasts five minutes.
    const late = await addOptions(person);
    clock = new Date(clock.getTime() + 5 * 60_000 + 1);
    const lateBody = {
      challengeId: late.challengeId,
      name: 'Late',
      response: attest(anAuthenticator(), late.options),
    };
    refusal(await post('passkeys', lateBody, person.auth), 400);

    // A page on another origin (the same host without the port is one too), or an answer to some other
    // challenge, adds nothing.
    for (const tweaks of [
      { origin: 'https://evil.example.com' },
      { origin: 'https://money.example.com' },
      { challenge: b64(crypto.randomBytes(32)) },
    ]) {
      const res = await addPasskey(person, anAuthenticator(), 'Forged', tweaks);
      expect(refusal(res, 400).message).toBe(NOT_CHECKED);
    }
    expect((await listOf(person)).map((k) => k.name)).toEqual(['Phone']);
    expect(await noticesOf(person)).toHaveLength(1);
  });

  it('refuses an authenticator already added, to this account or another', async () => {
    const person = await aPerson();
    const key = anAuthenticator();
    await added(person, key);
    expect(refusal(await addPasskey(person, key, 'Again'), 409).message).toBe(
      'This passkey is already added.',
    );
    refusal(await addPasskey(await aPerson(), key, 'Theirs'), 409);
    expect(await listOf(person)).toHaveLength(1);
    expect((await stored(key))?.name).toBe('Laptop');
  });

  it('signs in with the passkey alone, once per challenge, noting when and its counter', async () => {
    const person = await aPerson();
    const key = anAuthenticator();
    await added(person, key);

    // Nobody is named: the authenticator offers the passkeys it holds for this site.
    const { options } = expectJson(await post('passkey-login/options'), 200, webauthnOptions);
    expect(options).toMatchObject({ rpId: RP_ID });
    expect(options.allowCredentials ?? []).toEqual([]);

    clock = new Date(clock.getTime() + 60_000);
    const body = await signInBody(key);
    const session = expectJson(await post('passkey-login', body), 200, loginResult);
    expect(session.user.email).toBe(person.email);
    const profile = await app.inject({ method: 'GET', url: '/api/user/profile', headers: bearer(session) });
    expect(profile.statusCode).toBe(200);
    expect((await listOf(person))[0]?.lastUsedAt).toBe(clock.toISOString());
    expect((await stored(key))?.counter).toBe(1);

    const replayed = refusal(await post('passkey-login', body), 400);
    expect(replayed.message).toBe('This sign-in has expired. Try again.');
    // A counter that does not move on is a cloned authenticator's.
    expect(refusal(await signInWith(key, { sameCount: true }), 401).message).toBe(NOT_SIGNED_IN);
    expect((await stored(key))?.counter).toBe(1);
    expectJson(await signInWith(key), 200, loginResult);
    expect((await stored(key))?.counter).toBe(2);

    // Two answers with one count, sent at once (a clone racing the original): one signs in, never both.
    const one = await signInBody(key);
    const two = await signInBody(key, { sameCount: true });
    const raced = await Promise.all([post('passkey-login', one), post('passkey-login', two)]);
    expect(raced.map((r) => r.statusCode).sort()).toEqual([200, 401]);
    expect((await stored(key))?.counter).toBe(3);
  });

  it('refuses a passkey it does not know, and a signature by any other key', async () => {
    const person = await aPerson();
    const key = anAuthenticator();
    await added(person, key);
    expect(refusal(await signInWith(anAuthenticator()), 401).message).toBe(UNKNOWN);
    const forged = await signInWith(key, { signWith: anAuthenticator().privateKey });
    expect(refusal(forged, 401).message).toBe(NOT_SIGNED_IN);
    expect((await listOf(person))[0]?.lastUsedAt).toBeNull();
  });

  it('adds a passkey only for the person, not a session alone: the password, and a code with two-factor on', async () => {
    const person = await aPerson();
    for (const password of [undefined, 'not the password']) {
      const res = await post('passkeys/options', { password }, person.auth);
      expect(refusal(res, 400).code).toBe('INVALID_PASSWORD');
    }
    const setup = expectJson(await post('two-factor/setup', undefined, person.auth), 200, twoFactorSetup);
    const app2fa = new TOTP({ secret: Secret.fromBase32(setup.secret) });
    const code = app2fa.generate({ timestamp: clock.getTime() });
    expect(
      (await post('two-factor/enable', { code, password: person.password }, person.auth)).statusCode,
    ).toBe(200);
    const noCode = await post('passkeys/options', { password: person.password }, person.auth);
    expect(refusal(noCode, 400).code).toBe('TWO_FACTOR_REQUIRED');
    clock = new Date(clock.getTime() + 30_000);
    const next = app2fa.generate({ timestamp: clock.getTime() });
    const res = await post('passkeys/options', { password: person.password, code: next }, person.auth);
    expect(res.statusCode).toBe(200);
  });

  it('signs in without a code when two-factor sign-in is on: the passkey is both factors', async () => {
    const person = await aPerson();
    const key = anAuthenticator();
    await added(person, key);
    const setup = expectJson(await post('two-factor/setup', undefined, person.auth), 200, twoFactorSetup);
    const code = new TOTP({ secret: Secret.fromBase32(setup.secret) }).generate({
      timestamp: clock.getTime(),
    });
    expect(
      (await post('two-factor/enable', { code, password: person.password }, person.auth)).statusCode,
    ).toBe(200);
    // A password alone no longer signs in...
    const password = await post('login', { email: person.email, password: person.password });
    expect(refusal(password, 401).code).toBe('TWO_FACTOR_REQUIRED');

    const session = expectJson(await signInWith(key), 200, loginResult);
    expect(session.user.twoFactorEnabled).toBe(true);
  });

  it("renames and removes the person's own passkeys only; a removed one signs in no more", async () => {
    const alice = await aPerson();
    const bob = await aPerson();
    const key = anAuthenticator();
    const { id } = await added(alice, key);
    const put = (person: Person, name: string) =>
      app.inject({
        method: 'PUT',
        url: `/api/auth/passkeys/${id}`,
        payload: { name },
        headers: bearer(person.auth),
      });
    const remove = (person: Person) =>
      app.inject({ method: 'DELETE', url: `/api/auth/passkeys/${id}`, headers: bearer(person.auth) });

    expect(expectJson(await put(alice, '  iPhone  '), 200, passkey).name).toBe('iPhone');
    expect(refusal(await put(bob, 'Mine now'), 404).message).toBe('Passkey not found');
    expect(refusal(await remove(bob), 404).message).toBe('Passkey not found');
    expect((await listOf(alice)).map((k) => k.name)).toEqual(['iPhone']);
    expectJson(await signInWith(key), 200, loginResult);

    expect((await remove(alice)).statusCode).toBe(204);
    expect(await listOf(alice)).toEqual([]);
    expect(refusal(await signInWith(key), 401).message).toBe(UNKNOWN);
    refusal(await remove(alice), 404);
  });

  it('needs a sign-in for everything but signing in', async () => {
    const id = crypto.randomUUID();
    // Bodies of the right shape, so it is the missing sign-in that is refused, not the input.
    const response = attest(anAuthenticator(), { challenge: b64(crypto.randomBytes(32)), user: { id: 'x' } });
    const requests = [
      { method: 'GET', url: '/api/auth/passkeys' },
      { method: 'POST', url: '/api/auth/passkeys/options', payload: { password: 'x' } },
      { method: 'POST', url: '/api/auth/passkeys', payload: { challengeId: id, name: 'Key', response } },
      { method: 'PUT', url: `/api/auth/passkeys/${id}`, payload: { name: 'Key' } },
      { method: 'DELETE', url: `/api/auth/passkeys/${id}` },
    ] as const;
    for (const request of requests) {
      expect((await app.inject(request)).statusCode, `${request.method} ${request.url}`).toBe(401);
    }
  });
});
