import {
  type ImportBody,
  type ImportPreview,
  type ImportResult,
  importPreview,
  importResult,
} from '@tally/shared';
import { z } from 'zod';
import { ApiError } from '../../../lib/api';
import { page } from '../../../lib/page';
import { clearSession, getToken } from '../../../lib/session';

/** A statement of many thousand rows is read, checked against the account and stored in one go. */
const IMPORT_TIMEOUT_MS = 120_000;

/** One file row the server refused, with why. */
export type RefusedRow = { line: number; reason: string };

/** POST /imports refused the file for its rows (IMPORT_INVALID_ROW): nothing was stored. */
export class ImportRefused extends ApiError {
  constructor(
    status: number,
    message: string,
    code: string,
    readonly rows: RefusedRow[],
  ) {
    super(status, message, code);
  }
}

const refusal = z.object({
  message: z.string(),
  code: z.string().optional(),
  details: z.array(z.unknown()).optional(),
});
// An import's refusal lists its rows in the usual details shape, the line in the path ('line 12'); a row
// given as {line, reason} is read too.
const refusedRow = z.union([
  z.object({ line: z.number(), reason: z.string() }),
  z
    .object({ path: z.string().regex(/^line \d+$/), message: z.string() })
    .transform(({ path, message }) => ({ line: Number(path.slice(5)), reason: message })),
]);

export type UploadProgress = { loaded: number; total: number };

type SendOptions = {
  signal?: AbortSignal;
  /** Called as the request body goes out (bytes sent of the total). */
  onUploadProgress?: (progress: UploadProgress) => void;
  /** Called once the whole body has gone out, while the server works on it. */
  onUploaded?: () => void;
};

function failure(status: number, text: string): ApiError {
  let parsed: z.infer<typeof refusal> | null = null;
  try {
    const result = refusal.safeParse(JSON.parse(text));
    parsed = result.success ? result.data : null;
  } catch {
    parsed = null;
  }
  if (!parsed) return new ApiError(status, `Request failed (${status})`);
  const rows = (parsed.details ?? []).flatMap((d) => {
    const row = refusedRow.safeParse(d);
    return row.success ? [row.data] : [];
  });
  if (parsed.code === 'IMPORT_INVALID_ROW')
    return new ImportRefused(status, parsed.message, parsed.code, rows);
  return new ApiError(status, parsed.message, parsed.code);
}

/**
 * A JSON POST through XMLHttpRequest, which (unlike fetch) tells how much of a large body has been sent.
 * Session handling as the app's other calls: the bearer token, and a 401 on the stored token signs out.
 */
function postJson<T>(path: string, body: ImportBody, parse: z.ZodType<T>, options: SendOptions): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    const token = getToken();
    xhr.open('POST', `/api/${path}`);
    xhr.timeout = IMPORT_TIMEOUT_MS;
    xhr.setRequestHeader('content-type', 'application/json');
    xhr.setRequestHeader('accept', 'application/json');
    if (token) xhr.setRequestHeader('authorization', `Bearer ${token}`);
    const abort = () => xhr.abort();
    options.signal?.addEventListener('abort', abort, { once: true });
    const done = () => options.signal?.removeEventListener('abort', abort);

    if (options.onUploadProgress || options.onUploaded) {
      xhr.upload.onprogress = (event) => {
        if (event.lengthComputable) options.onUploadProgress?.({ loaded: event.loaded, total: event.total });
      };
      xhr.upload.onload = () => options.onUploaded?.();
    }
    xhr.onload = () => {
      done();
      if (xhr.status >= 200 && xhr.status < 300) {
        try {
          resolve(parse.parse(JSON.parse(xhr.responseText)));
        } catch {
          reject(
            new ApiError(
              xhr.status,
              'The server sent an unreadable answer. Please try again.',
              'BAD_RESPONSE',
            ),
          );
        }
        return;
      }
      if (xhr.status === 401 && token && getToken() === token) {
        clearSession();
        page.leaveFor('/login');
      }
      reject(failure(xhr.status, xhr.responseText));
    };
    xhr.onerror = () => {
      done();
      reject(new ApiError(0, 'Could not reach the server. Check your connection and try again.', 'NETWORK'));
    };
    xhr.ontimeout = () => {
      done();
      reject(new ApiError(0, 'The server took too long to answer. Please try again.', 'TIMEOUT'));
    };
    xhr.onabort = () => {
      done();
      reject(new DOMException('The request was cancelled', 'AbortError'));
    };
    xhr.send(JSON.stringify(body));
  });
}

/** POST /imports/preview: what the file holds and what would become of each row; nothing is stored. */
export const previewImport = (body: ImportBody, signal?: AbortSignal): Promise<ImportPreview> =>
  postJson('imports/preview', body, importPreview, { signal });

/** POST /imports: stores the file's new rows, telling how the upload goes. */
export const importFile = (
  body: ImportBody,
  options: Pick<SendOptions, 'onUploadProgress' | 'onUploaded' | 'signal'> = {},
): Promise<ImportResult> => postJson('imports', body, importResult, options);

export const isAbort = (error: unknown) => error instanceof DOMException && error.name === 'AbortError';
