import { queryBody, transaction } from '@tally/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { fakeApi, serverEvent, streamedBody } from '../test-utils';
import { fakeXhr } from '../test-xhr';
import { API_TIMEOUT_MS, ApiError, api, isAbort, jsonBody, STREAM_IDLE_MS } from './api';
import { page } from './page';
import type { ServerEvent } from './server-events';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  localStorage.clear();
});

const ASK = 'POST /api/ai/query';
const question = () => jsonBody(queryBody, { query: 'What is my balance?' });

async function collect(events: AsyncIterable<ServerEvent>): Promise<ServerEvent[]> {
  const all: ServerEvent[] = [];
  for await (const event of events) all.push(event);
  return all;
}

describe('an answer', () => {
  const wire = {
    id: 't1',
    description: 'Farmers market',
    merchantName: null,
    amount: 12.34,
    accountId: 'a1',
    accountName: 'Cash wallet',
    category: 20,
    categoryName: 'Groceries',
    date: '2026-03-14',
    pending: false,
    isTransfer: false,
    note: null,
    isManual: true,
  };

  it('is read through the schema the call names: money arrives in dollars and is held in cents', async () => {
    fakeApi({ 'GET /api/transactions/t1': { body: wire } });
    const read = await api.get('transactions/t1', transaction);
    expect(read).toEqual({ ...wire, amount: 1234 });
  });

  it('turns dollars into cents exactly, where floating point would not (0.07 × 100 is 7.000000000000001)', async () => {
    fakeApi({ 'GET /api/transactions/t1': { body: { ...wire, amount: -0.07 } } });
    expect((await api.get('transactions/t1', transaction)).amount).toBe(-7);
  });
});

describe('a streamed call', () => {
  it('asks for server-sent events with the session’s token, and answers them in order as they come', async () => {
    localStorage.setItem('authToken', 'token-1');
    const wire =
      serverEvent('text', { text: 'Your balance – ' }) + serverEvent('answer', { response: 'All' });
    const bytes = new TextEncoder().encode(wire);
    // Cut inside the dash's bytes and inside the second event.
    const cut = wire.indexOf('–') + 1;
    const body = streamedBody([bytes.slice(0, cut), bytes.slice(cut, -10), bytes.slice(-10)]);
    body.end();
    const server = fakeApi({ [ASK]: { stream: body.stream } });

    expect(await collect(api.stream('ai/query', question()))).toEqual([
      { event: 'text', data: '{"text":"Your balance – "}' },
      { event: 'answer', data: '{"response":"All"}' },
    ]);
    const [request] = server.to('/api/ai/query');
    expect(request?.headers.get('accept')).toBe('text/event-stream');
    expect(request?.headers.get('authorization')).toBe('Bearer token-1');
    expect(request?.headers.get('content-type')).toBe('application/json');
    expect(request?.body).toEqual({ query: 'What is my balance?' });
  });

  it('fails with the server’s message on a refusal answered as JSON', async () => {
    fakeApi({ [ASK]: { status: 429, body: { message: 'No more today', code: 'AI_LIMIT_REACHED' } } });
    const failure = await collect(api.stream('ai/query', question())).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({ status: 429, message: 'No more today', code: 'AI_LIMIT_REACHED' });
  });

  it('signs out and goes to /login on a 401, like every other call', async () => {
    localStorage.setItem('authToken', 'expired');
    localStorage.setItem('userData', '{}');
    const leaveFor = vi.spyOn(page, 'leaveFor').mockImplementation(() => {});
    fakeApi({ [ASK]: { status: 401, body: { message: 'Session expired', code: 'UNAUTHORIZED' } } });

    await expect(collect(api.stream('ai/query', question()))).rejects.toThrow('Session expired');
    expect(leaveFor).toHaveBeenCalledWith('/login');
    expect(localStorage.getItem('authToken')).toBeNull();
  });

  it('fails as unreachable when the connection drops mid-stream', async () => {
    const body = streamedBody([serverEvent('text', { text: 'Your' })]);
    fakeApi({ [ASK]: { stream: body.stream } });
    const events = api.stream('ai/query', question())[Symbol.asyncIterator]();
    expect((await events.next()).value).toEqual({ event: 'text', data: '{"text":"Your"}' });
    body.fail(new TypeError('network error'));
    await expect(events.next()).rejects.toMatchObject({ status: 0, code: 'NETWORK' });
  });

  it('lets a stream run past the usual time limit while it keeps talking, and gives up on a long silence', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const body = streamedBody();
    fakeApi({ [ASK]: { stream: body.stream } });
    const events = api.stream('ai/query', question())[Symbol.asyncIterator]();

    for (let i = 0; i < 3; i += 1) {
      const next = events.next();
      await vi.advanceTimersByTimeAsync(API_TIMEOUT_MS - 1);
      body.write(serverEvent('text', { text: `${i}` }));
      expect((await next).value).toEqual({ event: 'text', data: `{"text":"${i}"}` });
    }

    const silent = events.next();
    const failed = expect(silent).rejects.toMatchObject({ status: 0, code: 'TIMEOUT' });
    await vi.advanceTimersByTimeAsync(STREAM_IDLE_MS);
    await failed;
  });

  it('lets go of the response when the reader stops early', async () => {
    const body = streamedBody([serverEvent('answer', {}), serverEvent('text', { text: 'after' })]);
    fakeApi({ [ASK]: { stream: body.stream } });
    for await (const event of api.stream('ai/query', question())) {
      expect(event.event).toBe('answer');
      break;
    }
    await vi.waitFor(() => expect(body.cancelled()).toBe(true));
  });
});

describe('an upload', () => {
  const UPLOAD = 'POST /api/uploads';
  const body = () => jsonBody(queryBody, { query: 'x'.repeat(2_000) });
  const answer = z.object({ stored: z.number() });

  it('reports its upload, then answers parsed, with the session’s token and JSON headers', async () => {
    localStorage.setItem('authToken', 'token-1');
    const server = fakeApi({ [UPLOAD]: { body: { stored: 3 } } });
    fakeXhr();
    const sent: number[] = [];
    const uploaded = vi.fn();
    const stored = await api.upload('uploads', body(), answer, {
      onUploadProgress: ({ loaded, total }) => sent.push(loaded / total),
      onUploaded: uploaded,
    });
    expect(stored).toEqual({ stored: 3 });
    expect(sent).toEqual([0.5, 1]);
    expect(uploaded).toHaveBeenCalledOnce();
    const [request] = server.to('/api/uploads');
    expect(request?.headers.get('authorization')).toBe('Bearer token-1');
    expect(request?.headers.get('content-type')).toBe('application/json');
    expect(request?.headers.get('accept')).toBe('application/json');
  });

  it('sends a file as it is, with its own type', async () => {
    localStorage.setItem('authToken', 'token-1');
    const server = fakeApi({ [UPLOAD]: { body: { stored: 1 } } });
    fakeXhr();
    const zip = new Blob([new Uint8Array([0x50, 0x4b, 3, 4])]);
    expect(await api.uploadFile('uploads', zip, 'application/zip', answer)).toEqual({ stored: 1 });
    const [request] = server.to('/api/uploads');
    expect(request?.headers.get('content-type')).toBe('application/zip');
    expect(request?.headers.get('authorization')).toBe('Bearer token-1');
  });

  it('fails with the server’s message, code and details, as every call does', async () => {
    fakeApi({
      [UPLOAD]: {
        status: 400,
        body: {
          message: 'Row 12 is not valid',
          code: 'IMPORT_INVALID_ROW',
          details: [{ path: 'line 12', message: 'No date' }],
        },
      },
    });
    fakeXhr();
    const failure = await api.upload('uploads', body(), answer).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({
      status: 400,
      message: 'Row 12 is not valid',
      code: 'IMPORT_INVALID_ROW',
      details: [{ path: 'line 12', message: 'No date' }],
    });
  });

  it('signs out and goes to /login on a 401, like every other call', async () => {
    localStorage.setItem('authToken', 'expired');
    const leaveFor = vi.spyOn(page, 'leaveFor').mockImplementation(() => {});
    fakeApi({ [UPLOAD]: { status: 401, body: { message: 'Session expired', code: 'UNAUTHORIZED' } } });
    fakeXhr();
    await expect(api.upload('uploads', body(), answer)).rejects.toThrow('Session expired');
    expect(leaveFor).toHaveBeenCalledWith('/login');
    expect(localStorage.getItem('authToken')).toBeNull();
  });

  it('says an answer it cannot read is unreadable, not that it failed', async () => {
    fakeApi({ [UPLOAD]: { body: { stored: 'three' } } });
    fakeXhr();
    await expect(api.upload('uploads', body(), answer)).rejects.toMatchObject({ code: 'BAD_RESPONSE' });
  });

  it('rejects with an AbortError when the caller cancels', async () => {
    fakeApi({ [UPLOAD]: { body: { stored: 1 } } });
    const xhr = fakeXhr();
    xhr.holdAfterUpload();
    const cancel = new AbortController();
    const pending = api.upload('uploads', body(), answer, { signal: cancel.signal });
    cancel.abort();
    const failure = await pending.catch((error: unknown) => error);
    expect(isAbort(failure)).toBe(true);
    xhr.release();
  });
});
