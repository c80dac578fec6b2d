import crypto from 'node:crypto';
import {
  errorBody,
  type LoginResult,
  loginResult,
  notificationSettings,
  verifyEmailResult,
} from '@tally/shared';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../../../test/accounts';
import { aGoogleAccount, type FakeGoogle, startFakeGoogle } from '../../../test/google';
import { bearer, createTestApp, expectJson, signUp, type TestApp } from '../../../test/helpers';
import { type SmtpCatcher, startSmtpCatcher } from '../../../test/smtp-catcher';

const PUBLIC_URL = 'https://tally.example.com';
const JWT_SECRET = crypto.randomBytes(32).toString('hex');
let clock = new Date('2026-03-10T12:00:00Z');
let app: TestApp;
let smtp: SmtpCatcher;
let google: FakeGoogle;

beforeAll(async () => {
  smtp = await startSmtpCatcher();
  google = await startFakeGoogle();
  app = await createTestApp({
    now: () => clock,
    jwtSecret: JWT_SECRET,
    env: {
      SMTP_URL: smtp.url,
      PUBLIC_URL,
      GOOGLE_JWKS_URL: google.jwksUrl,
      AUTH_RATE_LIMIT_PER_MINUTE: '10000',
    },
  });
});
afterAll(async () => {
  await app.close();
  await smtp.close();
  await google.close();
});

const mailsTo = (email: string) => smtp.mails.filter((m) => m.to.includes(email));
/** The token in the newest verification link sent to the address. */
async function linkTokenFor(email: string, count = 1) {
  await eventually(async () => mailsTo(email).length >= count, 'the verification email');
  const text = mailsTo(email).at(-1)?.text ?? '';
  const match = new RegExp(`${PUBLIC_URL}/verify-email\\?token=([A-Za-z0-9._%-]+)`).exec(text);
  if (!match?.[1]) throw new Error(`no verification link in: ${text}`);
  return decodeURIComponent(match[1]);
}
const verify = (token: unknown) =>
  app.inject({ method: 'POST', url: '/api/auth/verify-email', payload: { token } });
const settingsOf = async (auth: LoginResult) =>
  expectJson(
    await app.inject({ method: 'GET', url: '/api/user/notification-settings', headers: bearer(auth) }),
    200,
    notificationSettings,
  );
const sendLink = (auth: LoginResult) =>
  app.inject({ method: 'POST', url: '/api/auth/verify-email/send', headers: bearer(auth) });
const refusal = (res: Awaited<ReturnType<typeof verify>>) => expectJson(res, 400, errorBody);

describe('email verification', () => {
  it('sends a verification link at sign-up, the only email an unverified address gets', async () => {
    const auth = await signUp(app);
    const token = await linkTokenFor(auth.user.email);
    const [mail] = mailsTo(auth.user.email);
    expect(mail?.subject).toBe('Tally: confirm your email address');
    expect(mail?.text).toContain(`${PUBLIC_URL}/verify-email?token=`);
    expect(token.split('.')).toHaveLength(3);
    expect(await settingsOf(auth)).toMatchObject({ emailVerified: false, emailAvailable: true });
  });

  it('verifies the address with the link, without a session, and again harmlessly', async () => {
    const auth = await signUp(app);
    const token = await linkTokenFor(auth.user.email);
    expect(expectJson(await verify(token), 200, verifyEmailResult)).toEqual({ email: auth.user.email });
    expect(await settingsOf(auth)).toMatchObject({ emailVerified: true });
    expect((await verify(token)).statusCode).toBe(200);
  });

  it('answers 400 with a clear message to a link that expired', async () => {
    const auth = await signUp(app);
    const token = await linkTokenFor(auth.user.email);
    const before = clock;
    clock = new Date(clock.getTime() + 25 * 3_600_000);
    try {
      const res = refusal(await verify(token));
      expect(res).toMatchObject({
        code: 'VERIFICATION_EXPIRED',
        message: 'This verification link has expired. Send yourself a new one from Settings.',
      });
    } finally {
      clock = before;
    }
    expect(await settingsOf(auth)).toMatchObject({ emailVerified: false });
  });

  it('answers 400 to a tampered, foreign or other-purpose token and verifies nothing', async () => {
    const auth = await signUp(app);
    const token = await linkTokenFor(auth.user.email);
    const [header, payload, signature] = token.split('.');
    const claims = JSON.parse(Buffer.from(payload ?? '', 'base64url').toString()) as Record<string, unknown>;
    const other = await signUp(app);
    // The same claims naming someone else, signed by nobody.
    const swapped = Buffer.from(JSON.stringify({ ...claims, sub: other.user.id })).toString('base64url');
    const signed = (secret: string, extra: Record<string, unknown>) =>
      new SignJWT({ ...claims, ...extra })
        .setProtectedHeader({ alg: 'HS256' })
        .sign(new TextEncoder().encode(secret));
    const invalid = [
      `${header}.${swapped}.${signature}`,
      // Its signature's first character changed (all six of its bits count; the last one's do not all).
      `${header}.${payload}.${signature?.startsWith('A') ? 'B' : 'A'}${signature?.slice(1)}`,
      // Signed with a key that is not the server's.
      await signed(crypto.randomBytes(32).toString('hex'), {}),
      // The server's key, another purpose.
      await signed(JWT_SECRET, { purpose: 'reset-password' }),
      // A session token is no verification link.
      auth.token,
      'not-a-jwt',
    ];
    for (const bad of invalid) {
      expect(refusal(await verify(bad)), bad).toMatchObject({
        code: 'VERIFICATION_INVALID',
        message:
          'This verification link is not valid. Use the newest link we sent, or send yourself a new one from Settings.',
      });
    }
    expect(await settingsOf(auth)).toMatchObject({ emailVerified: false });
    expect(await settingsOf(other)).toMatchObject({ emailVerified: false });
    // And a verification token opens no session.
    const asBearer = await app.inject({
      method: 'GET',
      url: '/api/user/profile',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(asBearer.statusCode).toBe(401);
  });

  it('answers 400 to a blank or missing token', async () => {
    expect(refusal(await verify('')).code).toBe('VALIDATION_ERROR');
    const res = await app.inject({ method: 'POST', url: '/api/auth/verify-email', payload: {} });
    expect(expectJson(res, 400, errorBody).message).toBe(
      'The verification link is incomplete. Open the link from the email again.',
    );
  });

  it('does not verify a new address with a link sent to the old one', async () => {
    const auth = await signUp(app);
    const token = await linkTokenFor(auth.user.email);
    // No route changes the address today; a future one clears the verified time as this does.
    const newAddress = `new-${auth.user.email}`;
    await app.database.query('update users set email = $2, email_verified_at = null where id = $1', [
      auth.user.id,
      newAddress,
    ]);
    expect(refusal(await verify(token))).toMatchObject({
      code: 'VERIFICATION_OLD_ADDRESS',
      message:
        'This verification link was sent to an address your account no longer uses. Send a new one from Settings.',
    });
    expect(await settingsOf(auth)).toMatchObject({ emailVerified: false });
  });

  it('sends a new link on request, at most 3 an hour, and none once verified', async () => {
    const auth = await signUp(app);
    await linkTokenFor(auth.user.email);
    expect((await sendLink(auth)).statusCode).toBe(204);
    const fresh = await linkTokenFor(auth.user.email, 2);
    expect((await sendLink(auth)).statusCode).toBe(204);
    expect((await sendLink(auth)).statusCode).toBe(204);
    const limited = expectJson(await sendLink(auth), 429, errorBody);
    expect(limited.message).toMatch(/rate limit|too many/i);
    await eventually(async () => mailsTo(auth.user.email).length === 4, 'four links');
    // Each person has their own allowance.
    const other = await signUp(app);
    expect((await sendLink(other)).statusCode).toBe(204);

    expect((await verify(fresh)).statusCode).toBe(200);
    const already = await signUp(app);
    expect((await verify(await linkTokenFor(already.user.email))).statusCode).toBe(200);
    expect(expectJson(await sendLink(already), 409, errorBody)).toMatchObject({
      code: 'ALREADY_VERIFIED',
      message: 'Your email address is already verified.',
    });
    expect((await app.inject({ method: 'POST', url: '/api/auth/verify-email/send' })).statusCode).toBe(401);
  });

  it('takes Google’s word for a verified address, and sends a link when Google has none', async () => {
    const vouched = aGoogleAccount();
    const signedIn = expectJson(
      await app.inject({
        method: 'POST',
        url: '/api/auth/google-login',
        payload: { idToken: await google.sign(vouched) },
      }),
      200,
      loginResult,
    );
    expect(await settingsOf(signedIn)).toMatchObject({ emailVerified: true });

    const unvouched = aGoogleAccount({ email_verified: false });
    const other = expectJson(
      await app.inject({
        method: 'POST',
        url: '/api/auth/google-login',
        payload: { idToken: await google.sign(unvouched) },
      }),
      200,
      loginResult,
    );
    expect(await settingsOf(other)).toMatchObject({ emailVerified: false });
    await linkTokenFor(unvouched.email);
  });

  it('verifies a password account when Google links it, vouching for the same address', async () => {
    const identity = aGoogleAccount();
    const auth = await signUp(app, { email: identity.email });
    expect(await settingsOf(auth)).toMatchObject({ emailVerified: false });
    const linked = expectJson(
      await app.inject({
        method: 'POST',
        url: '/api/auth/google-login',
        payload: { idToken: await google.sign(identity) },
      }),
      200,
      loginResult,
    );
    expect(await settingsOf(linked)).toMatchObject({ emailVerified: true });
  });
});

describe('without SMTP', () => {
  it('offers no link to send and says email is unavailable', async () => {
    const bare = await createTestApp({});
    try {
      const auth = await signUp(bare);
      const settings = expectJson(
        await bare.inject({
          method: 'GET',
          url: '/api/user/notification-settings',
          headers: bearer(auth),
        }),
        200,
        notificationSettings,
      );
      expect(settings).toMatchObject({ emailVerified: false, emailAvailable: false });
      const res = await bare.inject({
        method: 'POST',
        url: '/api/auth/verify-email/send',
        headers: bearer(auth),
      });
      expect(res.statusCode).toBe(404);
    } finally {
      await bare.close();
    }
  });
});
