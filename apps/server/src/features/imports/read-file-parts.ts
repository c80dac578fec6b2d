import type { ParsedRow, RowError } from '@tally/shared';
import type { ReadFile } from './read-file';

/**
 * A read file crosses from its worker to the request thread in parts of this many rows: taking 250,000 rows in
 * one message held the thread ~0.5 s; a part takes a few tens of milliseconds, and requests are answered between.
 */
const ROWS_PER_PART = 20_000;

/** Rows, errors and keys of one stretch of the file (rows and keys run together). */
export type ReadFilePart = { rows: ParsedRow[]; errors: RowError[]; keys: string[] };

export function splitReadFile(read: ReadFile): { head: ReadFile; parts: ReadFilePart[] } {
  const { parsed, keys } = read;
  const parts: ReadFilePart[] = [];
  const count = Math.max(parsed.rows.length, parsed.errors.length);
  for (let from = 0; from < count; from += ROWS_PER_PART) {
    const to = from + ROWS_PER_PART;
    parts.push({
      rows: parsed.rows.slice(from, to),
      errors: parsed.errors.slice(from, to),
      keys: keys.slice(from, to),
    });
  }
  return { head: { parsed: { ...parsed, rows: [], errors: [] }, keys: [] }, parts };
}

export function joinReadFile(head: ReadFile, parts: ReadFilePart[]): ReadFile {
  const rows: ParsedRow[] = [];
  const errors: RowError[] = [];
  const keys: string[] = [];
  for (const part of parts) {
    for (const row of part.rows) rows.push(row);
    for (const error of part.errors) errors.push(error);
    for (const key of part.keys) keys.push(key);
  }
  return { parsed: { ...head.parsed, rows, errors }, keys };
}
