import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { LoginResult } from '@tally/shared';
import pg from 'pg';
import PgBoss from 'pg-boss';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Cluster, dropDatabase, startCluster } from '../../../scripts/cluster.mjs';
import { createCipher } from '../src/lib/crypto';
import { DEMO_INSTITUTIONS } from '../src/providers/bank/demo/catalogue';
import { createDemoProvider, DEMO_SYNC_MAX_COUNT } from '../src/providers/bank/demo/demo-bank';
import {
  allServersUp,
  askStreamed,
  blocksSomeone,
  call,
  clientAddress,
  clusterOutput,
  eventReader,
  eventually,
  HELD_MODEL_WORDS,
  hasExited,
  historySyncOver,
  jobStarts,
  linkBank,
  PASSWORD,
  REDIS_URL,
  readAllOutput,
  refused,
  register,
  runDatabaseUrl,
  startHeldModel,
  within,
} from './support';

// Two compiled servers behind nginx on one PostgreSQL and one Redis, as `npm run cluster` runs them, and what
// a deployment of several servers must get right, proved through the front door: sessions, limits, bank
// imports, a server dying or stopping mid-work, streamed answers, jobs worked once, and scheduled jobs run once
// a tick. The providers' webhooks are in webhooks.test.ts (a cluster of their own, on the providers' fakes).

/** Small, so a few requests reach them. */
const AUTH_LIMIT = 6;
const FAILURES_BEFORE_LOCK = 3;
/** Short, so a dead server's history sync moves to another within seconds. */
const CLAIM_SECONDS = 4;

const databaseUrl = runDatabaseUrl('test');

let cluster: Cluster;
let db: pg.Pool;
let model: Awaited<ReturnType<typeof startHeldModel>>;
let dataDir: string;
/** Every line each server wrote, by server name ("server 1"…). */
const output = clusterOutput('cluster.log');

beforeAll(async () => {
  model = await startHeldModel();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tally-cluster-'));
  cluster = await startCluster({
    servers: 2,
    port: 0,
    databaseUrl,
    redisUrl: REDIS_URL,
    dataDir,
    upstreamHeader: true,
    onLine: output.onLine,
    env: {
      AUTH_RATE_LIMIT_PER_MINUTE: String(AUTH_LIMIT),
      LOGIN_FAILURES_BEFORE_LOCK: String(FAILURES_BEFORE_LOCK),
      HISTORY_SYNC_CLAIM_SECONDS: String(CLAIM_SECONDS),
      JOB_POLL_SECONDS: '0.5',
      // The advisor's model: this test's, which answers when told to.
      AI_BASE_URL: model.url,
      AI_MODEL: 'held',
      // Each job a server starts is logged (jobs/queue.ts), so the logs show who worked what.
      LOG_LEVEL: 'debug',
    },
  });
  db = new pg.Pool({ connectionString: databaseUrl, max: 4 });
});

afterAll(async () => {
  await db?.end();
  model?.release();
  await cluster?.stop();
  await model?.close();
  await dropDatabase(databaseUrl);
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

const nginx = () => cluster.url;
const server = (index: number) => cluster.servers[index]!;

const linkDemoBank = (token: string, address: string) =>
  linkBank(nginx(), token, address, DEMO_INSTITUTIONS[0]!.id);

/** Follows the history sync's progress through nginx until it is over; it must have completed. */
async function importFinished(token: string, address: string, connectionId: string) {
  expect(await historySyncOver(nginx(), token, address, connectionId)).toBe('Completed');
}

/**
 * A person registered through nginx with the demo bank linked and its history imported: their address and
 * session, the connection, and the transaction ids the bank holds for it.
 */
async function personWithImportedBank() {
  const address = clientAddress();
  const person = await register(nginx(), address);
  const connectionId = await linkDemoBank(person.token, address);
  await importFinished(person.token, address, connectionId);
  return { address, person, connectionId, expected: await bankTransactionIds(connectionId) };
}

/** What the demo bank holds for the connection now: its transactions' ids, read with the stored token. */
async function bankTransactionIds(connectionId: string): Promise<string[]> {
  const [row] = (
    await db.query<{ user_id: string; item_id: string; access_token_encrypted: string }>(
      'select user_id, item_id, access_token_encrypted from bank_connections where id = $1',
      [connectionId],
    )
  ).rows;
  const accessToken = createCipher(cluster.env.TOKEN_ENCRYPTION_KEY!).decrypt(row!.access_token_encrypted, {
    userId: row!.user_id,
    itemId: row!.item_id,
  });
  const bank = createDemoProvider();
  const held = new Set<string>();
  let cursor: string | null = null;
  for (;;) {
    const page = await bank.syncTransactions(accessToken, cursor);
    for (const t of [...page.added, ...page.modified]) held.add(t.providerTransactionId);
    for (const id of page.removed) held.delete(id);
    if (!page.hasMore) break;
    cursor = page.nextCursor;
  }
  return [...held].sort();
}

/** The connection's transactions as stored: ids (sorted), and any id stored more than once. */
async function storedTransactions(connectionId: string) {
  const ids = (
    await db.query<{ id: string }>(
      `select t.provider_transaction_id as id from transactions t
         join bank_accounts a on a.id = t.account_id
        where a.connection_id = $1 and t.deleted_at is null`,
      [connectionId],
    )
  ).rows
    .map((r) => r.id)
    .sort();
  const twice = (
    await db.query(
      `select t.provider_transaction_id from transactions t
         join bank_accounts a on a.id = t.account_id
        where a.connection_id = $1
        group by 1 having count(*) > 1`,
      [connectionId],
    )
  ).rows;
  return { ids, twice };
}

/**
 * Resets the connection (its transactions deleted, the whole history read again as a new run) and holds
 * that history sync right after a server claims it: the sync's first wait is the person's linking lock,
 * taken here first. `server` is the claiming server's index (the run's owner names its process).
 */
async function holdNextHistorySync(person: LoginResult, address: string, connectionId: string) {
  const linking = new pg.Client({ connectionString: databaseUrl });
  await linking.connect();
  const key = `linking:${person.user.id}`;
  let run: { id: string; claimed_by: string | null };
  let index: number;
  try {
    await linking.query('select pg_advisory_lock(hashtextextended($1, 0))', [key]);
    const reset = await call(nginx(), 'POST', '/api/transactions/reset-and-resync', {
      token: person.token,
      address,
      body: { connectionId },
    });
    expect(reset.status).toBe(200);
    run = await eventually(async () => {
      const { rows } = await db.query<{ id: string; claimed_by: string | null }>(
        `select id, claimed_by from history_syncs
          where connection_id = $1 and status = 'InProgress' order by created_at desc limit 1`,
        [connectionId],
      );
      return rows[0]?.claimed_by && (await blocksSomeone(linking)) ? rows[0] : undefined;
    }, 'a server to claim the run and wait for the linking lock');
    const pid = Number(run.claimed_by!.split(':').at(-2));
    index = cluster.servers.findIndex((s) => s.pid === pid);
    expect(index).toBeGreaterThanOrEqual(0);
  } catch (error) {
    await linking.end();
    throw error;
  }
  let released = false;
  return {
    runId: run.id,
    server: index,
    /** Lets the sync go on. */
    release: async () => {
      if (released) return;
      released = true;
      await linking.query('select pg_advisory_unlock(hashtextextended($1, 0))', [key]);
    },
    end: () => linking.end(),
  };
}

/** The database's clock now, in UTC: the fields of a cron expression and the second of the minute. */
async function databaseMinute(client: pg.Client) {
  const { rows } = await client.query<{
    second: number;
    minute: number;
    hour: number;
    day: number;
    month: number;
  }>(
    `select extract(second from t)::float8 as second, extract(minute from t)::int as minute,
            extract(hour from t)::int as hour, extract(day from t)::int as day, extract(month from t)::int as month
       from (select clock_timestamp() at time zone 'UTC' as t) as now`,
  );
  return rows[0]!;
}

/**
 * How many sessions wait (for the lock held on pg-boss's clock row, or behind another waiting for it) to see
 * whether a schedule is due. Asked on a session of its own: one inside a transaction keeps seeing the
 * activity it first saw.
 */
async function schedulersWaiting() {
  const { rows } = await db.query<{ n: number }>(
    `select count(*)::int as n from pg_stat_activity
      where datname = current_database() and wait_event_type = 'Lock' and query like '%SET cron_on%'`,
  );
  return rows[0]!.n;
}

describe('several servers behind nginx', () => {
  it('takes a session made through nginx on every server, and ends it everywhere when it signs out on one', async () => {
    const address = clientAddress();
    const person = await register(nginx(), address);
    for (const s of cluster.servers) {
      expect((await call(s.url, 'GET', '/api/user/profile', { token: person.token, address })).status).toBe(
        200,
      );
    }
    expect(
      (await call(server(0).url, 'POST', '/api/auth/logout', { token: person.token, address })).status,
    ).toBe(204);
    // The very next request, on the other server and through nginx.
    expect(
      (await call(server(1).url, 'GET', '/api/user/profile', { token: person.token, address })).status,
    ).toBe(401);
    expect((await call(nginx(), 'GET', '/api/user/profile', { token: person.token, address })).status).toBe(
      401,
    );
  });

  it('counts the sign-in rate limit and failed sign-ins over every server', async () => {
    // The rate limit (Redis): AUTH_LIMIT requests from one address, half on each server, use it up on both.
    const address = clientAddress();
    for (let i = 0; i < AUTH_LIMIT; i += 1) {
      const reply = await call(server(i % 2).url, 'POST', '/api/auth/register', { address, body: {} });
      expect(reply.status).toBe(400);
    }
    for (const s of cluster.servers) {
      const reply = await call(s.url, 'POST', '/api/auth/register', { address, body: {} });
      expect(reply.status).toBe(429);
      expect(reply.body).toMatchObject({ message: expect.stringMatching(/^Too many requests/) });
    }

    // Failed sign-ins (the database): failures on alternate servers lock the email for that address on all.
    const person = await register(nginx(), clientAddress());
    const guesser = clientAddress();
    for (let i = 0; i < FAILURES_BEFORE_LOCK; i += 1) {
      const reply = await call(server(i % 2).url, 'POST', '/api/auth/login', {
        address: guesser,
        body: { email: person.user.email, password: 'not the password' },
      });
      expect(reply.status).toBe(401);
    }
    const locked = await call(server(FAILURES_BEFORE_LOCK % 2).url, 'POST', '/api/auth/login', {
      address: guesser,
      body: { email: person.user.email, password: PASSWORD },
    });
    expect(locked.status).toBe(429);
    expect(locked.body).toMatchObject({
      message: expect.stringMatching(/^Too many failed sign-in attempts/),
    });
  });

  it('imports a demo bank linked through nginx once: every transaction the bank has, none twice', async () => {
    const { connectionId, expected } = await personWithImportedBank();
    const stored = await storedTransactions(connectionId);
    expect(stored.twice).toEqual([]);
    expect(stored.ids).toEqual(expected);
    const runs = await db.query('select status from history_syncs where connection_id = $1', [connectionId]);
    expect(runs.rows).toEqual([{ status: 'Completed' }]);
  });

  it('works each job sent once exactly once, on one of the servers', async () => {
    const address = clientAddress();
    const person = await register(nginx(), address);
    // Jobs naming runs that do not exist: each worker that takes one finds nothing to claim and ends.
    const boss = new PgBoss({
      connectionString: databaseUrl,
      max: 2,
      schedule: false,
      supervise: false,
      migrate: false,
    });
    const bossErrors: unknown[] = [];
    boss.on('error', (error) => bossErrors.push(error));
    await boss.start();
    const ids: string[] = [];
    try {
      for (let i = 0; i < 20; i += 1) {
        const id = await boss.send('history-sync', {
          userId: person.user.id,
          connectionId: randomUUID(),
          runId: randomUUID(),
        });
        ids.push(id!);
      }
    } finally {
      await boss.stop({ graceful: false });
    }
    await eventually(async () => {
      const { rows } = await db.query<{ n: number }>(
        "select count(*)::int as n from pgboss.job where id = any($1::uuid[]) and state = 'completed'",
        [ids],
      );
      return rows[0]!.n === ids.length;
    }, 'the jobs to complete');
    await readAllOutput(cluster, output);
    const starts = jobStarts(output);
    expect(ids.map((id) => starts.get(id))).toEqual(ids.map(() => 1));
    expect(bossErrors).toEqual([]);
  });

  it('streams server-sent events through nginx as they are written', async () => {
    const address = clientAddress();
    const person = await register(nginx(), address);
    const res = await within(askStreamed(nginx(), person.token, address), 20, 'the answer through nginx');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const events = eventReader(res);
    // The model holds the rest of its answer back: this event comes through while the stream is still open,
    // or (buffered) never.
    expect(await within(events.next(), 20, 'the first event through nginx')).toEqual({
      event: 'text',
      data: { text: HELD_MODEL_WORDS.first },
    });
    model.release();
    const rest = await events.rest();
    expect(rest.at(-1)).toMatchObject({
      event: 'answer',
      data: { response: `${HELD_MODEL_WORDS.first}${HELD_MODEL_WORDS.rest}`, answeredBy: 'model' },
    });
  });

  it('stops a server with SIGTERM under load through nginx: it finishes its requests and its job, none fails', async () => {
    await allServersUp(cluster);
    const { address, person, connectionId, expected } = await personWithImportedBank();

    // A job running on the server to stop (a history sync, held just after that server claimed it), and a
    // request in flight on it (a streamed answer, held open by the model).
    const held = await holdNextHistorySync(person, address, connectionId);
    const stopping = server(held.server);
    const inFlight = eventReader(await askStreamed(stopping.url, person.token, address));
    expect(await inFlight.next()).toEqual({ event: 'text', data: { text: HELD_MODEL_WORDS.first } });

    // Requests through nginx, four at a time, until told to stop.
    const answered: { status: number; upstream: string }[] = [];
    const failures: string[] = [];
    let flowing = true;
    const loops = Array.from({ length: 4 }, async () => {
      while (flowing) {
        try {
          const res = await fetch(`${nginx()}/api/user/profile`, {
            headers: { authorization: `Bearer ${person.token}`, 'x-forwarded-for': address },
          });
          await res.arrayBuffer();
          answered.push({ status: res.status, upstream: res.headers.get('x-upstream') ?? '' });
          if (res.status !== 200) failures.push(`${res.status} from ${res.headers.get('x-upstream')}`);
        } catch (error) {
          failures.push(String(error));
        }
      }
    });
    const more = async (count: number, what: string, where?: (a: { upstream: string }) => boolean) => {
      const from = answered.length;
      await eventually(async () => answered.slice(from).filter(where ?? (() => true)).length >= count, what);
    };
    const stoppingAddress = `127.0.0.1:${stopping.port}`;
    try {
      await more(10, 'requests answered by the server to stop', (a) => a.upstream === stoppingAddress);

      stopping.child.kill('SIGTERM');
      // It stops taking connections at once, while its request in flight goes on.
      await eventually(() => refused(stopping.port), 'the stopping server to close its listener');
      expect(hasExited(stopping)).toBe(false);
      await more(10, 'requests answered after the listener closed');
      // nginx met the closed listener and sent the request on to the other server.
      expect(answered.some((a) => a.upstream.startsWith(`${stoppingAddress}, `))).toBe(true);

      model.release();
      const rest = await inFlight.rest();
      expect(rest.at(-1)).toMatchObject({ event: 'answer', data: { answeredBy: 'model' } });
      // Its requests are done; its job is still held, and the server waits for it.
      expect(hasExited(stopping)).toBe(false);
      await held.release();
      expect(await stopping.exited).toEqual({ code: 0, signal: null });
      await more(10, 'requests answered after the server exited');
    } finally {
      flowing = false;
      await Promise.all(loops);
      await held.end();
    }
    expect(failures).toEqual([]);
    // The job it finished on its way out: the whole history, once.
    await importFinished(person.token, address, connectionId);
    const stored = await storedTransactions(connectionId);
    expect(stored.twice).toEqual([]);
    expect(stored.ids).toEqual(expected);
    console.log(
      `fault: SIGTERM with a streamed answer and a history import in flight, under load → ${answered.length} requests through nginx, none failed; the answer and the import finished, every row once, then the server exited 0`,
    );
    await cluster.startServer(held.server);
  });

  it('finishes on another server the history sync of a server killed midway: nothing twice, nothing missing', async () => {
    await allServersUp(cluster);
    const { address, person, connectionId, expected } = await personWithImportedBank();
    // More than one page, so the run is killed with pages left to read.
    expect(expected.length).toBeGreaterThan(DEMO_SYNC_MAX_COUNT);

    // Where the server dies is made certain with the database's locks, not timing: the sync is held just
    // after a server claimed it, then (a lock on its run's row) just after it stored its first page.
    const held = await holdNextHistorySync(person, address, connectionId);
    const runLock = new pg.Client({ connectionString: databaseUrl });
    await runLock.connect();
    try {
      await runLock.query('begin');
      await runLock.query('select 1 from history_syncs where id = $1 for update', [held.runId]);
      await held.release();
      await eventually(async () => {
        const { rows } = await db.query(
          'select 1 from bank_connections where id = $1 and cursor is not null',
          [connectionId],
        );
        return rows.length > 0 && (await blocksSomeone(runLock));
      }, 'the first page to be stored');

      expect(await cluster.stopServer(held.server, 'SIGKILL')).toEqual({ code: null, signal: 'SIGKILL' });
      const partial = await storedTransactions(connectionId);
      expect(partial.ids.length).toBeGreaterThan(0);
      expect(partial.ids.length).toBeLessThan(expected.length);
      await runLock.query('rollback');

      // Its claim lapses; another server takes the run over from the page after the last one stored.
      await importFinished(person.token, address, connectionId);
      const stored = await storedTransactions(connectionId);
      expect(stored.twice).toEqual([]);
      expect(stored.ids).toEqual(expected);
      const runs = await db.query(
        'select status, claimed_by from history_syncs where connection_id = $1 order by created_at',
        [connectionId],
      );
      expect(runs.rows).toEqual([
        { status: 'Completed', claimed_by: null },
        { status: 'Completed', claimed_by: null },
      ]);
      await cluster.startServer(held.server);
    } finally {
      await runLock.end();
      await held.end();
    }
  });

  it('runs a scheduled job once per tick, with every server keeping the schedule and looking for it', async () => {
    await allServersUp(cluster);
    const schedule = 'login-failures-prune';
    // A sign-in failure long out of the lockout window: the job, when it runs, deletes it.
    const address = clientAddress();
    const [failure] = (
      await db.query<{ id: string }>(
        "insert into login_failures (email, ip, created_at) values ($1, $2, now() - interval '1 day') returning id",
        [`tick-${randomUUID()}@example.com`, address],
      )
    ).rows;
    const [kept] = (
      await db.query<{ cron: string; data: unknown }>(
        'select cron, data from pgboss.schedule where name = $1',
        [schedule],
      )
    ).rows;
    expect(kept).toBeDefined();

    // pg-boss runs a schedule's tick where a server's scheduler, looking (at start, then every 30 s), finds
    // that nobody looked lately on pg-boss's clock row, takes it, and sees the schedule due. With the servers
    // stopped, the row says nobody looked; it is held here while both start again, so both look at once
    // when it is let go.
    await Promise.all(cluster.servers.map((s) => cluster.stopServer(s.index)));
    await db.query('update pgboss.version set cron_on = null');
    const clock = new pg.Client({ connectionString: databaseUrl });
    await clock.connect();
    const tick = randomUUID();
    try {
      await clock.query('begin');
      await clock.query('select 1 from pgboss.version for update');
      await Promise.all(cluster.servers.map((s) => cluster.startServer(s.index)));
      await eventually(
        async () => (await schedulersWaiting()) === cluster.servers.length,
        "every server's scheduler to look for due schedules",
      );
      // The tick: the schedule is due this minute and no other (so a later look finds nothing more due), with
      // this test's mark on its job. Not in a minute's last seconds, so the looks let go still fall in it.
      let now = await databaseMinute(clock);
      while (now.second >= 45) {
        await new Promise((resolve) => setTimeout(resolve, (60 - now.second) * 1000 + 100));
        now = await databaseMinute(clock);
      }
      await clock.query('update pgboss.schedule set cron = $2, data = $3 where name = $1', [
        schedule,
        `${now.minute} ${now.hour} ${now.day} ${now.month} *`,
        { tick },
      ]);
      await clock.query('commit');

      const job = await eventually(async () => {
        const { rows } = await db.query<{ id: string; state: string }>(
          "select id, state from pgboss.job where name = $1 and data @> $2::jsonb and state = 'completed'",
          [schedule, { tick }],
        );
        return rows[0];
      }, 'the scheduled job to run');
      const runs = await db.query<{ id: string }>(
        'select id from pgboss.job where name = $1 and data @> $2::jsonb',
        [schedule, { tick }],
      );
      expect(runs.rows).toEqual([{ id: job.id }]);
      await readAllOutput(cluster, output);
      expect(jobStarts(output).get(job.id)).toBe(1);
      // It did its work.
      expect((await db.query('select 1 from login_failures where id = $1', [failure!.id])).rows).toEqual([]);
    } finally {
      await clock.end();
      await db.query('update pgboss.schedule set cron = $2, data = $3 where name = $1', [
        schedule,
        kept!.cron,
        kept!.data,
      ]);
      await allServersUp(cluster);
    }
  });
});
