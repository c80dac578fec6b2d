import { createHash } from 'node:crypto';
import type { ParsedRow } from '@tally/shared';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fingerprintKeys } from './fingerprint';

const ACCOUNT = '0b6c3c39-2f47-4b8e-9d43-5f1c1d2e3a4b';

const row = (
  date: string,
  amount: number,
  description: string,
  extra: Partial<ParsedRow> = {},
): ParsedRow => ({
  line: 1,
  date,
  description,
  merchantName: null,
  amount,
  fitId: null,
  category: null,
  note: null,
  ...extra,
});

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

describe('fingerprintKeys', () => {
  it('hashes day, cents, normalised description and occurrence, as the design spells out', () => {
    const keys = fingerprintKeys(ACCOUNT, [row('2024-03-01', -575, '  Starbucks   STORE 123 ')]);
    expect(keys).toEqual([`file:${ACCOUNT}:fp:${sha256('2024-03-01|-575|starbucks store 123|1')}`]);
  });

  it('counts identical rows within the file, so two equal coffees stay two', () => {
    const keys = fingerprintKeys(ACCOUNT, [
      row('2024-03-01', -575, 'Coffee'),
      row('2024-03-01', -575, 'COFFEE'),
      row('2024-03-01', -575, 'Coffee', { note: 'a different note does not matter' }),
      row('2024-03-02', -575, 'Coffee'),
    ]);
    expect(keys).toEqual([
      `file:${ACCOUNT}:fp:${sha256('2024-03-01|-575|coffee|1')}`,
      `file:${ACCOUNT}:fp:${sha256('2024-03-01|-575|coffee|2')}`,
      `file:${ACCOUNT}:fp:${sha256('2024-03-01|-575|coffee|3')}`,
      `file:${ACCOUNT}:fp:${sha256('2024-03-02|-575|coffee|1')}`,
    ]);
  });

  it('keys OFX rows by FITID, and rows without one by fingerprint', () => {
    const keys = fingerprintKeys(ACCOUNT, [
      row('2024-03-01', -575, 'Coffee', { fitId: '20240301-1' }),
      row('2024-03-01', -575, 'Coffee'),
      // A bank that repeats a FITID within one file still gets one key per row.
      row('2024-03-02', -900, 'Lunch', { fitId: '20240301-1' }),
    ]);
    expect(keys).toEqual([
      `file:${ACCOUNT}:ofx:20240301-1`,
      `file:${ACCOUNT}:fp:${sha256('2024-03-01|-575|coffee|1')}`,
      `file:${ACCOUNT}:ofx:20240301-1:2`,
    ]);
  });

  it('scopes keys to the account', () => {
    const rows = [row('2024-03-01', -575, 'Coffee'), row('2024-03-01', -575, 'Coffee', { fitId: 'X' })];
    const a = fingerprintKeys(ACCOUNT, rows);
    const b = fingerprintKeys('other-account', rows);
    expect(a.every((k, i) => k !== b[i])).toBe(true);
  });

  // Few distinct values, so that identical rows are common.
  const someRow = fc
    .record({
      date: fc.constantFrom('2024-03-01', '2024-03-02', '2024-03-03', '2024-03-04'),
      amount: fc.constantFrom(-575, -1200, 250000),
      description: fc.constantFrom('Coffee', 'COFFEE ', 'Rent', 'Payroll'),
    })
    .map((r) => row(r.date, r.amount, r.description));
  // A FITID names one transaction: it is the bank's id for it.
  const fileRows = fc
    .array(fc.tuple(someRow, fc.boolean()), { maxLength: 60 })
    .map((list) => list.map(([r, hasFitId], i) => ({ ...r, fitId: hasFitId ? `T${i}` : null })));
  // Some banks repeat FITIDs all the same.
  const rowsWithRepeatedFitIds = fc
    .array(fc.tuple(someRow, fc.option(fc.constantFrom('A', 'B'))), { maxLength: 60 })
    .map((list) => list.map(([r, fitId]) => ({ ...r, fitId })));

  it('gives every row of a file its own key, even where a bank repeats a FITID', () => {
    fc.assert(
      fc.property(fc.oneof(fileRows, rowsWithRepeatedFitIds), (rows) => {
        const keys = fingerprintKeys(ACCOUNT, rows);
        expect(keys).toHaveLength(rows.length);
        expect(new Set(keys).size).toBe(rows.length);
      }),
    );
  });

  it('gives the same rows the same keys in two files whose days overlap', () => {
    // Statements cover whole days: a day in both files has all of its rows in both.
    const days = ['2024-03-01', '2024-03-02', '2024-03-03', '2024-03-04'];
    fc.assert(
      fc.property(fileRows, fc.integer({ min: 0, max: 3 }), fc.integer({ min: 0, max: 3 }), (rows, a, b) => {
        const sorted = [...rows].sort((x, y) => x.date.localeCompare(y.date));
        const [from, to] = a <= b ? [a, b] : [b, a];
        // The first file ends on day `to`, the second starts on day `from`: days from..to are in both.
        const first = sorted.filter((r) => r.date <= (days[to] ?? ''));
        const second = sorted.filter((r) => r.date >= (days[from] ?? ''));
        const firstKeys = new Map(first.map((r, i) => [r, fingerprintKeys(ACCOUNT, first)[i]]));
        const secondKeys = fingerprintKeys(ACCOUNT, second);
        second.forEach((r, i) => {
          if (firstKeys.has(r)) expect(secondKeys[i]).toBe(firstKeys.get(r));
        });
      }),
    );
  });
});

describe('text beyond any bank’s', () => {
  it('a very long FITID is kept as its hash, so the key stays short and still tells rows apart', () => {
    const row = (fitId: string) =>
      ({
        line: 1,
        date: '2026-01-02',
        description: 'X',
        merchantName: null,
        amount: -100,
        fitId,
        category: null,
        note: null,
      }) as const;
    const [a, b] = fingerprintKeys('acc', [row('9'.repeat(5000)), row(`${'9'.repeat(4999)}8`)]);
    expect(a?.length).toBeLessThan(200);
    expect(a).not.toBe(b);
    expect(fingerprintKeys('acc', [row('9'.repeat(5000))])[0]).toBe(a);
  });
});
