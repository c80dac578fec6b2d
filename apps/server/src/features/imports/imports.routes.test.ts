import {
  addDays,
  CATEGORY,
  type CsvMapping,
  categoryFromDescription,
  categoryFromName,
  errorBody,
  ImportFileError,
  type LoginResult,
  MAX_IMPORT_FILE_CHARS,
  parseImportFile,
} from '@tally/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fakeHistory, linkBankAndImport, TODAY, testNow } from '../../../test/accounts';
import { type FakePlaid, startFakePlaid } from '../../../test/fake-plaid';
import { bearer, createTestApp, expectJson, signUp, type TestApp } from '../../../test/helpers';
import {
  csvOf,
  importOk,
  insertManualAccount,
  MANY_ON_ONE_ADDRESS,
  postImport,
  postPreview,
  previewOk,
  storedRows,
} from '../../../test/imports';
import { expectRollupsExact } from '../../../test/rollups';
import { IMPORTS_PER_MINUTE } from './imports.routes';

let fake: FakePlaid;
let app: TestApp;

beforeAll(async () => {
  fake = await startFakePlaid({ now: testNow, seed: fakeHistory(30) });
  // Many people sign up here within a minute: the sign-up limit is not what these tests are about.
  app = await createTestApp({
    env: { ...fake.env(), AUTH_RATE_LIMIT_PER_MINUTE: '1000', ...MANY_ON_ONE_ADDRESS },
    now: testNow,
  });
});
afterAll(async () => {
  await app.close();
  await fake.close();
});

/** A person with a manual account of their own. */
async function personWithAccount(openingBalance = 0) {
  const auth = await signUp(app);
  const accountId = await insertManualAccount(app, auth.user.id, { openingBalance });
  return { auth, accountId };
}

const count = async (sql: string, params: unknown[]) =>
  Number((await app.database.query<{ n: number | string }>(sql, params))[0]?.n);
const transactionCount = (userId: string) =>
  count('select count(*)::int as n from transactions where user_id = $1', [userId]);

/** What the parser says about a file, to compare the API's answers with its own words. */
function parserError(content: string): string {
  try {
    parseImportFile(content);
  } catch (error) {
    if (error instanceof ImportFileError) return error.message;
    throw error;
  }
  throw new Error('the file was readable');
}

/** Date, Description, Amount with ISO days: what the person confirms when a file's rows are too few or too broken to tell. */
const ISO_MAPPING: CsvMapping = {
  delimiter: ',',
  hasHeader: true,
  date: 0,
  description: 1,
  amount: 2,
  debit: null,
  credit: null,
  category: null,
  notes: null,
  dateFormat: 'YYYY-MM-DD',
  decimalSeparator: '.',
  negateAmount: false,
};

const statement = csvOf([
  ['2026-11-01', 'WHOLE FOODS MARKET #10155', '-54.20'],
  ['2026-11-02', 'ACME CORP PAYROLL', '2500.00'],
  ['2026-11-03', 'SHELL OIL 5744', '-41.07'],
]);

describe('POST /api/imports/preview', () => {
  it('shows what the file would do, categorised, without storing anything', async () => {
    const { auth, accountId } = await personWithAccount();
    const preview = await previewOk(app, auth, { accountId, content: statement, fileName: 'nov.csv' });
    expect(preview.format).toBe('csv');
    expect(preview.columns).toEqual(['Date', 'Description', 'Amount']);
    expect(preview.mapping).toMatchObject({ date: 0, description: 1, amount: 2, hasHeader: true });
    expect(preview.mappingRemembered).toBe(false);
    expect(preview.needsMapping).toBe(false);
    // Only a QIF has a day order to tell.
    expect(preview).toMatchObject({ dayOrder: null, dayOrderSource: null, needsDayOrder: false });
    expect(preview.counts).toEqual({ total: 3, new: 3, duplicate: 0, matched: 0, invalid: 0 });
    expect(preview.rows.map((r) => [r.line, r.status, r.date, r.description, r.amount])).toEqual([
      [2, 'new', '2026-11-01', 'WHOLE FOODS MARKET #10155', -54.2],
      [3, 'new', '2026-11-02', 'ACME CORP PAYROLL', 2500],
      [4, 'new', '2026-11-03', 'SHELL OIL 5744', -41.07],
    ]);
    for (const row of preview.rows) {
      expect(row.category).toBe(categoryFromDescription(row.description));
      expect(row.error).toBeNull();
    }
    expect(await transactionCount(auth.user.id)).toBe(0);
  });

  it('lists invalid rows at their line, with the reason, among the first rows', async () => {
    const { auth, accountId } = await personWithAccount();
    const content = csvOf([
      ['2026-11-01', 'COFFEE', '-3.50'],
      ['2026-11-31', 'NO SUCH DAY', '-1.00'],
      ['2026-11-02', 'LUNCH', 'twelve'],
      ['2026-11-03', 'BOOKS', '-20.00'],
    ]);
    const parsed = parseImportFile(content);
    expect(parsed.errors.map((e) => e.line)).toEqual([3, 4]);
    const preview = await previewOk(app, auth, { accountId, content });
    expect(preview.rows.map((r) => [r.line, r.status])).toEqual([
      [2, 'new'],
      [3, 'invalid'],
      [4, 'invalid'],
      [5, 'new'],
    ]);
    expect(preview.rows[1]).toMatchObject({ date: null, amount: null, error: parsed.errors[0]?.reason });
    expect(preview.counts).toEqual({ total: 4, new: 2, duplicate: 0, matched: 0, invalid: 2 });
    expect(preview.invalidRows).toEqual(parsed.errors.map(({ line, reason }) => ({ line, reason })));
  });

  it('shows only the first 20 rows, and counts them all', async () => {
    const { auth, accountId } = await personWithAccount();
    const rows = Array.from(
      { length: 45 },
      (_, i) => [addDays('2026-09-01', i), `SHOP ${i}`, '-1.00'] as const,
    );
    const preview = await previewOk(app, auth, { accountId, content: csvOf(rows) });
    expect(preview.rows).toHaveLength(20);
    expect(preview.rows.at(-1)?.line).toBe(21);
    expect(preview.counts.total).toBe(45);
    expect(preview.counts.new).toBe(45);
  });

  it('marks rows already imported as duplicates', async () => {
    const { auth, accountId } = await personWithAccount();
    await importOk(app, auth, { accountId, content: statement });
    const preview = await previewOk(app, auth, { accountId, content: statement });
    expect(preview.counts).toMatchObject({ total: 3, new: 0, duplicate: 3 });
    expect(preview.rows.map((r) => r.status)).toEqual(['duplicate', 'duplicate', 'duplicate']);
  });
});

describe('POST /api/imports', () => {
  it('stores the new rows, and the same file again adds none', async () => {
    const { auth, accountId } = await personWithAccount();
    const first = await importOk(app, auth, { accountId, content: statement, fileName: 'nov.csv' });
    expect(first).toEqual({
      format: 'csv',
      imported: 3,
      duplicates: 0,
      matched: 0,
      skippedInvalid: 0,
      fromDate: '2026-11-01',
      toDate: '2026-11-03',
    });
    expect(await storedRows(app, auth.user.id, accountId)).toEqual([
      '2026-11-01|-5420|WHOLE FOODS MARKET #10155',
      '2026-11-02|250000|ACME CORP PAYROLL',
      '2026-11-03|-4107|SHELL OIL 5744',
    ]);
    const again = await importOk(app, auth, { accountId, content: statement });
    expect(again).toEqual({ ...first, imported: 0, duplicates: 3, fromDate: null, toDate: null });
    expect(await transactionCount(auth.user.id)).toBe(3);
  });

  it('stores them as the transactions list shows them: the account, the category, file ids', async () => {
    const { auth, accountId } = await personWithAccount();
    await importOk(app, auth, { accountId, content: statement });
    const rows = await app.database.query<{
      provider_transaction_id: string;
      account_id: string;
      category: number;
      category_source: string;
      pending: boolean;
      is_transfer: boolean;
    }>(
      `select provider_transaction_id, account_id, category, category_source, pending, is_transfer
         from transactions where user_id = $1 order by date`,
      [auth.user.id],
    );
    expect(rows).toHaveLength(3);
    for (const row of rows) {
      expect(row.provider_transaction_id).toMatch(new RegExp(`^file:${accountId}:fp:[0-9a-f]{64}$`));
      expect(row).toMatchObject({
        account_id: accountId,
        category_source: 'provider',
        pending: false,
        is_transfer: false,
      });
    }
    const list = await app.inject({
      method: 'GET',
      url: `/api/transactions?accountId=${accountId}`,
      headers: bearer(auth),
    });
    expect(list.statusCode, list.body).toBe(200);
    expect((list.json() as { transactions: unknown[] }).transactions).toHaveLength(3);
  });

  it('adds only the new days of an overlapping statement', async () => {
    const { auth, accountId } = await personWithAccount();
    await importOk(app, auth, { accountId, content: statement });
    const december = csvOf([
      ['2026-11-02', 'ACME CORP PAYROLL', '2500.00'],
      ['2026-11-03', 'SHELL OIL 5744', '-41.07'],
      ['2026-11-04', 'NETFLIX.COM', '-15.49'],
      ['2026-11-05', 'TRADER JOES #552', '-23.10'],
    ]);
    const result = await importOk(app, auth, { accountId, content: december });
    expect(result).toMatchObject({
      imported: 2,
      duplicates: 2,
      fromDate: '2026-11-04',
      toDate: '2026-11-05',
    });
    expect(await transactionCount(auth.user.id)).toBe(5);
  });

  it('keeps two identical coffees on one day as two, and importing them again adds none', async () => {
    const { auth, accountId } = await personWithAccount();
    const coffees = csvOf([
      ['2026-11-10', 'BLUE BOTTLE COFFEE', '-3.50'],
      ['2026-11-10', 'BLUE BOTTLE COFFEE', '-3.50'],
      ['2026-11-11', 'BLUE BOTTLE COFFEE', '-3.50'],
    ]);
    expect((await importOk(app, auth, { accountId, content: coffees })).imported).toBe(3);
    expect(await storedRows(app, auth.user.id, accountId)).toEqual([
      '2026-11-10|-350|BLUE BOTTLE COFFEE',
      '2026-11-10|-350|BLUE BOTTLE COFFEE',
      '2026-11-11|-350|BLUE BOTTLE COFFEE',
    ]);
    expect(await importOk(app, auth, { accountId, content: coffees })).toMatchObject({
      imported: 0,
      duplicates: 3,
    });
    // A later statement that starts on the 11th holds the 11th's coffee once: still nothing new.
    const later = csvOf([['2026-11-11', 'BLUE BOTTLE COFFEE', '-3.50']]);
    expect(await importOk(app, auth, { accountId, content: later })).toMatchObject({
      imported: 0,
      duplicates: 1,
    });
    expect(await transactionCount(auth.user.id)).toBe(3);
  });

  it('does not bring back a row the person deleted', async () => {
    const { auth, accountId } = await personWithAccount();
    await importOk(app, auth, { accountId, content: statement });
    const [row] = await app.database.query<{ id: string }>(
      'select id from transactions where user_id = $1 order by date limit 1',
      [auth.user.id],
    );
    const deleted = await app.inject({
      method: 'DELETE',
      url: `/api/transactions/${row?.id}`,
      headers: bearer(auth),
    });
    expect(deleted.statusCode, deleted.body).toBeLessThan(300);
    expect(await importOk(app, auth, { accountId, content: statement })).toMatchObject({
      imported: 0,
      duplicates: 3,
    });
  });

  it('refuses a file with an invalid row, naming its line, and stores nothing', async () => {
    const { auth, accountId } = await personWithAccount();
    const content = csvOf([
      ['2026-11-01', 'COFFEE', '-3.50'],
      ['2026-11-02', 'LUNCH', 'twelve'],
      ['2026-13-01', 'BOOKS', '-20.00'],
    ]);
    const [first, second] = parseImportFile(content, { mapping: ISO_MAPPING }).errors;
    const res = await postImport(app, auth, { accountId, content, mapping: ISO_MAPPING });
    const body = expectJson(res, 400, errorBody);
    expect(body).toEqual({
      message: `Line 3: ${first?.reason}`,
      code: 'IMPORT_INVALID_ROW',
      details: [
        { path: 'line 3', message: first?.reason },
        { path: 'line 4', message: second?.reason },
      ],
    });
    expect(await transactionCount(auth.user.id)).toBe(0);
    const [account] = await app.database.query<{ import_mapping: unknown }>(
      'select import_mapping from bank_accounts where id = $1',
      [accountId],
    );
    expect(account?.import_mapping).toBeNull();
    expect(
      await count('select count(*)::int as n from notifications where user_id = $1', [auth.user.id]),
    ).toBe(0);
  });

  it('stores the valid rows and skips the invalid ones when asked to', async () => {
    const { auth, accountId } = await personWithAccount();
    const content = csvOf([
      ['2026-11-01', 'COFFEE', '-3.50'],
      ['2026-11-02', 'LUNCH', 'twelve'],
      ['2026-11-03', 'BOOKS', '-20.00'],
    ]);
    const result = await importOk(app, auth, { accountId, content, mapping: ISO_MAPPING, skipInvalid: true });
    expect(result).toMatchObject({ imported: 2, skippedInvalid: 1, duplicates: 0 });
    expect(await storedRows(app, auth.user.id, accountId)).toEqual([
      '2026-11-01|-350|COFFEE',
      '2026-11-03|-2000|BOOKS',
    ]);
  });

  it('answers an unreadable file with a 400 that says why', async () => {
    const { auth, accountId } = await personWithAccount();
    const files = [
      'OFXHEADER:100\nDATA:OFXSGML\nVERSION:102\n\n<OFX><BANKMSGSRSV1><STMTTRNRS><STMTRS></STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>\n',
      'Date,Description,Amount\n',
    ];
    for (const content of files) {
      for (const post of [postImport, postPreview]) {
        const body = expectJson(await post(app, auth, { accountId, content }), 400, errorBody);
        expect(body).toMatchObject({ message: parserError(content), code: 'IMPORT_UNREADABLE' });
      }
    }
    expect(await transactionCount(auth.user.id)).toBe(0);
  });

  it('refuses a CSV whose columns could not be told apart until the person chooses them', async () => {
    const { auth, accountId } = await personWithAccount();
    const content = 'a,b,c\nx,y,z\nq,r,s\n';
    const parsed = parseImportFile(content);
    expect(parsed.needsMapping).toBe(true);
    const preview = await previewOk(app, auth, { accountId, content });
    expect(preview.needsMapping).toBe(true);
    const body = expectJson(await postImport(app, auth, { accountId, content }), 400, errorBody);
    expect(body).toMatchObject({
      message: 'Choose which columns hold the date, description and amount',
      code: 'IMPORT_NEEDS_MAPPING',
    });
  });

  it('remembers the CSV mapping on the account and reads the next file with it', async () => {
    const { auth, accountId } = await personWithAccount();
    // Day first, spending written as positive numbers: nothing detection would guess.
    const mapping: CsvMapping = {
      delimiter: ';',
      hasHeader: false,
      date: 0,
      description: 1,
      amount: 2,
      debit: null,
      credit: null,
      category: null,
      notes: null,
      dateFormat: 'DD/MM/YYYY',
      decimalSeparator: ',',
      negateAmount: true,
    };
    const october = '03/10/2026;BOULANGERIE;4,50\n04/10/2026;REMBOURSEMENT;-10,00\n';
    const first = await importOk(app, auth, { accountId, content: october, mapping });
    expect(first).toMatchObject({ imported: 2, fromDate: '2026-10-03', toDate: '2026-10-04' });
    expect(await storedRows(app, auth.user.id, accountId)).toEqual([
      '2026-10-03|-450|BOULANGERIE',
      '2026-10-04|1000|REMBOURSEMENT',
    ]);
    const november = '05/11/2026;BOULANGERIE;3,20\n';
    const preview = await previewOk(app, auth, { accountId, content: november });
    expect(preview.mappingRemembered).toBe(true);
    expect(preview.mapping).toEqual(mapping);
    expect(preview.rows[0]).toMatchObject({ date: '2026-11-05', amount: -3.2, status: 'new' });
    expect(await importOk(app, auth, { accountId, content: november })).toMatchObject({ imported: 1 });
    // A mapping given with the file wins over the remembered one.
    const given = await previewOk(app, auth, {
      accountId,
      content: statement,
      mapping: ISO_MAPPING,
    });
    expect(given.mappingRemembered).toBe(false);
    expect(given.rows[0]).toMatchObject({ date: '2026-11-01', amount: -54.2 });
  });

  it('categorises: the person’s rules first, then the file’s own category, then the description', async () => {
    const { auth, accountId } = await personWithAccount();
    await app.database.query(
      `insert into transaction_rules (user_id, position, field, operator, pattern, set_category, rename_merchant)
       values ($1, 0, 'description', 'contains', 'BLUE BOTTLE', $2, 'Blue Bottle Coffee')`,
      [auth.user.id, CATEGORY.Entertainment],
    );
    const content = [
      'Date,Description,Amount,Category',
      '2026-11-01,BLUE BOTTLE COFFEE #12,-4.50,Groceries',
      '2026-11-02,CORNER STORE 88,-12.00,Groceries',
      '2026-11-03,WHOLE FOODS MARKET,-60.00,Misc stuff',
    ].join('\n');
    const preview = await previewOk(app, auth, { accountId, content });
    expect(preview.mapping?.category).toBe(3);
    expect(preview.rows.map((r) => [r.category, r.merchantName])).toEqual([
      [CATEGORY.Entertainment, 'Blue Bottle Coffee'],
      [categoryFromName('Groceries'), null],
      [categoryFromName('Misc stuff') ?? categoryFromDescription('WHOLE FOODS MARKET'), null],
    ]);
    await importOk(app, auth, { accountId, content });
    const stored = await app.database.query<{
      category: number;
      category_source: string;
      merchant_name: string | null;
    }>('select category, category_source, merchant_name from transactions where user_id = $1 order by date', [
      auth.user.id,
    ]);
    expect(stored).toEqual([
      { category: CATEGORY.Entertainment, category_source: 'rule', merchant_name: 'Blue Bottle Coffee' },
      { category: categoryFromName('Groceries'), category_source: 'provider', merchant_name: null },
      { category: preview.rows[2]?.category, category_source: 'provider', merchant_name: null },
    ]);
  });

  it('keeps a manual account’s balance: the opening balance plus what was imported', async () => {
    const { auth, accountId } = await personWithAccount(100_00);
    await importOk(app, auth, { accountId, content: statement });
    const [account] = await app.database.query<{ current_balance: string | number }>(
      'select current_balance from bank_accounts where id = $1',
      [accountId],
    );
    expect(Number(account?.current_balance)).toBe(100_00 - 54_20 + 2500_00 - 41_07);
  });

  it('keeps the monthly rollups and daily spending exact, as every write does', async () => {
    // On the embedded database the insert skips per-row foreign-key checks (insertFileRows); the triggers that
    // keep these tables must fire all the same, so each is ENABLE ALWAYS.
    const triggers = await app.database.query<{ tgname: string; tgenabled: string }>(
      `select tgname, tgenabled from pg_trigger where tgrelid = 'transactions'::regclass and not tgisinternal`,
    );
    expect(triggers.length).toBeGreaterThan(0);
    expect(triggers.filter((t) => t.tgenabled !== 'A')).toEqual([]);

    const { auth, accountId } = await personWithAccount();
    await importOk(app, auth, { accountId, content: statement });
    expect(await transactionCount(auth.user.id)).toBeGreaterThan(0);
    await expectRollupsExact(app);
  });

  it('reads OFX by transaction id: the same statement again adds nothing', async () => {
    const { auth, accountId } = await personWithAccount();
    const ofx = [
      'OFXHEADER:100',
      'DATA:OFXSGML',
      'VERSION:102',
      '',
      '<OFX><BANKMSGSRSV1><STMTTRNRS><STMTRS><CURDEF>USD<BANKTRANLIST>',
      '<STMTTRN><TRNTYPE>DEBIT<DTPOSTED>20261101<TRNAMT>-3.50<FITID>A1<NAME>BLUE BOTTLE</STMTTRN>',
      '<STMTTRN><TRNTYPE>DEBIT<DTPOSTED>20261101<TRNAMT>-3.50<FITID>A2<NAME>BLUE BOTTLE</STMTTRN>',
      '<STMTTRN><TRNTYPE>CREDIT<DTPOSTED>20261102<TRNAMT>100.00<FITID>A3<NAME>REFUND</STMTTRN>',
      '</BANKTRANLIST></STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>',
      '',
    ].join('\n');
    const first = await importOk(app, auth, { accountId, content: ofx });
    expect(first).toMatchObject({ format: 'ofx', imported: 3 });
    const ids = await app.database.query<{ id: string }>(
      'select provider_transaction_id as id from transactions where user_id = $1 order by 1',
      [auth.user.id],
    );
    expect(ids.map((r) => r.id)).toEqual(['A1', 'A2', 'A3'].map((fit) => `file:${accountId}:ofx:${fit}`));
    expect(await importOk(app, auth, { accountId, content: ofx })).toMatchObject({
      imported: 0,
      duplicates: 3,
    });
    const [saved] = await app.database.query<{ import_mapping: unknown }>(
      'select import_mapping from bank_accounts where id = $1',
      [accountId],
    );
    expect(saved?.import_mapping).toBeNull();
  });

  it('an OFX of days a CSV already brought matches those rows instead of doubling them', async () => {
    const { auth, accountId } = await personWithAccount();
    const csv = csvOf([
      ['2026-11-01', 'BLUE BOTTLE COFFEE', '-3.50'],
      ['2026-11-02', 'REFUND', '100.00'],
    ]);
    expect(await importOk(app, auth, { accountId, content: csv })).toMatchObject({ imported: 2 });
    const ofx = [
      'OFXHEADER:100',
      'DATA:OFXSGML',
      'VERSION:102',
      '',
      '<OFX><BANKMSGSRSV1><STMTTRNRS><STMTRS><CURDEF>USD<BANKTRANLIST>',
      '<STMTTRN><TRNTYPE>DEBIT<DTPOSTED>20261101<TRNAMT>-3.50<FITID>B1<NAME>BLUE BOTTLE</STMTTRN>',
      '<STMTTRN><TRNTYPE>CREDIT<DTPOSTED>20261102<TRNAMT>100.00<FITID>B2<NAME>REFUND</STMTTRN>',
      '<STMTTRN><TRNTYPE>DEBIT<DTPOSTED>20261103<TRNAMT>-9.99<FITID>B3<NAME>NEW ONE</STMTTRN>',
      '</BANKTRANLIST></STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>',
      '',
    ].join('\n');
    expect(await importOk(app, auth, { accountId, content: ofx })).toMatchObject({
      format: 'ofx',
      imported: 1,
      matched: 2,
      duplicates: 0,
    });
    expect(await transactionCount(auth.user.id)).toBe(3);
  });

  it('tells the person the import completed, only when rows were stored', async () => {
    const { auth, accountId } = await personWithAccount();
    await importOk(app, auth, { accountId, content: statement });
    await importOk(app, auth, { accountId, content: statement });
    const told = await app.database.query<{ kind: string; title: string; body: string; link: string }>(
      'select kind, title, body, link from notifications where user_id = $1',
      [auth.user.id],
    );
    expect(told).toEqual([
      {
        kind: 'import_completed',
        title: 'Cash wallet import completed',
        body: '3 transactions imported. Your accounts are up to date.',
        link: '/accounts',
      },
    ]);
  });

  it('catches the person’s subscriptions up with the charges it brought, as a bank import does', async () => {
    const { auth, accountId } = await personWithAccount();
    const made = await app.inject({
      method: 'POST',
      url: '/api/subscriptions',
      headers: bearer(auth),
      payload: { name: 'Gym Club', amount: 30, frequency: 2, nextDueDate: addDays(TODAY, 2) },
    });
    expect(made.statusCode, made.body).toBe(201);
    const subscriptionId = (made.json() as { id: string }).id;
    await importOk(app, auth, {
      accountId,
      content: csvOf([[TODAY, 'GYM CLUB', '-30.00']]),
      mapping: ISO_MAPPING,
    });
    // Read straight from the database: the Subscriptions screen's own read would catch up by itself.
    const [subscription] = await app.database.query<{
      next_due_date: string;
      last_charge_date: string | null;
    }>('select next_due_date::text, last_charge_date::text from subscriptions where id = $1', [
      subscriptionId,
    ]);
    expect(subscription).toEqual({ last_charge_date: TODAY, next_due_date: '2026-12-22' });
    expect(
      await count('select count(*)::int as n from subscription_charges where subscription_id = $1', [
        subscriptionId,
      ]),
    ).toBe(1);
  });

  it('adds each row once when the same file is imported twice at the same moment', async () => {
    const { auth, accountId } = await personWithAccount();
    const rows = Array.from(
      { length: 200 },
      (_, i) => [addDays('2026-05-01', i % 90), `SHOP ${i % 7}`, `-${1 + (i % 13)}.25`] as const,
    );
    const content = csvOf(rows);
    const results = await Promise.all([
      importOk(app, auth, { accountId, content }),
      importOk(app, auth, { accountId, content }),
    ]);
    expect(results.reduce((n, r) => n + r.imported, 0)).toBe(200);
    for (const r of results) expect(r.imported + r.duplicates).toBe(200);
    expect(await transactionCount(auth.user.id)).toBe(200);
  });

  it('answers 429 with a message once a person imports too many files in a minute, and not to others', async () => {
    const { auth, accountId } = await personWithAccount();
    const content = csvOf([['2026-05-01', 'SHOP', '-1.00']]);
    for (let i = 0; i < IMPORTS_PER_MINUTE; i++) await importOk(app, auth, { accountId, content });
    const limited = await postImport(app, auth, { accountId, content });
    expect(expectJson(limited, 429, errorBody).code).toBe('RATE_LIMITED');
    const other = await personWithAccount();
    expect((await importOk(app, other.auth, { accountId: other.accountId, content })).imported).toBe(1);
  });

  it('takes a file larger than the app’s usual 256 kB body, and refuses one over 20 MB by its size', async () => {
    const { auth, accountId } = await personWithAccount();
    const rows = Array.from(
      { length: 12_000 },
      (_, i) =>
        [
          addDays('2025-01-01', i % 600),
          `GROCERY STORE NUMBER ${i % 50} SAN FRANCISCO CA`,
          `-${i % 90}.${String(i % 100).padStart(2, '0')}`,
        ] as const,
    );
    const content = csvOf(rows);
    expect(content.length).toBeGreaterThan(512 * 1024);
    expect((await importOk(app, auth, { accountId, content })).imported).toBe(12_000);
    // On the embedded database that is 24 statements of 500 rows: every trigger still adds up.
    await expectRollupsExact(app);
    const huge = 'x'.repeat(MAX_IMPORT_FILE_CHARS + 1);
    for (const post of [postImport, postPreview]) {
      const body = expectJson(await post(app, auth, { accountId, content: huge }), 400, errorBody);
      expect(body.message).toBe('The file is too large (at most 20 MB)');
    }
  });
});

/** A QIF bank file, one record per [written day, dollars, payee]. */
const qifOf = (rows: ReadonlyArray<readonly [string, string, string]>) =>
  `!Type:Bank\n${rows.map(([day, dollars, payee]) => `D${day}\nT${dollars}\nP${payee}\n^\n`).join('')}`;

/** Days that never pass the 12th: 03/04 is March 4th or April 3rd, and nothing in the file says which. */
const unprovenQif = qifOf([
  ['03/04/2026', '-12.00', 'BAKERY'],
  ['05/04/2026', '-30.00', 'BOOKSHOP'],
]);

const dayOrderOf = async (accountId: string) =>
  (
    await app.database.query<{ day_order: string | null }>(
      'select import_day_order as day_order from bank_accounts where id = $1',
      [accountId],
    )
  )[0]?.day_order;

describe('the day order of a QIF', () => {
  // One person for these, each test with an account of its own (sign-ups are rate limited).
  let auth: LoginResult;
  beforeAll(async () => {
    auth = await signUp(app);
  });
  const newAccount = () => insertManualAccount(app, auth.user.id);

  it('previews a file whose days do not show their order month first, and asks the person to confirm it', async () => {
    const accountId = await newAccount();
    const preview = await previewOk(app, auth, { accountId, content: unprovenQif });
    expect(preview).toMatchObject({
      format: 'qif',
      dayOrder: 'MDY',
      dayOrderSource: 'default',
      needsDayOrder: true,
    });
    expect(preview.rows.map((r) => r.date)).toEqual(['2026-03-04', '2026-05-04']);
    // Choosing previews again in that order; the question stays while the person chooses.
    const chosen = await previewOk(app, auth, { accountId, content: unprovenQif, qifDayOrder: 'DMY' });
    expect(chosen).toMatchObject({ dayOrder: 'DMY', dayOrderSource: 'chosen', needsDayOrder: true });
    expect(chosen.rows.map((r) => r.date)).toEqual(['2026-04-03', '2026-04-05']);
    // A preview remembers nothing.
    expect(await dayOrderOf(accountId)).toBeNull();
    expect((await previewOk(app, auth, { accountId, content: unprovenQif })).needsDayOrder).toBe(true);
  });

  it('does not ask when the file’s days show the order, whatever order is sent', async () => {
    const accountId = await newAccount();
    const content = qifOf([
      ['03/04/2026', '-12.00', 'BAKERY'],
      ['25/04/2026', '-30.00', 'BOOKSHOP'],
    ]);
    for (const qifDayOrder of [undefined, 'MDY', 'DMY'] as const) {
      const preview = await previewOk(app, auth, { accountId, content, qifDayOrder });
      expect(preview).toMatchObject({ dayOrder: 'DMY', dayOrderSource: 'file', needsDayOrder: false });
      expect(preview.rows.map((r) => r.date)).toEqual(['2026-04-03', '2026-04-25']);
    }
  });

  it('imports day first when chosen, remembers it on the account and reads its next file so without asking', async () => {
    const accountId = await newAccount();
    const first = await importOk(app, auth, { accountId, content: unprovenQif, qifDayOrder: 'DMY' });
    expect(first).toMatchObject({ format: 'qif', imported: 2, fromDate: '2026-04-03', toDate: '2026-04-05' });
    expect(await storedRows(app, auth.user.id, accountId)).toEqual([
      '2026-04-03|-1200|BAKERY',
      '2026-04-05|-3000|BOOKSHOP',
    ]);
    expect(await dayOrderOf(accountId)).toBe('DMY');

    const next = qifOf([
      ['01/05/2026', '-8.00', 'CINEMA'],
      ['02/05/2026', '-4.50', 'COFFEE'],
    ]);
    const preview = await previewOk(app, auth, { accountId, content: next });
    expect(preview).toMatchObject({ dayOrder: 'DMY', dayOrderSource: 'remembered', needsDayOrder: false });
    expect(preview.rows.map((r) => r.date)).toEqual(['2026-05-01', '2026-05-02']);
    expect(await importOk(app, auth, { accountId, content: next })).toMatchObject({
      imported: 2,
      fromDate: '2026-05-01',
      toDate: '2026-05-02',
    });
    expect(await dayOrderOf(accountId)).toBe('DMY');

    // Remembered per account: the person's other account still asks.
    const other = await insertManualAccount(app, auth.user.id, { name: 'Savings' });
    expect(await previewOk(app, auth, { accountId: other, content: next })).toMatchObject({
      dayOrder: 'MDY',
      needsDayOrder: true,
    });
  });

  it('remembers the order a file’s days showed, over the one the account had', async () => {
    const accountId = await newAccount();
    await importOk(app, auth, { accountId, content: unprovenQif, qifDayOrder: 'DMY' });
    const monthFirst = qifOf([['06/20/2026', '-5.00', 'MARKET']]);
    const preview = await previewOk(app, auth, { accountId, content: monthFirst });
    expect(preview).toMatchObject({ dayOrder: 'MDY', dayOrderSource: 'file', needsDayOrder: false });
    await importOk(app, auth, { accountId, content: monthFirst });
    expect(await dayOrderOf(accountId)).toBe('MDY');
    const next = qifOf([['07/01/2026', '-5.00', 'MARKET']]);
    expect((await previewOk(app, auth, { accountId, content: next })).rows[0]?.date).toBe('2026-07-01');
  });

  it('imports an unconfirmed file month first, as Quicken writes, without remembering that', async () => {
    const accountId = await newAccount();
    await importOk(app, auth, { accountId, content: unprovenQif });
    expect(await storedRows(app, auth.user.id, accountId)).toEqual([
      '2026-03-04|-1200|BAKERY',
      '2026-05-04|-3000|BOOKSHOP',
    ]);
    expect(await dayOrderOf(accountId)).toBeNull();
    const next = qifOf([['06/07/2026', '-5.00', 'MARKET']]);
    expect((await previewOk(app, auth, { accountId, content: next })).needsDayOrder).toBe(true);
  });

  it('neither asks nor remembers when the order changes no day, and leaves other formats alone', async () => {
    const accountId = await newAccount();
    const same = qifOf([
      ['2026-06-07', '-5.00', 'MARKET'],
      ['08/08/2026', '-6.00', 'MARKET'],
    ]);
    expect(await previewOk(app, auth, { accountId, content: same })).toMatchObject({
      dayOrder: 'MDY',
      dayOrderSource: 'default',
      needsDayOrder: false,
    });
    await importOk(app, auth, { accountId, content: same });
    expect(await dayOrderOf(accountId)).toBeNull();
    // A CSV sent with an order ignores it.
    await importOk(app, auth, { accountId, content: statement, qifDayOrder: 'DMY' });
    expect(await dayOrderOf(accountId)).toBeNull();
  });

  it('answers 404 for another person’s account with an order too, and leaves theirs as it was', async () => {
    const { accountId: theirs } = await personWithAccount();
    for (const post of [postImport, postPreview]) {
      const res = await post(app, auth, { accountId: theirs, content: unprovenQif, qifDayOrder: 'DMY' });
      expect(expectJson(res, 404, errorBody)).toMatchObject({
        message: 'Account not found',
        code: 'NOT_FOUND',
      });
    }
    expect(await dayOrderOf(theirs)).toBeNull();
  });
});

describe('matching rows to a linked bank', () => {
  let auth: LoginResult;
  let accountId: string;
  let bank: { date: string; amount: number; description: string }[];

  beforeAll(async () => {
    auth = await signUp(app);
    await linkBankAndImport(app, auth);
    const [checking] = await app.database.query<{ id: string }>(
      `select id from bank_accounts where user_id = $1 and name = 'Plaid Checking'`,
      [auth.user.id],
    );
    accountId = checking?.id ?? '';
    bank = (
      await app.database.query<{ date: string; amount: string | number; description: string }>(
        `select date::text as date, amount, description from transactions
          where user_id = $1 and account_id = $2 and not pending order by date, id limit 2`,
        [auth.user.id, accountId],
      )
    ).map((r) => ({ ...r, amount: Number(r.amount) }));
    expect(bank).toHaveLength(2);
  });

  const dollars = (cents: number) => (cents / 100).toFixed(2);

  it('flags a row with the date and amount of a bank transaction as matched and stores only the rest, one to one', async () => {
    const [a, b] = bank;
    if (!a || !b) throw new Error('no bank rows');
    const before = await transactionCount(auth.user.id);
    const content = csvOf([
      [a.date, 'the bank calls it otherwise', dollars(a.amount)],
      // The same money twice in the file: the bank has it once, so one is matched and one is new.
      [b.date, 'TWICE', dollars(b.amount)],
      [b.date, 'TWICE', dollars(b.amount)],
      [TODAY, 'CASH FROM A FRIEND', '20.00'],
    ]);
    const preview = await previewOk(app, auth, { accountId, content });
    expect(preview.rows.map((r) => r.status)).toEqual(['matched', 'matched', 'new', 'new']);
    expect(preview.counts).toMatchObject({ new: 2, matched: 2, duplicate: 0 });
    const result = await importOk(app, auth, { accountId, content });
    expect(result).toMatchObject({ imported: 2, matched: 2, duplicates: 0 });
    expect(await transactionCount(auth.user.id)).toBe(before + 2);
    expect(await importOk(app, auth, { accountId, content })).toMatchObject({
      imported: 0,
      matched: 2,
      duplicates: 2,
    });
    expect(await transactionCount(auth.user.id)).toBe(before + 2);
  });

  it('answers 404 for an account hidden past the plan’s limit, and stores nothing in it', async () => {
    const [savings] = await app.database.query<{ id: string }>(
      `update bank_accounts set hidden_at = now() where user_id = $1 and name = 'Plaid Saving' returning id`,
      [auth.user.id],
    );
    const hiddenId = savings?.id ?? '';
    try {
      const before = await transactionCount(auth.user.id);
      const content = csvOf([[TODAY, 'INTO A HIDDEN ACCOUNT', '-3.00']]);
      for (const url of ['/api/imports/preview', '/api/imports']) {
        const res = await app.inject({
          method: 'POST',
          url,
          headers: bearer(auth),
          payload: { accountId: hiddenId, content },
        });
        expect(res.statusCode, url).toBe(404);
      }
      expect(await transactionCount(auth.user.id)).toBe(before);
    } finally {
      await app.database.query('update bank_accounts set hidden_at = null where id = $1', [hiddenId]);
    }
  });

  it('does not match a bank transaction the person deleted, or one in another account', async () => {
    const [credit] = await app.database.query<{ id: string }>(
      `select id from bank_accounts where user_id = $1 and name = 'Plaid Credit Card'`,
      [auth.user.id],
    );
    const [row] = await app.database.query<{ date: string; amount: string | number }>(
      `select date::text as date, amount from transactions where user_id = $1 and account_id = $2 and not pending
        order by date desc limit 1`,
      [auth.user.id, credit?.id],
    );
    if (!row) throw new Error('no card rows');
    const content = csvOf([[row.date, 'CARD CHARGE SEEN FROM CHECKING', dollars(Number(row.amount))]]);
    // Unless checking has the same day and amount itself, the card's row is no match for checking.
    const sameInChecking = await count(
      `select count(*)::int as n from transactions where user_id = $1 and account_id = $2 and date = $3 and amount = $4`,
      [auth.user.id, accountId, row.date, row.amount],
    );
    expect(sameInChecking).toBe(0);
    expect((await previewOk(app, auth, { accountId, content })).rows[0]?.status).toBe('new');
    const [deleted] = await app.database.query<{ id: string; date: string; amount: string | number }>(
      `select id, date::text as date, amount from transactions where user_id = $1 and account_id = $2 and not pending
          and provider_transaction_id not like 'file:%' order by date desc, id limit 1`,
      [auth.user.id, accountId],
    );
    if (!deleted) throw new Error('no checking rows');
    await app.inject({ method: 'DELETE', url: `/api/transactions/${deleted.id}`, headers: bearer(auth) });
    const again = csvOf([[deleted.date, 'DELETED AT THE BANK SIDE', dollars(Number(deleted.amount))]]);
    expect((await previewOk(app, auth, { accountId, content: again })).rows[0]?.status).toBe('new');
  });
});

describe('whose account', () => {
  it('answers 404 for another person’s account, an unknown one, and a disconnected bank’s', async () => {
    const { accountId: theirs } = await personWithAccount();
    const { auth } = await personWithAccount();
    const linked = await signUp(app);
    const connectionId = await linkBankAndImport(app, linked);
    const [gone] = await app.database.query<{ id: string }>(
      'select id from bank_accounts where user_id = $1 limit 1',
      [linked.user.id],
    );
    await app.database.query('update bank_connections set is_active = false where id = $1', [connectionId]);
    const cases = [
      { who: auth, accountId: theirs },
      { who: auth, accountId: crypto.randomUUID() },
      { who: linked, accountId: gone?.id ?? '' },
    ];
    for (const { who, accountId } of cases) {
      for (const post of [postImport, postPreview]) {
        const body = expectJson(await post(app, who, { accountId, content: statement }), 404, errorBody);
        expect(body).toMatchObject({ message: 'Account not found', code: 'NOT_FOUND' });
      }
    }
    expect(await transactionCount(auth.user.id)).toBe(0);
    const [theirRows] = await app.database.query<{ n: number }>(
      'select count(*)::int as n from transactions where account_id = $1',
      [theirs],
    );
    expect(Number(theirRows?.n)).toBe(0);
  });

  it('answers 401 without a session, before reading the file', async () => {
    for (const url of ['/api/imports', '/api/imports/preview']) {
      const res = await app.inject({
        method: 'POST',
        url,
        payload: { accountId: crypto.randomUUID(), content: statement },
      });
      expect(res.statusCode).toBe(401);
    }
  });
});

describe('validation', () => {
  it('says what is wrong with the request', async () => {
    const { auth, accountId } = await personWithAccount();
    const mapping = ISO_MAPPING;
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ content: statement }, 'Choose an account'],
      [{ accountId: 'not-an-id', content: statement }, 'Choose an account'],
      [{ accountId }, 'Choose a file'],
      [{ accountId, content: 42 }, 'Choose a file'],
      [{ accountId, content: '' }, 'The file is empty'],
      [
        { accountId, content: 'x'.repeat(MAX_IMPORT_FILE_CHARS + 1) },
        'The file is too large (at most 20 MB)',
      ],
      [
        { accountId, content: statement, fileName: 'x'.repeat(256) },
        'Too big: expected string to have <=255 characters',
      ],
      [
        { accountId, content: statement, skipInvalid: 'yes' },
        'Invalid input: expected boolean, received string',
      ],
      [
        { accountId, content: statement, mapping: { ...mapping, amount: null } },
        'Choose the amount column, or the debit and credit columns',
      ],
      [
        { accountId, content: unprovenQif, qifDayOrder: 'YMD' },
        "Say how the file's dates are written: 'MDY' (month first) or 'DMY' (day first)",
      ],
      [
        { accountId, content: unprovenQif, qifDayOrder: 'dmy' },
        "Say how the file's dates are written: 'MDY' (month first) or 'DMY' (day first)",
      ],
      [
        { accountId, content: unprovenQif, qifDayOrder: null },
        "Say how the file's dates are written: 'MDY' (month first) or 'DMY' (day first)",
      ],
    ];
    for (const [payload, message] of cases) {
      for (const url of ['/api/imports', '/api/imports/preview']) {
        const res = await app.inject({ method: 'POST', url, headers: bearer(auth), payload });
        const body = expectJson(res, 400, errorBody);
        expect(body.message, `${url} ${JSON.stringify(payload).slice(0, 100)}`).toBe(message);
        expect(body.code).toBe('VALIDATION_ERROR');
      }
    }
    const text = await app.inject({
      method: 'POST',
      url: '/api/imports',
      headers: { ...bearer(auth), 'content-type': 'text/csv' },
      payload: statement,
    });
    expect(text.statusCode).toBe(415);
    expect(await transactionCount(auth.user.id)).toBe(0);
  });
});
