import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ImportFileError, parseImportFile } from './parse';
import { parseQif } from './qif';

const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8');

describe('QIF', () => {
  it('reads a Quicken bank export: splits, transfers, account lists and bad records', () => {
    const file = parseImportFile(fixture('quicken-bank.qif'));
    expect(file).toMatchObject({
      format: 'qif',
      columns: [],
      sampleRows: [],
      mapping: null,
      needsMapping: false,
      // Days from the 15th on in the second place: month first, proved.
      dayOrder: 'MDY',
      dayOrderConfident: true,
      dayOrderMatters: true,
    });
    expect(file.rows).toEqual([
      {
        line: 8,
        date: '2024-01-03',
        description: 'Sunset Apartments',
        merchantName: null,
        amount: -185000,
        fitId: null,
        category: 'Housing:Rent',
        note: null,
      },
      {
        line: 18,
        date: '2024-01-12',
        description: 'Safeway #1234',
        merchantName: null,
        // The T total is the transaction; the split lines only lend their first category.
        amount: -14267,
        fitId: null,
        category: 'Food:Groceries',
        note: 'Weekly shop + pharmacy',
      },
      {
        line: 29,
        date: '2024-01-15',
        description: 'ACME Corp Payroll',
        merchantName: null,
        amount: 312544,
        fitId: null,
        category: 'Salary/Job1',
        note: null,
      },
      {
        line: 34,
        date: '2024-01-20',
        description: 'Transfer to savings',
        merchantName: null,
        amount: -50000,
        fitId: null,
        category: '[Savings]',
        note: null,
      },
      {
        line: 39,
        date: '2024-01-31',
        // No payee: the memo describes it.
        description: 'NETFLIX.COM monthly',
        merchantName: null,
        amount: -1549,
        fitId: null,
        category: null,
        note: null,
      },
    ]);
    expect(file.errors).toEqual([
      { line: 43, reason: `date "13/45'24" is not a valid MM/DD/YYYY date` },
      { line: 47, reason: 'the transaction has no amount (T line)' },
    ]);
  });

  it('reads a credit card export with day-first dates and decimal commas', () => {
    const file = parseImportFile(fixture('credit-card.qif'));
    expect(file.rows.map((r) => [r.line, r.date, r.amount, r.description, r.category, r.note])).toEqual([
      [2, '2024-03-28', -123450, 'MEDIAMARKT BERLIN', 'Electronics', null],
      [7, '2024-03-29', -1280, 'DB VERTRIEB GMBH', null, 'Fahrkarte Berlin-Hamburg'],
      [12, '2024-04-02', 50000, 'Zahlung danke', null, null],
    ]);
    expect(file).toMatchObject({ dayOrder: 'DMY', dayOrderConfident: true });
  });

  it.each([['Bank'], ['CCard'], ['Cash'], ['Oth A'], ['Oth L']])('reads !Type:%s sections', (type) => {
    const file = parseImportFile(`!Type:${type}\nD01/02/2024\nT-3.00\nPCoffee\n^\n`);
    expect(file.rows.map((r) => [r.date, r.amount, r.description])).toEqual([['2024-01-02', -300, 'Coffee']]);
  });

  it.each([
    ["1/ 2'24", '2024-01-02'],
    ["01/02'2024", '2024-01-02'],
    ["12/31' 9", '2009-12-31'],
    ['1/2/24', '2024-01-02'],
    ['12/31/99', '1999-12-31'],
    ['01/02/2024', '2024-01-02'],
    ['2024-01-02', '2024-01-02'],
    ['1-2-2024', '2024-01-02'],
  ])('reads the Quicken day %j', (written, day) => {
    const file = parseImportFile(`!Type:Bank\nD${written}\nT-3.00\nPCoffee\n^\n`);
    expect(file.rows[0]?.date).toBe(day);
  });

  it('reads day-first dates when a day above 12 shows it', () => {
    const file = parseImportFile('!Type:Bank\nD01/02/2024\nT-1.00\nPA\n^\nD25/02/2024\nT-2.00\nPB\n^\n');
    expect(file.rows.map((r) => r.date)).toEqual(['2024-02-01', '2024-02-25']);
  });

  describe('the order of month and day', () => {
    /** Days that read as other days either way round: nothing in the file says which. */
    const unproven = "!Type:Bank\nD01/02/2024\nT-1.00\nPA\n^\nD03/04'24\nT-2.00\nPB\n^\n";

    it('reads a file whose days never pass the 12th month first, and says the file did not prove it', () => {
      expect(parseQif(unproven)).toMatchObject({
        rows: [{ date: '2024-01-02' }, { date: '2024-03-04' }],
        errors: [],
        dayOrder: 'MDY',
        dayOrderConfident: false,
        dayOrderMatters: true,
      });
    });

    it('reads such a file in the order given', () => {
      const file = parseQif(unproven, { dayOrder: 'DMY' });
      expect(file.rows.map((r) => r.date)).toEqual(['2024-02-01', '2024-04-03']);
      expect(file).toMatchObject({ dayOrder: 'DMY', dayOrderConfident: false });
      expect(parseQif(unproven, { dayOrder: 'MDY' }).rows.map((r) => r.date)).toEqual([
        '2024-01-02',
        '2024-03-04',
      ]);
    });

    it.each([
      ['MDY', 'D01/02/2024', 'D01/25/2024', ['2024-01-02', '2024-01-25']],
      ['DMY', 'D01/02/2024', 'D25/01/2024', ['2024-02-01', '2024-01-25']],
    ] as const)('a file that proves %s wins over the other order given', (shown, first, second, days) => {
      const content = `!Type:Bank\n${first}\nT-1.00\nPA\n^\n${second}\nT-2.00\nPB\n^\n`;
      const other = shown === 'MDY' ? 'DMY' : 'MDY';
      const file = parseQif(content, { dayOrder: other });
      expect(file).toMatchObject({ dayOrder: shown, dayOrderConfident: true, dayOrderMatters: true });
      expect(file.rows.map((r) => r.date)).toEqual(days);
      expect(file.errors).toEqual([]);
    });

    it('goes with the side more days show when a file holds both, and says which rows cannot be days', () => {
      const content = [
        '!Type:Bank',
        ...['25/01/2024', '26/01/2024', '01/27/2024'].flatMap((d) => [`D${d}`, 'T-1.00', 'PA', '^']),
      ].join('\n');
      const file = parseQif(content, { dayOrder: 'MDY' });
      expect(file).toMatchObject({ dayOrder: 'DMY', dayOrderConfident: true });
      expect(file.errors).toEqual([{ line: 10, reason: 'date "01/27/2024" is not a valid DD/MM/YYYY date' }]);
    });

    it('proves nothing when as many days show each order, or the numbers are no days at all', () => {
      const tie = '!Type:Bank\nD25/01/2024\nT-1.00\nPA\n^\nD01/25/2024\nT-1.00\nPB\n^\n';
      expect(parseQif(tie, { dayOrder: 'DMY' })).toMatchObject({
        dayOrder: 'DMY',
        dayOrderConfident: false,
        dayOrderMatters: true,
      });
      const noDay = '!Type:Bank\nD13/45/2024\nT-1.00\nPA\n^\nD02/03/2024\nT-1.00\nPB\n^\n';
      const file = parseQif(noDay, { dayOrder: 'DMY' });
      expect(file).toMatchObject({ dayOrder: 'DMY', dayOrderConfident: false });
      expect(file.errors).toEqual([{ line: 2, reason: 'date "13/45/2024" is not a valid DD/MM/YYYY date' }]);
    });

    it('says the order does not matter when no day reads differently the other way round', () => {
      const content = '!Type:Bank\nD2024-01-02\nT-1.00\nPA\n^\nD05/05/2024\nT-1.00\nPB\n^\n';
      for (const dayOrder of [undefined, 'MDY', 'DMY'] as const) {
        const file = parseQif(content, { dayOrder });
        expect(file).toMatchObject({
          dayOrder: dayOrder ?? 'MDY',
          dayOrderConfident: false,
          dayOrderMatters: false,
        });
        expect(file.rows.map((r) => r.date)).toEqual(['2024-01-02', '2024-05-05']);
      }
    });
  });

  it('takes U when there is no T, and the first split category when there is no L', () => {
    const file = parseImportFile('!Type:Bank\nD01/02/2024\nU-9.50\nPLunch\nSDining\n$-9.50\n^\n');
    expect(file.rows[0]).toMatchObject({ amount: -950, category: 'Dining' });
  });

  it('reads a last record that is missing its ^', () => {
    const file = parseImportFile('!Type:Bank\r\nD01/02/2024\r\nT-1.00\r\nPLast\r\n');
    expect(file.rows.map((r) => r.description)).toEqual(['Last']);
  });

  it('says when a record has neither payee nor memo', () => {
    const file = parseImportFile('!Type:Bank\nD01/02/2024\nT-1.00\n^\n');
    expect(file.errors).toEqual([{ line: 2, reason: 'the description is empty (no P payee or M memo)' }]);
  });

  it('refuses investment files and files without transactions', () => {
    expect(() => parseImportFile('!Type:Invst\nD01/02/2024\nNBuy\nYACME\n^\n')).toThrow(
      new ImportFileError('Investment QIF files cannot be imported'),
    );
    expect(() => parseImportFile('!Type:Cat\nNFood\nE\n^\n')).toThrow(
      new ImportFileError('The QIF file has no transactions'),
    );
  });
});
