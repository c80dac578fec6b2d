import {
  errorBody,
  type LoginResult,
  notificationList,
  SUPPORT_MESSAGES_PER_HOUR,
  supportInfo,
  supportMessageSent,
} from '@tally/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../../../test/accounts';
import {
  bearer,
  createTestApp,
  expectJson,
  putOnPlan,
  putOnTrial,
  signUp,
  type TestApp,
} from '../../../test/helpers';
import { type SmtpCatcher, startSmtpCatcher } from '../../../test/smtp-catcher';
import { supportEmailFor } from './support.service';

const SUPPORT = 'help@tally.test';
let clock = new Date('2026-03-10T12:00:00Z');
let smtp: SmtpCatcher;
let app: TestApp;

beforeAll(async () => {
  smtp = await startSmtpCatcher();
  app = await createTestApp({ now: () => clock, env: { SMTP_URL: smtp.url, SUPPORT_EMAIL: SUPPORT } });
});
afterAll(async () => {
  await app.close();
  await smtp.close();
});

const call = (a: TestApp, auth: LoginResult, method: 'GET' | 'POST', url: string, payload?: object) =>
  a.inject({ method, url: `/api${url}`, headers: bearer(auth), payload });
const toSupport = () => smtp.mails.filter((m) => m.to.includes(SUPPORT));
/** The support emails a person sent: answers go back to them. */
const fromPerson = (auth: LoginResult) =>
  toSupport().filter((m) => m.raw.toLowerCase().includes(`reply-to: ${auth.user.email.toLowerCase()}`));
const copies = async (a: TestApp, auth: LoginResult) =>
  expectJson(await call(a, auth, 'GET', '/notifications'), 200, notificationList).notifications.filter(
    (n) => n.kind === 'support_message',
  );
const message = { subject: 'Import stuck', message: 'My bank import has shown 40% since this morning.' };

describe('contact support, on a server with SMTP and a support address', () => {
  it('emails the operator with the plan marked priority on Pro (a trial counts), and keeps a copy under the bell', async () => {
    const ana = await signUp(app, { firstName: 'Ana', lastName: 'Ruiz' });
    await putOnTrial(app, ana, 'pro', new Date(clock.getTime() + 86_400_000));
    expect(expectJson(await call(app, ana, 'GET', '/support'), 200, supportInfo)).toEqual({
      channel: 'form',
      email: SUPPORT,
      priority: true,
      planName: 'Pro',
      replyTo: ana.user.email,
    });
    const before = toSupport().length;
    const sent = expectJson(
      await call(app, ana, 'POST', '/support/messages', message),
      201,
      supportMessageSent,
    );
    expect(sent).toEqual({ sentAt: clock.toISOString(), priority: true, replyTo: ana.user.email });
    await eventually(async () => toSupport().length > before, 'the support email');
    const mail = toSupport().at(-1);
    expect(mail?.subject).toBe('[Priority] [Pro] Import stuck');
    expect(mail?.raw).toMatch(new RegExp(`^Reply-To: ${ana.user.email}`, 'mi'));
    expect(mail?.text).toContain(`From: Ana Ruiz <${ana.user.email}>`);
    expect(mail?.text).toContain('Plan: Pro (priority support)');
    expect(mail?.text).toContain('My bank import has shown 40% since this morning.');
    const [copy] = await copies(app, ana);
    expect(copy).toMatchObject({
      title: 'Message sent to support: Import stuck',
      link: '/help',
      readAt: null,
    });
    expect(copy?.body).toContain('My bank import has shown 40% since this morning.');
    expect(copy?.body).toContain(`Marked priority. The answer will come to ${ana.user.email}.`);
  });

  it('on Starter the message goes without priority; a typed line break never reaches the headers', async () => {
    const ben = await signUp(app);
    await putOnPlan(app, ben, 'starter');
    expect(expectJson(await call(app, ben, 'GET', '/support'), 200, supportInfo)).toMatchObject({
      priority: false,
      planName: 'Starter',
    });
    const before = toSupport().length;
    const sent = expectJson(
      await call(app, ben, 'POST', '/support/messages', {
        subject: 'Hello\r\nBcc: everyone@example.com',
        message: 'A question.',
      }),
      201,
      supportMessageSent,
    );
    expect(sent.priority).toBe(false);
    await eventually(async () => toSupport().length > before, 'the support email');
    const mail = toSupport().at(-1);
    expect(mail?.subject).toBe('[Starter] Hello Bcc: everyone@example.com');
    expect(mail?.raw).not.toMatch(/^Bcc:/im);
    expect(mail?.to).toEqual([SUPPORT]);
    expect(mail?.text).toContain('Plan: Starter');
    expect(mail?.text).not.toContain('priority');
  });

  it(`takes ${SUPPORT_MESSAGES_PER_HOUR} messages an hour a person, then 429 with nothing written or sent`, async () => {
    const cy = await signUp(app);
    const dee = await signUp(app);
    // All at once: the hour's count and the copy are taken under the person's lock, so exactly one is refused.
    const sends = await Promise.all(
      Array.from({ length: SUPPORT_MESSAGES_PER_HOUR + 1 }, () =>
        call(app, cy, 'POST', '/support/messages', message),
      ),
    );
    expect(sends.map((r) => r.statusCode).sort()).toEqual([
      ...Array<number>(SUPPORT_MESSAGES_PER_HOUR).fill(201),
      429,
    ]);
    await eventually(async () => fromPerson(cy).length === SUPPORT_MESSAGES_PER_HOUR, 'every email');
    const refused = await call(app, cy, 'POST', '/support/messages', message);
    expect(refused.statusCode).toBe(429);
    expect(expectJson(refused, 429, errorBody).message).toBe(
      `You have sent ${SUPPORT_MESSAGES_PER_HOUR} messages to support in the last hour. Please wait before sending another.`,
    );
    expect(await copies(app, cy)).toHaveLength(SUPPORT_MESSAGES_PER_HOUR);
    // Another person's allowance is their own.
    expect((await call(app, dee, 'POST', '/support/messages', message)).statusCode).toBe(201);
    // An hour on, the person may write again.
    const at = clock;
    clock = new Date(at.getTime() + 60 * 60 * 1000 + 1000);
    try {
      expect((await call(app, cy, 'POST', '/support/messages', message)).statusCode).toBe(201);
    } finally {
      clock = at;
    }
    await eventually(
      async () => fromPerson(cy).length === SUPPORT_MESSAGES_PER_HOUR + 1,
      'the next hour’s email',
    );
  });

  it('keeps a long message’s copy short, under the bell only: never pushed or emailed back', async () => {
    const ivy = await signUp(app);
    const long = `${'All my transactions from March are missing. '.repeat(20)}END`;
    expect(
      (await call(app, ivy, 'POST', '/support/messages', { subject: 'Missing', message: long })).statusCode,
    ).toBe(201);
    const [copy] = await copies(app, ivy);
    expect(copy?.body.startsWith('All my transactions from March are missing.')).toBe(true);
    expect(copy?.body).toContain('…\n\nMarked priority.');
    expect(copy?.body).not.toContain('END');
    const [row] = await app.database.query<{ pushed: Date | null; emailed: Date | null }>(
      "select pushed_at pushed, emailed_at emailed from notifications where user_id = $1 and kind = 'support_message'",
      [ivy.user.id],
    );
    expect(row?.pushed).not.toBeNull();
    expect(row?.emailed).not.toBeNull();
  });

  it('answers bad input with 400 and its message, and writes nothing', async () => {
    const eve = await signUp(app);
    const cases: [object, string][] = [
      [{ subject: '  ', message: 'Hi' }, 'Enter a subject'],
      [{ subject: 'Hi', message: '' }, 'Write your message'],
      [{ subject: 'x'.repeat(121), message: 'Hi' }, 'The subject must be at most 120 characters'],
      [{ subject: 'Hi', message: 'x'.repeat(5001) }, 'The message must be at most 5,000 characters'],
      [{ message: 'Hi' }, 'Enter a subject'],
    ];
    for (const [body, text] of cases) {
      const res = await call(app, eve, 'POST', '/support/messages', body);
      expect(expectJson(res, 400, errorBody).message).toBe(text);
    }
    expect(await copies(app, eve)).toEqual([]);
    expect(
      (await app.inject({ method: 'POST', url: '/api/support/messages', payload: message })).statusCode,
    ).toBe(401);
  });
});

describe('contact support, on servers that cannot send it', () => {
  it('without SMTP: the operator’s address to write to, and a send answers 409 saying so', async () => {
    const bare = await createTestApp({ env: { SUPPORT_EMAIL: SUPPORT } });
    try {
      const fay = await signUp(bare);
      expect(expectJson(await call(bare, fay, 'GET', '/support'), 200, supportInfo)).toMatchObject({
        channel: 'email',
        email: SUPPORT,
      });
      const res = await call(bare, fay, 'POST', '/support/messages', message);
      expect(expectJson(res, 409, errorBody).message).toBe(
        `Messages can't be sent from this server. Write to ${SUPPORT} instead.`,
      );
      expect(await copies(bare, fay)).toEqual([]);
    } finally {
      await bare.close();
    }
  });

  it('without a support address: names no one', async () => {
    const bare = await createTestApp({ env: { SMTP_URL: smtp.url } });
    try {
      const gus = await signUp(bare);
      expect(expectJson(await call(bare, gus, 'GET', '/support'), 200, supportInfo)).toMatchObject({
        channel: 'none',
        email: null,
      });
      const res = await call(bare, gus, 'POST', '/support/messages', message);
      expect(expectJson(res, 409, errorBody).message).toBe(
        'This server has no support contact set up. Ask the person who runs it for help.',
      );
    } finally {
      await bare.close();
    }
  });

  it('when the mail server refuses: 502 with the address to write to, and the copy taken back', async () => {
    // A port nothing listens on.
    const broken = await createTestApp({ env: { SMTP_URL: 'smtp://127.0.0.1:9', SUPPORT_EMAIL: SUPPORT } });
    try {
      const hal = await signUp(broken);
      const res = await call(broken, hal, 'POST', '/support/messages', message);
      expect(expectJson(res, 502, errorBody).message).toBe(
        `Your message could not be sent just now. Please try again, or write to ${SUPPORT}.`,
      );
      expect(await copies(broken, hal)).toEqual([]);
    } finally {
      await broken.close();
    }
  });
});

describe('the operator’s email', () => {
  const from = {
    name: 'Ana Ruiz',
    email: 'ana@example.com',
    emailVerified: false,
    userId: '00000000-0000-4000-8000-000000000001',
    planName: 'Starter',
    priority: false,
    sentAt: new Date('2026-03-10T12:00:00Z'),
  };

  it('keeps the subject to one line, escapes the message in HTML and says when the address is not verified', () => {
    const mail = supportEmailFor(
      { subject: 'Hi\r\nBcc: all@example.com\nX', message: '<script>alert(1)</script> & "you"' },
      from,
    );
    expect(mail.subject).toBe('[Starter] Hi Bcc: all@example.com X');
    expect(mail.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;you&quot;');
    expect(mail.html).not.toContain('<script>');
    expect(mail.text).toContain('From: Ana Ruiz <ana@example.com> (address not verified)');
    expect(
      supportEmailFor(
        { subject: 'Hi', message: 'x' },
        { ...from, emailVerified: true, priority: true, planName: 'Premium' },
      ),
    ).toMatchObject({ subject: '[Priority] [Premium] Hi' });
  });
});
