import { type LoginResult, notificationList } from '@tally/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  eventually,
  fakeHistory,
  fakePlaidForFile,
  importProgress,
  linkFakeBank,
  plaidAgainst,
  testNow,
  waitForImport,
} from '../../../test/accounts';
import { EVERY_TRY, PLAID_DOWN } from '../../../test/fake-plaid';
import { faultOutcome } from '../../../test/faults';
import { bearer, createTestApp, expectJson, signUp, type TestApp } from '../../../test/helpers';

// The fault suite's bank cases: the bank failing under a person's import as the queue runs it. Every case
// compares the person's transactions with another person's who linked the same bank without the fault, and
// prints its outcome. (Servers killed and the database taken away: cluster/faults.test.ts.)

const fake = fakePlaidForFile(fakeHistory(60));
let app: TestApp;
let oracle: Awaited<ReturnType<typeof transactionsOf>>;

beforeAll(async () => {
  app = await createTestApp({ now: testNow, bankProvider: plaidAgainst(fake()) });
  const person = await signUp(app);
  const { connection } = await linkFakeBank(app, person);
  await waitForImport(app, person.token, connection.id);
  oracle = await transactionsOf(person);
});
afterAll(() => app?.close());

/** A person's bank transactions as the bank gave them: what they are, and how many times each is stored. */
async function transactionsOf(person: LoginResult) {
  const rows = await app.database.query<{ what: string; times: number }>(
    `select t.date::text || ' ' || t.description || ' ' || t.amount as what, count(*)::int as times
       from transactions t where t.user_id = $1 and t.deleted_at is null
      group by t.provider_transaction_id, t.date, t.description, t.amount order by 1`,
    [person.user.id],
  );
  return { rows: rows.map((r) => r.what), twice: rows.filter((r) => r.times > 1).length };
}

const syncCalls = () => fake().requestsTo('/transactions/sync').length;

/** The queue's wait before it tries a job again, cut short: whatever is waiting to be tried again is due now. */
const retriesDue = () =>
  app.database.query(
    "update pgboss.job set start_after = now() where name = 'history-sync' and state = 'retry'",
  );

describe('the bank failing under an import', () => {
  it('answers 429, then 500: each tried again at once, and the import ends with every transaction once', async () => {
    const person = await signUp(app);
    const before = syncCalls();
    fake().failNext('/transactions/sync', {
      status: 429,
      errorType: 'RATE_LIMIT_EXCEEDED',
      errorCode: 'TRANSACTIONS_LIMIT',
    });
    fake().failNext('/transactions/sync', PLAID_DOWN);
    const { connection } = await linkFakeBank(app, person);
    await waitForImport(app, person.token, connection.id);

    const got = await transactionsOf(person);
    expect(got).toEqual(oracle);
    const calls = syncCalls() - before;
    faultOutcome(
      'the bank answers 429, then 500, under an import',
      `${calls} calls to the bank (2 refused, each tried again after a short wait); the import completed, ${got.rows.length} transactions, none twice`,
    );
  });

  it('down for a whole try of the job: the queue tries it again later, the person sees it under way, then every transaction once', async () => {
    const person = await signUp(app);
    const before = syncCalls();
    fake().failNext('/transactions/sync', PLAID_DOWN, EVERY_TRY);
    const { connection } = await linkFakeBank(app, person);
    // The job's first try has failed when the bank has been asked every time it is asked in one try.
    await eventually(async () => syncCalls() - before >= EVERY_TRY, 'the first try to fail');
    const meanwhile = await importProgress(app, person, connection.id);
    expect(meanwhile.status).not.toBe('Failed');
    await eventually(async () => {
      await retriesDue();
      return (await importProgress(app, person, connection.id)).status === 'Completed';
    }, 'the import to complete on a later try');

    const got = await transactionsOf(person);
    expect(got).toEqual(oracle);
    faultOutcome(
      'the bank down for a whole try of an import',
      `the job failed after ${EVERY_TRY} calls and was tried again by the queue, the person saw "${meanwhile.status}" meanwhile; then completed, ${got.rows.length} transactions, none twice`,
    );
  });

  it('down through every try: the person is told once the last has failed, nothing half-imported', async () => {
    const person = await signUp(app);
    const before = syncCalls();
    // The job is tried four times (its first try and three more), each asking the bank EVERY_TRY times.
    const tries = 4;
    fake().failNext('/transactions/sync', PLAID_DOWN, EVERY_TRY * tries);
    const { connection } = await linkFakeBank(app, person);
    const seen = new Set<string>();
    const failed = await eventually(async () => {
      await retriesDue();
      const now = await importProgress(app, person, connection.id);
      seen.add(now.status);
      return now.status === 'Failed' && now;
    }, 'the last try to fail');

    expect(failed.message).toBe('Import failed');
    expect(syncCalls() - before).toBe(EVERY_TRY * tries);
    expect(await transactionsOf(person)).toEqual({ rows: [], twice: 0 });
    const bell = await app.inject({ method: 'GET', url: '/api/notifications', headers: bearer(person) });
    const { notifications } = expectJson(bell, 200, notificationList);
    expect(notifications.filter((n) => n.title.endsWith('import failed'))).toHaveLength(1);
    faultOutcome(
      'the bank down through every try of an import',
      `${tries} tries of the job, ${EVERY_TRY * tries} calls; the banner said ${[...seen].join(', then ')}, with "${failed.message}", and the bell told the person once; no transaction stored`,
    );
  });
});
