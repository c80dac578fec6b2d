import { errorBody } from '@tally/shared';
import type { z } from 'zod';
import { page } from './page';
import { clearSession, getToken } from './session';

export const API_TIMEOUT_MS = 10_000;

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code?: string,
  ) {
    super(message);
  }
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
type Options<S extends z.ZodType> = { json?: unknown; schema?: S; signal?: AbortSignal };

/**
 * One call to the API: the session's token, a timeout, and every failure as an ApiError with the
 * server's message. A 401 on a call that carried the stored token means the session is gone: it is
 * forgotten and the person signs in again. Answers the response of a successful call, body unread.
 */
async function send(
  method: string,
  path: string,
  { json, signal, accept = 'application/json' }: { json?: unknown; signal?: AbortSignal; accept?: string },
): Promise<Response> {
  const token = getToken();
  const headers: Record<string, string> = { accept };
  if (json !== undefined) headers['content-type'] = 'application/json';
  if (token) headers.authorization = `Bearer ${token}`;
  const timeout = AbortSignal.timeout(API_TIMEOUT_MS);
  let res: Response;
  try {
    res = await fetch(`/api/${path.replace(/^\//, '')}`, {
      method,
      headers,
      body: json === undefined ? undefined : JSON.stringify(json),
      signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
    });
  } catch (error) {
    if (timeout.aborted)
      throw new ApiError(0, 'The server took too long to answer. Please try again.', 'TIMEOUT');
    throw error instanceof DOMException && error.name === 'AbortError'
      ? error
      : new ApiError(0, 'Could not reach the server. Check your connection and try again.', 'NETWORK');
  }
  if (res.ok) return res;
  // Only if it is still the stored token: a poll sent before a password change must not sign out the new session.
  if (res.status === 401 && token && getToken() === token) {
    clearSession();
    page.leaveFor('/login');
  }
  const parsed = errorBody.safeParse(await readJson(res).catch(() => null));
  throw new ApiError(
    res.status,
    parsed.success ? parsed.data.message : `Request failed (${res.status})`,
    parsed.data?.code,
  );
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
    throw new ApiError(res.status, 'The server sent an unreadable answer. Please try again.', 'BAD_RESPONSE');
  }
  return opts.schema ? opts.schema.parse(data) : (data as z.infer<S>);
}

export const api = {
  get: <S extends z.ZodType>(path: string, schema?: S, signal?: AbortSignal) =>
    request('GET', path, { schema, signal }),
  /** Without a body, an empty JSON object is sent: the endpoints that take none still expect JSON. */
  post: <S extends z.ZodType>(path: string, body?: JsonBody, schema?: S) =>
    request('POST', path, { json: body ? body.value : {}, schema }),
  put: <S extends z.ZodType>(path: string, body: JsonBody, schema?: S) =>
    request('PUT', path, { json: body.value, schema }),
  /** A DELETE carries a body only where the endpoint asks for one (DELETE /user: the confirmation). */
  delete: <S extends z.ZodType>(path: string, schema?: S, body?: JsonBody) =>
    request('DELETE', path, { json: body?.value, schema }),
  /** A file the API answers (a CSV export): the response, its body unread. */
  file: (path: string, accept: string) => send('GET', path, { accept }),
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
