import { randomUUID } from 'node:crypto';
import os from 'node:os';
import type { FastifyBaseLogger } from 'fastify';
import PgBoss from 'pg-boss';
import type { Database } from '../db/client';
import type { JobHandler, JobQueue } from '../lib/job-queue';
import { standaloneLogger } from '../lib/logger';

/**
 * How long a job may stay active before the queue takes it for lost (its process killed) and runs it
 * again: a killed job of a singleton or stately queue holds back that queue (or that person's deliveries)
 * until then, and the queue looks every two minutes. Short for the sweeps and deliveries, which take
 * seconds and are safe to run twice; long for a bank's history and for a backup of a large database.
 */
const SHORT_JOB_SECONDS = 300;
const LONG_JOB_SECONDS = 900;
const BACKUP_JOB_SECONDS = 3_600;

/**
 * history-sync: one job per history sync (a connection's history from the bank, shown in the progress banner),
 * never merged.
 * bank-sync: catch-ups (webhook or schedule); 'stately' keeps at most one waiting and one running per connection.
 * bank-refresh: the scheduled sweep that queues bank-sync for connections not synced lately.
 * login-failures-prune: the scheduled delete of sign-in failures older than the lockout window.
 * budget-roll: the scheduled opening of budget periods that are due.
 * savings-share: the scheduled sharing of ended budget periods' leftovers into savings goals.
 * notifications-deliver: a person's new notifications out by push and email; 'stately' and keyed by person.
 * notifications-scan: the scheduled look for time-based notifications (budget levels, bills due, trials).
 * onboarding-prepare: Premium's first budget and subscriptions, prepared after a first import; keyed by person.
 * backup: the scheduled backup of the embedded database (BACKUP_SCHEDULE).
 */
export const QUEUES = [
  { name: 'history-sync', policy: 'standard', expireInSeconds: LONG_JOB_SECONDS },
  { name: 'bank-sync', policy: 'stately', expireInSeconds: LONG_JOB_SECONDS },
  { name: 'bank-refresh', policy: 'singleton', expireInSeconds: SHORT_JOB_SECONDS },
  { name: 'login-failures-prune', policy: 'singleton', expireInSeconds: SHORT_JOB_SECONDS },
  { name: 'budget-roll', policy: 'singleton', expireInSeconds: SHORT_JOB_SECONDS },
  { name: 'savings-share', policy: 'singleton', expireInSeconds: SHORT_JOB_SECONDS },
  { name: 'notifications-deliver', policy: 'stately', expireInSeconds: SHORT_JOB_SECONDS },
  { name: 'notifications-scan', policy: 'singleton', expireInSeconds: SHORT_JOB_SECONDS },
  { name: 'onboarding-prepare', policy: 'stately', expireInSeconds: SHORT_JOB_SECONDS },
  { name: 'backup', policy: 'singleton', expireInSeconds: BACKUP_JOB_SECONDS },
] as const;

/**
 * Queues no longer used: each is deleted, with any job still in it, at every start (deleteRetiredQueue; a
 * queue already gone is left be, so every start and several servers at once may run it).
 *
 * bank-import: the history-sync queue's old name. A job waiting there would never be worked now, and none
 * needs to be: a job only names its run (a history_syncs row; the table was renamed with its rows), and the
 * run keeps all its work needs. When the bank worker starts (startBankSyncWorker →
 * resumeUnfinishedHistorySyncs), and hourly after, every open run that no live process holds and no
 * history-sync job waits for is queued again on history-sync: every run an old job would still have worked.
 * A run an old server was working when it stopped is taken over the same way once its claim lapses: each
 * server also looks for those as often as a claim lasts (HISTORY_SYNC_CLAIM_SECONDS).
 */
export const RETIRED_QUEUES = ['bank-import'] as const;

/** How long stopping waits for running jobs. */
const STOP_TIMEOUT_MS = 10_000;

/**
 * pg-boss talks to our database through one adapter, so it runs the same on PGlite and PostgreSQL. Once
 * the queue has stopped, the adapter sends nothing and answers never: a job still running when it stopped
 * (or fetched as it stopped) cannot record its end in a database that is closing, and pg-boss does not
 * wait for that write (a refused one would be an unhandled rejection). A write sent just before it stopped
 * and refused as the database closes is not answered either. The job stays active until it
 * expires, then runs again.
 */
function pgBossFor(database: Database, stopped: () => boolean) {
  return new PgBoss({
    db: {
      // pg-boss sends multi-statement SQL (its schema) without values; those must go through exec.
      executeSql: async (text: string, values: unknown[]) => {
        if (stopped()) return new Promise<never>(() => {});
        try {
          return values?.length
            ? { rows: await database.query(text, values) }
            : { rows: await database.exec(text) };
        } catch (error) {
          // Sent just before the queue stopped, refused as the database closed: never answered either.
          if (stopped()) return new Promise<never>(() => {});
          throw error;
        }
      },
    },
    schedule: true,
    supervise: true,
    maintenanceIntervalSeconds: 120,
  });
}

/**
 * Deletes a retired queue with its jobs, if it is still there. pg-boss 10 refuses to delete a queue that
 * holds jobs (of any state), so they go first; its archived jobs age out like any other. A failure never
 * stops the start: when two servers start at once, the second finds the queue gone mid-delete (done), and
 * should a server still on the old code send to it meanwhile, the next start tries again.
 */
async function deleteRetiredQueue(boss: PgBoss, database: Database, name: string, log: FastifyBaseLogger) {
  try {
    await database.query('delete from pgboss.job where name = $1', [name]);
    await boss.deleteQueue(name);
  } catch (error) {
    if (await boss.getQueue(name)) log.warn({ err: error, queue: name }, 'retired job queue not deleted yet');
  }
}

/**
 * Jobs that were running when the process working them ended (killed, or cut off as it stopped) go back to
 * the queue now, to run again at once, instead of when their time runs out (expireInSeconds). Only for a
 * database no other process can be working in: the embedded one, as its one process starts.
 *
 * A job that has had all its tries (one that ends the process itself would otherwise run at every start),
 * and one whose person or connection already has a job waiting to try again (a stately queue keeps one),
 * is ended as failed instead. Answers how many go back.
 */
export async function requeueJobsOfEndedProcess(database: Database) {
  const [queue] = await database.query<{ exists: boolean }>(
    "select to_regclass('pgboss.job') is not null as exists",
  );
  if (!queue?.exists) return 0;
  await database.query(
    `update pgboss.job j set state = 'failed', completed_on = now(),
            output = '{"message": "cut off when the app stopped"}'::jsonb
      where j.state = 'active'
        and (j.retry_count >= j.retry_limit
             or (j.policy = 'stately' and exists (
                   select 1 from pgboss.job w where w.name = j.name and w.state = 'retry'
                      and coalesce(w.singleton_key, '') = coalesce(j.singleton_key, ''))))`,
  );
  const rows = await database.query(
    `update pgboss.job set state = 'retry', start_after = now() where state = 'active' returning id`,
  );
  return rows.length;
}

/** log: the app's logger; callers without an app (bench, test setup) get one at the info level. */
export async function startQueue(
  database: Database,
  options: { pollingIntervalSeconds?: number; log?: FastifyBaseLogger } = {},
): Promise<JobQueue> {
  const pollingIntervalSeconds = options.pollingIntervalSeconds ?? 1;
  // Set once stopping is over: from then on the database may be closed.
  let drained = false;
  const boss = pgBossFor(database, () => drained);
  const log = options.log ?? standaloneLogger();
  boss.on('error', (error) => log.error({ err: error }, 'job queue error'));
  // One server at a time: pg-boss creating its schema, or the same queue, from two servers at once fails
  // one of them (a duplicate in PostgreSQL's catalog, a deadlock).
  await database.exclusive('tally:job-queue', async () => {
    await boss.start();
    for (const { name, policy, expireInSeconds } of QUEUES) {
      const options = { name, policy, retryLimit: 3, retryDelay: 5, expireInSeconds };
      await boss.createQueue(name, options);
      // A queue made by an earlier version keeps its settings: brought up to these ones.
      await boss.updateQueue(name, options);
    }
    for (const name of RETIRED_QUEUES) await deleteRetiredQueue(boss, database, name, log);
  });
  let stopped = false;
  const owner = `${os.hostname()}:${process.pid}:${randomUUID()}`;
  // Handlers running now: stopping waits for them, so none is cut off by the database closing under it.
  const running = new Set<Promise<void>>();
  return {
    send: async (name, data, opts) => {
      await boss.send(name, data, {
        singletonKey: opts?.singletonKey,
        retryLimit: 3,
        retryDelay: 5,
        retryBackoff: true,
      });
    },
    owner,
    work: async <T extends object>(name: string, handler: JobHandler<T>, opts?: { workers?: number }) => {
      // pg-boss 10 has no local concurrency setting: each work() call is one worker fetching one job at a
      // time (SKIP LOCKED), so N calls run up to N jobs of the queue at once. Batches are not used for that:
      // a batch fails or completes as a whole.
      for (let i = 0; i < (opts?.workers ?? 1); i += 1) {
        await boss.work<T>(
          name,
          { pollingIntervalSeconds, batchSize: 1, includeMetadata: true },
          async (jobs) => {
            for (const job of jobs) {
              // Which process works which job: at debug level, so a cluster's logs show each job worked once.
              log.debug({ queue: name, jobId: job.id, owner }, 'job started');
              const run = handler(job.data, { isLastAttempt: job.retryCount >= job.retryLimit });
              running.add(run);
              try {
                await run;
              } finally {
                running.delete(run);
              }
            }
          },
        );
      }
    },
    isWaiting: async (name, match, opts) => {
      const states = opts?.orActive ? "'created', 'retry', 'active'" : "'created', 'retry'";
      const rows = await database.query(
        `select 1 from pgboss.job where name = $1 and data @> $2::jsonb and state in (${states}) limit 1`,
        [name, JSON.stringify(match)],
      );
      return rows.length > 0;
    },
    deleteJobsOf: async (match) => {
      const data = JSON.stringify(match);
      await database.query('delete from pgboss.job where data @> $1::jsonb', [data]);
      await database.query('delete from pgboss.archive where data @> $1::jsonb', [data]);
    },
    schedule: async (name, cron) => {
      await boss.schedule(name, cron, {}, { tz: 'UTC' });
    },
    unschedule: async (name) => {
      await boss.unschedule(name);
    },
    stop: async () => {
      if (stopped) return;
      stopped = true;
      const started = Date.now();
      await boss.stop({ graceful: true, wait: true, timeout: STOP_TIMEOUT_MS });
      // pg-boss stops waiting after the timeout and marks what is still running as failed (to run again):
      // those handlers still get until the timeout to end before the database closes.
      const left = STOP_TIMEOUT_MS - (Date.now() - started);
      if (running.size > 0 && left > 0) {
        await Promise.race([
          Promise.allSettled(running),
          new Promise((resolve) => setTimeout(resolve, left)),
        ]);
      }
      if (running.size > 0) log.warn({ jobs: running.size }, 'job queue stopped with jobs still running');
      drained = true;
    },
  };
}
