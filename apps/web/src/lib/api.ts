import { type ErrorBody, errorBody } from '@tally/shared';
import type { z } from 'zod';
import { page } from './page';
import { type ServerEvent, serverEventReader } from './server-events';
import { clearSession, getToken } from './session';

export const API_TIMEOUT_MS = 10_000;
/** How long a stream may fall silent before it is given up: a model can think a while between words. */
export const STREAM_IDLE_MS = 30_000;

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code?: string,
    /** What the server said of each field or row it refused, when it said (a path and a message each). */
    readonly details: NonNullable<ErrorBody['details']> = [],
  ) {
    super(message);
  }
}

const TIMED_OUT = 'The server took too long to answer. Please try again.';
const UNREACHABLE = 'Could not reach the server. Check your connection and try again.';
const UNREADABLE = 'The server sent an unreadable answer. Please try again.';

/** The headers every call carries: what it accepts, its body's type, and the session's token. */
function headersFor(token: string | null, accept: string, hasBody: boolean): Record<string, string> {
  const headers: Record<string, string> = { accept };
  if (hasBody) headers['content-type'] = 'application/json';
  if (token) headers.authorization = `Bearer ${token}`;
  return headers;
}

/**
 * A refused call as an ApiError with the server's message, code and details. A 401 on a call that carried
 * the stored token means the session is gone: it is forgotten and the person signs in again (only if it is
 * still the stored token: a poll sent before a password change must not sign out the new session).
 */
function refused(status: number, token: string | null, body: unknown): ApiError {
  if (status === 401 && token && getToken() === token) {
    clearSession();
    page.leaveFor('/login');
  }
  const parsed = errorBody.safeParse(body);
  return parsed.success
    ? new ApiError(status, parsed.data.message, parsed.data.code, parsed.data.details)
    : new ApiError(status, `Request failed (${status})`);
}

/**
 * A JSON request body with the shared schema that describes it. The compiler checks the value against what
 * the schema accepts; the server parses it with the same schema, so it is not parsed twice here.
 */
export type JsonBody<S extends z.ZodType = z.ZodType> = { schema: S; value: z.input<S> };

/** Pairs a body with its shared request schema: `jsonBody(loginBody, { email, password })`. */
export const jsonBody = <S extends z.ZodType>(schema: S, value: z.input<S>): JsonBody<S> => ({
  schema,
  value,
});

// Inside the client the body is plain JSON; its type was checked where the call was made (api.post/put).
type Options<S extends z.ZodType> = { json?: unknown; schema?: S; signal?: AbortSignal; timeoutMs?: number };

/** A call's own time limit, for the few that are known to take longer than API_TIMEOUT_MS. */
export type CallLimits = { timeoutMs?: number };

/**
 * One call to the API: the session's token, a timeout, and every failure as an ApiError with the
 * server's message. A 401 on a call that carried the stored token means the session is gone: it is
 * forgotten and the person signs in again. Answers the response of a successful call, body unread.
 * `timeout` is the call's own time limit where it keeps one (a stream's); else `timeoutMs`, by default
 * API_TIMEOUT_MS.
 */
async function send(
  method: string,
  path: string,
  {
    json,
    signal,
    accept = 'application/json',
    timeoutMs = API_TIMEOUT_MS,
    timeout = AbortSignal.timeout(timeoutMs),
  }: { json?: unknown; signal?: AbortSignal; accept?: string; timeoutMs?: number; timeout?: AbortSignal },
): Promise<Response> {
  const token = getToken();
  const headers = headersFor(token, accept, json !== undefined);
  let res: Response;
  try {
    res = await fetch(`/api/${path.replace(/^\//, '')}`, {
      method,
      headers,
      body: json === undefined ? undefined : JSON.stringify(json),
      signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
    });
  } catch (error) {
    throw unreachable(error, timeout);
  }
  if (res.ok) return res;
  throw refused(res.status, token, await readJson(res).catch(() => null));
}

/** Why no answer came (the time ran out, the connection failed) as an ApiError; the caller's own abort as it is. */
function unreachable(error: unknown, timeout: AbortSignal): unknown {
  if (timeout.aborted) return new ApiError(0, TIMED_OUT, 'TIMEOUT');
  return error instanceof DOMException && error.name === 'AbortError'
    ? error
    : new ApiError(0, UNREACHABLE, 'NETWORK');
}

/**
 * A POST answered with server-sent events: the events, in order, as they arrive. A refused call (any
 * status but 2xx: a bad question, a limit, a 401 with its sign-out) fails before the first event, as every
 * call does. The response must begin within API_TIMEOUT_MS; then the stream may fall silent for at most
 * STREAM_IDLE_MS at a time. Stopping early (a break, a return) lets go of the response.
 */
async function* events(path: string, json: unknown): AsyncGenerator<ServerEvent> {
  const quiet = new AbortController();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const allow = (ms: number) => {
    clearTimeout(timer);
    timer = setTimeout(() => quiet.abort(new DOMException('No answer in time', 'TimeoutError')), ms);
  };
  allow(API_TIMEOUT_MS);
  try {
    const res = await send('POST', path, { json, accept: 'text/event-stream', timeout: quiet.signal });
    if (!res.body) return;
    const reader = res.body.getReader();
    const decoder = new TextDecoder();
    const read = serverEventReader();
    try {
      for (;;) {
        allow(STREAM_IDLE_MS);
        let chunk: ReadableStreamReadResult<Uint8Array>;
        try {
          chunk = await reader.read();
        } catch (error) {
          throw unreachable(error, quiet.signal);
        }
        if (chunk.done) break;
        yield* read(decoder.decode(chunk.value, { stream: true }));
      }
      yield* read(decoder.decode());
    } finally {
      reader.cancel().catch(() => {});
    }
  } finally {
    clearTimeout(timer);
  }
}

/** The body as JSON (null when empty); throws on anything else (a proxy's HTML error page, say). */
async function readJson(res: Response): Promise<unknown> {
  const text = await res.text();
  return text ? JSON.parse(text) : null;
}

async function request<S extends z.ZodType>(
  method: string,
  path: string,
  opts: Options<S> = {},
): Promise<z.infer<S>> {
  const res = await send(method, path, opts);
  let data: unknown;
  try {
    data = await readJson(res);
  } catch {
    throw new ApiError(res.status, UNREADABLE, 'BAD_RESPONSE');
  }
  return opts.schema ? opts.schema.parse(data) : (data as z.infer<S>);
}

export type UploadProgress = { loaded: number; total: number };

export type UploadOptions = {
  signal?: AbortSignal;
  /** The call's own time limit; by default API_TIMEOUT_MS. */
  timeoutMs?: number;
  /** Called as the request body goes out (bytes sent of the total). */
  onUploadProgress?: (progress: UploadProgress) => void;
  /** Called once the whole body has gone out, while the server works on it. */
  onUploaded?: () => void;
};

/** A request body of its own type: JSON, or a file as it is. */
type Payload = { type: string; data: XMLHttpRequestBodyInit };

/**
 * A POST that tells how much of its (large) body has gone out: XMLHttpRequest, since fetch cannot.
 * Otherwise it is any other call: the session's token, a time limit, the same sign-out on a 401 and the
 * same ApiErrors; the caller's abort rejects with an AbortError.
 */
function upload<S extends z.ZodType>(
  path: string,
  payload: Payload,
  schema: S,
  { signal, timeoutMs = API_TIMEOUT_MS, onUploadProgress, onUploaded }: UploadOptions,
): Promise<z.infer<S>> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    const token = getToken();
    xhr.open('POST', `/api/${path.replace(/^\//, '')}`);
    xhr.timeout = timeoutMs;
    for (const [name, value] of Object.entries(headersFor(token, 'application/json', false))) {
      xhr.setRequestHeader(name, value);
    }
    xhr.setRequestHeader('content-type', payload.type);
    const abort = () => xhr.abort();
    signal?.addEventListener('abort', abort, { once: true });
    const settle = (outcome: () => void) => {
      signal?.removeEventListener('abort', abort);
      outcome();
    };
    if (onUploadProgress || onUploaded) {
      xhr.upload.onprogress = (event) => {
        if (event.lengthComputable) onUploadProgress?.({ loaded: event.loaded, total: event.total });
      };
      xhr.upload.onload = () => onUploaded?.();
    }
    const body = () => {
      try {
        return xhr.responseText ? JSON.parse(xhr.responseText) : null;
      } catch {
        return undefined;
      }
    };
    xhr.onload = () =>
      settle(() => {
        const data = body();
        if (xhr.status < 200 || xhr.status >= 300) return reject(refused(xhr.status, token, data));
        const parsed = schema.safeParse(data);
        if (parsed.success) resolve(parsed.data);
        else reject(new ApiError(xhr.status, UNREADABLE, 'BAD_RESPONSE'));
      });
    xhr.onerror = () => settle(() => reject(new ApiError(0, UNREACHABLE, 'NETWORK')));
    xhr.ontimeout = () => settle(() => reject(new ApiError(0, TIMED_OUT, 'TIMEOUT')));
    xhr.onabort = () => settle(() => reject(new DOMException('The request was cancelled', 'AbortError')));
    xhr.send(payload.data);
  });
}

export const isAbort = (error: unknown) => error instanceof DOMException && error.name === 'AbortError';

export const api = {
  get: <S extends z.ZodType>(path: string, schema?: S, signal?: AbortSignal) =>
    request('GET', path, { schema, signal }),
  /** Without a body, an empty JSON object is sent: the endpoints that take none still expect JSON. */
  post: <S extends z.ZodType>(path: string, body?: JsonBody, schema?: S, limits?: CallLimits) =>
    request('POST', path, { json: body ? body.value : {}, schema, timeoutMs: limits?.timeoutMs }),
  put: <S extends z.ZodType>(path: string, body: JsonBody, schema?: S) =>
    request('PUT', path, { json: body.value, schema }),
  patch: <S extends z.ZodType>(path: string, body: JsonBody, schema?: S) =>
    request('PATCH', path, { json: body.value, schema }),
  /** A DELETE carries a body only where the endpoint asks for one (DELETE /user: the confirmation). */
  delete: <S extends z.ZodType>(path: string, schema?: S, body?: JsonBody) =>
    request('DELETE', path, { json: body?.value, schema }),
  /** A file the API answers (a CSV export): the response, its body unread. */
  file: (path: string, accept: string) => send('GET', path, { accept }),
  /** A POST whose answer streams as server-sent events (see `events`). */
  stream: (path: string, body: JsonBody) => events(path, body.value),
  /** A POST of a large body that reports its upload (see `upload`). */
  upload: <S extends z.ZodType>(path: string, body: JsonBody, schema: S, options: UploadOptions = {}) =>
    upload(path, { type: 'application/json', data: JSON.stringify(body.value) }, schema, options),
  /** A file POSTed as it is (a ZIP), reporting its upload as `upload` does. */
  uploadFile: <S extends z.ZodType>(
    path: string,
    file: Blob,
    type: string,
    schema: S,
    options: UploadOptions = {},
  ) => upload(path, { type, data: file }, schema, options),
};

export function errorMessage(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.message ? error.message : fallback;
}

/**
 * The failure in the server's own words (the message of an error body it sent, or this client's note on a
 * timeout or lost connection), else `fallback`: a body the server did not write, such as a proxy's error
 * page, is not shown as its reason.
 */
export function serverMessage(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.code && error.message ? error.message : fallback;
}
