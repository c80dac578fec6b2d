import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { parseImportFile } from '@tally/shared';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { AppError } from '../../lib/errors';
import { fingerprintKeys } from './fingerprint';
import { createFileReader, FILE_READING, type ReadFile, readFileBytes } from './read-file';

const fixtures = path.resolve(import.meta.dirname, '../../../../../packages/shared/src/imports/fixtures');
const fixture = (name: string) => fs.readFileSync(path.join(fixtures, name), 'utf8');
const csvFixtures = fs.readdirSync(fixtures).filter((name) => name.endsWith('.csv'));
const NO_HINTS = { mapping: undefined, dayOrder: undefined };

const reader = createFileReader();
afterAll(() => reader.close());
const readFile = reader.read;

describe('readFile', () => {
  it('reads a file once for the same account, content and mapping', async () => {
    const accountId = randomUUID();
    const content = fixture('chase-card.csv');
    const first = await readFile(accountId, content, NO_HINTS);
    expect(await readFile(accountId, content, NO_HINTS)).toBe(first);
    // Another account keys the same rows differently: never the other account's entry.
    const other = await readFile(randomUUID(), content, NO_HINTS);
    expect(other).not.toBe(first);
    expect(other.keys).not.toEqual(first.keys);
  });

  it.each(csvFixtures)(
    '%s: the detected mapping sent back reads as a fresh read with it would',
    async (name) => {
      const accountId = randomUUID();
      const content = fixture(name);
      const detected = await readFile(accountId, content, NO_HINTS);
      const mapping = detected.parsed.mapping ?? undefined;
      const given = await readFile(accountId, content, { mapping, dayOrder: undefined });
      // Found, not read again: the very rows the first read made.
      expect(given.parsed.rows).toBe(detected.parsed.rows);
      const fresh = parseImportFile(content, { mapping });
      expect(given.parsed).toEqual(fresh);
      expect(given.keys).toEqual(fingerprintKeys(accountId, fresh.rows));
      expect(given.parsed.needsMapping).toBe(false);
    },
  );

  it('keys a mapping by its fields, not their order', async () => {
    const accountId = randomUUID();
    const content = fixture('dkb-giro.csv');
    const mapping = (await readFile(accountId, content, NO_HINTS)).parsed.mapping ?? undefined;
    if (!mapping) throw new Error('no mapping detected');
    const reordered = Object.fromEntries(Object.entries(mapping).reverse()) as typeof mapping;
    expect(await readFile(accountId, content, { mapping: reordered, dayOrder: undefined })).toBe(
      await readFile(accountId, content, { mapping, dayOrder: undefined }),
    );
  });

  it('brings a file of many parts across whole: every row, error and key in file order', async () => {
    const accountId = randomUUID();
    const rows = Array.from({ length: 45_000 }, (_, i) =>
      i % 1_000 === 7 ? `2024-02-30,BAD DAY ${i},-1.00` : `2024-03-02,SHOP ${i},-${1 + (i % 50)}.25`,
    );
    const content = `Date,Description,Amount\n${rows.join('\n')}\n`;
    const read = await readFile(accountId, content, NO_HINTS);
    const fresh = parseImportFile(content);
    expect(read.parsed).toEqual(fresh);
    expect(read.keys).toEqual(fingerprintKeys(accountId, fresh.rows));
  });

  it('answers a file it cannot read with a 400 in the parser’s words', async () => {
    const refusal = readFile(randomUUID(), '   ', NO_HINTS);
    await expect(refusal).rejects.toThrow(AppError);
    await expect(refusal).rejects.toMatchObject({ statusCode: 400, message: 'The file is empty' });
  });

  it('answers a file that runs out of time with a 413, ends its worker and takes the next file on a new one', async () => {
    const slow = createFileReader({ ...FILE_READING, timeoutMs: 1, workers: 1 });
    try {
      const large = `Date,Description,Amount\n${'2024-03-02,COFFEE,-3.50\n'.repeat(200_000)}`;
      const tooSlow = {
        statusCode: 413,
        code: 'IMPORT_TOO_COSTLY',
        message: expect.stringMatching(/^This file took too long to read\./),
      };
      await expect(slow.read(randomUUID(), large, NO_HINTS)).rejects.toMatchObject(tooSlow);
      // A worker ends in a moment, or longer on a busy machine.
      await vi.waitFor(() => expect(slow.threads).toBe(0), { timeout: 10_000 });
      await expect(slow.read(randomUUID(), `${large}\n`, NO_HINTS)).rejects.toMatchObject(tooSlow);
    } finally {
      await slow.close();
    }
    expect(slow.threads).toBe(0);
  });

  it('answers a file that needs more memory than a worker has with a 413, and reads the next file', async () => {
    const small = createFileReader({ ...FILE_READING, memoryMb: 32, workers: 1 });
    try {
      const large = `Date,Description,Amount\n${'2024-03-02,COFFEE,-3.50\n'.repeat(240_000)}`;
      await expect(small.read(randomUUID(), large, NO_HINTS)).rejects.toMatchObject({
        statusCode: 413,
        message: expect.stringMatching(/^This file needs more memory to read than the server allows\./),
      });
      const next = await small.read(randomUUID(), fixture('chase-card.csv'), NO_HINTS);
      expect(next.parsed.rows.length).toBeGreaterThan(0);
    } finally {
      await small.close();
    }
  });
});

describe('the read cache’s size', () => {
  const rowsOf = (n: number, description: string): ReadFile => ({
    parsed: {
      format: 'csv',
      rows: Array.from({ length: n }, (_, i) => ({
        line: i + 2,
        date: '2024-03-02',
        description,
        merchantName: null,
        amount: -350,
        fitId: null,
        category: null,
        note: null,
      })),
      errors: [],
      columns: ['Date', 'Description', 'Amount'],
      sampleRows: [],
      mapping: null,
      needsMapping: false,
      dayOrder: null,
      dayOrderConfident: null,
      dayOrderMatters: null,
    },
    keys: Array.from({ length: n }, (_, i) => `file:account:fp:${String(i).padStart(64, '0')}`),
  });

  it('counts what the rows hold, not the characters of the file', () => {
    const one = readFileBytes(rowsOf(1_000, 'COFFEE'));
    // Twice the rows, about twice the bytes; longer descriptions, two bytes more a character each.
    expect(readFileBytes(rowsOf(2_000, 'COFFEE')) - 2 * one).toBeLessThan(200);
    expect(readFileBytes(rowsOf(1_000, `COFFEE${'x'.repeat(100)}`)) - one).toBe(1_000 * 200);
    // A row of '2024-03-02,COFFEE,-3.50\n' is 24 characters of file; held, with its key, far more.
    expect(one / 1_000).toBeGreaterThan(24 * 8);
  });
});
