import { hash } from 'node:crypto';
import {
  type CsvMapping,
  ImportFileError,
  type ParsedFile,
  parseImportFile,
  type QifDayOrder,
} from '@tally/shared';
import { LRUCache } from 'lru-cache';
import { badRequest } from '../../lib/errors';
import { fingerprintKeys } from './fingerprint';

/** A file as read for one account: its rows (with errors and how it was read) and each row's key. */
export type ReadFile = { parsed: ParsedFile; keys: string[] };

/** The mapping a CSV is read with (else remembered, else detected) and the order of a QIF's days. */
export type HowToRead = { mapping: CsvMapping | undefined; dayOrder: QifDayOrder | undefined };

/**
 * The files read last. A person previews a file and then imports the same file: the import finds it read
 * and keyed (a fifth of a second for 50,000 rows) instead of doing it again. Nothing the person can change
 * in between is kept: categories follow their rules, so each request applies them afresh. Bounded by count,
 * by characters (40M: a file of the largest size under both the mapping asked for and the one detected, which
 * share their rows) and by age.
 */
const recent = new LRUCache<string, ReadFile>({ max: 4, maxSize: 40_000_000, ttl: 10 * 60_000 });

function cacheKey(accountId: string, contentHash: string, { mapping, dayOrder }: HowToRead): string {
  // Sorted keys: the same mapping is the same entry whatever order its fields arrived in.
  const mappingKey = mapping ? JSON.stringify(mapping, Object.keys(mapping).sort()) : '';
  return [accountId, contentHash, mappingKey, dayOrder ?? ''].join('\n');
}

/**
 * Reads the file for the account (parseImportFile) and keys its rows (fingerprintKeys), or finds it read. A
 * file that cannot be read at all is a 400 with the parser's own words.
 */
export function readFile(accountId: string, content: string, how: HowToRead): ReadFile {
  const contentHash = hash('sha256', content, 'base64url');
  const key = cacheKey(accountId, contentHash, how);
  const known = recent.get(key);
  if (known) return known;
  let parsed: ParsedFile;
  try {
    parsed = parseImportFile(content, how);
  } catch (error) {
    if (error instanceof ImportFileError) throw badRequest(error.message, 'IMPORT_UNREADABLE');
    throw error;
  }
  const read = { parsed, keys: fingerprintKeys(accountId, parsed.rows) };
  const size = content.length;
  recent.set(key, read, { size });
  if (how.mapping === undefined && parsed.mapping) {
    // The preview detects the mapping and the import sends it back: read with it, the file gives the same
    // rows, and only the question whether a mapping is still needed goes (one was given).
    const given = { mapping: parsed.mapping, dayOrder: how.dayOrder };
    recent.set(
      cacheKey(accountId, contentHash, given),
      { ...read, parsed: { ...parsed, needsMapping: false } },
      { size },
    );
  }
  return read;
}
