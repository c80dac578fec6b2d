import { expect, it } from 'vitest';
import { createTestDatabase } from '../../test/helpers';
import { QUEUES, requeueJobsOfEndedProcess, startQueue } from './queue';

it('brings queues made by an earlier version up to their settings at every start', async () => {
  const database = await createTestDatabase();
  try {
    await (await startQueue(database)).stop();
    // As an earlier version left them: every job taken for lost only after 15 minutes.
    await database.query('update pgboss.queue set expire_seconds = 900');
    await (await startQueue(database)).stop();
    const rows = await database.query<{ name: string; expire_seconds: number }>(
      'select name, expire_seconds from pgboss.queue where name = any($1) order by name',
      [QUEUES.map((q) => q.name)],
    );
    expect(rows).toEqual(
      QUEUES.map((q) => ({ name: q.name, expire_seconds: q.expireInSeconds })).sort((a, b) =>
        a.name.localeCompare(b.name),
      ),
    );
    // A sweep killed mid-run holds its queue back for minutes, not a quarter of an hour.
    expect(rows.find((r) => r.name === 'budget-roll')?.expire_seconds).toBeLessThanOrEqual(300);
  } finally {
    await database.close();
  }
});

it('gives the jobs an ended process held back to the queue at once, but none past its tries or beside a waiting twin', async () => {
  const database = await createTestDatabase();
  try {
    await (await startQueue(database)).stop();
    const job = (name: string, state: string, key: string | null, retryCount = 0) =>
      database.query<{ id: string }>(
        `insert into pgboss.job (name, data, state, singleton_key, policy, retry_count, retry_limit, started_on)
         select $1, '{}'::jsonb, $2::pgboss.job_state, $3, policy, $4, 3, now() from pgboss.queue where name = $1
         returning id`,
        [name, state, key, retryCount],
      );
    const [roll] = await job('budget-roll', 'active', null);
    const [worn] = await job('bank-sync', 'active', 'connection-1', 3);
    const [twin] = await job('notifications-deliver', 'active', 'person-1');
    await job('notifications-deliver', 'retry', 'person-1');

    expect(await requeueJobsOfEndedProcess(database)).toBe(1);
    const states = async () =>
      Object.fromEntries(
        (await database.query<{ id: string; state: string }>('select id, state from pgboss.job')).map((r) => [
          r.id,
          r.state,
        ]),
      );
    expect(await states()).toMatchObject({ [roll!.id]: 'retry', [worn!.id]: 'failed', [twin!.id]: 'failed' });
    // Nothing active is left to give back the next time.
    expect(await requeueJobsOfEndedProcess(database)).toBe(0);
  } finally {
    await database.close();
  }
});
