import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { readOfxTransactions } from './ofx';
import { ImportFileError, parseImportFile } from './parse';

const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8');

/** A minimal SGML OFX around some STMTTRN text. */
const sgml = (transactions: string) =>
  `OFXHEADER:100\nDATA:OFXSGML\nVERSION:102\n\n<OFX><BANKMSGSRSV1><STMTTRNRS><STMTRS><BANKTRANLIST>\n${transactions}\n</BANKTRANLIST></STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>\n`;

describe('OFX 1.x (SGML)', () => {
  it('reads a bank statement with unclosed leaf tags', () => {
    const file = parseImportFile(fixture('bank-sgml-102.ofx'));
    expect(file).toMatchObject({
      format: 'ofx',
      columns: [],
      sampleRows: [],
      mapping: null,
      needsMapping: false,
    });
    expect(file.errors).toEqual([]);
    expect(file.rows).toEqual([
      {
        line: 1,
        date: '2024-03-02',
        // An entity is decoded; the empty unclosed MEMO after it is no note.
        description: "JOE'S DINER & GRILL",
        merchantName: null,
        amount: -4567,
        fitId: '202403020',
        category: null,
        note: null,
      },
      {
        line: 2,
        date: '2024-03-15',
        description: 'ACME CORP PAYROLL',
        merchantName: null,
        amount: 250000,
        fitId: '202403150',
        category: null,
        note: 'DIRECT DEP PPD ID 1234567890',
      },
      {
        line: 3,
        date: '2024-03-18',
        // NAME is MEMO cut at 32 characters: the whole text describes, NAME is the merchant.
        description: 'AMAZON MKTPLACE PMTS AMZN.COM/BILL WA',
        merchantName: 'AMAZON MKTPLACE PMTS AMZN.COM/B',
        amount: -12830,
        fitId: '202403180',
        category: null,
        note: null,
      },
      {
        line: 4,
        date: '2024-03-20',
        // No NAME of its own: the PAYEE aggregate's NAME, not its address; a decimal comma in TRNAMT.
        description: 'SUNSET APARTMENTS',
        merchantName: null,
        amount: -120000,
        fitId: '202403200',
        category: null,
        note: 'APRIL RENT',
      },
      {
        line: 5,
        date: '2024-03-25',
        // A raw ampersand, as SGML files often have.
        description: 'AT&T *PAYMENT',
        merchantName: null,
        amount: -6105,
        fitId: '202403250',
        category: null,
        note: 'AT&T MOBILITY ONLINE PMT',
      },
    ]);
  });

  it('keeps the leaves of a transaction apart when an empty one is left unclosed', () => {
    const fields = readOfxTransactions(
      sgml(
        '<STMTTRN><TRNTYPE>DEBIT<DTPOSTED>20240102<TRNAMT>-1.00<FITID>A<MEMO><NAME>COFFEE<CHECKNUM></STMTTRN>',
      ),
    );
    expect(fields).toHaveLength(1);
    expect(Object.fromEntries(fields[0] ?? [])).toEqual({
      TRNTYPE: 'DEBIT',
      DTPOSTED: '20240102',
      TRNAMT: '-1.00',
      FITID: 'A',
      NAME: 'COFFEE',
    });
  });

  it('reads transactions that are never closed, each ended by the next', () => {
    const file = parseImportFile(
      sgml(
        '<STMTTRN><DTPOSTED>20240102<TRNAMT>-1.00<FITID>A<NAME>ONE\n<STMTTRN><DTPOSTED>20240103<TRNAMT>-2.00<FITID>B<NAME>TWO',
      ),
    );
    expect(file.rows.map((r) => [r.fitId, r.description, r.amount])).toEqual([
      ['A', 'ONE', -100],
      ['B', 'TWO', -200],
    ]);
  });

  it.each([
    ['20240305', '2024-03-05'],
    ['20240305120000', '2024-03-05'],
    ['20240305235959.999', '2024-03-05'],
    ['20240305235959.999[-5:EST]', '2024-03-05'],
    ['20240305000000[+9:JST]', '2024-03-05'],
  ])('takes the day part of DTPOSTED %s', (posted, day) => {
    const file = parseImportFile(sgml(`<STMTTRN><DTPOSTED>${posted}<TRNAMT>-1.00<FITID>A<NAME>X</STMTTRN>`));
    expect(file.rows[0]?.date).toBe(day);
  });

  it.each([
    ['<DTPOSTED>20240230<TRNAMT>-1.00<NAME>X', 'DTPOSTED "20240230" is not a valid date'],
    ['<TRNAMT>-1.00<NAME>X', 'the transaction has no DTPOSTED date'],
    ['<DTPOSTED>20240201<NAME>X', 'the transaction has no TRNAMT amount'],
    ['<DTPOSTED>20240201<TRNAMT>lots<NAME>X', 'amount "lots" is not a number'],
    ['<DTPOSTED>20240201<TRNAMT>-1.00<MEMO>', 'the transaction has no NAME or MEMO'],
  ])('says why a transaction cannot be read: %s', (fields, reason) => {
    const file = parseImportFile(
      sgml(`<STMTTRN><DTPOSTED>20240101<TRNAMT>-5.00<NAME>OK</STMTTRN><STMTTRN>${fields}</STMTTRN>`),
    );
    expect(file.rows.map((r) => r.line)).toEqual([1]);
    expect(file.errors).toEqual([{ line: 2, reason }]);
  });

  it('uses DTUSER when DTPOSTED is missing', () => {
    const file = parseImportFile(sgml('<STMTTRN><DTUSER>20240107<TRNAMT>-1.00<NAME>X</STMTTRN>'));
    expect(file.rows[0]?.date).toBe('2024-01-07');
  });

  it('refuses a statement without transactions', () => {
    expect(() => parseImportFile(sgml(''))).toThrow(new ImportFileError('The OFX file has no transactions'));
  });
});

describe('OFX 2.x (XML)', () => {
  it('reads a credit card statement', () => {
    const file = parseImportFile(fixture('card-xml-220.ofx'));
    expect(file.format).toBe('ofx');
    expect(file.rows.map((r) => [r.line, r.date, r.amount, r.description, r.fitId, r.note])).toEqual([
      [1, '2024-04-03', -2340, 'UBER *TRIP', '320240930000123456', null],
      [2, '2024-04-10', 75000, 'PAYMENT - THANK YOU', '320241000000654321', null],
      // No NAME: MEMO describes; no FITID, so it is fingerprinted instead.
      [3, '2024-04-12', -999, 'SPOTIFY USA 877-7781161', null, null],
      [5, '2024-04-20', -6412, "TRADER JOE'S #123 <OAKLAND>", '320241100000777777', null],
    ]);
    expect(file.errors).toEqual([{ line: 4, reason: 'DTPOSTED "20240431" is not a valid date' }]);
  });

  it('reads an XML file without an XML declaration', () => {
    const content =
      '<OFX><CREDITCARDMSGSRSV1><CCSTMTTRNRS><CCSTMTRS><BANKTRANLIST><STMTTRN><DTPOSTED>20240102</DTPOSTED><TRNAMT>-3.00</TRNAMT><FITID>Z</FITID><NAME>TEA &amp; CAKE</NAME><MEMO>TEA &#38; CAKE &#x2013; TABLE 4</MEMO></STMTTRN></BANKTRANLIST></CCSTMTRS></CCSTMTTRNRS></CREDITCARDMSGSRSV1></OFX>';
    const file = parseImportFile(content);
    expect(file.rows).toEqual([
      {
        line: 1,
        date: '2024-01-02',
        description: 'TEA & CAKE – TABLE 4',
        merchantName: 'TEA & CAKE',
        amount: -300,
        fitId: 'Z',
        category: null,
        note: null,
      },
    ]);
  });
});

describe('QFX', () => {
  it('reads Quicken Web Connect files, OFX with Intuit sign-on fields', () => {
    const file = parseImportFile(fixture('quicken-webconnect.qfx'));
    expect(file.format).toBe('qfx');
    expect(file.rows.map((r) => [r.line, r.date, r.amount, r.description, r.fitId])).toEqual([
      [1, '2024-05-31', 412, 'INTEREST EARNED', 'INT20240531'],
      [2, '2024-05-15', 50000, 'ONLINE TRANSFER FROM CHK 1234', 'XF20240515'],
      [3, '2024-05-02', -20000, 'ONLINE TRANSFER TO CHK 1234', 'XF20240502'],
    ]);
  });

  it('says QFX when a Web Connect file has no transactions', () => {
    const content = fixture('quicken-webconnect.qfx').replace(/<STMTTRN>.*<\/STMTTRN>/, '');
    expect(() => parseImportFile(content)).toThrow(new ImportFileError('The QFX file has no transactions'));
  });
});

describe('the decimal separator of TRNAMT', () => {
  const amounts = (...values: string[]) =>
    parseImportFile(
      sgml(
        values
          .map((v, i) => `<STMTTRN><DTPOSTED>2024010${i + 1}<TRNAMT>${v}<FITID>F${i}<NAME>N${i}`)
          .join('\n'),
      ),
    ).rows.map((r) => r.amount);

  it('is the file’s: a thousand beside amounts with a decimal point stays a thousand', () => {
    expect(amounts('-1,000', '-12.50')).toEqual([-100_000, -1250]);
  });
  it('is a comma when the file writes cents after one', () => {
    expect(amounts('-1.000,00', '-12,50', '3')).toEqual([-100_000, -1250, 300]);
  });
});
