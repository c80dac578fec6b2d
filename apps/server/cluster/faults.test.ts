import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ImportResult, LoginResult } from '@tally/shared';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Cluster, dropDatabase, startCluster } from '../../../scripts/cluster.mjs';
import { DEMO_INSTITUTIONS } from '../src/providers/bank/demo/catalogue';
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

/** One line per case, as the suite's record of what each fault did. */
function outcome(fault: string, result: string) {
  console.log(`fault: ${fault} → ${result}`);
}

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
    /** Resolves once some server session waits for the lock. */
    awaited: () => eventually(() => blocksSomeone(client), 'the server to wait for the held lock'),
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

/** The connection's live transactions as stored, by provider id (sorted; one stored twice shows twice). */
async function bankRows(connectionId: string) {
  const { rows } = await db.query<{ id: string }>(
    `select t.provider_transaction_id as id from transactions t join bank_accounts a on a.id = t.account_id
      where a.connection_id = $1 and t.deleted_at is null order by 1`,
    [connectionId],
  );
  return rows.map((r) => r.id);
}
