import { errorBody, type LoginResult } from '@tally/shared';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countOwned, type Person, seedPerson, startHarness } from '../../../test/harness';
import { bearer, expectJson, signUp } from '../../../test/helpers';
import { DEFAULT_DATABASE_POOL_SIZE } from '../../config';
import { EXPORT_FORMAT, EXPORT_VERSION, exportZip, LEFT_OUT } from './export';
import { exportsAtOnce } from './export.routes';

let harness: Awaited<ReturnType<typeof startHarness>>;
let alice: Person;
let bob: Person;

beforeAll(async () => {
  harness = await startHarness();
  alice = await seedPerson(harness.app, harness.fake, 'ALICEXPQ');
  bob = await seedPerson(harness.app, harness.fake, 'BOBXPQ');
});
afterAll(() => harness?.close());

const exportOf = (person: Person) =>
  harness.app.inject({ method: 'GET', url: '/api/user/export', headers: bearer(person.auth) });

/** The ZIP's files as text. */
function filesOf(body: Buffer): Record<string, string> {
  const files = unzipSync(new Uint8Array(body));
  return Object.fromEntries(
    Object.entries(files).map(([name, bytes]) => [name, Buffer.from(bytes).toString('utf8')]),
  );
}

type Manifest = {
  format: string;
  version: number;
  person: { id: string; email: string };
  tables: Array<{ name: string; rows: number; columns: string[] }>;
  leftOut: Record<string, string>;
};

describe('GET /api/user/export', () => {
  it("is every row the person owns, as JSON and CSV, with a manifest; nobody else's, and no secret", async () => {
    // A note a spreadsheet would run as a formula.
    const res = await exportOf(alice);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="tally-export-\d{4}-\d{2}-\d{2}\.zip"$/,
    );
    const files = filesOf(res.rawPayload);
    const manifest = JSON.parse(files['manifest.json'] ?? '{}') as Manifest;
    expect(manifest).toMatchObject({
      format: EXPORT_FORMAT,
      version: EXPORT_VERSION,
      person: { id: alice.auth.user.id, email: alice.auth.user.email },
    });

    // Every table the person owns rows in is exported, or left out by name with a reason.
    const owned = await countOwned(harness.app, alice.auth.user.id);
    const exported = Object.fromEntries(manifest.tables.map((t) => [t.name, t.rows]));
    const expected = Object.fromEntries(
      Object.entries({ ...owned, users: 1 }).filter(([name]) => !(name in LEFT_OUT)),
    );
    expect(exported).toEqual(expected);
    for (const name of Object.keys(LEFT_OUT))
      expect(owned, `${name} is a table the person owns`).toHaveProperty(name);
    expect(Object.values(exported).filter((n) => n > 0).length).toBeGreaterThan(15);

    for (const table of manifest.tables) {
      const rows = JSON.parse(files[`data/${table.name}.json`] ?? 'null') as Array<Record<string, unknown>>;
      expect(rows, table.name).toHaveLength(table.rows);
      for (const row of rows) expect(Object.keys(row)).toEqual(table.columns);
      const csv = files[`csv/${table.name}.csv`] ?? '';
      expect(csv.split('\n')[0]).toBe(table.columns.join(','));
    }
    const transactions = JSON.parse(files['data/transactions.json'] ?? '[]') as Array<{
      amount: unknown;
      user_id: string;
    }>;
    expect(transactions.every((t) => Number.isInteger(t.amount) && t.user_id === alice.auth.user.id)).toBe(
      true,
    );

    // Nothing of Bob's, no password hash, no bank token (sealed or not).
    const everything = Object.values(files).join('\n');
    expect(everything).toContain('ALICEXPQ');
    expect(everything).not.toContain('BOBXPQ');
    expect(everything).not.toContain(bob.auth.user.id);
    const [secrets] = await harness.app.database.query<{ hash: string; sealed: string }>(
      `select u.password_hash as hash, c.access_token_encrypted as sealed
         from users u join bank_connections c on c.user_id = u.id where u.id = $1`,
      [alice.auth.user.id],
    );
    expect(secrets?.hash).toBeTruthy();
    expect(everything).not.toContain(secrets?.hash);
    expect(everything).not.toContain(secrets?.sealed);
    expect(Object.keys(JSON.parse(files['data/users.json'] ?? '[]')[0])).not.toContain('password_hash');
    expect(Object.keys(JSON.parse(files['data/bank_connections.json'] ?? '[]')[0])).not.toContain(
      'access_token_encrypted',
    );
  });

  it('opens formula-like text as text in a spreadsheet', async () => {
    const [first] = await harness.app.database.query<{ id: string }>(
      'select id from transactions where user_id = $1 and deleted_at is null limit 1',
      [alice.auth.user.id],
    );
    const note = await harness.app.inject({
      method: 'PUT',
      url: `/api/transactions/${first?.id}/note`,
      headers: bearer(alice.auth),
      payload: { note: '=HYPERLINK("http://evil.test","Refund")' },
    });
    expect(note.statusCode).toBe(200);
    const files = filesOf((await exportOf(alice)).rawPayload);
    expect(files['csv/transactions.csv']).toContain(`"'=HYPERLINK(""http://evil.test"",""Refund"")"`);
    expect(files['data/transactions.json']).toContain(
      '"note":"=HYPERLINK(\\"http://evil.test\\",\\"Refund\\")"',
    );
  });

  it('pages through long tables whole, each row once, in id order', async () => {
    const zip = exportZip(harness.app.database, alice.auth.user, new Date(), { pageSize: 5 });
    const chunks: Buffer[] = [];
    for await (const chunk of zip) chunks.push(chunk as Buffer);
    const files = filesOf(Buffer.concat(chunks));
    const owned = await countOwned(harness.app, alice.auth.user.id);
    const ids = (JSON.parse(files['data/transactions.json'] ?? '[]') as Array<{ id: string }>).map(
      (t) => t.id,
    );
    expect(owned.transactions).toBeGreaterThan(5 * 3);
    expect(ids).toHaveLength(owned.transactions ?? 0);
    expect(new Set(ids).size).toBe(ids.length);
    expect(files['csv/transactions.csv']?.trim().split('\n')).toHaveLength(ids.length + 1);
  });

  // PGlite runs one statement at a time: a snapshot there would hold every other request for the export's length.
  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'is one snapshot: what is written while the ZIP goes out is in none of its files',
    async () => {
      const { database } = harness.app;
      const before = await countOwned(harness.app, alice.auth.user.id);
      const zip = exportZip(database, alice.auth.user, new Date(), { pageSize: 5 });
      const chunks: Buffer[] = [];
      const reading = zip[Symbol.asyncIterator]();
      const first = await reading.next();
      chunks.push(first.value as Buffer);
      // The export's snapshot is taken (a session of this database holds one), then Alice adds an account
      // with a transaction in it, as a link or a sync would.
      await expect
        .poll(async () => {
          const [row] = await database.query<{ n: number }>(
            `select count(*)::int as n from pg_stat_activity
              where datname = current_database() and pid <> pg_backend_pid() and backend_xmin is not null`,
          );
          return row?.n;
        })
        .toBeGreaterThan(0);
      const account = await harness.app.inject({
        method: 'POST',
        url: '/api/accounts/manual',
        headers: bearer(alice.auth),
        payload: { name: 'Opened mid-export', type: 0, subtype: 'checking', openingBalance: 12.5 },
      });
      expect(account.statusCode).toBe(201);
      for (let next = await reading.next(); !next.done; next = await reading.next())
        chunks.push(next.value as Buffer);

      const files = filesOf(Buffer.concat(chunks));
      const manifest = JSON.parse(files['manifest.json'] ?? '{}') as Manifest;
      const exported = Object.fromEntries(manifest.tables.map((t) => [t.name, t.rows]));
      expect(exported.bank_accounts).toBe(before.bank_accounts);
      expect(exported.transactions).toBe(before.transactions ?? 0);
      expect(files['data/bank_accounts.json']).not.toContain('Opened mid-export');
      expect(files['csv/bank_accounts.csv']).not.toContain('Opened mid-export');
      expect(await countOwned(harness.app, alice.auth.user.id)).not.toEqual(before);
    },
  );

  it('prepares one export a person at a time, and a few at once per server', async () => {
    const { database } = harness.app;
    // Each export waits here, before its first read, until the gate opens: it holds its place meanwhile.
    let open!: () => void;
    const gate = new Promise<void>((resolve) => {
      open = resolve;
    });
    const snapshot = database.snapshot;
    let waiting = 0;
    database.snapshot = (work) => {
      waiting += 1;
      return gate.then(() => snapshot(work));
    };
    const people = await Promise.all(
      // The harness leaves the pool at its default size.
      Array.from({ length: exportsAtOnce(DEFAULT_DATABASE_POOL_SIZE) + 1 }, () => signUp(harness.app)),
    );
    const exporting = (person: LoginResult) =>
      harness.app.inject({ method: 'GET', url: '/api/user/export', headers: bearer(person) });
    try {
      const held = people.slice(0, -1).map(exporting);
      await expect.poll(() => waiting).toBe(held.length);
      // The same person again, while theirs is prepared.
      const twice = await exporting(people[0]!);
      expect(expectJson(twice, 429, errorBody).message).toBe(
        'Your export is already being prepared. Wait for its download to finish.',
      );
      // Someone else, while the server prepares as many as it may.
      const crowded = await exporting(people.at(-1)!);
      expect(expectJson(crowded, 429, errorBody).message).toBe(
        'Several exports are being prepared right now. Please try again in a minute.',
      );
      open();
      for (const res of await Promise.all(held)) expect(res.statusCode).toBe(200);
      // Each place is given back once its download has gone out.
      expect((await exporting(people.at(-1)!)).statusCode).toBe(200);
      expect((await exporting(people[0]!)).statusCode).toBe(200);
    } finally {
      open();
      database.snapshot = snapshot;
    }
  });

  it('needs a sign-in', async () => {
    const res = await harness.app.inject({ method: 'GET', url: '/api/user/export' });
    expect(res.statusCode).toBe(401);
  });
});
