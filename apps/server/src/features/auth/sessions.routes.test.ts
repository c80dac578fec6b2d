import { type LoginResult, loginResult, sessionDeviceList } from '@tally/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aUser, bearer, createTestApp, expectJson, signUp, type TestApp } from '../../../test/helpers';
import { LAST_SEEN_EVERY_MS } from '../../lib/auth';
import { describeDevice, placeOf } from './sessions';

const MAC_CHROME =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36';
const IPHONE_SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';
/** Addresses in the United Kingdom and Germany, by the country database. */
const UK = '81.2.69.142';
const GERMANY = '91.64.0.1';

let app: TestApp;
let clock = new Date('2026-11-20T15:00:00Z');

beforeAll(async () => {
  app = await createTestApp({
    now: () => clock,
    env: { AUTH_RATE_LIMIT_PER_MINUTE: '10000', LOGIN_FAILURES_BEFORE_LOCK: '1000' },
  });
});
afterAll(() => app.close());

/** Signs in as a browser at `ip` would. */
async function signInFrom(
  email: string,
  password: string,
  ip: string,
  userAgent: string,
): Promise<LoginResult> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password },
    remoteAddress: ip,
    headers: { 'user-agent': userAgent },
  });
  return expectJson(res, 200, loginResult);
}

const list = async (auth: LoginResult) =>
  expectJson(
    await app.inject({ method: 'GET', url: '/api/auth/sessions', headers: bearer(auth) }),
    200,
    sessionDeviceList,
  ).sessions;

const stillSignedIn = async (auth: LoginResult) =>
  (await app.inject({ method: 'GET', url: '/api/user/profile', headers: bearer(auth) })).statusCode === 200;

/** A person signed in on a Mac in the UK (the session the test acts as) and on an iPhone in Germany. */
async function twoDevices() {
  const person = aUser();
  await signUp(app, person);
  const mac = await signInFrom(person.email, person.password, UK, MAC_CHROME);
  const phone = await signInFrom(person.email, person.password, GERMANY, IPHONE_SAFARI);
  return { person, mac, phone };
}

describe('signed-in devices', () => {
  it('lists each live session with its browser, system, place and times, the one asking first', async () => {
    const { mac } = await twoDevices();
    const sessions = await list(mac);
    // Signing up opened a session too (from the test's own address).
    expect(sessions).toHaveLength(3);
    expect(sessions[0]).toMatchObject({
      browser: 'Chrome',
      os: 'macOS',
      deviceType: 'desktop',
      ip: UK,
      place: 'United Kingdom',
      current: true,
      firstSeenAt: clock.toISOString(),
    });
    expect(sessions.find((s) => s.ip === GERMANY)).toMatchObject({
      browser: 'Safari',
      os: 'iOS',
      deviceType: 'mobile',
      place: 'Germany',
      current: false,
    });
    expect(sessions.find((s) => s.ip === '127.0.0.1')).toMatchObject({
      place: 'Local network',
      current: false,
    });
  });

  it('keeps when each was last seen, writing it again only after a few minutes', async () => {
    const { mac, phone } = await twoDevices();
    const signedInAt = clock.toISOString();
    clock = new Date(clock.getTime() + LAST_SEEN_EVERY_MS / 2);
    await list(phone);
    expect((await list(mac)).find((s) => s.ip === GERMANY)?.lastSeenAt).toBe(signedInAt);
    clock = new Date(clock.getTime() + LAST_SEEN_EVERY_MS);
    await list(phone);
    const seen = (await list(mac)).find((s) => s.ip === GERMANY);
    expect(seen?.lastSeenAt).toBe(clock.toISOString());
    expect(seen?.firstSeenAt).toBe(signedInAt);
  });

  it('signs one device out: its token stops working, the others go on', async () => {
    const { mac, phone } = await twoDevices();
    const target = (await list(mac)).find((s) => s.ip === GERMANY);
    const res = await app.inject({
      method: 'DELETE',
      url: `/api/auth/sessions/${target?.id}`,
      headers: bearer(mac),
    });
    expect(res.statusCode).toBe(204);
    expect(await stillSignedIn(phone)).toBe(false);
    expect(await stillSignedIn(mac)).toBe(true);
    expect((await list(mac)).map((s) => s.id)).not.toContain(target?.id);
    // Already signed out: nothing left to sign out.
    const again = await app.inject({
      method: 'DELETE',
      url: `/api/auth/sessions/${target?.id}`,
      headers: bearer(mac),
    });
    expect(again.statusCode).toBe(404);
  });

  it("never shows or signs out another person's session", async () => {
    const alice = await twoDevices();
    const bob = await twoDevices();
    const bobsPhone = (await list(bob.mac)).find((s) => s.ip === GERMANY);
    expect((await list(alice.mac)).map((s) => s.id)).not.toContain(bobsPhone?.id);
    const res = await app.inject({
      method: 'DELETE',
      url: `/api/auth/sessions/${bobsPhone?.id}`,
      headers: bearer(alice.mac),
    });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ message: 'That device is not signed in.' });
    expect(await stillSignedIn(bob.phone)).toBe(true);
    const bad = await app.inject({
      method: 'DELETE',
      url: '/api/auth/sessions/not-an-id',
      headers: bearer(alice.mac),
    });
    expect(bad.statusCode).toBe(400);
  });

  it('signs out everywhere else, keeping the one asking', async () => {
    const { mac, phone } = await twoDevices();
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/sessions/sign-out-others',
      headers: bearer(mac),
    });
    expect(res.json()).toEqual({ signedOut: 2 });
    expect(await stillSignedIn(phone)).toBe(false);
    expect(await stillSignedIn(mac)).toBe(true);
    expect((await list(mac)).map((s) => s.current)).toEqual([true]);
  });

  it('needs a sign-in', async () => {
    for (const [method, url] of [
      ['GET', '/api/auth/sessions'],
      ['DELETE', `/api/auth/sessions/${crypto.randomUUID()}`],
      ['POST', '/api/auth/sessions/sign-out-others'],
    ] as const) {
      expect((await app.inject({ method, url })).statusCode).toBe(401);
    }
  });
});

describe('placeOf and describeDevice', () => {
  it('names the country, says so for private addresses, and gives up on what is no address', async () => {
    expect(await placeOf('8.8.8.8')).toBe('United States');
    expect(await placeOf('::ffff:81.2.69.142')).toBe('United Kingdom');
    for (const local of ['127.0.0.1', '10.1.2.3', '192.168.0.10', '::1', 'fd00::1'])
      expect(await placeOf(local)).toBe('Local network');
    expect(await placeOf(null)).toBeNull();
    expect(await placeOf('not an address')).toBeNull();
  });

  it('reads browsers and systems from User-Agents, and nothing from none', () => {
    expect(describeDevice(MAC_CHROME)).toEqual({ browser: 'Chrome', os: 'macOS', deviceType: 'desktop' });
    expect(describeDevice(IPHONE_SAFARI)).toEqual({ browser: 'Safari', os: 'iOS', deviceType: 'mobile' });
    expect(describeDevice(null)).toEqual({ browser: null, os: null, deviceType: 'other' });
    expect(describeDevice('curl/8.5.0').deviceType).toBe('other');
  });
});

describe('security notices', () => {
  const notices = async (auth: LoginResult) => {
    const res = await app.inject({ method: 'GET', url: '/api/notifications', headers: bearer(auth) });
    return (
      res.json() as { notifications: Array<{ kind: string; title: string; body: string; link: string }> }
    ).notifications;
  };

  it('tells of a sign-in from a browser the account has not seen, once per browser, never of the first', async () => {
    const person = aUser();
    const first = await signUp(app, person);
    expect(await notices(first)).toEqual([]);
    const mac = await signInFrom(person.email, person.password, UK, MAC_CHROME);
    expect(await notices(mac)).toEqual([
      expect.objectContaining({
        kind: 'security_notice',
        title: 'New sign-in to your account',
        body: expect.stringContaining(`Chrome on macOS (United Kingdom, ${UK}) signed in to your account.`),
        link: '/settings',
      }),
    ]);
    // The same browser again, from elsewhere: not news.
    await signInFrom(person.email, person.password, GERMANY, MAC_CHROME);
    expect(await notices(mac)).toHaveLength(1);
    await signInFrom(person.email, person.password, GERMANY, IPHONE_SAFARI);
    expect((await notices(mac)).map((n) => n.body)).toContainEqual(
      expect.stringContaining('Safari on iOS (Germany'),
    );
  });

  it('tells of a password change', async () => {
    const person = aUser();
    const auth = await signUp(app, person);
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/change-password',
      headers: bearer(auth),
      payload: { currentPassword: person.password, newPassword: 'a new password 1' },
    });
    const after = expectJson(res, 200, loginResult);
    expect((await notices(after)).map((n) => n.title)).toEqual(['Your password was changed']);
  });
});
