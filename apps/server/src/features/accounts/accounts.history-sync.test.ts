import { errorBody, historySyncProgress, type LoginResult } from '@tally/shared';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  eventually,
  fakeHistory,
  fakePlaidForFile,
  linkFakeBank,
  plaidAgainst,
  SHARED_SECRETS,
  testNow,
  waitForImport,
} from '../../../test/accounts';
import {
  bearer,
  createTestApp,
  createTestDatabase,
  expectJson,
  signUp,
  type TestApp,
} from '../../../test/helpers';
import type { Database } from '../../db/client';
import { startQueue } from '../../jobs/queue';
import { createCipher } from '../../lib/crypto';
import type { BankProvider } from '../../providers/bank/types';
import { HISTORY_SYNC_CLAIM_MS, syncConnectionHistory } from './accounts.sync';

// History syncs through the queue, with a bank that a test can hold mid-sync: one run per connection, a limit
// per person, different people's syncs side by side, and runs that survive restarts and second servers.

const fake = fakePlaidForFile(fakeHistory(60));

/**
 * The real Plaid SDK against the fake server, with a gate: once `hold()` is called, every transactions
 * read waits until `release()`. `reads` counts the reads that reached the bank (or wait at the gate).
 */
function heldBank() {
  const real = plaidAgainst(fake());
  let gate: Promise<void> | null = null;
  let open = () => {};
  const bank = {
    reads: 0,
    hold: () => {
      gate = new Promise<void>((resolve) => {
        open = resolve;
      });
    },
    release: () => {
      gate = null;
      open();
    },
    provider: {
      ...real,
      syncTransactions: async (...args) => {
        bank.reads += 1;
        if (gate) await gate;
        return real.syncTransactions(...args);
      },
    } satisfies BankProvider,
  };
  return bank;
}

async function connect(app: TestApp, auth: LoginResult, url = '/api/plaid/exchange-public-token') {
  return (await linkFakeBank(app, auth, url)).connection;
}

const importHistory = (app: TestApp, auth: LoginResult, payload: object) =>
  app.inject({ method: 'POST', url: '/api/plaid/import-historical-data', headers: bearer(auth), payload });

type RunRow = {
  id: string;
  status: string;
  from_day: string | null;
  to_day: string | null;
  claimed_by: string | null;
  claim_expires_at: string | null;
  updated_at: string;
};
const runsOf = (database: Database, connectionId: string) =>
  database.query<RunRow>(
    `select id, status, from_day::text, to_day::text, claimed_by, claim_expires_at::text, updated_at::text
       from history_syncs where connection_id = $1 order by created_at`,
    [connectionId],
  );
const jobsOf = (database: Database, runId: string) =>
  database.query<{ id: string; state: string }>(
    "select id, state from pgboss.job where name = 'history-sync' and data->>'runId' = $1",
    [runId],
  );

describe('one history sync per connection, a limit per person', () => {
  let app: TestApp;
  let bank: ReturnType<typeof heldBank>;
  beforeEach(() => {
    bank = heldBank();
  });
  afterEach(async () => {
    bank.release();
    await app.close();
  });

  it('answers repeated import calls with the run already in flight: one run, one job', async () => {
    app = await createTestApp({ env: fake().env(), now: testNow, bankProvider: bank.provider });
    const alice = await signUp(app);
    const connection = await connect(app, alice);
    await waitForImport(app, alice.token, connection.id);

    bank.hold();
    const answers = [];
    for (let i = 0; i < 5; i += 1) {
      const res = await importHistory(app, alice, { connectionId: connection.id, range: '90d' });
      answers.push(expectJson(res, 200, historySyncProgress));
      // Every answer is about the same run: the newest run of the connection is still the first one made.
      const runs = await runsOf(app.database, connection.id);
      expect(runs).toHaveLength(2);
    }
    expect(answers.every((a) => a.status === 'Pending' || a.status === 'InProgress')).toBe(true);
    const [, backfill] = await runsOf(app.database, connection.id);
    expect(backfill?.from_day).toBe('2026-08-22');
    expect(await jobsOf(app.database, backfill!.id)).toHaveLength(1);

    bank.release();
    await waitForImport(app, alice.token, connection.id);
    expect(await runsOf(app.database, connection.id)).toHaveLength(2);
  });

  it('queues no second job while a worker holds the job but has not claimed the run yet, and one when the claim lapsed', async () => {
    // No workers: the test sets the job's and run's states a worker would leave at each moment.
    app = await createTestApp({ env: fake().env(), now: testNow, runJobs: false });
    const alice = await signUp(app);
    const connection = await connect(app, alice);
    const [run] = await runsOf(app.database, connection.id);
    const repeat = async () =>
      expect(
        (await importHistory(app, alice, { connectionId: connection.id, range: '90d' })).statusCode,
      ).toBe(200);

    // A worker has fetched the job (active) and is about to claim the run.
    await app.database.query("update pgboss.job set state = 'active', started_on = now() where id = $1", [
      (await jobsOf(app.database, run!.id))[0]!.id,
    ]);
    await repeat();
    await repeat();
    expect(await jobsOf(app.database, run!.id)).toEqual([{ id: expect.any(String), state: 'active' }]);

    // A live server holds the claim: nothing more is queued.
    const claim = (expiresAt: Date) =>
      app.database.query(
        "update history_syncs set status = 'InProgress', claimed_by = 'first-server', claim_expires_at = $2 where id = $1",
        [run!.id, expiresAt.toISOString()],
      );
    await claim(new Date(testNow().getTime() + 60_000));
    await repeat();
    expect(await jobsOf(app.database, run!.id)).toHaveLength(1);

    // That server died: its claim lapsed while its job still reads active, so the run is queued again, once.
    await claim(new Date(testNow().getTime() - 60_000));
    await repeat();
    await repeat();
    const jobs = await jobsOf(app.database, run!.id);
    expect(jobs.map((j) => j.state).sort()).toEqual(['active', 'created']);
    expect(await runsOf(app.database, connection.id)).toHaveLength(1);
  });

  it('answers 429 with a message once a person starts too many imports or exports, and not to others', async () => {
    app = await createTestApp({ env: fake().env(), now: testNow, bankProvider: bank.provider });
    const alice = await signUp(app);
    const bob = await signUp(app);
    const connection = await connect(app, alice);
    const bobs = await connect(app, bob);
    await waitForImport(app, alice.token, connection.id);
    await waitForImport(app, bob.token, bobs.id);

    for (let i = 0; i < 10; i += 1) {
      const res = await importHistory(app, alice, { connectionId: connection.id, range: '30d' });
      expect(res.statusCode, res.body).toBe(200);
    }
    const limited = await importHistory(app, alice, { connectionId: connection.id, range: '30d' });
    expect(expectJson(limited, 429, errorBody)).toMatchObject({
      code: 'RATE_LIMITED',
      message: expect.stringMatching(/^Too many requests\. Please wait \d+ seconds and try again\.$/),
    });
    const relinked = await app.inject({
      method: 'POST',
      url: '/api/plaid/exchange-public-token',
      headers: bearer(alice),
      payload: { publicToken: fake().createPublicToken() },
    });
    // The link routes count on their own: the first link is allowed.
    expect(relinked.statusCode, relinked.body).toBe(200);
    expect((await importHistory(app, bob, { connectionId: bobs.id, range: '30d' })).statusCode).toBe(200);

    const exportCsv = (auth: LoginResult) =>
      app.inject({ method: 'GET', url: '/api/transactions/export', headers: bearer(auth) });
    for (let i = 0; i < 10; i += 1) expect((await exportCsv(alice)).statusCode).toBe(200);
    expect(expectJson(await exportCsv(alice), 429, errorBody).code).toBe('RATE_LIMITED');
    expect((await exportCsv(bob)).statusCode).toBe(200);
  });

  it("runs two people's imports at the same time", async () => {
    const seen = new Set<string>();
    let bothStarted = () => {};
    const together = new Promise<void>((resolve) => {
      bothStarted = resolve;
    });
    const real = heldBank().provider;
    // Each import waits at its first read until the other one has started too: with one job at a time
    // for everybody, the first would wait forever and the second never start.
    const provider: BankProvider = {
      ...real,
      syncTransactions: async (accessToken, ...rest) => {
        seen.add(accessToken);
        if (seen.size >= 2) bothStarted();
        await together;
        return real.syncTransactions(accessToken, ...rest);
      },
    };
    app = await createTestApp({ env: fake().env(), now: testNow, bankProvider: provider });
    const alice = await signUp(app);
    const bob = await signUp(app);
    const alices = await connect(app, alice);
    const bobs = await connect(app, bob);
    await waitForImport(app, alice.token, alices.id);
    await waitForImport(app, bob.token, bobs.id);
    expect(seen.size).toBe(2);
  });
});

describe('history syncs across restarts and servers', () => {
  const IN_RANGE = 'MARCH MARKET';
  const OUT_OF_RANGE = 'MAY MARKET';

  /**
   * Alice's bank linked and imported, then two older transactions appear at the bank (one in March, one in
   * May), and she asks for March only. The first server (no workers of its own here, so the test plays its
   * worker) takes the job and the run, and is held on its first read of the bank: a server that hangs or
   * died mid-import, its job left active in the queue.
   */
  async function heldRangedImport(database: Database) {
    const bank = heldBank();
    const first = await createTestApp({
      env: fake().env(),
      now: testNow,
      database,
      keepDatabase: true,
      runJobs: false,
      ...SHARED_SECRETS,
    });
    const alice = await signUp(first);
    const connection = await connect(first, alice, '/api/plaid/exchange-public-token-with-historical-data');
    const itemId = [...fake().items.values()].at(-1)!.itemId;
    fake().addTransactions(itemId, [
      { account: 'checking', amount: 21.5, date: '2026-03-10', name: IN_RANGE },
      { account: 'checking', amount: 32.25, date: '2026-05-12', name: OUT_OF_RANGE },
    ]);
    const res = await importHistory(first, alice, {
      connectionId: connection.id,
      range: 'custom',
      customStartDate: '2026-03-01',
      customEndDate: '2026-03-31',
    });
    expect(res.statusCode, res.body).toBe(200);
    const queued = (await runsOf(database, connection.id)).at(-1)!;
    const [job] = await jobsOf(database, queued.id);
    await database.query("update pgboss.job set state = 'active', started_on = now() where id = $1", [
      job!.id,
    ]);
    bank.hold();
    const firstWorker = syncConnectionHistory(
      {
        db: database.db,
        provider: bank.provider,
        cipher: createCipher(SHARED_SECRETS.tokenEncryptionKey),
        now: testNow,
      },
      {
        userId: alice.user.id,
        connectionId: connection.id,
        runId: queued.id,
        owner: 'first-server',
        isLastAttempt: false,
      },
    );
    await eventually(async () => bank.reads > 0, 'the first server reading the bank');
    const run = (await runsOf(database, connection.id)).at(-1)!;
    expect(run).toMatchObject({
      id: queued.id,
      status: 'InProgress',
      from_day: '2026-03-01',
      to_day: '2026-03-31',
      claimed_by: 'first-server',
    });
    return { first, bank, firstWorker, alice, connection, run };
  }

  const descriptions = async (database: Database, userId: string) =>
    (
      await database.query<{ description: string }>(
        'select description from transactions where user_id = $1 and date < $2 order by date',
        [userId, '2026-07-01'],
      )
    ).map((r) => r.description);

  it('takes over a run whose server stopped renewing its claim, and imports only the range it was given', async () => {
    const database = await createTestDatabase();
    const { first, bank, firstWorker, alice, connection, run } = await heldRangedImport(database);
    // The first server is gone as far as anyone can tell: it stopped renewing, and its claim lapsed.
    const later = () => new Date(testNow().getTime() + HISTORY_SYNC_CLAIM_MS + 60_000);
    const second = await createTestApp({
      env: fake().env(),
      now: later,
      database,
      keepDatabase: true,
      ...SHARED_SECRETS,
    });
    try {
      const done = await eventually(async () => {
        const row = (await runsOf(database, connection.id)).at(-1);
        return row?.status === 'Completed' ? row : undefined;
      }, 'the run taken over');
      expect(done).toMatchObject({
        id: run.id,
        from_day: '2026-03-01',
        to_day: '2026-03-31',
        claimed_by: null,
      });
      expect(await descriptions(database, alice.user.id)).toEqual([IN_RANGE]);
    } finally {
      await second.close();
    }
    // The first server wakes up: the run is no longer its own, so it writes nothing more to it.
    const finished = (await runsOf(database, connection.id)).at(-1);
    bank.release();
    expect(await firstWorker).toBe(0);
    await first.close();
    expect((await runsOf(database, connection.id)).at(-1)).toEqual(finished);
    expect(await descriptions(database, alice.user.id)).toEqual([IN_RANGE]);
    await database.close();
  });

  it('queues again on history-sync a run whose job waited in the retired bank-import queue, and deletes that queue', async () => {
    const database = await createTestDatabase();
    // An installation from before the rename: the run's job waits in the queue of the old name.
    const old = await createTestApp({
      env: fake().env(),
      now: testNow,
      database,
      keepDatabase: true,
      runJobs: false,
      ...SHARED_SECRETS,
    });
    const alice = await signUp(old);
    const connection = await connect(old, alice);
    const [run] = await runsOf(database, connection.id);
    await old.close();
    await database.query('select pgboss.create_queue($1, $2::json)', [
      'bank-import',
      JSON.stringify({ policy: 'standard', retryLimit: 3, retryDelay: 5, expireInSeconds: 900 }),
    ]);
    await database.query(
      "update pgboss.job set name = 'bank-import' where name = 'history-sync' and data->>'runId' = $1",
      [run!.id],
    );
    const oldJobs = () => database.query("select id from pgboss.job where name = 'bank-import'");
    const oldQueue = () => database.query("select name from pgboss.queue where name = 'bank-import'");
    expect(await oldJobs()).toHaveLength(1);
    expect(await jobsOf(database, run!.id)).toEqual([]);

    // The new server deletes the old queue with its job, and its worker queues the open run again.
    const app = await createTestApp({
      env: fake().env(),
      now: testNow,
      database,
      keepDatabase: true,
      ...SHARED_SECRETS,
    });
    try {
      expect(await oldQueue()).toEqual([]);
      expect(await oldJobs()).toEqual([]);
      await waitForImport(app, alice.token, connection.id);
      expect((await runsOf(database, connection.id)).at(-1)).toMatchObject({
        id: run!.id,
        status: 'Completed',
      });
      // The run is done before the queue marks its job done: wait for the queue, then check there is one.
      await eventually(
        async () => (await jobsOf(database, run!.id)).every((j) => j.state === 'completed'),
        "the run's job to complete",
      );
      expect(await jobsOf(database, run!.id)).toEqual([{ id: expect.any(String), state: 'completed' }]);
    } finally {
      await app.close();
    }
    // Deleting a queue that is already gone does nothing: every later start goes through it.
    await (await startQueue(database)).stop();
    expect(await oldQueue()).toEqual([]);
    await database.close();
  });

  it('never runs again a run that a live server holds, not at start nor when the job is delivered twice', async () => {
    const database = await createTestDatabase();
    const { first, bank, firstWorker, alice, connection, run } = await heldRangedImport(database);
    const secondBank = heldBank();
    const second = await createTestApp({
      env: fake().env(),
      now: testNow,
      database,
      keepDatabase: true,
      bankProvider: secondBank.provider,
      ...SHARED_SECRETS,
    });
    try {
      // Starting found nothing to resume: the run is held, so no second job was queued for it.
      expect(await jobsOf(database, run.id)).toHaveLength(1);
      // The queue delivers the job again (as after an expiry): the second server must leave the run alone.
      await database.query(
        "update pgboss.job set state = 'retry', start_after = now() where name = 'history-sync' and data->>'runId' = $1",
        [run.id],
      );
      await eventually(
        async () => (await jobsOf(database, run.id)).every((j) => j.state === 'completed'),
        'the duplicate delivery',
      );
      expect(secondBank.reads).toBe(0);
      expect((await runsOf(database, connection.id)).at(-1)).toEqual(run);
    } finally {
      await second.close();
    }
    bank.release();
    expect(await firstWorker).toBe(1);
    expect((await runsOf(database, connection.id)).at(-1)).toMatchObject({
      status: 'Completed',
      claimed_by: null,
    });
    expect(await descriptions(database, alice.user.id)).toEqual([IN_RANGE]);
    await first.close();
    await database.close();
  });
});
