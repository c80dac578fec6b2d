import { errorBody, loginResult } from '@tally/shared';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aUser, createTestApp, expectJson, signUp, type TestApp } from '../../../test/helpers';

const ALLOWANCE = 5;
const PER_ADDRESS = ALLOWANCE * 4;

/** A fresh client address per call, so tests in one app never share a counter by accident. */
let addressCounter = 0;
const anAddress = () => {
  addressCounter += 1;
  return `172.16.${Math.floor(addressCounter / 250)}.${(addressCounter % 250) + 1}`;
};

const retryAfter = (res: LightMyRequestResponse) => Number(res.headers['retry-after']);

const statusCounts = (responses: LightMyRequestResponse[]) =>
  responses.reduce<Record<number, number>>((counts, res) => {
    counts[res.statusCode] = (counts[res.statusCode] ?? 0) + 1;
    return counts;
  }, {});

describe('sign-in throttling that cannot be raced or turned against the owner', () => {
  let app: TestApp;
  // Every wait is measured on this pinned clock, so no test depends on how fast the machine is.
  let clock = new Date('2026-03-02T09:00:00Z');
  const advance = (ms: number) => {
    clock = new Date(clock.getTime() + ms);
  };
  beforeAll(async () => {
    app = await createTestApp({
      env: {
        LOGIN_FAILURES_BEFORE_LOCK: String(ALLOWANCE),
        LOGIN_LOCK_MINUTES: '15',
        AUTH_RATE_LIMIT_PER_MINUTE: '100000',
      },
      now: () => clock,
    });
  });
  afterAll(() => app.close());

  const login = (email: string, password: string, remoteAddress: string) =>
    app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password }, remoteAddress });

  const failuresRecordedFor = async (email: string) => {
    const [row] = await app.database.query<{ n: number }>(
      'select count(*)::int as n from login_failures where email = $1',
      [email.toLowerCase()],
    );
    return row?.n;
  };

  it('evaluates only the allowance of 100 parallel wrong guesses at one email from 100 addresses', async () => {
    const owner = aUser();
    await signUp(app, owner);

    const responses = await Promise.all(
      Array.from({ length: 100 }, () => login(owner.email, 'wrong-password', anAddress())),
    );

    expect(statusCounts(responses)).toEqual({ 401: ALLOWANCE, 429: 100 - ALLOWANCE });
    for (const res of responses.filter((r) => r.statusCode === 429)) {
      expect(expectJson(res, 429, errorBody)).toEqual({
        message: 'Too many failed sign-in attempts. Please try again in 1 second.',
        code: 'RATE_LIMITED',
      });
      expect(retryAfter(res)).toBe(1);
    }
    // Turned-away attempts leave no trace, so they cannot stretch anyone's wait.
    expect(await failuresRecordedFor(owner.email)).toBe(ALLOWANCE);
  });

  it('evaluates only the per-address allowance of 100 parallel guesses from one address at 100 emails', async () => {
    const from = anAddress();
    const responses = await Promise.all(
      Array.from({ length: 100 }, () => login(aUser().email, 'wrong-password', from)),
    );
    expect(statusCounts(responses)).toEqual({ 401: PER_ADDRESS, 429: 100 - PER_ADDRESS });
  });

  it('lets the owner in from their own address while another address is locked out and keeps hammering', async () => {
    const owner = aUser();
    await signUp(app, owner);
    const attacker = anAddress();
    const home = anAddress();
    for (let i = 0; i < ALLOWANCE; i += 1) {
      expect((await login(owner.email, 'wrong-password', attacker)).statusCode).toBe(401);
    }

    // The guessing address is locked out of this email for the whole window, even with the right password.
    const lockedOut = await login(owner.email, owner.password, attacker);
    expect(expectJson(lockedOut, 429, errorBody).message).toBe(
      'Too many failed sign-in attempts. Please try again in 15 minutes.',
    );
    expect(retryAfter(lockedOut)).toBe(15 * 60);
    // Elsewhere the stranger's failures cost the owner a short wait at most.
    expect(retryAfter(await login(owner.email, owner.password, home))).toBe(1);
    advance(1000);

    const [ownerAttempt, ...hammering] = await Promise.all([
      login(owner.email, owner.password, home),
      ...Array.from({ length: 20 }, () => login(owner.email, 'another-guess', attacker)),
    ]);
    expect(expectJson(ownerAttempt!, 200, loginResult).user.email).toBe(owner.email);
    expect(statusCounts(hammering)).toEqual({ 429: 20 });
    // The owner's sign-in clears only their own address: the guessing one stays locked out.
    expect((await login(owner.email, owner.password, attacker)).statusCode).toBe(429);
    expect((await login(owner.email, owner.password, home)).statusCode).toBe(200);
  });

  it('makes each further guess at an email from anywhere wait twice as long, up to a minute, then lets it through', async () => {
    const owner = aUser();
    await signUp(app, owner);
    for (let i = 0; i < ALLOWANCE; i += 1) {
      expect((await login(owner.email, 'wrong-password', anAddress())).statusCode).toBe(401);
    }

    const waits: number[] = [];
    for (let i = 0; i < 8; i += 1) {
      const blocked = await login(owner.email, 'wrong-password', anAddress());
      expect(blocked.statusCode).toBe(429);
      const wait = retryAfter(blocked);
      waits.push(wait);
      advance(wait * 1000 - 1);
      expect((await login(owner.email, 'wrong-password', anAddress())).statusCode).toBe(429);
      advance(1);
      // The wait is over: this guess is evaluated (and fails, doubling the next wait).
      expect((await login(owner.email, 'wrong-password', anAddress())).statusCode).toBe(401);
    }
    expect(waits).toEqual([1, 2, 4, 8, 16, 32, 60, 60]);

    const home = anAddress();
    expect(expectJson(await login(owner.email, owner.password, home), 429, errorBody).message).toBe(
      'Too many failed sign-in attempts. Please try again in 1 minute.',
    );
    advance(60_000);
    expect((await login(owner.email, owner.password, home)).statusCode).toBe(200);
  });

  it('lets a locked-out address try again once its failures leave the window', async () => {
    const owner = aUser();
    await signUp(app, owner);
    const from = anAddress();
    for (let i = 0; i < ALLOWANCE; i += 1) await login(owner.email, 'wrong-password', from);

    expect(retryAfter(await login(owner.email, owner.password, from))).toBe(15 * 60);
    advance(15 * 60_000 - 1000);
    expect(retryAfter(await login(owner.email, owner.password, from))).toBe(1);
    advance(1000);
    expect((await login(owner.email, owner.password, from)).statusCode).toBe(200);
  });

  it('slows one address guessing across many emails with growing waits, leaving other addresses alone', async () => {
    const from = anAddress();
    for (let i = 0; i < PER_ADDRESS; i += 1) {
      expect((await login(aUser().email, 'wrong-password', from)).statusCode).toBe(401);
    }
    const someone = aUser();
    await signUp(app, someone);

    const waits: number[] = [];
    for (let i = 0; i < 6; i += 1) {
      // Even a right password for an untouched account waits: the address is what is being slowed.
      const blocked = await login(someone.email, someone.password, from);
      expect(blocked.statusCode).toBe(429);
      waits.push(retryAfter(blocked));
      expect((await login(someone.email, someone.password, anAddress())).statusCode).toBe(200);
      advance(retryAfter(blocked) * 1000);
      expect((await login(aUser().email, 'wrong-password', from)).statusCode).toBe(401);
    }
    expect(waits).toEqual([1, 2, 4, 8, 16, 32]);

    advance(64_000);
    expect((await login(someone.email, someone.password, from)).statusCode).toBe(200);
  });
});
