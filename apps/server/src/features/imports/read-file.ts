import { hash } from 'node:crypto';
import type { CsvMapping, ParsedFile, QifDayOrder } from '@tally/shared';
import { LRUCache } from 'lru-cache';
import { AppError, badRequest } from '../../lib/errors';
import {
  createWorkerPool,
  WorkerMemoryError,
  WorkerPoolBusyError,
  WorkerPoolClosedError,
  WorkerTaskError,
  WorkerTimeoutError,
} from '../../lib/worker-pool';
import { joinReadFile, type ReadFilePart } from './read-file-parts';

/** A file as read for one account: its rows (with errors and how it was read) and each row's key. */
export type ReadFile = { parsed: ParsedFile; keys: string[] };

/** The mapping a CSV is read with (else remembered, else detected) and the order of a QIF's days. */
export type HowToRead = { mapping: CsvMapping | undefined; dayOrder: QifDayOrder | undefined };

/** What a reading worker is given (read-file.worker.ts). */
export type ReadTask = { accountId: string; content: string; how: HowToRead };

export type FileReaderOptions = {
  /**
   * Reading one file, from the moment a worker takes it. A CSV of as many rows as the caps allow (250,000,
   * 16 MB) read in 6–11 s on this 2-core machine with other work running (load ~8), so the budget leaves
   * room for a busy machine; only a file built to be slow (or a parser bug) reaches it.
   */
  timeoutMs: number;
  /** A reading worker's old-generation heap, in MB: that 250,000-row CSV reads within 192. */
  memoryMb: number;
  /** Files read at once; more wait. */
  workers: number;
  /** Files that may wait for a worker; more are answered 503 at once. */
  maxQueue: number;
  /** What the read cache may hold, in bytes as readFileBytes estimates them. */
  cacheBytes: number;
};

/**
 * The budgets the imports feature reads files with. Tests shorten the time before building an app (one app per
 * test file) to see a file run out of it.
 */
export const FILE_READING: FileReaderOptions = {
  timeoutMs: 30_000,
  memoryMb: 512,
  workers: 2,
  maxQueue: 8,
  // Room for the largest file (250,000 rows, ~110 MB) under both the mapping asked for and the one detected.
  cacheBytes: 256 * 1024 * 1024,
};

/*
 * Rough V8 sizes: a string is a header and, at most, two bytes a character (one-byte strings take one); an
 * object is a header and a slot per field. Overestimates on purpose: the cache's bound is a ceiling.
 */
const STRING_BYTES = 24;
const OBJECT_BYTES = 24;
const SLOT_BYTES = 8;
const text = (s: string | null) => (s === null ? 0 : STRING_BYTES + 2 * s.length);
const ROW_BYTES = OBJECT_BYTES + 8 * SLOT_BYTES;
const ERROR_BYTES = OBJECT_BYTES + 2 * SLOT_BYTES;

/** An estimate of the memory a read file holds: its rows' and errors' objects and strings, and its keys. */
export function readFileBytes({ parsed, keys }: ReadFile): number {
  let bytes = OBJECT_BYTES * 2 + SLOT_BYTES * (parsed.rows.length + parsed.errors.length + keys.length);
  for (const row of parsed.rows) {
    // The date ('YYYY-MM-DD') is its own string per row.
    bytes += ROW_BYTES + text(row.date) + text(row.description) + text(row.merchantName);
    bytes += text(row.fitId) + text(row.category) + text(row.note);
  }
  for (const error of parsed.errors) bytes += ERROR_BYTES + text(error.reason);
  for (const key of keys) bytes += text(key);
  for (const name of parsed.columns) bytes += text(name);
  for (const cells of parsed.sampleRows) for (const cell of cells) bytes += text(cell) + SLOT_BYTES;
  return bytes;
}

function cacheKey(accountId: string, contentHash: string, { mapping, dayOrder }: HowToRead): string {
  // Sorted keys: the same mapping is the same entry whatever order its fields arrived in.
  const mappingKey = mapping ? JSON.stringify(mapping, Object.keys(mapping).sort()) : '';
  return [accountId, contentHash, mappingKey, dayOrder ?? ''].join('\n');
}

const tooCostly = (message: string) => new AppError(413, 'IMPORT_TOO_COSTLY', message);

/** The pool's failures in words for the person who sent the file. */
function readingError(error: unknown): unknown {
  if (error instanceof WorkerTaskError && error.errorName === 'ImportFileError') {
    return badRequest(error.message, 'IMPORT_UNREADABLE');
  }
  if (error instanceof WorkerTimeoutError) {
    return tooCostly(
      'This file took too long to read. Check that it is a bank statement (CSV, OFX, QFX or QIF), or import it in parts (a year at a time).',
    );
  }
  if (error instanceof WorkerMemoryError) {
    return tooCostly(
      'This file needs more memory to read than the server allows. Check that it is a bank statement, or import it in parts (a year at a time).',
    );
  }
  if (error instanceof WorkerPoolBusyError) {
    return new AppError(
      503,
      'IMPORT_BUSY',
      'The server is reading many files just now. Try again in a minute.',
    );
  }
  if (error instanceof WorkerPoolClosedError) {
    return new AppError(503, 'IMPORT_BUSY', 'The server is restarting. Try again in a minute.');
  }
  return error;
}

export type FileReader = {
  /**
   * Reads the file for the account (parseImportFile) and keys its rows (fingerprintKeys) on a worker thread,
   * or finds it read. A file that cannot be read at all is a 400 with the parser's own words; one that takes
   * more than the time or memory budget a 413.
   */
  read(accountId: string, content: string, how: HowToRead): Promise<ReadFile>;
  /** Ends the workers (the server is stopping). */
  close(): Promise<void>;
  /** Workers alive now. */
  readonly threads: number;
};

/** Where the worker's code is: beside this file in the source, beside server.js in the build (build.mjs). */
function workerFile(): URL {
  const source = import.meta.url.endsWith('.ts');
  return new URL(source ? './read-file.worker.ts' : './read-file.worker.js', import.meta.url);
}

export function createFileReader(options: FileReaderOptions = FILE_READING): FileReader {
  const pool = createWorkerPool<ReadTask, ReadFile, ReadFile, ReadFilePart>({
    file: workerFile(),
    size: options.workers,
    timeoutMs: options.timeoutMs,
    maxOldGenerationSizeMb: options.memoryMb,
    maxQueue: options.maxQueue,
    parts: { join: joinReadFile },
  });
  /**
   * The files read last. A person previews a file and then imports the same file: the import finds it read
   * and keyed instead of doing it again. Nothing the person can change in between is kept: categories follow
   * their rules, so each request applies them afresh. Bounded by count, by an estimate of the memory the
   * rows take (not the file's characters: parsed rows hold several times more) and by age.
   */
  const recent = new LRUCache<string, ReadFile>({
    max: 4,
    maxSize: options.cacheBytes,
    ttl: 10 * 60_000,
  });

  return {
    async read(accountId, content, how) {
      const contentHash = hash('sha256', content, 'base64url');
      const key = cacheKey(accountId, contentHash, how);
      const known = recent.get(key);
      if (known) return known;
      let read: ReadFile;
      try {
        read = await pool.run({ accountId, content, how });
      } catch (error) {
        throw readingError(error);
      }
      // Both entries below hold the same rows; each is counted whole, so evicting one never hides the other.
      const size = readFileBytes(read);
      recent.set(key, read, { size });
      const { parsed } = read;
      if (how.mapping === undefined && parsed.mapping) {
        // The preview detects the mapping and the import sends it back: read with it, the file gives the same
        // rows, and only the question whether a mapping is still needed goes (one was given).
        const given = { mapping: parsed.mapping, dayOrder: how.dayOrder };
        recent.set(
          cacheKey(accountId, contentHash, given),
          {
            ...read,
            parsed: { ...parsed, needsMapping: false },
          },
          { size },
        );
      }
      return read;
    },
    close: () => pool.close(),
    get threads() {
      return pool.threads;
    },
  };
}
