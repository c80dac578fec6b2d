import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { CATEGORY, type ImportResult, type LoginResult } from '@tally/shared';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Cluster,
  dropDatabase,
  freePort,
  startCluster,
  waitForHealth,
} from '../../../scripts/cluster.mjs';
import { serverNodeFlags } from '../../../scripts/server-node-flags.mjs';
import { pgliteOptions } from '../src/db/client';
import { DEMO_INSTITUTIONS } from '../src/providers/bank/demo/catalogue';
import { faultOutcome as outcome } from '../test/faults';
import {
  allServersUp,
  blocksSomeone,
  call,
  clientAddress,
  clusterOutput,
  databaseRelay,
  eventually,
  historySyncOver,
  linkBank,
  privatePostgres,
  REDIS_URL,
  register,
  runDatabaseUrl,
} from './support';

// The fault suite: a server killed (SIGKILL) at a moment made certain with the database's locks, in the middle
// of work a person started; then started again, alone. What the person has afterwards is compared with what
// the same work gives without the fault: nothing twice, nothing missing, nothing half-written. Each case prints
// its outcome. A feature that adds work done in the background or in one long request adds its case here.

/** Short, so the killed server's history sync is taken up again within seconds of its restart. */
const CLAIM_SECONDS = 4;

const databaseUrl = runDatabaseUrl('faults');
let cluster: Cluster;
let db: pg.Pool;
let dataDir: string;
/** The servers reach PostgreSQL through it: a case takes the database away and brings it back. */
let relay: Awaited<ReturnType<typeof databaseRelay>>;
const output = clusterOutput('faults.log');

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tally-faults-'));
  relay = await databaseRelay(databaseUrl);
  cluster = await startCluster({
    servers: 1,
    port: 0,
    databaseUrl,
    redisUrl: REDIS_URL,
    dataDir,
    onLine: output.onLine,
    env: {
      DATABASE_URL: relay.url,
      HISTORY_SYNC_CLAIM_SECONDS: String(CLAIM_SECONDS),
      JOB_POLL_SECONDS: '0.5',
    },
  });
  db = new pg.Pool({ connectionString: databaseUrl, max: 4 });
});

afterAll(async () => {
  await db?.end();
  await cluster?.stop();
  await relay?.close();
  await dropDatabase(databaseUrl);
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

const base = () => cluster.url;

/** Kills the one server with SIGKILL and starts it again; answers once it is up. */
async function killAndRestart() {
  expect(await cluster.stopServer(0, 'SIGKILL')).toEqual({ code: null, signal: 'SIGKILL' });
  await cluster.startServer(0);
}

/** A client of its own holding a lock the server's work will wait for, inside a transaction. */
async function holding(lock: (client: pg.Client) => Promise<unknown>) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  await client.query('begin');
  await lock(client);
  return {
    /** Resolves once some server session waits for the lock; fails saying what the database was doing. */
    awaited: () => explained(eventually(() => blocksSomeone(client), 'the server to wait for the held lock')),
    release: async () => {
      await client.query('rollback').catch(() => {});
      await client.end();
    },
  };
}

/** A statement of `rows` card payments, one a day back from 2026-10-31, as a bank's CSV export writes them. */
function statement(rows: number) {
  const lines = ['Date,Description,Amount'];
  for (let i = 0; i < rows; i += 1) {
    const day = new Date(Date.UTC(2026, 9, 31 - (i % 700)));
    lines.push(
      `${day.toISOString().slice(0, 10)},CARD PAYMENT ${i} COFFEE HOUSE,-${(3 + (i % 40)).toFixed(2)}`,
    );
  }
  return `${lines.join('\n')}\n`;
}

async function storedRows(accountId: string) {
  const { rows } = await db.query<{ n: number; twice: number }>(
    `select count(*)::int as n, count(*)::int - count(distinct description)::int as twice
       from transactions where account_id = $1 and deleted_at is null`,
    [accountId],
  );
  return rows[0]!;
}

describe('a server killed mid-work, then started again', () => {
  it('a file import killed inside its transaction leaves nothing; imported again, every row once', async () => {
    await allServersUp(cluster);
    const address = clientAddress();
    const person: LoginResult = await register(base(), address);
    const account = await call(base(), 'POST', '/api/accounts/manual', {
      token: person.token,
      address,
      body: { name: 'Everyday', type: 0, subtype: 'checking', openingBalance: 0 },
    });
    expect(account.status).toBe(201);
    const accountId = (account.body as { id: string }).id;
    const body = { accountId, content: statement(1_500), fileName: 'statement.csv' };

    // The import locks its account once it has begun: held here, it waits inside its transaction.
    const lock = await holding((c) =>
      c.query('select 1 from bank_accounts where id = $1 for update', [accountId]),
    );
    const killed = call(base(), 'POST', '/api/imports', { token: person.token, address, body }).catch(
      (error: unknown) => ({ status: 0, body: String(error) }),
    );
    try {
      await lock.awaited();
      await killAndRestart();
    } finally {
      await lock.release();
    }
    expect((await killed).status).not.toBe(201);
    expect(await storedRows(accountId)).toEqual({ n: 0, twice: 0 });

    const again = await call(base(), 'POST', '/api/imports', { token: person.token, address, body });
    expect(again.status).toBe(201);
    expect((again.body as ImportResult).imported).toBe(1_500);
    const once = await call(base(), 'POST', '/api/imports', { token: person.token, address, body });
    expect((once.body as ImportResult).duplicates).toBe(1_500);
    expect(await storedRows(accountId)).toEqual({ n: 1_500, twice: 0 });
    outcome(
      'SIGKILL inside a 1,500-row file import',
      'nothing written; the same file imported after the restart stored every row once, and again none',
    );
  });

  it('a bank history import killed under way resumes on the restarted server: every transaction once', async () => {
    await allServersUp(cluster);
    const address = clientAddress();
    const person: LoginResult = await register(base(), address);
    const connectionId = await linkBank(base(), person.token, address, DEMO_INSTITUTIONS[0]!.id);
    expect(await historySyncOver(base(), person.token, address, connectionId)).toBe('Completed');
    // Without the fault: the bank's whole history, each transaction once.
    const oracle = await bankRows(connectionId);
    expect(oracle.length).toBeGreaterThan(1_000);

    // The history read again from the start (as "reset and resync" does); its first wait is the person's
    // linking lock, held here: the server is killed with the run claimed and the history still to read.
    const linking = new pg.Client({ connectionString: databaseUrl });
    await linking.connect();
    const key = `linking:${person.user.id}`;
    try {
      await linking.query('select pg_advisory_lock(hashtextextended($1, 0))', [key]);
      const reset = await call(base(), 'POST', '/api/transactions/reset-and-resync', {
        token: person.token,
        address,
        body: { connectionId },
      });
      expect(reset.status).toBe(200);
      await eventually(async () => {
        const { rows } = await db.query(
          `select 1 from history_syncs where connection_id = $1 and status = 'InProgress' and claimed_by is not null`,
          [connectionId],
        );
        return rows.length > 0 && (await blocksSomeone(linking));
      }, 'the history sync to be claimed and wait for the linking lock');
      const atKill = (await bankRows(connectionId)).length;
      await killAndRestart();
      await linking.query('select pg_advisory_unlock(hashtextextended($1, 0))', [key]);
      const restarted = Date.now();
      expect(await historySyncOver(base(), person.token, address, connectionId)).toBe('Completed');
      const after = await bankRows(connectionId);
      expect(after).toEqual(oracle);
      outcome(
        'SIGKILL with a bank’s history import claimed and under way',
        `${atKill} of ${oracle.length} rows at the kill; the restarted server completed it in ${((Date.now() - restarted) / 1000).toFixed(1)} s: every row once, as without the fault`,
      );
    } finally {
      await linking.end();
    }
  });
});

/** A weekly budget whose unspent groceries roll over, so each period opened carries figures of its own. */
const WEEKLY = {
  name: 'Weekly plan',
  period: 0,
  totalIncome: 1000,
  categories: [
    { category: CATEGORY.Groceries, allocatedAmount: 120, allowRollover: true },
    { category: CATEGORY.DiningOut, allocatedAmount: 80.5 },
  ],
};
const WEEKS_BEHIND = 4;

/**
 * A new person with a weekly budget and a savings goal, moved four weeks into the past as if no server had
 * run since: the budget's period ended four weeks ago, and its leftover is still to be shared.
 */
async function fourWeeksBehind() {
  const address = clientAddress();
  const person = await register(base(), address);
  const auth = { token: person.token, address };
  const budget = await call(base(), 'POST', '/api/budget', { ...auth, body: WEEKLY });
  expect(budget.status).toBe(201);
  const goal = await call(base(), 'POST', '/api/savings/goals', {
    ...auth,
    body: { name: 'Rainy day', targetAmount: 5000, allocationPercentage: 60, targetDate: '2030-06-30' },
  });
  expect(goal.status).toBe(201);
  const days = 7 * WEEKS_BEHIND;
  const userId = person.user.id;
  await db.query(
    `update budgets set anchor_date = anchor_date - $2::int, current_period_end = current_period_end - $2::int
      where user_id = $1`,
    [userId, days],
  );
  await db.query(
    'update budget_periods set start_date = start_date - $2::int, end_date = end_date - $2::int where user_id = $1',
    [userId, days],
  );
  await db.query('update savings_goals set start_date = start_date - $2::int where user_id = $1', [
    userId,
    days,
  ]);
  return { userId, auth, budgetId: (budget.body as { id: string }).id };
}

/** A wait that fails says what the database was doing: every job not yet ended, every session not idle. */
async function explained<T>(waiting: Promise<T>) {
  try {
    return await waiting;
  } catch (error) {
    throw new Error(`${(error as Error).message}\n${await whatTheDatabaseDoes()}`);
  }
}

async function whatTheDatabaseDoes() {
  const jobs = await db.query(
    `select name, state, started_on from pgboss.job where state in ('created', 'retry', 'active') order by name`,
  );
  const sessions = await db.query(
    `select pid, state, wait_event_type, wait_event, pg_blocking_pids(pid) as blocked_by, left(query, 160) as query
       from pg_stat_activity where datname = current_database() and state <> 'idle' and pid <> pg_backend_pid()`,
  );
  return `jobs not ended: ${JSON.stringify(jobs.rows)}\nsessions: ${JSON.stringify(sessions.rows)}`;
}

/**
 * The job as the queue's schedule sends it, with the queue's own settings, once the queue's earlier jobs
 * have ended: the sweeps' queues run one job at a time, so one sent beside a running one waits for it.
 */
async function sendJob(name: string) {
  const earlier = `select 1 from pgboss.job where name = $1 and state in ('created', 'retry', 'active')`;
  await explained(
    eventually(
      async () => (await db.query(earlier, [name])).rows.length === 0,
      `the earlier ${name} jobs to end`,
    ),
  );
  await db.query(
    `insert into pgboss.job (name, data, policy, retry_limit, retry_delay, expire_in)
     select name, '{}'::jsonb, policy, retry_limit, retry_delay, make_interval(secs => expire_seconds)
       from pgboss.queue where name = $1`,
    [name],
  );
}

/** A person's budget periods with each category's figures, as dates and cents. */
async function budgetFigures(userId: string) {
  return (
    await db.query(
      `select p.index, p.start_date::text as start, p.end_date::text as end, p.total_income::text as income,
              c.category, pc.allocated::text as allocated, pc.rolled_over::text as rolled
         from budget_periods p
         join budget_period_categories pc on pc.period_id = p.id
         join budget_categories c on c.id = pc.category_id
        where p.user_id = $1 order by p.index, c.category`,
      [userId],
    )
  ).rows;
}

/** What sharing leftovers wrote for a person: each period's run and each share into a goal. */
async function savingsFigures(userId: string) {
  const runs = await db.query(
    `select p.index, r.leftover::text as leftover, r.allocated::text as allocated
       from savings_period_runs r join budget_periods p on p.id = r.period_id
      where r.user_id = $1 order by p.index`,
    [userId],
  );
  const shares = await db.query(
    `select c.period_start_date::text as start, c.period_end_date::text as end, c.amount::text as amount
       from savings_contributions c where c.user_id = $1 order by c.period_start_date`,
    [userId],
  );
  return { runs: runs.rows, shares: shares.rows };
}

describe('a scheduled job killed mid-run, then the server started again', () => {
  it('a budget roll leaves nothing half-written; the next read opens every period, as without the fault', async () => {
    await allServersUp(cluster);
    // Without the fault: the job opens the oracle's four periods.
    const oracle = await fourWeeksBehind();
    const before = (await budgetFigures(oracle.userId)).length;
    await sendJob('budget-roll');
    await eventually(
      async () => (await budgetFigures(oracle.userId)).length === before * (WEEKS_BEHIND + 1),
      'the budget roll to open the oracle’s periods',
    );
    const expected = await budgetFigures(oracle.userId);

    // The same, with the job's lock on the budget held here: killed while it waits inside its transaction.
    const faulted = await fourWeeksBehind();
    const lock = await holding((c) =>
      c.query('select 1 from budgets where id = $1 for update', [faulted.budgetId]),
    );
    try {
      await sendJob('budget-roll');
      await lock.awaited();
      await killAndRestart();
    } finally {
      await lock.release();
    }
    expect(await budgetFigures(faulted.userId)).toHaveLength(before);
    const read = await call(base(), 'GET', `/api/budget/${faulted.budgetId}`, faulted.auth);
    expect(read.status).toBe(200);
    expect(await budgetFigures(faulted.userId)).toEqual(expected);
    outcome(
      'SIGKILL inside a budget roll',
      `nothing written; the person's next read opened the ${WEEKS_BEHIND} periods, figure for figure as the job did without the fault`,
    );
  });

  it('a savings share leaves nothing half-written; the next read shares every leftover once, as without the fault', async () => {
    await allServersUp(cluster);
    const oracle = await fourWeeksBehind();
    await sendJob('savings-share');
    await eventually(
      async () => (await savingsFigures(oracle.userId)).runs.length > 0,
      'the savings share to share the oracle’s leftover',
    );
    // The person reads their savings: the periods since are opened and their leftovers shared too.
    expect((await call(base(), 'GET', '/api/savings/overview', oracle.auth)).status).toBe(200);
    const expected = await savingsFigures(oracle.userId);
    expect(expected.runs).toHaveLength(WEEKS_BEHIND);
    expect(expected.shares.length).toBeGreaterThan(0);

    // The same, with the person's savings lock held here: killed while the share waits inside its transaction.
    const faulted = await fourWeeksBehind();
    const lock = await holding((c) =>
      c.query('select pg_advisory_xact_lock(hashtextextended($1, 0))', [`savings:${faulted.userId}`]),
    );
    try {
      await sendJob('savings-share');
      await lock.awaited();
      await killAndRestart();
    } finally {
      await lock.release();
    }
    expect(await savingsFigures(faulted.userId)).toEqual({ runs: [], shares: [] });
    expect((await call(base(), 'GET', '/api/savings/overview', faulted.auth)).status).toBe(200);
    expect(await savingsFigures(faulted.userId)).toEqual(expected);
    outcome(
      'SIGKILL inside a savings share',
      `nothing written; the person's next read shared the ${expected.runs.length} ended periods' leftovers (${expected.shares.length} shares) once, as without the fault`,
    );
  });

  it('a notification run leaves nothing half-written; the next read tells the person once, as without the fault', async () => {
    await allServersUp(cluster);
    const oracle = await chargedInTwoDays();
    await sendJob('notifications-scan');
    await eventually(
      async () => (await chargeNotices(oracle.userId)).length > 0,
      'the notification run to tell the oracle of the charge',
    );
    const expected = await chargeNotices(oracle.userId);
    expect(expected).toHaveLength(1);

    // The same, with the notice's row written here and not committed: the run waits on it, and is killed.
    const faulted = await chargedInTwoDays();
    const lock = await holding((c) =>
      c.query(
        `insert into notifications (user_id, kind, key, title, body, link)
         values ($1, 'subscription_due', $2, 'held', 'held', '/subscriptions')`,
        [faulted.userId, faulted.key],
      ),
    );
    try {
      await sendJob('notifications-scan');
      await lock.awaited();
      await killAndRestart();
    } finally {
      await lock.release();
    }
    // The run writes its notices in one statement of its own: the killed server's session, still waiting in
    // PostgreSQL, either writes them whole once the row is let go, or nothing. Never twice.
    const atRestart = (await chargeNotices(faulted.userId)).length;
    expect(atRestart).toBeLessThanOrEqual(1);
    expect((await call(base(), 'GET', '/api/notifications', faulted.auth)).status).toBe(200);
    expect(await chargeNotices(faulted.userId)).toEqual(expected);
    outcome(
      'SIGKILL inside a notification run',
      `${atRestart === 0 ? 'nothing written' : 'its one statement finished whole'}; after the person's next read they were told of the charge once, word for word as the run did without the fault`,
    );
  });
});

/** A new person whose subscription is charged in two days, not yet told (as if the hour's scan were next). */
async function chargedInTwoDays() {
  const address = clientAddress();
  const person = await register(base(), address);
  const auth = { token: person.token, address };
  const inTenDays = new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10);
  const made = await call(base(), 'POST', '/api/subscriptions', {
    ...auth,
    body: { name: 'Streaming', amount: 15.99, nextDueDate: inTenDays },
  });
  expect(made.status).toBe(201);
  const id = (made.body as { id: string }).id;
  const { rows } = await db.query<{ key: string }>(
    `update subscriptions set next_due_date = (now() at time zone 'UTC')::date + 2 where id = $1
     returning 'subscription-due:' || id::text || ':' || next_due_date::text as key`,
    [id],
  );
  return { userId: person.user.id, auth, key: rows[0]!.key };
}

/** What a person was told of charges due. */
async function chargeNotices(userId: string) {
  return (
    await db.query(
      `select kind, title, body from notifications where user_id = $1 and key like 'subscription-due:%'
        order by title`,
      [userId],
    )
  ).rows;
}

describe('PostgreSQL out of reach under traffic', () => {
  it('requests fail at once with 503; once it is back the same server serves reads, writes and jobs again', async () => {
    await allServersUp(cluster);
    const address = clientAddress();
    const person: LoginResult = await register(base(), address);
    const auth = { token: person.token, address };
    expect((await call(base(), 'GET', '/api/plaid/accounts', auth)).status).toBe(200);
    const pid = cluster.servers[0]!.pid;

    await relay.cut();
    let cutOver = false;
    try {
      // Traffic while it is away: reads, a write, the health check, side by side.
      const began = Date.now();
      const answers = await Promise.all([
        ...Array.from({ length: 8 }, () => call(base(), 'GET', '/api/plaid/accounts', auth)),
        ...Array.from({ length: 4 }, () => call(base(), 'GET', '/api/transactions', auth)),
        call(base(), 'POST', '/api/accounts/manual', {
          ...auth,
          body: { name: 'While away', type: 0, subtype: 'checking', openingBalance: 0 },
        }),
        call(base(), 'GET', '/api/health', { address }),
      ]);
      const waited = Date.now() - began;
      for (const answer of answers) {
        expect(answer.status).toBe(503);
        expect(answer.headers.get('retry-after')).toBe('5');
      }
      expect(answers[0]!.body).toMatchObject({ code: 'DATABASE_UNAVAILABLE' });
      // Fast: within the pool's wait for a connection, not the network's time limits (a generous bound).
      expect(waited).toBeLessThan(15_000);

      await relay.restore();
      cutOver = true;
      const back = Date.now();
      await eventually(
        async () => (await call(base(), 'GET', '/api/plaid/accounts', auth)).status === 200,
        'the server to reach PostgreSQL again',
      );
      const recovered = Date.now() - back;
      expect(cluster.servers[0]!.pid).toBe(pid);
      // Nothing half-written while it was away, and writes work again.
      const { rows } = await db.query(
        `select 1 from bank_accounts where user_id = $1 and name = 'While away'`,
        [person.user.id],
      );
      expect(rows).toHaveLength(0);
      const created = await call(base(), 'POST', '/api/accounts/manual', {
        ...auth,
        body: { name: 'After', type: 0, subtype: 'checking', openingBalance: 0 },
      });
      expect(created.status).toBe(201);
      // The job queue too: a bank's history import runs to its end.
      const connectionId = await linkBank(base(), person.token, address, DEMO_INSTITUTIONS[0]!.id);
      expect(await historySyncOver(base(), person.token, address, connectionId)).toBe('Completed');
      outcome(
        'PostgreSQL out of reach under traffic',
        `${answers.length} requests answered 503 (Retry-After 5) within ${waited} ms; served again ${recovered} ms after it came back, by the same process; a bank import then ran to its end`,
      );
    } finally {
      if (!cutOver) await relay.restore();
    }
  });
});

describe('PostgreSQL restarted under traffic', () => {
  it('requests answer 503 while it is down, never 500; the same server then serves again, and its jobs run', async () => {
    // A PostgreSQL of this case's own, restarted for real: every session ended, the server down, then up.
    const postgres = await privatePostgres();
    const ownDataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tally-faults-restart-'));
    let own: Cluster | undefined;
    try {
      own = await startCluster({
        servers: 1,
        port: 0,
        databaseUrl: postgres.url,
        redisUrl: REDIS_URL,
        dataDir: ownDataDir,
        onLine: output.onLine,
        env: { JOB_POLL_SECONDS: '0.5' },
      });
      const { url } = own;
      const address = clientAddress();
      const person: LoginResult = await register(url, address);
      const auth = { token: person.token, address };
      const pid = own.servers[0]!.pid;
      const account = await call(url, 'POST', '/api/accounts/manual', {
        ...auth,
        body: { name: 'Cash', type: 0, subtype: 'checking', openingBalance: 0 },
      });
      const accountId = (account.body as { id: string }).id;

      // Reads and writes, four at a time, until told to stop; every answer's status counted.
      const answers = new Map<number, number>();
      let traffic = true;
      let written = 0;
      const retryAfter = new Set<string | null>();
      const client = async (n: number) => {
        for (let i = 0; traffic; i += 1) {
          const write = i % 4 === 0;
          const res = write
            ? await call(url, 'POST', '/api/transactions/manual', {
                ...auth,
                body: {
                  accountId,
                  date: '2026-11-20',
                  description: `Traffic ${n}-${i}`,
                  amount: -1,
                  category: CATEGORY.Groceries,
                },
              })
            : await call(url, 'GET', '/api/transactions', auth);
          answers.set(res.status, (answers.get(res.status) ?? 0) + 1);
          if (res.status === 503) retryAfter.add(res.headers.get('retry-after'));
          if (write && res.status === 201) written += 1;
        }
      };
      const clients = [0, 1, 2, 3].map(client);
      await eventually(async () => (answers.get(200) ?? 0) > 20, 'traffic before the restart');
      const began = Date.now();
      await postgres.restart();
      const restartedIn = Date.now() - began;
      await eventually(async () => {
        const res = await call(url, 'GET', '/api/plaid/accounts', auth);
        return res.status === 200;
      }, 'the server to serve again');
      const servedAgainIn = Date.now() - began;
      const after = answers.get(200) ?? 0;
      await eventually(async () => (answers.get(200) ?? 0) > after + 20, 'traffic after the restart');
      traffic = false;
      await Promise.all(clients);

      expect([...answers.keys()].filter((status) => ![200, 201, 503].includes(status))).toEqual([]);
      // Requests met it down (four clients without a pause, and a restart takes a few hundred ms).
      expect(answers.get(503)).toBeGreaterThan(0);
      expect([...retryAfter]).toEqual(['5']);
      expect(own.servers[0]!.pid).toBe(pid);
      // Every write answered 201 is there, once; one answered 503 may have been written or not, never half.
      const db = new pg.Client({ connectionString: postgres.url });
      await db.connect();
      const { rows } = await db.query<{ description: string; times: number }>(
        `select description, count(*)::int as times from transactions
          where user_id = $1 and description like 'Traffic %' group by description`,
        [person.user.id],
      );
      await db.end();
      expect(rows.filter((r) => r.times > 1)).toEqual([]);
      expect(rows.length).toBeGreaterThanOrEqual(written);
      expect(rows.length).toBeLessThanOrEqual(written + (answers.get(503) ?? 0));
      // Its job queue too: a bank's history import runs to its end.
      const connectionId = await linkBank(url, person.token, address, DEMO_INSTITUTIONS[0]!.id);
      expect(await historySyncOver(url, person.token, address, connectionId)).toBe('Completed');
      outcome(
        'PostgreSQL restarted under traffic (pg_ctl restart -m fast)',
        `restarted in ${restartedIn} ms; answers ${JSON.stringify(Object.fromEntries(answers))}, none 500; served again ${servedAgainIn} ms after the restart began, by the same process; ${written} transactions written, each there once; a bank import then ran to its end`,
      );
    } finally {
      try {
        await own?.stop();
      } finally {
        await postgres.stop();
        fs.rmSync(ownDataDir, { recursive: true, force: true });
      }
    }
  });
});

/**
 * The built server on an embedded database (the default: no DATABASE_URL), in a directory of its own, as
 * `npm start` runs it; start() resolves once it answers.
 */
function embeddedServer(dataDir: string, port: number) {
  let exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }> | undefined;
  let child: ReturnType<typeof spawn> | undefined;
  return {
    url: `http://127.0.0.1:${port}`,
    start: async () => {
      child = spawn(
        process.execPath,
        [...serverNodeFlags(), path.resolve(import.meta.dirname, '../dist/server.js')],
        {
          env: {
            PATH: process.env.PATH ?? '',
            NODE_ENV: 'production',
            HOST: '127.0.0.1',
            PORT: String(port),
            DATA_DIR: dataDir,
            JOB_POLL_SECONDS: '0.5',
          },
          stdio: ['ignore', 'pipe', 'pipe'],
        },
      );
      for (const stream of [child.stdout, child.stderr])
        stream?.on('data', (chunk: Buffer) => {
          for (const line of chunk.toString().split('\n')) if (line) output.onLine('embedded', line);
        });
      exited = new Promise((resolve) => child?.once('exit', (code, signal) => resolve({ code, signal })));
      await waitForHealth(`http://127.0.0.1:${port}`, { exited, name: 'the embedded server' });
    },
    stop: async (signal: NodeJS.Signals) => {
      child?.kill(signal);
      return exited;
    },
  };
}

describe('the embedded database (PGlite): a server killed mid-work, then started again', () => {
  it('a bank history import cut off by SIGKILL goes on as soon as the server is back: every row once', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tally-faults-embedded-'));
    const server = embeddedServer(dir, await freePort());
    try {
      await server.start();
      const base = server.url;
      const address = clientAddress();
      const institution = DEMO_INSTITUTIONS[0]!.id;
      // Without the fault: the bank's two years, read to the end.
      const oracle = await register(base, address);
      const oracleConnection = await linkBank(base, oracle.token, address, institution);
      expect(await historySyncOver(base, oracle.token, address, oracleConnection)).toBe('Completed');

      // The same bank for someone else, and the server killed once a worker has claimed its history and is
      // reading it (the claim would hold the run for two minutes). Should the history be read whole before
      // that is seen, another person links it.
      let person: LoginResult | undefined;
      let connectionId = '';
      let progress: Awaited<ReturnType<typeof call>> | undefined;
      for (let attempt = 0; attempt < 3 && !progress; attempt += 1) {
        person = await register(base, address);
        const token = person.token;
        connectionId = await linkBank(base, token, address, institution);
        progress = await eventually(async () => {
          const reply = await call(base, 'GET', `/api/plaid/connections/${connectionId}/import-progress`, {
            token,
            address,
          });
          const { status } = reply.body as { status: string };
          return status === 'InProgress' ? reply : status === 'Completed' ? null : undefined;
        }, 'the history sync to be under way').then((reply) => reply ?? undefined);
      }
      if (!person || !progress) throw new Error('every history was read before the server could be killed');
      expect(await server.stop('SIGKILL')).toEqual({ code: null, signal: 'SIGKILL' });
      const atKill = progress.body as { status: string; processed?: number };
      const restarted = Date.now();
      await server.start();
      // Well inside a claim's two minutes: the run is not waiting for the dead process's claim to lapse.
      expect(await historySyncOver(base, person.token, address, connectionId)).toBe('Completed');
      const tookMs = Date.now() - restarted;
      expect(tookMs).toBeLessThan(60_000);
      expect(await server.stop('SIGTERM')).toEqual({ code: 0, signal: null });

      const stored = new PGlite(path.join(dir, 'pgdata'), pgliteOptions);
      try {
        const count = async (userId: string) =>
          (
            await stored.query<{ n: number; ids: number }>(
              `select count(*)::int as n, count(distinct provider_transaction_id)::int as ids
                 from transactions where user_id = $1 and deleted_at is null`,
              [userId],
            )
          ).rows[0]!;
        const expected = await count(oracle.user.id);
        expect(expected.n).toBeGreaterThan(1_000);
        expect(await count(person.user.id)).toEqual(expected);
        outcome(
          'SIGKILL on the embedded database with a bank’s history import under way',
          `${atKill.status} at the kill; the server completed it within ${(tookMs / 1000).toFixed(1)} s of starting again: ${expected.n} rows, each once, as without the fault`,
        );
      } finally {
        await stored.close();
      }
    } finally {
      await server.stop('SIGKILL').catch(() => {});
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

/** The connection's live transactions as stored, by provider id (sorted; one stored twice shows twice). */
async function bankRows(connectionId: string) {
  const { rows } = await db.query<{ id: string }>(
    `select t.provider_transaction_id as id from transactions t join bank_accounts a on a.id = t.account_id
      where a.connection_id = $1 and t.deleted_at is null order by 1`,
    [connectionId],
  );
  return rows.map((r) => r.id);
}
