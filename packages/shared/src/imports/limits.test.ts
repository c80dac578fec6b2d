import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_IMPORT_LINE_CHARS, MAX_IMPORT_ROWS } from './imports.schema';
import { MAX_OFX_DEPTH, MAX_OFX_FIELDS, readOfxTransactions } from './ofx';
import { ImportFileError, parseImportFile } from './parse';

/*
 * Every reader's work and memory grow with the file, never faster, and a file past a cap is refused in words a
 * person understands. Nothing here times anything: the tests look at what was built (keys, fields, rows).
 */

/** What parseImportFile says when it refuses the file, or null when it reads it. */
function refusal(content: string): string | null {
  try {
    parseImportFile(content);
    return null;
  } catch (error) {
    if (error instanceof ImportFileError) return error.message;
    throw error;
  }
}

const ofx = (transactions: string) =>
  `OFXHEADER:100\nDATA:OFXSGML\n\n<OFX><BANKMSGSRSV1><STMTTRNRS><STMTRS><BANKTRANLIST>\n${transactions}\n</BANKTRANLIST></STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>\n`;
const transaction = (inner: string) =>
  `<STMTTRN><TRNTYPE>DEBIT<DTPOSTED>20240302<TRNAMT>-1.00<FITID>1${inner}</STMTTRN>`;
/** A transaction holding `n` fields (FITID and friends included), every one a leaf. */
const withFields = (n: number) => transaction('<MEMO>x'.repeat(n - 4));
const nested = (depth: number) =>
  transaction(`${'<PAYEE>'.repeat(depth)}<NAME>Deep${'</PAYEE>'.repeat(depth)}`);

const DEPTH_REFUSAL = `The file nests a transaction's parts more than ${MAX_OFX_DEPTH} deep: it does not look like a bank statement`;
const FIELDS_REFUSAL = `The file has a transaction with more than ${MAX_OFX_FIELDS} fields: it does not look like a bank statement`;
const ROWS_REFUSAL = 'The file has more than 250,000 rows: import it in parts (a year at a time)';

describe('OFX caps', () => {
  it.each([
    ['aggregates nested as deep as allowed', nested(MAX_OFX_DEPTH), null],
    ['aggregates nested one deeper', nested(MAX_OFX_DEPTH + 1), DEPTH_REFUSAL],
    ['as many fields as allowed', withFields(MAX_OFX_FIELDS), null],
    ['one field more', withFields(MAX_OFX_FIELDS + 1), FIELDS_REFUSAL],
  ])('%s', (_, body, expected) => {
    expect(refusal(ofx(body))).toBe(expected);
  });

  it('refuses a 300 KB file of PAYEE inside PAYEE, the shape that froze the server, by its depth', () => {
    const content = ofx(`<STMTTRN>${'<PAYEE>'.repeat(20_000)}${'<NAME>x'.repeat(20_000)}`);
    expect(content.length).toBeGreaterThan(280_000);
    expect(refusal(content)).toBe(DEPTH_REFUSAL);
  });

  it('refuses a 300 KB transaction of unclosed fields by their number', () => {
    const content = ofx(`<STMTTRN>${'<NAME>x<MEMO>'.repeat(25_000)}`);
    expect(content.length).toBeGreaterThan(300_000);
    expect(refusal(content)).toBe(FIELDS_REFUSAL);
  });

  it(`refuses more than ${MAX_IMPORT_ROWS.toLocaleString('en-US')} transactions`, () => {
    const transactions = readOfxTransactions(ofx('<STMTTRN>'.repeat(MAX_IMPORT_ROWS)));
    expect(transactions).toHaveLength(MAX_IMPORT_ROWS);
    expect(refusal(ofx('<STMTTRN>'.repeat(MAX_IMPORT_ROWS + 1)))).toBe(
      'The file has more than 250,000 transactions: import it in parts (a year at a time)',
    );
  });

  it('keys a field with at most the allowed aggregates and keeps no element name longer than OFX’s', () => {
    const longName = 'X'.repeat(100_000);
    const [fields] = readOfxTransactions(ofx(transaction(`<${longName}>kept nowhere${nested(3)}`)));
    for (const key of fields?.keys() ?? []) expect(key.length).toBeLessThanOrEqual(64);
  });

  /** Tags and text an adversary might mix, aggregates weighted so deep nesting comes up often. */
  const token = fc.oneof(
    { arbitrary: fc.constantFrom('<PAYEE>', '<BANKACCTTO>', '<CURRENCY>'), weight: 10 },
    { arbitrary: fc.constantFrom('</PAYEE>', '</CURRENCY>', '<STMTTRN>', '</STMTTRN>'), weight: 1 },
    {
      arbitrary: fc.constantFrom('<NAME>a', '<MEMO> 12.50 ', '<TRNAMT>&amp;', '<FITID><![CDATA[z]]>'),
      weight: 4,
    },
    { arbitrary: fc.constantFrom('<X/>', '<!-- c -->', '<', '>', '<NAME>'), weight: 2 },
  );

  it('never keys a field with more aggregates than allowed, nor keeps more fields than allowed, whatever the tags', () => {
    fc.assert(
      fc.property(fc.array(token, { minLength: 40, maxLength: 400 }), (tokens) => {
        let transactions: Map<string, string>[];
        try {
          transactions = readOfxTransactions(`<OFX><STMTTRN>${tokens.join('')}`);
        } catch (error) {
          expect(error).toBeInstanceOf(ImportFileError);
          return;
        }
        let keyChars = 0;
        for (const fields of transactions) {
          expect(fields.size).toBeLessThanOrEqual(MAX_OFX_FIELDS);
          for (const key of fields.keys()) {
            expect(key.split('.').length).toBeLessThanOrEqual(MAX_OFX_DEPTH + 1);
            keyChars += key.length;
          }
        }
        // Each key names at most MAX_OFX_DEPTH aggregates of a dozen letters besides its own tag, and each
        // field takes a tag of the file: what the keys hold grows with the file, not with its square.
        expect(keyChars).toBeLessThanOrEqual((MAX_OFX_DEPTH * 13 + 1) * tokens.length);
      }),
      { numRuns: 300 },
    );
  });
});

describe('CSV caps', () => {
  const header = 'Date,Description,Amount\n';
  const row = '2024-03-02,COFFEE,-3.50\n';

  it(`reads ${MAX_IMPORT_ROWS.toLocaleString('en-US')} rows and refuses one more`, () => {
    expect(parseImportFile(header + row.repeat(MAX_IMPORT_ROWS)).rows).toHaveLength(MAX_IMPORT_ROWS);
    expect(refusal(header + row.repeat(MAX_IMPORT_ROWS + 2))).toBe(ROWS_REFUSAL);
  });

  it('refuses millions of empty lines before making a record of each', () => {
    expect(refusal(`${header}${row}${'\n'.repeat(2_000_000)}`)).toBe(ROWS_REFUSAL);
  });

  it.each([
    ['a long description', `${header}2024-03-02,${'x'.repeat(MAX_IMPORT_LINE_CHARS)},-3.50\n`],
    ['a line of delimiters', `${header}${row}${','.repeat(MAX_IMPORT_LINE_CHARS + 1)}\n`],
    [
      'old Mac line breaks',
      `${header.replace('\n', '\r')}${'2024-03-02,'.padEnd(MAX_IMPORT_LINE_CHARS + 1, 'y')}\r`,
    ],
  ])('refuses a line longer than the cap: %s', (_, content) => {
    expect(refusal(content)).toMatch(
      /^Line [23] is longer than 100,000 characters: the file does not look like a bank statement$/,
    );
  });

  it('reads a line as long as the cap', () => {
    const description = 'x'.repeat(MAX_IMPORT_LINE_CHARS - '2024-03-02,,-3.50'.length);
    expect(parseImportFile(`${header}2024-03-02,${description},-3.50\n${row}`).rows).toHaveLength(2);
  });
});

describe('QIF caps', () => {
  const record = 'D3/2/2024\nT-3.50\nPCOFFEE\n^\n';

  it(`reads ${MAX_IMPORT_ROWS.toLocaleString('en-US')} transactions and refuses one more`, () => {
    expect(parseImportFile(`!Type:Bank\n${record.repeat(MAX_IMPORT_ROWS)}`).rows).toHaveLength(
      MAX_IMPORT_ROWS,
    );
    expect(refusal(`!Type:Bank\n${record.repeat(MAX_IMPORT_ROWS + 1)}`)).toBe(ROWS_REFUSAL);
  });

  it('refuses a line longer than the cap', () => {
    expect(refusal(`!Type:Bank\nD3/2/2024\nT-3.50\nP${'x'.repeat(MAX_IMPORT_LINE_CHARS)}\n^\n`)).toBe(
      'Line 4 is longer than 100,000 characters: the file does not look like a bank statement',
    );
  });
});
