import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { parseImportFile } from '@tally/shared';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../lib/errors';
import { fingerprintKeys } from './fingerprint';
import { readFile } from './read-file';

const fixtures = path.resolve(import.meta.dirname, '../../../../../packages/shared/src/imports/fixtures');
const fixture = (name: string) => fs.readFileSync(path.join(fixtures, name), 'utf8');
const csvFixtures = fs.readdirSync(fixtures).filter((name) => name.endsWith('.csv'));
const NO_HINTS = { mapping: undefined, dayOrder: undefined };

describe('readFile', () => {
  it('reads a file once for the same account, content and mapping', () => {
    const accountId = randomUUID();
    const content = fixture('chase-card.csv');
    const first = readFile(accountId, content, NO_HINTS);
    expect(readFile(accountId, content, NO_HINTS)).toBe(first);
    // Another account keys the same rows differently: never the other account's entry.
    const other = readFile(randomUUID(), content, NO_HINTS);
    expect(other).not.toBe(first);
    expect(other.keys).not.toEqual(first.keys);
  });

  it.each(csvFixtures)('%s: the detected mapping sent back reads as a fresh read with it would', (name) => {
    const accountId = randomUUID();
    const content = fixture(name);
    const detected = readFile(accountId, content, NO_HINTS);
    const mapping = detected.parsed.mapping ?? undefined;
    const given = readFile(accountId, content, { mapping, dayOrder: undefined });
    // Found, not read again: the very rows the first read made.
    expect(given.parsed.rows).toBe(detected.parsed.rows);
    const fresh = parseImportFile(content, { mapping });
    expect(given.parsed).toEqual(fresh);
    expect(given.keys).toEqual(fingerprintKeys(accountId, fresh.rows));
    expect(given.parsed.needsMapping).toBe(false);
  });

  it('keys a mapping by its fields, not their order', () => {
    const accountId = randomUUID();
    const content = fixture('dkb-giro.csv');
    const mapping = readFile(accountId, content, NO_HINTS).parsed.mapping ?? undefined;
    if (!mapping) throw new Error('no mapping detected');
    const reordered = Object.fromEntries(Object.entries(mapping).reverse()) as typeof mapping;
    expect(readFile(accountId, content, { mapping: reordered, dayOrder: undefined })).toBe(
      readFile(accountId, content, { mapping, dayOrder: undefined }),
    );
  });

  it('answers a file it cannot read with a 400 in the parser’s words', () => {
    expect(() => readFile(randomUUID(), '   ', NO_HINTS)).toThrow(AppError);
    expect(() => readFile(randomUUID(), '   ', NO_HINTS)).toThrow('The file is empty');
  });
});
