import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { detectFormat, ImportFileError, parseImportFile } from './parse';

const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8');

describe('detectFormat', () => {
  it.each([
    ['bank-sgml-102.ofx', 'ofx'],
    ['card-xml-220.ofx', 'ofx'],
    ['quicken-webconnect.qfx', 'qfx'],
    ['quicken-bank.qif', 'qif'],
    ['credit-card.qif', 'qif'],
    ['chase-checking.csv', 'csv'],
    ['dkb-giro.csv', 'csv'],
  ])('%s is %s', (name, format) => {
    expect(detectFormat(fixture(name))).toBe(format);
  });

  it.each([
    ['OFXHEADER:100\nDATA:OFXSGML\n<OFX>', 'ofx'],
    ['\uFEFF  \r\nOFXHEADER:100', 'ofx'],
    ['<?xml version="1.0"?>\n<?OFX OFXHEADER="200" VERSION="211"?>\n<OFX></OFX>', 'ofx'],
    ['<OFX><SIGNONMSGSRSV1>', 'ofx'],
    ['<?OFX OFXHEADER="200"?><OFX>', 'ofx'],
    ['OFXHEADER:100\n<OFX><SONRS><INTU.BID>3000</SONRS>', 'qfx'],
    ['<?xml version="1.0"?><?OFX OFXHEADER="200"?><OFX><SONRS><INTU.USERID>me</INTU.USERID>', 'qfx'],
    ['!Type:Bank\nD1/1/24', 'qif'],
    ['!type:CCard\n', 'qif'],
    ['!Option:AutoSwitch\n!Account\n', 'qif'],
    ['Date,Description,Amount\n', 'csv'],
    // The extension says nothing: an XML file that is not OFX, and an OFX word inside a CSV, are CSV.
    ['<?xml version="1.0"?><rss></rss>', 'csv'],
    ['Date,Description\n2024-01-01,"<OFX> shirt"', 'csv'],
    ['', 'csv'],
    ['\u0000\u0001binary', 'csv'],
  ])('%j is %s', (content, format) => {
    expect(detectFormat(content)).toBe(format);
  });
});

describe('files that cannot be read at all', () => {
  it.each([
    ['', 'The file is empty'],
    ['\uFEFF \r\n\t', 'The file is empty'],
    [
      '%PDF-1.7\n%âãÏÓ',
      'PDF statements cannot be imported: download a CSV, OFX, QFX or QIF file from your bank',
    ],
    [
      'PK\u0003\u0004\u0014\u0000',
      'Spreadsheet files cannot be imported: save the sheet as CSV and import that',
    ],
    [
      '\u0089PNG\r\n\u001a\n\u0000\u0000\u0000\rIHDR',
      'This is not a text file: choose a CSV, OFX, QFX or QIF statement',
    ],
    ['OFXHEADER:100\n<OFX></OFX>', 'The OFX file has no transactions'],
    ['!Type:Bank\n', 'The QIF file has no transactions'],
    ['Date,Description,Amount\n', 'The file has a header row but no transactions'],
  ])('%j: %s', (content, message) => {
    expect(() => parseImportFile(content)).toThrow(new ImportFileError(message));
  });

  it('is an ImportFileError, so a caller can tell it from a bug', () => {
    try {
      parseImportFile('');
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ImportFileError);
      expect(error).toBeInstanceOf(Error);
      expect((error as Error).name).toBe('ImportFileError');
    }
  });
});

describe('parseImportFile', () => {
  it('gives every fixture rows in file order, each with a line and a non-empty trimmed description', () => {
    for (const name of [
      'amex-card.csv',
      'bank-sgml-102.ofx',
      'capital-one-card.csv',
      'card-xml-220.ofx',
      'chase-card.csv',
      'chase-checking.csv',
      'credit-agricole.csv',
      'credit-card.qif',
      'dkb-giro.csv',
      'quicken-bank.qif',
      'quicken-webconnect.qfx',
      'wells-fargo-no-header.csv',
    ]) {
      const file = parseImportFile(fixture(name));
      expect(file.rows.length, name).toBeGreaterThan(0);
      const lines = [...file.rows.map((r) => r.line), ...file.errors.map((e) => e.line)];
      expect(new Set(lines).size, name).toBe(lines.length);
      for (const [a, b] of [file.rows, file.errors].flatMap((list) =>
        list.slice(1).map((x, i) => [list[i], x]),
      )) {
        expect((a?.line ?? 0) < (b?.line ?? 0), name).toBe(true);
      }
      for (const row of file.rows) {
        expect(row.description, name).toBe(row.description.trim());
        expect(row.description, name).not.toBe('');
        expect(row.date, name).toMatch(/^\d{4}-\d{2}-\d{2}$/);
        expect(Number.isSafeInteger(row.amount), name).toBe(true);
      }
    }
  });

  it('reads a QIF whose days do not show their order in the one given, and says so', () => {
    const content = '!Type:Bank\nD03/04/2024\nT-1.00\nPA\n^\n';
    expect(parseImportFile(content)).toMatchObject({
      format: 'qif',
      rows: [{ date: '2024-03-04' }],
      dayOrder: 'MDY',
      dayOrderConfident: false,
      dayOrderMatters: true,
    });
    expect(parseImportFile(content, { dayOrder: 'DMY' })).toMatchObject({
      rows: [{ date: '2024-04-03' }],
      dayOrder: 'DMY',
      dayOrderConfident: false,
    });
    // The file's own days win over the order given.
    expect(parseImportFile(fixture('credit-card.qif'), { dayOrder: 'MDY' })).toMatchObject({
      dayOrder: 'DMY',
      dayOrderConfident: true,
    });
  });

  it.each([['chase-checking.csv'], ['bank-sgml-102.ofx'], ['quicken-webconnect.qfx']])(
    'answers null for the day order of %s, whatever order is given',
    (name) => {
      for (const dayOrder of [undefined, 'DMY'] as const) {
        expect(parseImportFile(fixture(name), { dayOrder })).toMatchObject({
          dayOrder: null,
          dayOrderConfident: null,
          dayOrderMatters: null,
        });
      }
    },
  );
});
