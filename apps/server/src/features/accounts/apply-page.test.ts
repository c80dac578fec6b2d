import crypto from 'node:crypto';
import { addDays, CATEGORY, type LoginResult } from '@tally/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fakeHistory, linkBank, TODAY, testNow } from '../../../test/accounts';
import { type FakePlaid, startFakePlaid } from '../../../test/fake-plaid';
import { bearer, createTestApp, signUp, type TestApp } from '../../../test/helpers';
import { csvOf, importOk } from '../../../test/imports';
import { expectRollupsExact } from '../../../test/rollups';
import { createCipher } from '../../lib/crypto';
import { createPlaidProvider } from '../../providers/bank/plaid';
import { QUICK_SYNC_DAYS } from './accounts.service';
import { syncConnection } from './accounts.sync';

// A statement file imported into a linked account, then the bank bringing the same days (the full import
// after a link's quick sync, or new transactions): the bank's transaction takes the file's row over instead
// of being stored beside it. Run through the API and the cursor sync itself, against the fake Plaid server.

let fake: FakePlaid;
let app: TestApp;
const tokenEncryptionKey = crypto.randomBytes(32).toString('hex');

beforeAll(async () => {
  fake = await startFakePlaid({ now: testNow, seed: fakeHistory(120) });
  // No background worker: each test runs the sync itself, when the file is in.
  app = await createTestApp({ env: fake.env(), now: testNow, runJobs: false, tokenEncryptionKey });
});
afterAll(async () => {
  await app.close();
  await fake.close();
});

type Linked = { auth: LoginResult; connectionId: string; itemId: string; checking: string; credit: string };

/** A person who linked the fake bank: only the quick sync's last 30 days are stored yet. */
async function linkedPerson(): Promise<Linked> {
  const auth = await signUp(app, { timeZone: 'UTC' });
  const connectionId = await linkBank(app, auth);
  const [connection] = await app.database.query<{ item_id: string }>(
    'select item_id from bank_connections where id = $1',
    [connectionId],
  );
  const itemId = connection?.item_id ?? '';
  const accountId = async (key: string) => {
    const [row] = await app.database.query<{ id: string }>(
      'select id from bank_accounts where user_id = $1 and provider_account_id = $2',
      [auth.user.id, fake.item(itemId).accountId(key)],
    );
    if (!row) throw new Error(`no ${key} account`);
    return row.id;
  };
  return {
    auth,
    connectionId,
    itemId,
    checking: await accountId('checking'),
    credit: await accountId('credit'),
  };
}

const sync = (who: Linked) =>
  syncConnection(
    {
      db: app.database.db,
      provider: createPlaidProvider({
        clientId: fake.clientId,
        secret: fake.secret,
        env: 'sandbox',
        baseUrl: fake.url,
      }),
      cipher: createCipher(tokenEncryptionKey),
      now: testNow,
    },
    { userId: who.auth.user.id, connectionId: who.connectionId },
  );

type Row = {
  id: string;
  provider_transaction_id: string;
  date: string;
  amount: number;
  description: string;
  merchant_name: string | null;
  category: number;
  category_source: string;
  note: string | null;
  pending: boolean;
  deleted: boolean;
};

/** A person's rows of one account on the given days, by day and amount, then in the order they were stored. */
async function rowsOn(userId: string, accountId: string, days: string[]): Promise<Row[]> {
  const rows = await app.database.query<Row>(
    `select id, provider_transaction_id, date::text as date, amount, description, merchant_name, category,
            category_source, note, pending, deleted_at is not null as deleted
       from transactions where user_id = $1 and account_id = $2 and date = any($3::date[])
      order by date, amount, created_at, id`,
    [userId, accountId, days],
  );
  return rows.map((r) => ({ ...r, amount: Number(r.amount) }));
}

const isFileId = (id: string) => id.startsWith('file:');
const dollars = (cents: number) => (cents / 100).toFixed(2);

async function put(who: Linked, url: string, payload: object) {
  const res = await app.inject({ method: 'PUT', url: `/api${url}`, headers: bearer(who.auth), payload });
  expect(res.statusCode, res.body).toBe(200);
}

describe('a bank sync after a statement file of the same days', () => {
  it('takes the file rows over: no doubles, the bank id on the row, the person’s category and note kept', async () => {
    const who = await linkedPerson();
    const userId = who.auth.user.id;
    // Days older than the quick sync: the full import brings them later, after the person's file.
    const quickFrom = addDays(TODAY, -QUICK_SYNC_DAYS);
    const bank = [...fake.item(who.itemId).transactions.values()]
      .filter(
        (t) =>
          t.account_id === fake.item(who.itemId).accountId('checking') && t.date < quickFrom && !t.pending,
      )
      .sort((a, b) => (a.date < b.date ? 1 : -1))
      .slice(0, 3);
    expect(bank).toHaveLength(3);
    const days = bank.map((t) => t.date);
    expect(await rowsOn(userId, who.checking, days)).toEqual([]);

    const content = csvOf([
      ...bank.map(
        (t) => [t.date, `STATEMENT WORDING ${t.date}`, dollars(-Math.round(t.amount * 100))] as const,
      ),
      // Only in the file: stays as it is.
      [days[0] ?? '', 'CASH DEPOSIT AT BRANCH', '40.00'],
    ]);
    expect(await importOk(app, who.auth, { accountId: who.checking, content })).toMatchObject({
      imported: 4,
      matched: 0,
    });
    const fileRows = await rowsOn(userId, who.checking, days);
    expect(fileRows.every((r) => isFileId(r.provider_transaction_id))).toBe(true);
    const [chosen, noted] = fileRows.filter((r) => r.amount < 0);
    if (!chosen || !noted) throw new Error('no file rows');
    await put(who, `/transactions/${chosen.id}/category`, { category: CATEGORY.Entertainment });
    await put(who, `/transactions/${noted.id}/note`, { note: 'split with Sam' });

    await sync(who);

    const after = await rowsOn(userId, who.checking, days);
    // Three bank transactions and the file's own deposit: four rows, not seven.
    expect(after).toHaveLength(4);
    const bankIds = bank.map((t) => t.transaction_id).sort();
    expect(
      after
        .map((r) => r.provider_transaction_id)
        .filter((id) => !isFileId(id))
        .sort(),
    ).toEqual(bankIds);
    // The same rows (ids kept), now the bank's: its wording, merchant and id.
    expect(after.map((r) => r.id).sort()).toEqual(fileRows.map((r) => r.id).sort());
    const byId = new Map(after.map((r) => [r.id, r]));
    expect(byId.get(chosen.id)).toMatchObject({
      category: CATEGORY.Entertainment,
      category_source: 'user',
      merchant_name: "Trader Joe's",
      deleted: false,
    });
    expect(byId.get(chosen.id)?.description).toMatch(/^TRADER JOES/);
    expect(byId.get(noted.id)).toMatchObject({ note: 'split with Sam', deleted: false });
    const deposit = after.find((r) => r.description === 'CASH DEPOSIT AT BRANCH');
    expect(deposit && isFileId(deposit.provider_transaction_id)).toBe(true);
    // Everywhere else the account holds the bank's history exactly once.
    const [counts] = await app.database.query<{ rows: number }>(
      `select count(*)::int as rows from transactions
        where user_id = $1 and account_id = $2 and provider_transaction_id not like 'file:%'`,
      [userId, who.checking],
    );
    const atBank = [...fake.item(who.itemId).transactions.values()].filter(
      (t) => t.account_id === fake.item(who.itemId).accountId('checking'),
    );
    expect(counts?.rows).toBe(atBank.length);
    await expectRollupsExact(app);

    // The file again: everything is already in Tally, the rows the bank took over known by their file key.
    expect(await importOk(app, who.auth, { accountId: who.checking, content })).toMatchObject({
      imported: 0,
      matched: 0,
      duplicates: 4,
    });
    expect(await rowsOn(userId, who.checking, days)).toHaveLength(4);

    // The bank's later changes reach the row it took over; the person's category stays.
    const changed = bank.find((t) => byId.get(chosen.id)?.provider_transaction_id === t.transaction_id);
    if (!changed) throw new Error('no adopted transaction');
    fake.modifyTransaction(who.itemId, changed.transaction_id, { name: 'TRADER JOES RENAMED' });
    await sync(who);
    const [renamed] = await app.database.query<Row>('select * from transactions where id = $1', [chosen.id]);
    expect(renamed).toMatchObject({ description: 'TRADER JOES RENAMED', category: CATEGORY.Entertainment });
    // And its removal.
    fake.removeTransactions(who.itemId, [changed.transaction_id]);
    await sync(who);
    expect(await rowsOn(userId, who.checking, days)).toHaveLength(3);
    await expectRollupsExact(app);
  });

  it('pairs one to one: two identical bank transactions against one file row take it over once and add one', async () => {
    const who = await linkedPerson();
    await sync(who);
    const day = addDays(TODAY, -3);
    await importOk(app, who.auth, {
      accountId: who.checking,
      content: csvOf([
        [day, 'COFFEE CART', '-4.75'],
        // Two identical rows in the file, one at the bank: one taken over, one stays the file's.
        [day, 'PARKING METER', '-2.00'],
        [day, 'PARKING METER', '-2.00'],
      ]),
    });
    const fileRows = await rowsOn(who.auth.user.id, who.checking, [day]);
    expect(fileRows).toHaveLength(3);
    fake.addTransactions(who.itemId, [
      { account: 'checking', amount: 4.75, date: day, name: 'BLUE CART COFFEE' },
      { account: 'checking', amount: 4.75, date: day, name: 'BLUE CART COFFEE' },
      { account: 'checking', amount: 2.0, date: day, name: 'CITY PARKING' },
    ]);

    await sync(who);

    const after = await rowsOn(who.auth.user.id, who.checking, [day]);
    expect(after.map((r) => [r.amount, r.description, isFileId(r.provider_transaction_id)])).toEqual(
      expect.arrayContaining([
        [-475, 'BLUE CART COFFEE', false],
        [-475, 'BLUE CART COFFEE', false],
        [-200, 'CITY PARKING', false],
        [-200, 'PARKING METER', true],
      ]),
    );
    expect(after).toHaveLength(4);
    // The coffee file row was taken over (its id kept), and the older of the two parking rows.
    const coffeeFile = fileRows.find((r) => r.amount === -475);
    expect(after.filter((r) => r.id === coffeeFile?.id)).toHaveLength(1);
    expect(after.filter((r) => fileRows.some((f) => f.id === r.id))).toHaveLength(3);
    await expectRollupsExact(app);

    // Applying the same history again changes nothing.
    const before = await app.database.query(
      'select id, provider_transaction_id, updated_at from transactions where user_id = $1 order by id',
      [who.auth.user.id],
    );
    await app.database.query('update bank_connections set cursor = null where id = $1', [who.connectionId]);
    await sync(who);
    expect(
      await app.database.query(
        'select id, provider_transaction_id, updated_at from transactions where user_id = $1 order by id',
        [who.auth.user.id],
      ),
    ).toEqual(before);
  });

  it('never takes over a row of another account, another person’s, or one the person deleted', async () => {
    const alice = await linkedPerson();
    const bob = await linkedPerson();
    await sync(alice);
    await sync(bob);
    const day = addDays(TODAY, -5);
    const file = csvOf([[day, 'HARDWARE STORE', '-23.45']]);
    // Alice's card and Bob's checking hold the same day and amount from a file; Alice's checking had it too,
    // but she deleted it.
    await importOk(app, alice.auth, { accountId: alice.credit, content: file });
    await importOk(app, bob.auth, { accountId: bob.checking, content: file });
    await importOk(app, alice.auth, { accountId: alice.checking, content: file });
    const [deletedRow] = await rowsOn(alice.auth.user.id, alice.checking, [day]);
    if (!deletedRow) throw new Error('no file row');
    const res = await app.inject({
      method: 'DELETE',
      url: `/api/transactions/${deletedRow.id}`,
      headers: bearer(alice.auth),
    });
    expect(res.statusCode).toBe(204);
    const [added] = fake.addTransactions(alice.itemId, [
      { account: 'checking', amount: 23.45, date: day, name: 'ACE HARDWARE' },
    ]);

    await sync(alice);

    const checking = await rowsOn(alice.auth.user.id, alice.checking, [day]);
    expect(checking.map((r) => [r.provider_transaction_id, r.deleted])).toEqual(
      expect.arrayContaining([
        [added?.transaction_id, false],
        [deletedRow.provider_transaction_id, true],
      ]),
    );
    expect(checking).toHaveLength(2);
    const card = await rowsOn(alice.auth.user.id, alice.credit, [day]);
    expect(card.map((r) => isFileId(r.provider_transaction_id))).toEqual([true]);
    const bobs = await rowsOn(bob.auth.user.id, bob.checking, [day]);
    expect(bobs.map((r) => isFileId(r.provider_transaction_id))).toEqual([true]);
    await expectRollupsExact(app);
  });
});

describe('pending bank transactions and file rows', () => {
  it('a pending one takes the file row over, and the posted one that replaces it is still one row', async () => {
    const who = await linkedPerson();
    await sync(who);
    const day = addDays(TODAY, -1);
    await importOk(app, who.auth, {
      accountId: who.checking,
      content: csvOf([
        [day, 'GROCER', '-31.20'],
        [day, 'GROCER', '-31.20'],
      ]),
    });
    const [first] = await rowsOn(who.auth.user.id, who.checking, [day]);
    if (!first) throw new Error('no file rows');
    await put(who, `/transactions/${first.id}/note`, { note: 'for the party' });
    await put(who, `/transactions/${first.id}/category`, { category: CATEGORY.Entertainment });
    const [pending] = fake.addTransactions(who.itemId, [
      { account: 'checking', amount: 31.2, date: day, name: 'CORNER GROCER', pending: true },
    ]);
    if (!pending) throw new Error('no pending transaction');

    await sync(who);
    const withPending = await rowsOn(who.auth.user.id, who.checking, [day]);
    expect(withPending).toHaveLength(2);
    expect(withPending.find((r) => r.id === first.id)).toMatchObject({
      provider_transaction_id: pending.transaction_id,
      pending: true,
      note: 'for the party',
    });

    // Posted on the same day for the same money: it takes the pending row's place and adopts no other file
    // row, so the file's second grocer stays.
    const posted = fake.postPending(who.itemId, pending.transaction_id);
    await sync(who);
    const afterPosting = await rowsOn(who.auth.user.id, who.checking, [day]);
    expect(afterPosting).toHaveLength(2);
    const postedRow = afterPosting.find((r) => r.provider_transaction_id === posted.transaction_id);
    expect(postedRow).toMatchObject({
      pending: false,
      note: 'for the party',
      category: CATEGORY.Entertainment,
      category_source: 'user',
    });
    expect(afterPosting.filter((r) => isFileId(r.provider_transaction_id))).toHaveLength(1);
    await expectRollupsExact(app);
  });

  it('a pending one of another day stays apart, and the posted one on the file’s day takes the file row over', async () => {
    const who = await linkedPerson();
    await sync(who);
    const authorised = addDays(TODAY, -7);
    const day = addDays(TODAY, -5);
    await importOk(app, who.auth, {
      accountId: who.checking,
      content: csvOf([[day, 'BOOKSHOP', '-18.90']]),
    });
    const [fileRow] = await rowsOn(who.auth.user.id, who.checking, [day]);
    if (!fileRow) throw new Error('no file row');
    const [pending] = fake.addTransactions(who.itemId, [
      { account: 'checking', amount: 18.9, date: authorised, name: 'CITY BOOKSHOP', pending: true },
    ]);
    if (!pending) throw new Error('no pending transaction');
    await sync(who);
    const [pendingRow] = await rowsOn(who.auth.user.id, who.checking, [authorised]);
    expect(pendingRow?.provider_transaction_id).toBe(pending.transaction_id);
    await put(who, `/transactions/${pendingRow?.id}/note`, { note: 'gift' });

    const posted = fake.postPending(who.itemId, pending.transaction_id, { date: day });
    await sync(who);

    expect(await rowsOn(who.auth.user.id, who.checking, [authorised])).toEqual([]);
    const onDay = await rowsOn(who.auth.user.id, who.checking, [day]);
    expect(onDay).toHaveLength(1);
    expect(onDay[0]).toMatchObject({
      id: fileRow.id,
      provider_transaction_id: posted.transaction_id,
      pending: false,
      note: 'gift',
    });
    await expectRollupsExact(app);
  });

  it('a pending one that took a file row over and posts on another day: the file imported again adds nothing', async () => {
    const who = await linkedPerson();
    await sync(who);
    const day = addDays(TODAY, -6);
    const postedOn = addDays(TODAY, -4);
    const file = {
      accountId: who.checking,
      content: csvOf([
        [day, 'HARDWARE STORE', '-42.75'],
        [day, 'HARDWARE STORE', '-42.75'],
      ]),
    };
    await importOk(app, who.auth, file);
    const [pending] = fake.addTransactions(who.itemId, [
      { account: 'checking', amount: 42.75, date: day, name: 'ACE HARDWARE', pending: true },
    ]);
    if (!pending) throw new Error('no pending transaction');
    await sync(who);
    const posted = fake.postPending(who.itemId, pending.transaction_id, { date: postedOn });
    await sync(who);
    const hardware = async () =>
      (await rowsOn(who.auth.user.id, who.checking, [day, postedOn])).filter((r) => r.amount === -4275);
    const before = await hardware();
    // The pending row that took the file's first row over went when its transaction posted on another day;
    // the second file row stays the file's; the posted one is new on its own day.
    expect(
      before
        .map((r) => [
          r.date,
          r.deleted,
          isFileId(r.provider_transaction_id),
          r.provider_transaction_id === posted.transaction_id,
        ])
        .sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b))),
    ).toEqual([
      [day, false, true, false],
      [postedOn, false, false, true],
    ]);

    // The file's first row is the one the bank took over, though nothing on its day stands for it now: known,
    // not new. The second is the file's own row, also known.
    const again = await importOk(app, who.auth, file);
    expect(again).toMatchObject({ imported: 0, duplicates: 2, matched: 0 });
    expect(await hardware()).toEqual(before);
    await expectRollupsExact(app);
  });
});
