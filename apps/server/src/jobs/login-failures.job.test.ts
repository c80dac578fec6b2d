import { afterEach, describe, expect, it } from 'vitest';
import { eventually, testNow } from '../../test/accounts';
import { aUser, createTestApp, signUp, type TestApp } from '../../test/helpers';
import type { JobQueue } from '../lib/job-queue';
import { PRUNE_LOGIN_FAILURES_CRON, pruneLoginFailures } from './login-failures.job';
import { startQueue } from './queue';

// Every sign-in attempt writes a failure row and only a success clears some: the schedule deletes the rows
// that have left the lockout window, so the table does not grow with every guess ever made.

const LOCK_MINUTES = 15;
let app: TestApp;
let queue: JobQueue | undefined;
let now = testNow();
const minutes = (n: number) => n * 60_000;

const failToSignIn = (email: string, remoteAddress = '203.0.113.7') =>
  app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password: 'wrong-password' },
    remoteAddress,
  });

const failuresOf = async (email: string) =>
  (
    await app.database.query<{ n: number }>(
      'select count(*)::int as n from login_failures where email = lower($1)',
      [email],
    )
  )[0]?.n;

afterEach(async () => {
  await queue?.stop();
  queue = undefined;
  await app.close();
});

describe('pruning sign-in failures', () => {
  it('deletes the failures older than the lockout window and keeps those within it', async () => {
    now = testNow();
    app = await createTestApp({ now: () => now, runJobs: false });
    const old = aUser().email;
    const edge = aUser().email;
    const recent = (await signUp(app)).user.email;

    expect((await failToSignIn(old)).statusCode).toBe(401);
    now = new Date(testNow().getTime() + minutes(5));
    expect((await failToSignIn(edge)).statusCode).toBe(401);
    now = new Date(testNow().getTime() + minutes(LOCK_MINUTES));
    expect((await failToSignIn(recent)).statusCode).toBe(401);
    now = new Date(testNow().getTime() + minutes(LOCK_MINUTES + 5));

    await pruneLoginFailures({ database: app.database, now: () => now, lockMinutes: LOCK_MINUTES });
    // Exactly a window old no longer counts towards a lockout, so it goes too.
    expect(await failuresOf(old)).toBe(0);
    expect(await failuresOf(edge)).toBe(0);
    expect(await failuresOf(recent)).toBe(1);
  });

  it('keeps the prune on the queue schedule, and its worker prunes', async () => {
    now = testNow();
    app = await createTestApp({ now: () => now, env: { LOGIN_LOCK_MINUTES: String(LOCK_MINUTES) } });
    expect(
      await app.database.query("select cron from pgboss.schedule where name = 'login-failures-prune'"),
    ).toEqual([{ cron: PRUNE_LOGIN_FAILURES_CRON }]);
    const old = aUser().email;
    const recent = aUser().email;
    expect((await failToSignIn(old)).statusCode).toBe(401);
    now = new Date(testNow().getTime() + minutes(LOCK_MINUTES + 1));
    expect((await failToSignIn(recent)).statusCode).toBe(401);

    queue = await startQueue(app.database);
    await queue.send('login-failures-prune', {});
    await eventually(async () => (await failuresOf(old)) === 0, 'the scheduled prune');
    expect(await failuresOf(recent)).toBe(1);
  });
});
