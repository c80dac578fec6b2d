import { expect, it } from 'vitest';
import { createTestDatabase } from '../../test/helpers';
import { QUEUES, startQueue } from './queue';

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
