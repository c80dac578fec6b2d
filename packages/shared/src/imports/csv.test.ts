import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { CsvMapping, DateFormat } from './imports.schema';
import { csvMapping, MAX_CSV_COLUMNS } from './imports.schema';
import { detectCsvMapping, ImportFileError, type ParsedRow, parseImportFile } from './parse';
import { csvCell, writeAmount, writeDay } from './test-support';

const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8');

/** The parts of a row most tests compare. */
const brief = (r: ParsedRow) => [r.line, r.date, r.amount, r.description] as const;

const baseMapping: CsvMapping = {
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

describe('CSV exports of real banks', () => {
  it('reads a US checking export with a byte order mark, CRLF, quoted commas and doubled quotes', () => {
    const file = parseImportFile(fixture('chase-checking.csv'));
    expect(file.format).toBe('csv');
    expect(file.needsMapping).toBe(false);
    expect(file.mapping).toMatchObject({
      delimiter: ',',
      hasHeader: true,
      date: 1,
      description: 2,
      amount: 3,
      dateFormat: 'MM/DD/YYYY',
      decimalSeparator: '.',
    });
    // The header is read without the byte order mark.
    expect(file.columns.slice(0, 4)).toEqual(['Details', 'Posting Date', 'Description', 'Amount']);
    expect(file.rows.map(brief)).toEqual([
      [2, '2024-03-29', -575, 'STARBUCKS STORE 05512 SEATTLE WA 03/28'],
      [3, '2024-03-28', -8642, 'SAFEWAY #1234, SAN FRANCISCO CA 03/27'],
      [4, '2024-03-15', 250000, 'ACME CORP PAYROLL PPD ID: 1234567890'],
      [5, '2024-03-14', -120000, 'CHECK 1043'],
      [6, '2024-03-13', -4000, 'Zelle payment to Jane "JJ" Doe JPM99a1b2c3'],
      [7, '2024-03-13', -4000, 'Zelle payment to Jane "JJ" Doe JPM99a1b2c3'],
      [8, '2024-03-04', -1549, 'NETFLIX.COM NETFLIX.COM CA 03/03'],
    ]);
    expect(file.errors).toEqual([]);
    expect(file.sampleRows).toHaveLength(5);
    expect(file.sampleRows[0]?.[2]).toBe('STARBUCKS STORE 05512 SEATTLE WA             03/28');
    expect(csvMapping.safeParse(file.mapping).success).toBe(true);
  });

  it('reads a headerless export by what its columns hold', () => {
    const file = parseImportFile(fixture('wells-fargo-no-header.csv'));
    expect(file.needsMapping).toBe(false);
    expect(file.mapping).toMatchObject({ hasHeader: false, date: 0, amount: 1, description: 4 });
    expect(file.columns).toEqual(['Column 1', 'Column 2', 'Column 3', 'Column 4', 'Column 5']);
    expect(file.rows.map(brief)).toEqual([
      [
        1,
        '2024-01-31',
        -5210,
        'PURCHASE AUTHORIZED ON 01/30 SHELL OIL 57444 OAKLAND CA S384030123456789 CARD 1234',
      ],
      [2, '2024-01-29', -185000, 'RENT PAYMENT ONLINE TRANSFER REF #IB0J6X8 TO SUNSET APARTMENTS'],
      [3, '2024-01-26', 312544, 'ACME CORP PAYROLL 240126 123456 DOE JOHN'],
      [4, '2024-01-22', -2318, 'CHECK # 4012'],
      [
        5,
        '2024-01-16',
        -6430,
        "PURCHASE AUTHORIZED ON 01/15 TRADER JOE'S #123 OAKLAND CA P000000012345678 CARD 1234",
      ],
      [
        6,
        '2024-01-03',
        -999,
        'RECURRING PAYMENT AUTHORIZED ON 01/02 SPOTIFY USA 877-7781161 NY S464002345678901 CARD 1234',
      ],
    ]);
  });

  it('reads a card export with separate debit and credit columns and a category', () => {
    const file = parseImportFile(fixture('capital-one-card.csv'));
    expect(file.needsMapping).toBe(false);
    expect(file.mapping).toMatchObject({
      amount: null,
      debit: 5,
      credit: 6,
      category: 4,
      description: 3,
      date: 0,
    });
    expect(file.rows.map((r) => [r.date, r.amount, r.description, r.category])).toEqual([
      ['2024-04-18', -2457, 'UBER *TRIP', 'Other Travel'],
      ['2024-04-17', 50000, 'CAPITAL ONE MOBILE PYMT', 'Payment/Credit'],
      ['2024-04-15', -11209, 'WHOLEFDS SFC 10234', 'Grocery'],
      ['2024-04-12', -650, 'BLUE BOTTLE COFFEE, OAKLAND', 'Dining'],
      ['2024-04-10', -124999, 'AMAZON.COM*RT4TX1Q22', 'Merchandise'],
      ['2024-04-09', 3520, 'AMAZON.COM*RT4TX1Q22', 'Merchandise'],
    ]);
  });

  it('reads a card export with a signed amount, category and a memo that spans lines', () => {
    const file = parseImportFile(fixture('chase-card.csv'));
    expect(file.mapping).toMatchObject({ date: 0, description: 2, category: 3, amount: 5, notes: 6 });
    expect(file.rows.map((r) => [r.line, r.amount, r.category, r.note])).toEqual([
      [2, -1843, 'Travel', null],
      [3, 150000, null, null],
      [4, -1385, 'Food & Drink', 'lunch with team'],
      [5, -1199, 'Bills & Utilities', null],
      [6, -24317, 'Groceries', 'multi line memo'],
      // The quoted memo above took two lines.
      [8, 2000, 'Groceries', null],
    ]);
  });

  it('reads a German export: preamble, semicolons, DD.MM.YY and 1.234,56', () => {
    const file = parseImportFile(fixture('dkb-giro.csv'));
    expect(file.needsMapping).toBe(false);
    expect(file.mapping).toMatchObject({
      delimiter: ';',
      hasHeader: true,
      date: 0,
      description: 4,
      amount: 8,
      notes: 5,
      dateFormat: 'DD.MM.YYYY',
      decimalSeparator: ',',
    });
    expect(file.columns[8]).toBe('Betrag (€)');
    expect(file.rows.map((r) => [r.line, r.date, r.amount, r.description, r.note])).toEqual([
      [6, '2024-02-29', -4567, 'REWE Markt GmbH', 'REWE SAGT DANKE. 44512345'],
      [7, '2024-02-28', 325000, 'Max Mustermann', 'Gehalt Februar 2024'],
      [8, '2024-02-15', -112000, 'Hausverwaltung Schmidt', 'Miete März Whg. 3 links'],
      [9, '2024-02-13', -8600, 'Stadtwerke München', 'Abschlag Strom 02/2024'],
      [10, '2024-02-01', -1399, 'Netflix International B.V.', 'Netflix Monatsabo'],
    ]);
  });

  it('reads a French export: preamble, débit/crédit columns, spaces between thousands, labels over several lines', () => {
    const file = parseImportFile(fixture('credit-agricole.csv'));
    expect(file.needsMapping).toBe(false);
    expect(file.mapping).toMatchObject({
      delimiter: ';',
      date: 0,
      description: 1,
      amount: null,
      debit: 2,
      credit: 3,
      dateFormat: 'DD/MM/YYYY',
      decimalSeparator: ',',
    });
    expect(file.rows.map(brief)).toEqual([
      [7, '2024-02-28', -5432, 'PAIEMENT PAR CARTE CARREFOUR CITY PARIS 26/02'],
      [10, '2024-02-27', 285000, 'VIREMENT EN VOTRE FAVEUR EMPLOYEUR SA SALAIRE FEVRIER'],
      [13, '2024-02-15', -7810, 'PRELEVEMENT EDF CLIENTS PARTICULIERS'],
      [16, '2024-02-05', -102450, 'PAIEMENT PAR CARTE SNCF INTERNET PARIS 03/02'],
    ]);
  });

  it('asks about the sign when a card export writes charges as positive numbers, and negates on request', () => {
    const content = fixture('amex-card.csv');
    const detected = parseImportFile(content);
    expect(detected.needsMapping).toBe(true);
    expect(detected.mapping).toMatchObject({ date: 0, description: 1, amount: 2, negateAmount: false });

    const mapping = { ...(detected.mapping as CsvMapping), negateAmount: true };
    const file = parseImportFile(content, { mapping });
    expect(file.needsMapping).toBe(false);
    expect(file.mapping).toEqual(mapping);
    expect(file.rows.map((r) => r.amount).slice(0, 3)).toEqual([-41260, -28900, -545]);
    expect(file.rows.at(-1)?.amount).toBe(100000);
  });
});

describe('detectCsvMapping', () => {
  it('returns the mapping, the columns and the first five rows', () => {
    const detection = detectCsvMapping(fixture('capital-one-card.csv'));
    expect(detection.confident).toBe(true);
    expect(detection.columns).toEqual([
      'Transaction Date',
      'Posted Date',
      'Card No.',
      'Description',
      'Category',
      'Debit',
      'Credit',
    ]);
    expect(detection.sampleRows).toHaveLength(5);
    expect(detection.sampleRows[0]).toEqual([
      '2024-04-18',
      '2024-04-19',
      '1234',
      'UBER   *TRIP',
      'Other Travel',
      '24.57',
      '',
    ]);
  });

  it.each([
    [',', 'Date,Description,Amount\n2024-01-05,"Coffee, large",-3.50\n2024-01-06,Book,-12.00\n'],
    [';', 'Date;Description;Amount\n2024-01-05;Coffee, large;-3,50\n2024-01-06;Book;-12,00\n'],
    ['\t', 'Date\tDescription\tAmount\n2024-01-05\tCoffee, large\t-3.50\n2024-01-06\tBook\t-12.00\n'],
    ['|', 'Date|Description|Amount\n2024-01-05|Coffee, large|-3.50\n2024-01-06|Book|-12.00\n'],
  ])('finds the %j delimiter', (delimiter, content) => {
    const detection = detectCsvMapping(content);
    expect(detection.mapping.delimiter).toBe(delimiter);
    expect(detection.columns).toEqual(['Date', 'Description', 'Amount']);
    expect(parseImportFile(content).rows.map((r) => [r.description, r.amount])).toEqual([
      ['Coffee, large', -350],
      ['Book', -1200],
    ]);
  });

  it("follows Excel's sep= line", () => {
    const content = 'sep=;\r\nDate;Description;Amount\r\n2024-01-05;Coffee;-3,50\r\n';
    const file = parseImportFile(content);
    expect(file.mapping).toMatchObject({ delimiter: ';', hasHeader: true, decimalSeparator: ',' });
    expect(file.columns).toEqual(['Date', 'Description', 'Amount']);
    expect(file.rows.map((r) => [r.line, r.amount])).toEqual([[3, -350]]);
  });

  it.each<[string, DateFormat]>([
    ['2024-01-05', 'YYYY-MM-DD'],
    ['01/05/2024', 'MM/DD/YYYY'],
    ['05.01.2024', 'DD.MM.YYYY'],
    ['20240105', 'YYYYMMDD'],
  ])('finds the day format of %s', (first, format) => {
    const content = `Date,Description,Amount\n${first},Coffee,-3.50\n${writeDay('2024-01-25', format)},Tea,-2.00\n`;
    const detection = detectCsvMapping(content);
    expect(detection.mapping.dateFormat).toBe(format);
    expect(detection.confident).toBe(true);
  });

  it('tells month-first from day-first by any day above 12, anywhere in the file', () => {
    const rows = Array.from({ length: 600 }, (_, i) => `0${(i % 9) + 1}/02/2024,Coffee ${i},-3.50`);
    const dayFirst = ['Date,Description,Amount', ...rows, '25/02/2024,Tea,-2.00'].join('\n');
    expect(detectCsvMapping(dayFirst)).toMatchObject({
      mapping: { dateFormat: 'DD/MM/YYYY' },
      confident: true,
    });
    const monthFirst = ['Date,Description,Amount', ...rows, '02/25/2024,Tea,-2.00'].join('\n');
    expect(detectCsvMapping(monthFirst)).toMatchObject({
      mapping: { dateFormat: 'MM/DD/YYYY' },
      confident: true,
    });
  });

  it('asks for the mapping when no day is above 12', () => {
    const content =
      'Date,Description,Amount\n01/02/2024,Coffee,-3.50\n03/04/2024,Tea,-2.00\n12/11/2024,Cake,-4.00\n';
    const file = parseImportFile(content);
    expect(file.mapping?.dateFormat).toBe('MM/DD/YYYY');
    expect(file.needsMapping).toBe(true);
  });

  it('finds the decimal comma from the data, even with commas as the delimiter', () => {
    const content = 'Date,Description,Amount\n2024-01-05,Coffee,"-3,50"\n2024-01-06,Rent,"-1.200,00"\n';
    const file = parseImportFile(content);
    expect(file.mapping?.decimalSeparator).toBe(',');
    expect(file.rows.map((r) => r.amount)).toEqual([-350, -120000]);
  });

  it('keeps a running balance out of the amount', () => {
    const content = [
      'Date,Description,Balance,Amount',
      '2024-01-05,Coffee,996.50,-3.50',
      '2024-01-06,Pay,1996.50,1000.00',
    ].join('\n');
    expect(detectCsvMapping(content).mapping.amount).toBe(3);
  });

  it('finds debit and credit columns without a header, but asks to confirm which is which', () => {
    const content = ['2024-01-05,Coffee,3.50,', '2024-01-06,Pay,,1000.00', '2024-01-07,Rent,900.00,'].join(
      '\n',
    );
    const detection = detectCsvMapping(content);
    expect(detection.mapping).toMatchObject({
      hasHeader: false,
      amount: null,
      debit: 2,
      credit: 3,
      description: 1,
    });
    expect(detection.confident).toBe(false);
  });

  it('refuses a file of one column', () => {
    expect(() => detectCsvMapping('just\nsome\nwords\n')).toThrow(
      new ImportFileError('The file has only one column: it does not look like a CSV statement'),
    );
  });
});

describe('rows that cannot be read', () => {
  const mapping: CsvMapping = { ...baseMapping, dateFormat: 'DD/MM/YYYY' };

  it.each([
    ['31/13/2024,Coffee,-3.50', 'date "31/13/2024" is not a valid DD/MM/YYYY date'],
    [',Coffee,-3.50', 'the date is empty'],
    ['01/02/2024,Coffee,abc', 'amount "abc" is not a number'],
    ['01/02/2024,Coffee,', 'the amount is empty'],
    ['01/02/2024,Coffee,"1,50"', 'amount "1,50" is not a number with "." as the decimal separator'],
    ['01/02/2024,  ,-3.50', 'the description is empty'],
    ['01/02/2024', 'the row has 1 column, expected 3'],
    ['01/02/2024,Coffee', 'the row has 2 columns, expected 3'],
    [
      '99/99/2024,,x',
      'date "99/99/2024" is not a valid DD/MM/YYYY date; the description is empty; amount "x" is not a number',
    ],
  ])('%j: %s', (row, reason) => {
    const content = `Date,Description,Amount\n01/02/2024,Tea,-2.00\n${row}\n03/02/2024,Cake,-4.00\n`;
    const file = parseImportFile(content, { mapping });
    expect(file.errors).toEqual([{ line: 3, reason }]);
    expect(file.rows.map((r) => r.line)).toEqual([2, 4]);
  });

  it('says when a quoted field is never closed', () => {
    const content =
      'Date,Description,Amount\n01/02/2024,Tea,-2.00\n03/02/2024,"Cake,-4.00\n04/02/2024,Pie,-1.00\n';
    const file = parseImportFile(content, { mapping });
    expect(file.rows.map((r) => r.line)).toEqual([2]);
    expect(file.errors).toEqual([{ line: 3, reason: 'a quoted field is never closed' }]);
  });

  it('names the debit or credit column in its reasons', () => {
    const cardMapping: CsvMapping = { ...baseMapping, amount: null, debit: 2, credit: 3 };
    const content = [
      'Date,Description,Debit,Credit',
      '2024-01-02,Tea,2.00,',
      '2024-01-03,Refund,,oops',
      '2024-01-04,Nothing,,',
      '2024-01-05,Both,10.00,4.00',
    ].join('\n');
    const file = parseImportFile(content, { mapping: cardMapping });
    expect(file.errors).toEqual([
      { line: 3, reason: 'credit "oops" is not a number' },
      { line: 4, reason: 'the debit and credit are both empty' },
    ]);
    expect(file.rows.map((r) => [r.description, r.amount])).toEqual([
      ['Tea', -200],
      ['Both', -600],
    ]);
  });

  it('skips blank lines and keeps counting them', () => {
    const content =
      'Date,Description,Amount\r\n\r\n2024-01-02,Tea,-2.00\r\n,,\r\n\r\n2024-01-03,Cake,-4.00\r\n\r\n';
    const file = parseImportFile(content, { mapping: baseMapping });
    expect(file.errors).toEqual([]);
    expect(file.rows.map((r) => r.line)).toEqual([3, 6]);
  });

  it.each([
    ['\n', 'LF'],
    ['\r\n', 'CRLF'],
    ['\r', 'CR'],
  ])('counts lines ended by %j (%s), with a line break inside a quoted field', (newline) => {
    const content = [
      'Date,Description,Amount',
      '2024-01-02,"Tea',
      'and cake",-2.00',
      '2024-01-03,Pie,-4.00',
      '',
    ].join(newline);
    const file = parseImportFile(content, { mapping: baseMapping });
    expect(file.rows.map((r) => [r.line, r.description])).toEqual([
      [2, 'Tea and cake'],
      [4, 'Pie'],
    ]);
  });

  it('uses the given mapping as it is, even where detection would differ', () => {
    const content = 'Date,Description,Amount\n2024-01-02,Tea,-2.00\n';
    const file = parseImportFile(content, { mapping: { ...baseMapping, hasHeader: false } });
    expect(file.columns).toEqual(['Column 1', 'Column 2', 'Column 3']);
    expect(file.errors).toEqual([
      { line: 1, reason: 'date "Date" is not a valid YYYY-MM-DD date; amount "Amount" is not a number' },
    ]);
    expect(file.rows).toHaveLength(1);
  });

  it('refuses a file with a header and no rows', () => {
    expect(() => parseImportFile('Date,Description,Amount\n', { mapping: baseMapping })).toThrow(
      new ImportFileError('The file has a header row but no transactions'),
    );
  });
});

describe('round trip', () => {
  const formats: DateFormat[] = ['YYYY-MM-DD', 'MM/DD/YYYY', 'DD/MM/YYYY', 'DD.MM.YYYY', 'YYYYMMDD'];
  const row = fc.record({
    day: fc
      .date({
        min: new Date('2000-01-01T00:00:00Z'),
        max: new Date('2030-12-31T00:00:00Z'),
        noInvalidDate: true,
      })
      .map((d) => d.toISOString().slice(0, 10)),
    cents: fc.integer({ min: -10_000_000, max: 10_000_000 }),
    description: fc
      .string({
        minLength: 1,
        maxLength: 30,
        unit: fc.constantFrom(...'abcXYZ 0123,;|"\'&*#\n\t-'.split('')),
      })
      .filter((s) => s.trim() !== ''),
  });

  it('reads rows written with any delimiter, decimal style and day format back to the same cents and days', () => {
    fc.assert(
      fc.property(
        fc.array(row, { minLength: 1, maxLength: 30 }),
        fc.constantFrom<CsvMapping['delimiter']>(',', ';', '\t', '|'),
        fc.constantFrom<'.' | ','>('.', ','),
        fc.constantFrom(...formats),
        fc.constantFrom<'minus' | 'parentheses' | 'trailing' | 'drcr'>(
          'minus',
          'parentheses',
          'trailing',
          'drcr',
        ),
        fc.boolean(),
        fc.constantFrom('\n', '\r\n'),
        (rows, delimiter, separator, dateFormat, negativeStyle, grouped, newline) => {
          const lines = ['Date', 'Description', 'Amount'].join(delimiter);
          const body = rows.map((r) =>
            [
              writeDay(r.day, dateFormat),
              csvCell(r.description, delimiter),
              csvCell(writeAmount(r.cents, { separator, negativeStyle, currency: '', grouped }), delimiter),
            ].join(delimiter),
          );
          const content = [lines, ...body].join(newline) + newline;
          const mapping: CsvMapping = { ...baseMapping, delimiter, dateFormat, decimalSeparator: separator };
          const file = parseImportFile(content, { mapping });
          expect(file.errors).toEqual([]);
          expect(file.rows.map((r) => [r.date, r.amount])).toEqual(rows.map((r) => [r.day, r.cents]));
          expect(file.rows.map((r) => r.description)).toEqual(
            rows.map((r) => r.description.replace(/\s+/g, ' ').trim()),
          );
        },
      ),
    );
  });

  it('detects the same mapping it was written with when the data decides it', () => {
    fc.assert(
      fc.property(
        fc.array(row, { minLength: 3, maxLength: 30 }),
        fc.constantFrom<CsvMapping['delimiter']>(',', ';', '\t', '|'),
        fc.constantFrom<'.' | ','>('.', ','),
        fc.constantFrom(...formats),
        (rows, delimiter, separator, dateFormat) => {
          // A day above 12 and an amount with two decimals, so that both conventions can be told from the data.
          const all = [...rows, { day: '2024-01-25', cents: -1234, description: 'Decider' }];
          const body = all.map((r) =>
            [
              writeDay(r.day, dateFormat),
              csvCell(r.description, delimiter),
              csvCell(
                writeAmount(r.cents, { separator, negativeStyle: 'minus', currency: '', grouped: false }),
                delimiter,
              ),
            ].join(delimiter),
          );
          const content = [['Date', 'Description', 'Amount'].join(delimiter), ...body].join('\n');
          const file = parseImportFile(content);
          expect(file.mapping).toMatchObject({
            delimiter,
            dateFormat,
            decimalSeparator: separator,
            date: 0,
            amount: 2,
          });
          expect(file.rows.map((r) => [r.date, r.amount])).toEqual(all.map((r) => [r.day, r.cents]));
        },
      ),
    );
  });
});

describe('a 50,000-row statement', () => {
  it('is read in one pass (time reported, not asserted)', () => {
    const merchants = [
      'STARBUCKS STORE #1234 SEATTLE WA',
      '"AMAZON MKTPLACE PMTS, AMZN.COM/BILL WA"',
      'SAFEWAY #0456 SAN FRANCISCO CA',
      'SHELL OIL 57444 OAKLAND CA',
      'ACME CORP PAYROLL PPD ID: 1234567890',
      'NETFLIX.COM 866-579-7172 CA',
      '"UBER *TRIP ""AIRPORT"" HELP.UBER.COM"',
    ];
    const lines = ['Transaction Date,Post Date,Description,Category,Type,Amount,Memo'];
    const start = Date.UTC(2020, 0, 1);
    for (let i = 0; i < 50_000; i++) {
      const day = writeDay(
        new Date(start + (i % 1500) * 86_400_000).toISOString().slice(0, 10),
        'MM/DD/YYYY',
      );
      const cents = ((i * 7919) % 400_000) - 300_000;
      const amount = writeAmount(cents, {
        separator: '.',
        negativeStyle: 'minus',
        currency: '',
        grouped: false,
      });
      lines.push(
        `${day},${day},${merchants[i % merchants.length]},Shopping,Sale,${amount},"note ${i}, from the bank"`,
      );
    }
    const content = `\uFEFF${lines.join('\r\n')}\r\n`;

    // Wall time and this process's CPU time: on a busy machine the wall time also counts other programs' turns.
    const cpuBefore = process.cpuUsage();
    const began = performance.now();
    const file = parseImportFile(content);
    const elapsed = performance.now() - began;
    const cpu = process.cpuUsage(cpuBefore);
    console.info(
      `50,000-row CSV (${(content.length / 1e6).toFixed(1)} MB) parsed in ${elapsed.toFixed(0)} ms ` +
        `(CPU ${((cpu.user + cpu.system) / 1000).toFixed(0)} ms)`,
    );

    expect(content.length).toBeGreaterThan(4_000_000);
    expect(file.errors).toEqual([]);
    expect(file.rows).toHaveLength(50_000);
    expect(file.needsMapping).toBe(false);
    expect(file.rows[49_999]).toMatchObject({ line: 50_001, amount: ((49_999 * 7919) % 400_000) - 300_000 });
  });
});

describe('a file far wider than a statement', () => {
  it('is refused before any work per column', () => {
    const wide = (n: number) => Array.from({ length: n }, (_, j) => `c${j}`).join(',');
    const content = [wide(MAX_CSV_COLUMNS + 1), wide(MAX_CSV_COLUMNS + 1), wide(MAX_CSV_COLUMNS + 1)].join(
      '\n',
    );
    expect(() => parseImportFile(content)).toThrow(ImportFileError);
    expect(() => parseImportFile(content)).toThrow(`The file has more than ${MAX_CSV_COLUMNS} columns`);
  });

  it('and a mapping cannot name a column past the widest', () => {
    const mapping = csvMapping.safeParse({
      delimiter: ',',
      hasHeader: true,
      date: 3_000_000,
      description: 1,
      amount: 2,
      debit: null,
      credit: null,
      category: null,
      notes: null,
      dateFormat: 'YYYY-MM-DD',
      decimalSeparator: '.',
      negateAmount: false,
    });
    expect(mapping.success).toBe(false);
  });
});

it('cuts a description longer than any bank’s to 500 characters', () => {
  const long = 'Payment '.repeat(300);
  const parsed = parseImportFile(
    `Date,Description,Amount\n2026-01-02,${long},-1.00\n2026-01-03,Short,-2.00\n`,
  );
  expect(parsed.rows[0]?.description.length).toBe(500);
  expect(parsed.rows[1]?.description).toBe('Short');
});

it('a mapping may not read two of date, description and amounts from one column', () => {
  const base = {
    delimiter: ',',
    hasHeader: true,
    date: 0,
    description: 1,
    amount: null,
    debit: 2,
    credit: 2,
    category: null,
    notes: null,
    dateFormat: 'YYYY-MM-DD',
    decimalSeparator: '.',
    negateAmount: false,
  } as const;
  expect(csvMapping.safeParse(base).error?.issues[0]?.message).toBe(
    'Choose a different column for the date, the description and each amount',
  );
  expect(csvMapping.safeParse({ ...base, credit: 3 }).success).toBe(true);
});
