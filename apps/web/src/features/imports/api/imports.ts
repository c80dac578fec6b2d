import { type ImportBody, importBody, importPreview, importResult } from '@tally/shared';
import { ApiError, api, jsonBody, type UploadOptions } from '../../../lib/api';

/** A statement of many thousand rows is read, checked against the account and stored in one go. */
const IMPORT_TIMEOUT_MS = 120_000;

/** One file row the server refused, with why. */
export type RefusedRow = { line: number; reason: string };

/**
 * The rows of a file POST /imports refused for them (IMPORT_INVALID_ROW: nothing was stored), each named in
 * the details by its line ('line 12'); none for any other failure.
 */
export function refusedRows(error: unknown): RefusedRow[] {
  if (!(error instanceof ApiError) || error.code !== 'IMPORT_INVALID_ROW') return [];
  return error.details.flatMap(({ path, message }) =>
    /^line \d+$/.test(path) ? [{ line: Number(path.slice(5)), reason: message }] : [],
  );
}

/** POST /imports/preview: what the file holds and what would become of each row; nothing is stored. */
export const previewImport = (body: ImportBody, signal?: AbortSignal) =>
  api.upload('imports/preview', jsonBody(importBody, body), importPreview, {
    signal,
    timeoutMs: IMPORT_TIMEOUT_MS,
  });

/** POST /imports: stores the file's new rows, telling how the upload goes. */
export const importFile = (
  body: ImportBody,
  options: Pick<UploadOptions, 'onUploadProgress' | 'onUploaded' | 'signal'> = {},
) =>
  api.upload('imports', jsonBody(importBody, body), importResult, {
    ...options,
    timeoutMs: IMPORT_TIMEOUT_MS,
  });
