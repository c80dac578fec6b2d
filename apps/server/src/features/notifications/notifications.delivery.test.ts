import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  addDays,
  goalProgressView,
  type LoginResult,
  loginResult,
  notificationList,
  pushKeyResponse,
  pushPayload,
  savingsGoal,
} from '@tally/shared';
import { decodeJwt, importJWK, jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually, TODAY, testNow } from '../../../test/accounts';
import { decryptPush, type FakePush, type Subscriber, startFakePush } from '../../../test/fake-push';
import { faultOutcome } from '../../../test/faults';
import { aGoogleAccount, type FakeGoogle, startFakeGoogle } from '../../../test/google';
import { bearer, createTestApp, expectJson, signUp, type TestApp } from '../../../test/helpers';
import { type SmtpCatcher, startSmtpCatcher } from '../../../test/smtp-catcher';
import { createMailer, type Mailer } from '../../providers/mail/mailer';
import { createPushSender, ensureVapidKeys } from '../../providers/push/web-push';
import { type DeliveryDeps, deliverPending } from './notifications.delivery';

/** What the verification mail sent at sign-up is called (auth's own, seen here as a person's inbox sees it). */
const VERIFICATION_SUBJECT = 'Tally: confirm your email address';

const PUBLIC_URL = 'https://tally.example.com';
let app: TestApp;
let push: FakePush;
let smtp: SmtpCatcher;
let google: FakeGoogle;

beforeAll(async () => {
  push = await startFakePush();
  smtp = await startSmtpCatcher();
  google = await startFakeGoogle();
  app = await createTestApp({
    now: testNow,
    env: {
      SMTP_URL: smtp.url,
      MAIL_FROM: 'Tally <alerts@tally.example.com>',
      PUBLIC_URL,
      GOOGLE_JWKS_URL: google.jwksUrl,
      AUTH_RATE_LIMIT_PER_MINUTE: '10000',
    },
  });
});
afterAll(async () => {
  await app.close();
  await push.close();
  await smtp.close();
  await google.close();
});

/**
 * A browser subscribed to the fake push service by this session. Its endpoint is plain http on this
 * machine, which the route refuses (push services are https), so it is stored as the route stores it:
 * bound to the session that registered it.
 */
async function subscribe(auth: LoginResult): Promise<Subscriber> {
  const subscriber = push.subscriber();
  await app.database.query(
    'insert into push_subscriptions (user_id, session_id, endpoint, p256dh, auth) values ($1, $2, $3, $4, $5)',
    [auth.user.id, sessionOf(auth), subscriber.endpoint, subscriber.p256dh, subscriber.auth],
  );
  return subscriber;
}

/** The session a token names. */
const sessionOf = (auth: LoginResult) => decodeJwt(auth.token).jti;

/** The verification link sent to the person's address; opening it (as the web page does) verifies it. */
async function verify(auth: LoginResult) {
  await eventually(async () => verificationMailsTo(auth).length > 0, 'the verification email');
  const mail = verificationMailsTo(auth).at(-1);
  const token = /verify-email\?token=([A-Za-z0-9._%-]+)/.exec(mail?.text ?? '')?.[1];
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/verify-email',
    payload: { token: decodeURIComponent(token ?? '') },
  });
  expect(res.statusCode, res.body).toBe(200);
}

/** Signs up with a verified address, so notification emails may go to it. */
async function signUpVerified(overrides: Parameters<typeof signUp>[1] = {}) {
  const auth = await signUp(app, overrides);
  await verify(auth);
  return auth;
}

let subscriptionCount = 0;
/** Something to be told: a subscription due tomorrow, found when the person reads their notifications. */
async function somethingDue(auth: LoginResult) {
  subscriptionCount += 1;
  const name = `Service ${subscriptionCount}`;
  const res = await app.inject({
    method: 'POST',
    url: '/api/subscriptions',
    headers: bearer(auth),
    payload: { name, amount: 9.99, frequency: 2, nextDueDate: addDays(TODAY, 1) },
  });
  expect(res.statusCode, res.body).toBe(201);
  const list = expectJson(
    await app.inject({ method: 'GET', url: '/api/notifications', headers: bearer(auth) }),
    200,
    notificationList,
  );
  const told = list.notifications.find((n) => n.title === `${name} is due tomorrow`);
  if (!told) throw new Error(`expected a notification: ${JSON.stringify(list)}`);
  return told;
}

/** Waits until the person's delivery job has run (none waiting or running). */
async function deliveryDone(auth: LoginResult) {
  await eventually(async () => {
    const rows = await app.database.query(
      `select 1 from pgboss.job where name = 'notifications-deliver' and data @> $1::jsonb and state in ('created', 'retry', 'active')`,
      [JSON.stringify({ userId: auth.user.id })],
    );
    return rows.length === 0;
  }, 'the delivery job');
}

const setSwitches = async (
  auth: LoginResult,
  body: { pushNotifications?: boolean; emailNotifications?: boolean },
) => {
  const res = await app.inject({
    method: 'PUT',
    url: '/api/user/notification-settings',
    headers: bearer(auth),
    payload: body,
  });
  expect(res.statusCode, res.body).toBe(200);
};

const sentTo = (subscriber: Subscriber) =>
  push.requests.filter((r) => r.path === new URL(subscriber.endpoint).pathname);
/** Notification emails to the person (the verification email aside). */
const mailsTo = (auth: LoginResult) =>
  smtp.mails.filter((m) => m.to.includes(auth.user.email) && m.subject !== VERIFICATION_SUBJECT);
const verificationMailsTo = (auth: LoginResult) =>
  smtp.mails.filter((m) => m.to.includes(auth.user.email) && m.subject === VERIFICATION_SUBJECT);

describe('delivery', () => {
  it('pushes once, as Web Push asks: encrypted, with a VAPID claim for the push service', async () => {
    const auth = await signUp(app, { timeZone: 'UTC' });
    await setSwitches(auth, { emailNotifications: false });
    const subscriber = await subscribe(auth);
    const told = await somethingDue(auth);
    await eventually(async () => sentTo(subscriber).length > 0, 'a push');
    const [request] = sentTo(subscriber);
    if (!request) throw new Error('no push');
    expect(request.method).toBe('POST');
    expect(request.headers.ttl).toBe('86400');
    expect(request.headers['content-encoding']).toBe('aes128gcm');

    const { publicKey } = expectJson(
      await app.inject({ method: 'GET', url: '/api/notifications/push/key', headers: bearer(auth) }),
      200,
      pushKeyResponse,
    );
    const match = /^vapid t=([^,]+), k=(.+)$/.exec(String(request.headers.authorization));
    expect(match?.[2]).toBe(publicKey);
    const point = Buffer.from(publicKey, 'base64url');
    const key = await importJWK(
      {
        kty: 'EC',
        crv: 'P-256',
        x: point.subarray(1, 33).toString('base64url'),
        y: point.subarray(33).toString('base64url'),
      },
      'ES256',
    );
    const { payload } = await jwtVerify(match?.[1] ?? '', key, { currentDate: new Date() });
    expect(payload.aud).toBe(push.origin);
    expect(decodeJwt(match?.[1] ?? '').sub).toBe('mailto:notifications@tally.local');

    expect(pushPayload.parse(JSON.parse(decryptPush(request.body, subscriber)))).toEqual({
      id: told.id,
      title: told.title,
      body: told.body,
      link: '/subscriptions',
    });

    // Reading again sends nothing twice.
    await app.inject({ method: 'GET', url: '/api/notifications', headers: bearer(auth) });
    await deliveryDone(auth);
    expect(sentTo(subscriber)).toHaveLength(1);
    expect(mailsTo(auth)).toEqual([]);
    const [row] = await app.database.query<{ pushed_at: unknown; emailed_at: unknown }>(
      'select pushed_at, emailed_at from notifications where id = $1',
      [told.id],
    );
    expect(row?.pushed_at).not.toBeNull();
    expect(row?.emailed_at).toBeNull();
  });

  it("emails once through SMTP: the person, the kind's fixed subject, the title, a link to the screen", async () => {
    const auth = await signUpVerified({ timeZone: 'UTC' });
    const subscriber = await subscribe(auth);
    await setSwitches(auth, { pushNotifications: false });
    const told = await somethingDue(auth);
    await eventually(async () => mailsTo(auth).length > 0, 'an email');
    const [mail] = mailsTo(auth);
    expect(mail?.to).toEqual([auth.user.email]);
    expect(mail?.from).toBe('alerts@tally.example.com');
    expect(mail?.subject).toBe('Tally: a subscription is due soon');
    expect(mail?.text).toContain(told.title);
    expect(mail?.text).toContain(told.body);
    expect(mail?.text).toContain(`Open in Tally: ${PUBLIC_URL}/subscriptions`);
    expect(mail?.text).toContain(`href="${PUBLIC_URL}/subscriptions"`);

    await app.inject({ method: 'GET', url: '/api/notifications', headers: bearer(auth) });
    await deliveryDone(auth);
    expect(mailsTo(auth)).toHaveLength(1);
    // The push switch is off: this browser got nothing.
    expect(sentTo(subscriber)).toEqual([]);
  });

  it('sends nothing with both switches off', async () => {
    const auth = await signUpVerified({ timeZone: 'UTC' });
    const subscriber = await subscribe(auth);
    await setSwitches(auth, { pushNotifications: false, emailNotifications: false });
    await somethingDue(auth);
    // Even asked directly, the job sends nothing.
    expect(
      await deliverPending(directDeps(createMailer({ url: smtp.url, from: 'x@example.com' })), auth.user.id),
    ).toEqual({ pushed: 0, emailed: 0 });
    await deliveryDone(auth);
    expect(sentTo(subscriber)).toEqual([]);
    expect(mailsTo(auth)).toEqual([]);
  });

  it('sends no email without SMTP set up', async () => {
    const auth = await signUpVerified({ timeZone: 'UTC' });
    await setSwitches(auth, { pushNotifications: false });
    // Written without asking for delivery, then delivered as a server without SMTP would.
    await app.database.query(
      `insert into notifications (user_id, kind, key, title, body, link) values ($1, 'trial_ending', 'k', 'T', 'B', '/settings')`,
      [auth.user.id],
    );
    expect(await deliverPending(directDeps(null), auth.user.id)).toEqual({ pushed: 0, emailed: 0 });
    expect(mailsTo(auth)).toEqual([]);
  });

  it('forgets a browser the push service says is gone (410), and keeps the others', async () => {
    const auth = await signUp(app, { timeZone: 'UTC' });
    await setSwitches(auth, { emailNotifications: false });
    const gone = await subscribe(auth);
    const kept = await subscribe(auth);
    push.answer(gone, 410);
    await somethingDue(auth);
    await eventually(async () => sentTo(kept).length > 0, 'a push to the kept browser');
    await deliveryDone(auth);
    const left = await app.database.query<{ endpoint: string }>(
      'select endpoint from push_subscriptions where user_id = $1',
      [auth.user.id],
    );
    expect(left.map((r) => r.endpoint)).toEqual([kept.endpoint]);
    expect(sentTo(gone)).toHaveLength(1);
  });

  it("forgets a browser whose keys can't be encrypted to, and the others still get it", async () => {
    const auth = await signUp(app, { timeZone: 'UTC' });
    await setSwitches(auth, { emailNotifications: false });
    // Stored before keys were checked at registration: a p256dh that is no P-256 point.
    const broken = push.subscriber();
    await app.database.query(
      'insert into push_subscriptions (user_id, session_id, endpoint, p256dh, auth) values ($1, $2, $3, $4, $5)',
      [auth.user.id, sessionOf(auth), broken.endpoint, 'BPp256dhkey', broken.auth],
    );
    const kept = await subscribe(auth);
    const told = await somethingDue(auth);
    await eventually(async () => sentTo(kept).length > 0, 'a push to the kept browser');
    await deliveryDone(auth);
    expect(JSON.parse(decryptPush(sentTo(kept)[0]?.body ?? Buffer.alloc(0), kept)).id).toBe(told.id);
    expect(sentTo(broken)).toEqual([]);
    const left = await app.database.query<{ endpoint: string }>(
      'select endpoint from push_subscriptions where user_id = $1',
      [auth.user.id],
    );
    expect(left.map((r) => r.endpoint)).toEqual([kept.endpoint]);
    // A sender that throws outright is taken the same way.
    const throwing: DeliveryDeps = {
      ...directDeps(null),
      push: {
        publicKey: 'k',
        send: async (target) => {
          if (target.endpoint === kept.endpoint) throw new Error('unusable');
          return { status: 'sent' };
        },
      },
    };
    const other = await subscribe(auth);
    await app.database.query(
      `insert into notifications (user_id, kind, key, title, body, link) values ($1, 'trial_ending', 'thrown', 'T', 'B', '/settings')`,
      [auth.user.id],
    );
    expect(await deliverPending(throwing, auth.user.id)).toEqual({ pushed: 1, emailed: 0 });
    const after = await app.database.query<{ endpoint: string }>(
      'select endpoint from push_subscriptions where user_id = $1',
      [auth.user.id],
    );
    expect(after.map((r) => r.endpoint)).toEqual([other.endpoint]);
  });

  it("pushes to a person's browsers at once: a slow push service holds up none of the others", async () => {
    const auth = await signUp(app, { timeZone: 'UTC' });
    await setSwitches(auth, { emailNotifications: false });
    const slow = await subscribe(auth);
    const fast = await subscribe(auth);
    const held = push.hold(slow);
    try {
      await somethingDue(auth);
      // The other browser has its push while the slow service still has not answered (the sender has not
      // given up on it: one after the other, the fast one would wait out the slow one's time limit).
      await eventually(async () => sentTo(fast).length > 0 && sentTo(slow).length > 0, 'both pushes sent');
      expect(held.abandoned()).toBe(false);
    } finally {
      held.release();
    }
    await deliveryDone(auth);
    expect(sentTo(fast)).toHaveLength(1);
    expect(sentTo(slow)).toHaveLength(1);
  });

  it('tries a push again while its push service is down, and delivers it once when it is back', async () => {
    const auth = await signUp(app, { timeZone: 'UTC' });
    await setSwitches(auth, { emailNotifications: false });
    const subscriber = await subscribe(auth);
    const id = await writtenQuietly(auth);
    const deps = directDeps(null);
    push.answer(subscriber, 503);
    await expect(deliverPending(deps, auth.user.id)).rejects.toThrow(/push service answered 503/);
    await expect(deliverPending(deps, auth.user.id)).rejects.toThrow();
    expect(await deliveredAt(id)).toMatchObject({ pushed_at: null });

    push.answer(subscriber, 201);
    expect(await deliverPending(deps, auth.user.id)).toEqual({ pushed: 1, emailed: 0 });
    expect(await deliverPending(deps, auth.user.id)).toEqual({ pushed: 0, emailed: 0 });
    // Two tries refused, one taken: the browser got it once.
    expect(sentTo(subscriber)).toHaveLength(3);
    faultOutcome(
      'the push service down (503), then back',
      'each try failed and was left to the queue to try again; delivered once it was back, and not again',
    );
  });

  it('does not try again a push its service refused for good (4xx)', async () => {
    const auth = await signUp(app, { timeZone: 'UTC' });
    await setSwitches(auth, { emailNotifications: false });
    const subscriber = await subscribe(auth);
    const id = await writtenQuietly(auth);
    push.answer(subscriber, 400);
    expect(await deliverPending(directDeps(null), auth.user.id)).toEqual({ pushed: 0, emailed: 0 });
    expect(await deliveredAt(id)).toMatchObject({ pushed_at: expect.anything() });
    expect(sentTo(subscriber)).toHaveLength(1);
    faultOutcome('the push service refuses a push (400)', 'not tried again: one request');
  });

  it('does not give back a push one of the browsers got: no browser gets it twice', async () => {
    const auth = await signUp(app, { timeZone: 'UTC' });
    await setSwitches(auth, { emailNotifications: false });
    const [down, up] = [await subscribe(auth), await subscribe(auth)];
    await writtenQuietly(auth);
    push.answer(down!, 500);
    expect(await deliverPending(directDeps(null), auth.user.id)).toEqual({ pushed: 1, emailed: 0 });
    expect(await deliverPending(directDeps(null), auth.user.id)).toEqual({ pushed: 0, emailed: 0 });
    expect(sentTo(up!)).toHaveLength(1);
    expect(sentTo(down!)).toHaveLength(1);
    faultOutcome(
      "one of a person's two push services down (500)",
      'the other browser got it once; the push is not tried again, so neither gets it twice',
    );
  });

  it('tries an email again while SMTP is down, and sends it once when it is back', async () => {
    const auth = await signUpVerified({ timeZone: 'UTC' });
    await setSwitches(auth, { pushNotifications: false });
    const id = await writtenQuietly(auth);
    const down = directDeps(createMailer({ url: 'smtp://127.0.0.1:9', from: 'x@example.com' }));
    await expect(deliverPending(down, auth.user.id)).rejects.toThrow();
    expect(await deliveredAt(id)).toMatchObject({ emailed_at: null });

    const back = directDeps(createMailer({ url: smtp.url, from: 'x@example.com' }));
    expect(await deliverPending(back, auth.user.id)).toEqual({ pushed: 0, emailed: 1 });
    expect(await deliverPending(back, auth.user.id)).toEqual({ pushed: 0, emailed: 0 });
    expect(mailsTo(auth)).toHaveLength(1);
    faultOutcome(
      'SMTP down (connection refused), then back',
      'the try failed and was left to the queue; sent once it was back, and not again',
    );
  });

  it("gives up an email after the queue's last attempt: reading the list does not start it over", async () => {
    const auth = await signUpVerified({ timeZone: 'UTC' });
    await setSwitches(auth, { pushNotifications: false });
    // Written without asking for delivery; nothing listens on port 9, so every send fails.
    const [row] = await app.database.query<{ id: string }>(
      `insert into notifications (user_id, kind, key, title, body, link) values ($1, 'trial_ending', 'k', 'T', 'B', '/settings') returning id`,
      [auth.user.id],
    );
    const failing = directDeps(createMailer({ url: 'smtp://127.0.0.1:9', from: 'x@example.com' }));
    const emailedAt = async () =>
      (
        await app.database.query<{ emailed_at: unknown }>(
          'select emailed_at from notifications where id = $1',
          [row?.id],
        )
      )[0]?.emailed_at;
    await expect(deliverPending(failing, auth.user.id)).rejects.toThrow();
    expect(await emailedAt()).toBeNull();
    await expect(deliverPending(failing, auth.user.id, { isLastAttempt: true })).rejects.toThrow();
    expect(await emailedAt()).not.toBeNull();
    await app.inject({ method: 'GET', url: '/api/notifications', headers: bearer(auth) });
    const jobs = await app.database.query(
      `select 1 from pgboss.job where name = 'notifications-deliver' and data @> $1::jsonb`,
      [JSON.stringify({ userId: auth.user.id })],
    );
    expect(jobs).toEqual([]);
    expect(mailsTo(auth)).toEqual([]);
    faultOutcome(
      "SMTP down through the queue's last try",
      'given up and marked done: reading the list does not start it over, nothing sent',
    );
  });
});

/** A notification written without asking for delivery (the tests deliver it themselves); answers its id. */
async function writtenQuietly(auth: LoginResult) {
  const [row] = await app.database.query<{ id: string }>(
    `insert into notifications (user_id, kind, key, title, body, link)
     values ($1, 'trial_ending', $2, 'Your trial ends soon', 'Pick a plan', '/settings') returning id`,
    [auth.user.id, `quiet:${Math.random()}`],
  );
  return row!.id;
}

const deliveredAt = async (id: string) =>
  (
    await app.database.query<{ pushed_at: unknown; emailed_at: unknown }>(
      'select pushed_at, emailed_at from notifications where id = $1',
      [id],
    )
  )[0];

/** The delivery as the job runs it, called directly; keys of its own (nothing is sent in these cases). */
function directDeps(mailer: Mailer | null): DeliveryDeps {
  return {
    db: app.database.db,
    now: testNow,
    log: app.log,
    publicUrl: PUBLIC_URL,
    push: createPushSender({
      keys: ensureVapidKeys(fs.mkdtempSync(path.join(os.tmpdir(), 'tally-vapid-'))),
      subject: 'mailto:test@example.com',
    }),
    mailer,
  };
}

describe('email only to a verified address', () => {
  it('sends no notification email to an address nobody verified; once verified, it does', async () => {
    const auth = await signUp(app, { timeZone: 'UTC' });
    await setSwitches(auth, { pushNotifications: false });
    await somethingDue(auth);
    await deliveryDone(auth);
    // Even asked directly, the job sends nothing to it.
    expect(
      await deliverPending(directDeps(createMailer({ url: smtp.url, from: 'x@example.com' })), auth.user.id),
    ).toEqual({ pushed: 0, emailed: 0 });
    expect(mailsTo(auth)).toEqual([]);
    // The only email it got is the link to verify it (sent as sign-up answers, so waited for).
    await eventually(async () => verificationMailsTo(auth).length > 0, 'the verification email');
    expect(verificationMailsTo(auth)).toHaveLength(1);
    expect(mailsTo(auth)).toEqual([]);

    await verify(auth);
    await somethingDue(auth);
    await eventually(async () => mailsTo(auth).length > 0, 'an email once verified');
    expect(mailsTo(auth)[0]?.to).toEqual([auth.user.email]);
  });

  it("puts nothing the person typed in a subject: a goal's name stays in the body", async () => {
    const auth = await signUpVerified({ timeZone: 'UTC' });
    await setSwitches(auth, { pushNotifications: false });
    const marker = 'SUBJMARK7Q <b>&"';
    const goal = expectJson(
      await app.inject({
        method: 'POST',
        url: '/api/savings/goals',
        headers: bearer(auth),
        payload: { name: marker, targetAmount: 100, allocationPercentage: 10 },
      }),
      201,
      savingsGoal,
    );
    expectJson(
      await app.inject({
        method: 'POST',
        url: `/api/savings/goals/${goal.id}/allocate`,
        headers: bearer(auth),
        payload: { amount: 100 },
      }),
      201,
      goalProgressView,
    );
    await app.inject({ method: 'GET', url: '/api/notifications', headers: bearer(auth) });
    await eventually(async () => mailsTo(auth).length > 0, 'the goal email');
    const [mail] = mailsTo(auth);
    expect(mail?.subject).toBe('Tally: a savings goal was reached');
    expect(mail?.subject).not.toContain('SUBJMARK7Q');
    expect(mail?.raw).not.toMatch(/^Subject:.*SUBJMARK7Q/m);
    // The body still names it, escaped in the HTML part.
    expect(mail?.text).toContain('SUBJMARK7Q');
    expect(mail?.text).toContain('SUBJMARK7Q &lt;b&gt;&amp;&quot;');
  });
});

describe('a browser stops getting push when its session ends', () => {
  const login = async (email: string, password = 'correct horse') =>
    expectJson(
      await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } }),
      200,
      loginResult,
    );
  const post = (auth: LoginResult, url: string, payload?: object) =>
    app.inject({ method: 'POST', url, headers: bearer(auth), ...(payload ? { payload } : {}) });
  const subscriptionRows = async (userId: string) =>
    (
      await app.database.query<{ endpoint: string }>(
        'select endpoint from push_subscriptions where user_id = $1 order by endpoint',
        [userId],
      )
    ).map((r) => r.endpoint);

  /**
   * The old browser registered by `before`; after `end` (which answers the session still signed in), a
   * new browser of that session gets the next notification and the old one nothing.
   */
  async function oldBrowserGetsNothing(before: LoginResult, end: () => Promise<LoginResult>) {
    await setSwitches(before, { emailNotifications: false });
    const old = await subscribe(before);
    const after = await end();
    const current = await subscribe(after);
    await somethingDue(after);
    await eventually(async () => sentTo(current).length > 0, 'a push to the browser still signed in');
    await deliveryDone(after);
    expect(sentTo(old)).toEqual([]);
    expect(await subscriptionRows(after.user.id)).not.toContain(old.endpoint);
  }

  it('signing out removes that session’s browser only', async () => {
    const here = await signUp(app, { timeZone: 'UTC' });
    const elsewhere = await login(here.user.email);
    const kept = await subscribe(elsewhere);
    await oldBrowserGetsNothing(here, async () => {
      expect((await post(here, '/api/auth/logout')).statusCode).toBe(204);
      // Gone with the session, in the same transaction: not left for delivery to find.
      expect(await subscriptionRows(here.user.id)).toEqual([kept.endpoint]);
      return elsewhere;
    });
    // The other session's browser was never touched, and got its push too.
    expect(sentTo(kept)).toHaveLength(1);
  });

  it('signing out everywhere removes every browser', async () => {
    const here = await signUp(app, { timeZone: 'UTC' });
    const elsewhere = await login(here.user.email);
    const other = await subscribe(elsewhere);
    await oldBrowserGetsNothing(here, async () => {
      expect((await post(here, '/api/auth/logout-all')).statusCode).toBe(204);
      expect((await post(elsewhere, '/api/auth/logout')).statusCode).toBe(401);
      return login(here.user.email);
    });
    expect(sentTo(other)).toEqual([]);
  });

  it('changing the password removes every browser', async () => {
    const here = await signUp(app, { timeZone: 'UTC' });
    const elsewhere = await login(here.user.email);
    const other = await subscribe(elsewhere);
    await oldBrowserGetsNothing(here, async () => {
      const res = await post(here, '/api/auth/change-password', {
        currentPassword: 'correct horse',
        newPassword: 'a new password',
      });
      return expectJson(res, 200, loginResult);
    });
    expect(sentTo(other)).toEqual([]);
  });

  it('linking Google to an account someone registered first removes their browsers', async () => {
    const identity = aGoogleAccount();
    const squatter = await signUp(app, { timeZone: 'UTC', email: identity.email });
    await oldBrowserGetsNothing(squatter, async () =>
      expectJson(
        await app.inject({
          method: 'POST',
          url: '/api/auth/google-login',
          payload: { idToken: await google.sign(identity) },
        }),
        200,
        loginResult,
      ),
    );
  });

  it('a session that expired or was revoked some other way gets nothing, and its browser is forgotten', async () => {
    const here = await signUp(app, { timeZone: 'UTC' });
    const elsewhere = await login(here.user.email);
    await oldBrowserGetsNothing(here, async () => {
      await app.database.query(`update sessions set expires_at = $2 where id = $1`, [
        sessionOf(here),
        new Date(testNow().getTime() - 1000),
      ]);
      return elsewhere;
    });
    const other = await login(here.user.email);
    const revoked = await subscribe(other);
    // Revoked without the sign-out route (as an older server did): the row is still there.
    await app.database.query(`update sessions set revoked_at = $2 where id = $1`, [
      sessionOf(other),
      testNow(),
    ]);
    await somethingDue(elsewhere);
    await deliveryDone(elsewhere);
    expect(sentTo(revoked)).toEqual([]);
    expect(await subscriptionRows(here.user.id)).not.toContain(revoked.endpoint);
  });

  it('deleting the account removes every browser', async () => {
    const auth = await signUp(app, { timeZone: 'UTC' });
    await setSwitches(auth, { emailNotifications: false });
    const old = await subscribe(auth);
    const res = await app.inject({
      method: 'DELETE',
      url: '/api/user',
      headers: bearer(auth),
      payload: { password: 'correct horse' },
    });
    expect(res.statusCode, res.body).toBe(204);
    expect(await subscriptionRows(auth.user.id)).toEqual([]);
    expect(await deliverPending(directDeps(null), auth.user.id)).toEqual({ pushed: 0, emailed: 0 });
    expect(sentTo(old)).toEqual([]);
  });
});
