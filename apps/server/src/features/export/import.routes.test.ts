import { CATEGORY, dataImportResult, errorBody, exchangeResponse } from '@tally/shared';
import { strToU8, unzipSync, zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZipFile } from 'yazl';
import { waitForImport } from '../../../test/accounts';
import type { FakeSeed } from '../../../test/fake-plaid';
import { countOwned, type Person, seedPerson, startHarness } from '../../../test/harness';
import { bearer, expectJson, signUp } from '../../../test/helpers';
import { LEFT_OUT } from './export';
import { importedId, NOT_IMPORTED } from './import';

let harness: Awaited<ReturnType<typeof startHarness>>;
let alice: Person;
/** Alice's export, taken once (exports are limited to a few a minute per person). */
let original: Uint8Array;
/** What Alice's bank holds (the fake Plaid's seed when she linked it): a relink finds the same there. */
let aliceBank: FakeSeed;

beforeAll(async () => {
  harness = await startHarness();
  alice = await seedPerson(harness.app, harness.fake, 'ALICEIMP');
  aliceBank = harness.fake.seed;
  original = await exportOf(alice.auth);
});
afterAll(() => harness?.close());

type Auth = { token: string; user: { id: string } };

const exportOf = async (auth: Auth) => {
  const res = await harness.app.inject({ method: 'GET', url: '/api/user/export', headers: bearer(auth) });
  expect(res.statusCode).toBe(200);
  return new Uint8Array(res.rawPayload);
};

const importInto = (auth: Auth, zip: Uint8Array | Buffer, type = 'application/zip') =>
  harness.app.inject({
    method: 'POST',
    url: '/api/user/import',
    headers: { ...bearer(auth), 'content-type': type },
    payload: Buffer.from(zip),
  });

type Row = Record<string, unknown>;

/** The ZIP's tables: rows by table name, from data/<table>.json. */
function tablesOf(zip: Uint8Array): Record<string, Row[]> {
  const files = unzipSync(zip);
  const tables: Record<string, Row[]> = {};
  for (const [name, bytes] of Object.entries(files)) {
    const table = /^data\/(.+)\.json$/.exec(name)?.[1];
    if (table) tables[table] = JSON.parse(Buffer.from(bytes).toString('utf8')) as Row[];
  }
  return tables;
}

/** The same ZIP with some of its files replaced (or added). */
function withFiles(zip: Uint8Array, replaced: Record<string, string>): Uint8Array {
  const files = unzipSync(zip);
  for (const [name, text] of Object.entries(replaced)) files[name] = strToU8(text);
  return zipSync(files);
}

const UUIDS = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;

/** Every id in a value, whole or inside text and JSON, mapped the way an import into `userId` maps it. */
function mapped(value: unknown, from: string, userId: string, key = ''): unknown {
  // transactions.text_key is computed from the row's text by the database, the same on both sides.
  if (key === 'text_key') return value;
  if (typeof value === 'string')
    return value.replace(UUIDS, (v) => (v === from ? userId : importedId(userId, v)));
  if (Array.isArray(value)) return value.map((v) => mapped(v, from, userId));
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, mapped(v, from, userId, k)]));
  return value;
}

/** Rows in one order (by their JSON), compared as objects so a difference shows field by field. */
const sorted = (rows: Row[]) =>
  rows
    .map((r) => [JSON.stringify(r), r] as const)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([, r]) => r);

/** Rows as the export writes a table's file: one JSON object per line. */
const asExportFile = (rows: Row[]) =>
  rows.length ? `[\n${rows.map((r) => JSON.stringify(r)).join(',\n')}\n]\n` : '[]\n';

/** A ZIP of `files` written by yazl, which lets a name appear twice. */
async function yazlZip(files: Array<[name: string, text: string]>): Promise<Uint8Array> {
  const zip = new ZipFile();
  for (const [name, text] of files) zip.addBuffer(Buffer.from(text), name);
  zip.end();
  const chunks: Buffer[] = [];
  for await (const chunk of zip.outputStream) chunks.push(chunk as Buffer);
  return new Uint8Array(Buffer.concat(chunks));
}

/** A one-file ZIP whose file says it inflates to `claimed` bytes, and holds `real` zeros. */
function lyingZip(name: string, real: number, claimed: number): Uint8Array {
  const zip = zipSync({ [name]: new Uint8Array(real) });
  const view = new DataView(zip.buffer, zip.byteOffset, zip.byteLength);
  view.setUint32(22, claimed, true);
  for (let i = zip.length - 22; i >= 0; i -= 1) {
    if (view.getUint32(i, true) === 0x02014b50) {
      view.setUint32(i + 24, claimed, true);
      break;
    }
  }
  return zip;
}

/** The same bank, linked through Plaid Link again: it holds what it held for Alice. Answers once imported. */
async function linkAliceBankAgain(person: { token: string }) {
  harness.fake.seed = aliceBank;
  const linked = expectJson(
    await harness.app.inject({
      method: 'POST',
      url: '/api/plaid/exchange-public-token-quick-sync',
      headers: bearer(person),
      payload: { publicToken: harness.fake.createPublicToken() },
    }),
    200,
    exchangeResponse,
  );
  await waitForImport(harness.app, person.token, linked.connection.id);
  return linked;
}

describe('POST /api/user/import', () => {
  it('brings a whole export into a new account: a round trip gives the same content, banks disconnected', async () => {
    const newcomer = await signUp(harness.app, { timeZone: 'UTC' });
    const answer = expectJson(await importInto(newcomer, original), 200, dataImportResult);
    expect(answer.alreadyImported).toBe(false);

    const before = tablesOf(original);
    const after = tablesOf(await exportOf(newcomer));
    const compared = Object.keys(before).filter((t) => t !== 'users' && !(t in NOT_IMPORTED));
    expect(compared.filter((t) => (before[t]?.length ?? 0) > 0).length).toBeGreaterThan(15);
    for (const table of compared) {
      const expected = (before[table] ?? []).map((row) => {
        const out = mapped(row, alice.auth.user.id, newcomer.user.id) as Row;
        if (table === 'bank_connections' && out.provider !== 'manual')
          Object.assign(out, { is_active: false, cursor: null, provider_removed_at: expect.any(String) });
        return out;
      });
      const rows = after[table] ?? [];
      expect(rows, table).toHaveLength(expected.length);
      expect(answer.rows[table] ?? 0, table).toBe(expected.length);
      if (table === 'bank_connections') expect(rows).toEqual(expect.arrayContaining(expected));
      else expect(sorted(rows), table).toEqual(sorted(expected as Row[]));
    }
    // The person's choices came along; their sign-in did not.
    const aliceUser = before.users?.[0] ?? {};
    expect(answer.user).toMatchObject({ id: newcomer.user.id, email: newcomer.user.email });
    expect(after.users?.[0]).toMatchObject({
      time_zone: aliceUser.time_zone,
      email_notifications: aliceUser.email_notifications,
      push_notifications: aliceUser.push_notifications,
    });
    // Alice's own rows are as they were.
    expect((await countOwned(harness.app, alice.auth.user.id)).transactions).toBe(
      before.transactions?.length,
    );

    // An imported bank is relinked, not reconnected: its access did not come with it.
    const bank = (after.bank_connections ?? []).find((c) => c.provider !== 'manual');
    const reconnect = await harness.app.inject({
      method: 'POST',
      url: `/api/plaid/connections/${bank?.id}/reconnect`,
      headers: bearer(newcomer),
    });
    expect(expectJson(reconnect, 409, errorBody).code).toBe('RELINK_REQUIRED');

    // Again: nothing new, the same answer.
    const counts = await countOwned(harness.app, newcomer.user.id);
    const again = expectJson(await importInto(newcomer, original), 200, dataImportResult);
    expect(again).toMatchObject({ alreadyImported: true, rows: answer.rows });
    expect(await countOwned(harness.app, newcomer.user.id)).toEqual(counts);
  });

  it('a bank linked again takes over what the import brought of it: its accounts, and each transaction once with the person’s edits', async () => {
    const newcomer = await signUp(harness.app, { timeZone: 'UTC' });
    expectJson(await importInto(newcomer, original), 200, dataImportResult);
    const rowsOf = async () =>
      harness.app.database.query<{
        id: string;
        account_id: string;
        provider_transaction_id: string;
        note: string | null;
        category: number;
        category_source: string;
        deleted: boolean;
      }>(
        `select t.id, t.account_id, t.provider_transaction_id, t.note, t.category, t.category_source,
                t.deleted_at is not null as deleted
           from transactions t join bank_accounts a on a.id = t.account_id
           join bank_connections c on c.id = a.connection_id
          where t.user_id = $1 and c.provider <> 'manual' order by t.id`,
        [newcomer.user.id],
      );
    const bankAccounts = () =>
      harness.app.database.query<{ id: string; connection_id: string }>(
        `select a.id, a.connection_id from bank_accounts a join bank_connections c on c.id = a.connection_id
          where a.user_id = $1 and c.provider <> 'manual' order by a.id`,
        [newcomer.user.id],
      );
    const imported = await rowsOf();
    const importedAccounts = await bankAccounts();
    expect(imported.length).toBeGreaterThan(10);

    const linked = await linkAliceBankAgain(newcomer);

    // The imported accounts, by their ids, are the new connection's; the imported connection is gone.
    expect(await bankAccounts()).toEqual(
      importedAccounts.map((a) => ({ ...a, connection_id: linked.connection.id })),
    );
    const [left] = await harness.app.database.query<{ n: number }>(
      `select count(*)::int as n from bank_connections where user_id = $1 and provider <> 'manual'`,
      [newcomer.user.id],
    );
    expect(left?.n).toBe(1);
    // Every transaction once, the same rows: now the bank's (its ids), with the person's note, category and deletion.
    const relinked = await rowsOf();
    expect(relinked.map((r) => r.id)).toEqual(imported.map((r) => r.id));
    for (const [before, after] of imported.map((r, i) => [r, relinked[i]!] as const)) {
      expect(after.provider_transaction_id).not.toMatch(/^file:/);
      expect(after.provider_transaction_id).not.toBe(before.provider_transaction_id);
      // A category the person chose stays; any other is the bank's again, through their rules and merchant
      // memory, as for any transaction the bank sends.
      const kept = ({
        provider_transaction_id: _,
        category_source: source,
        category,
        ...rest
      }: typeof after) => ({
        ...rest,
        chosen: source === 'user' ? category : null,
      });
      expect(kept(after)).toEqual(kept(before));
    }
    expect(relinked.some((r) => r.note === 'ALICEIMP private note')).toBe(true);
    expect(relinked.some((r) => r.category === CATEGORY.DiningOut && r.category_source === 'user')).toBe(
      true,
    );
    expect(relinked.some((r) => r.deleted)).toBe(true);
  });

  it('a bank linked again leaves an imported account it does not match as history, and says so', async () => {
    const newcomer = await signUp(harness.app, { timeZone: 'UTC' });
    expectJson(await importInto(newcomer, original), 200, dataImportResult);
    const db = harness.app.database;
    // One imported account whose last digits the bank no longer has.
    const [unmatched] = await db.query<{ id: string }>(
      `update bank_accounts set mask = '9999' where id = (
         select a.id from bank_accounts a join bank_connections c on c.id = a.connection_id
          where a.user_id = $1 and c.provider <> 'manual' order by a.id limit 1)
       returning id`,
      [newcomer.user.id],
    );
    const linked = await linkAliceBankAgain(newcomer);

    const left = await db.query<{ connection_id: string; id: string }>(
      `select a.connection_id, a.id from bank_accounts a join bank_connections c on c.id = a.connection_id
        where a.user_id = $1 and c.provider <> 'manual' and c.id <> $2`,
      [newcomer.user.id, linked.connection.id],
    );
    expect(left.map((a) => a.id)).toEqual([unmatched!.id]);
    const reconnect = await harness.app.inject({
      method: 'POST',
      url: `/api/plaid/connections/${left[0]!.connection_id}/reconnect`,
      headers: bearer(newcomer),
    });
    expect(expectJson(reconnect, 409, errorBody).code).toBe('IMPORTED_UNMATCHED');
  });

  it('keeps each account’s ids its own: the same export imported into two accounts', async () => {
    const one = await signUp(harness.app);
    const two = await signUp(harness.app);
    expect((await importInto(one, original)).statusCode).toBe(200);
    expect((await importInto(two, original)).statusCode).toBe(200);
    const [a, b] = [tablesOf(await exportOf(one)), tablesOf(await exportOf(two))];
    expect(a.transactions).toHaveLength(b.transactions?.length ?? -1);
    const ids = new Set((a.transactions ?? []).map((t) => t.id));
    expect((b.transactions ?? []).some((t) => ids.has(t.id))).toBe(false);
  });

  it('refuses an account that holds data of its own, and writes nothing', async () => {
    const bob = await seedPerson(harness.app, harness.fake, 'BOBIMP');
    const counts = await countOwned(harness.app, bob.auth.user.id);
    const refused = await importInto(bob.auth, original);
    expect(expectJson(refused, 409, errorBody).code).toBe('ACCOUNT_NOT_EMPTY');
    expect(await countOwned(harness.app, bob.auth.user.id)).toEqual(counts);
  });

  it('writes all or nothing: a row that does not fit leaves the account as it was', async () => {
    const tables = tablesOf(original);
    // An account of a connection the export does not hold, its transactions imported before it is found...
    const accounts = (tables.bank_accounts ?? []).map((row, i) =>
      i === 0 ? { ...row, connection_id: '00000000-0000-4000-8000-000000000000' } : row,
    );
    const broken = withFiles(original, { 'data/bank_accounts.json': asExportFile(accounts) });
    const carol = await signUp(harness.app);
    const counts = await countOwned(harness.app, carol.user.id);
    const refused = await importInto(carol, broken);
    expect(expectJson(refused, 400, errorBody).code).toBe('EXPORT_INVALID');
    expect(await countOwned(harness.app, carol.user.id)).toEqual(counts);
    // ...and the export as it was still imports.
    expect((await importInto(carol, original)).statusCode).toBe(200);
  });

  it('never writes into another person, whatever the file names', async () => {
    const dave = await signUp(harness.app);
    const eve = await signUp(harness.app);
    const tables = tablesOf(original);
    // Rows that claim to be Dave's.
    const forged = withFiles(original, {
      'data/transactions.json': asExportFile(
        (tables.transactions ?? []).map((row) => ({ ...row, user_id: dave.user.id })),
      ),
      // Links that would leave the app.
      'data/notifications.json': asExportFile(
        (tables.notifications ?? []).map((row, i) => ({
          ...row,
          link: ['https://evil.example/x', '//evil.example', '/\\evil.example'][i % 3],
        })),
      ),
    });
    const daveBefore = await countOwned(harness.app, dave.user.id);
    expect((await importInto(eve, forged)).statusCode).toBe(200);
    const links = await harness.app.database.query<{ link: string }>(
      'select distinct link from notifications where user_id = $1',
      [eve.user.id],
    );
    expect(links.length).toBeGreaterThan(0);
    expect(links.every((l) => l.link === '/' || /^\/[a-z]/.test(l.link))).toBe(true);
    expect(await countOwned(harness.app, dave.user.id)).toEqual(daveBefore);
    expect((await countOwned(harness.app, eve.user.id)).transactions).toBe(tables.transactions?.length);
  });

  it('answers what is wrong with a file that is not an export', async () => {
    const frank = await signUp(harness.app);
    const manifest = JSON.parse(Buffer.from(unzipSync(original)['manifest.json'] ?? []).toString('utf8'));
    const cases: Array<[Uint8Array, number, string]> = [
      [strToU8('date,amount\n2026-01-01,5\n'), 400, 'NOT_AN_EXPORT'],
      [zipSync({ 'notes.txt': strToU8('hello') }), 400, 'NOT_AN_EXPORT'],
      [withFiles(original, { 'manifest.json': '{"format":"tally-export"' }), 400, 'NOT_AN_EXPORT'],
      [
        withFiles(original, { 'manifest.json': JSON.stringify({ ...manifest, version: 99 }) }),
        400,
        'EXPORT_TOO_NEW',
      ],
      [withFiles(original, { 'data/budgets.json': '[\n{"id": oops}\n]\n' }), 400, 'NOT_AN_EXPORT'],
      [withFiles(original, { 'data/budgets.json': '[\n5\n]\n' }), 400, 'NOT_AN_EXPORT'],
      // A file that inflates past what it claims is stopped there; one that claims too much is not read.
      [lyingZip('manifest.json', 8 * 1024 * 1024, 100), 400, 'NOT_AN_EXPORT'],
      [lyingZip('manifest.json', 100, 1024 * 1024 * 1024), 413, 'EXPORT_TOO_LARGE'],
      [
        await yazlZip([
          ['manifest.json', '{}'],
          ['manifest.json', '{}'],
        ]),
        400,
        'NOT_AN_EXPORT',
      ],
    ];
    // (Imports are limited to a few a minute per person: a new one for each file.)
    for (const [zip, status, code] of cases) {
      const res = await importInto(await signUp(harness.app), zip);
      expect(expectJson(res, status, errorBody).code).toBe(code);
    }
    // Only a ZIP is taken, and only from someone signed in.
    const json = await importInto(frank, strToU8('{"format":"tally-export"}'), 'application/json');
    expect(expectJson(json, 415, errorBody).message).toBe("Send the export's ZIP file (application/zip).");
    const empty = await harness.app.inject({
      method: 'POST',
      url: '/api/user/import',
      headers: bearer(frank),
    });
    expect(expectJson(empty, 415, errorBody).code).toBe('UNSUPPORTED_MEDIA_TYPE');
    const anonymous = await harness.app.inject({
      method: 'POST',
      url: '/api/user/import',
      headers: { 'content-type': 'application/zip' },
      payload: Buffer.from(original),
    });
    expect(anonymous.statusCode).toBe(401);
    expect((await countOwned(harness.app, frank.user.id)).transactions).toBe(0);
    // What was imported is this server's record, not the person's data to export.
    expect(LEFT_OUT).toHaveProperty('data_imports');
  });
});
