import { randomInt, randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import net from 'node:net';
import type { LoginResult } from '@tally/shared';

// What the cluster's tests share: HTTP as a browser behind some address sends it, a model that answers
// only when told to, and waiting on a condition instead of a clock.

/** A client address of this run's own (a benchmark range no one owns), so Redis counters of other runs never count. */
export function clientAddress(): string {
  return `198.18.${randomInt(0, 256)}.${randomInt(1, 255)}`;
}

export type Reply = { status: number; body: unknown; headers: Headers };

/**
 * One request from `address`: nginx passes the header on after the address itself, and the servers believe
 * both (they trust the loopback proxy, and this test talks from loopback too), so the servers see `address`.
 */
export async function call(
  base: string,
  method: string,
  path: string,
  { token, body, address }: { token?: string; body?: unknown; address: string },
): Promise<Reply> {
  const headers: Record<string, string> = { 'x-forwarded-for': address };
  if (token) headers.authorization = `Bearer ${token}`;
  if (body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(`${base}${path}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    // Not JSON: kept as text.
  }
  return { status: res.status, body: parsed, headers: res.headers };
}

export const PASSWORD = 'several servers, one person';

/** A new person, registered through `base` from `address`. */
export async function register(base: string, address: string): Promise<LoginResult> {
  const reply = await call(base, 'POST', '/api/auth/register', {
    address,
    body: {
      firstName: 'Clu',
      lastName: 'Ster',
      email: `cluster-${randomUUID()}@example.com`,
      password: PASSWORD,
      timeZone: 'UTC',
    },
  });
  if (reply.status !== 201)
    throw new Error(`register answered ${reply.status}: ${JSON.stringify(reply.body)}`);
  return reply.body as LoginResult;
}

/** Polls `check` until it answers something other than undefined/false; fails naming `what` after timeoutMs. */
export async function eventually<T>(
  check: () => Promise<T | undefined | false>,
  what: string,
  timeoutMs = 60_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Whether a TCP connection to the port is refused (nothing listens). */
export function refused(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', () => resolve(true));
  });
}

export type StreamEvent = { event: string; data: unknown };

/** Reads server-sent events off a response as they arrive; `next()` is null once the stream has ended. */
export function eventReader(res: Response) {
  if (!res.body) throw new Error('the answer has no body');
  const reader = res.body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  const ready: StreamEvent[] = [];
  return {
    async next(): Promise<StreamEvent | null> {
      for (;;) {
        const event = ready.shift();
        if (event) return event;
        const at = buffer.indexOf('\n\n');
        if (at >= 0) {
          const block = buffer.slice(0, at);
          buffer = buffer.slice(at + 2);
          const name = /^event: (.*)$/m.exec(block)?.[1] ?? 'message';
          const data = /^data: (.*)$/m.exec(block)?.[1];
          ready.push({ event: name, data: data === undefined ? null : JSON.parse(data) });
          continue;
        }
        const { done, value } = await reader.read();
        if (done) return null;
        buffer += decoder.decode(value, { stream: true });
      }
    },
    /** Every event left, until the stream ends. */
    async rest(): Promise<StreamEvent[]> {
      const events: StreamEvent[] = [];
      for (let e = await this.next(); e; e = await this.next()) events.push(e);
      return events;
    },
  };
}

/**
 * The promise's value, or a failure naming `what` after `seconds`: for what would otherwise never come (an
 * event a buffering proxy holds back until the stream ends, which it never does while the model holds it).
 */
export function within<T>(promise: Promise<T>, seconds: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} did not come within ${seconds} s`)), seconds * 1000);
  });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

/** Asks the advisor at `base` for a streamed answer. */
export function askStreamed(base: string, token: string, address: string): Promise<Response> {
  return fetch(`${base}/api/ai/query`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': 'application/json',
      accept: 'text/event-stream',
      'x-forwarded-for': address,
    },
    body: JSON.stringify({ query: 'How am I doing this month?' }),
  });
}

export const HELD_MODEL_WORDS = { first: 'Your spending ', rest: 'is on track.' } as const;

/**
 * An OpenAI-compatible chat server whose every answer streams its first words at once and the rest only
 * when release() is called: a test knows the stream is open for as long as it likes.
 */
export async function startHeldModel() {
  const held: Array<() => void> = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => {
      body += chunk;
    });
    req.on('end', async () => {
      if (req.method !== 'POST' || !req.url?.endsWith('/chat/completions')) {
        res.writeHead(404).end();
        return;
      }
      const { model } = JSON.parse(body) as { model: string };
      const base = { id: `chatcmpl-${randomUUID()}`, object: 'chat.completion.chunk', created: 1, model };
      const send = (data: object) => res.write(`data: ${JSON.stringify(data)}\n\n`);
      const words = (content: string) => ({
        ...base,
        choices: [{ index: 0, delta: { role: 'assistant', content }, finish_reason: null }],
      });
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      send(words(HELD_MODEL_WORDS.first));
      await new Promise<void>((resolve) => held.push(resolve));
      send(words(HELD_MODEL_WORDS.rest));
      send({ ...base, choices: [{ index: 0, delta: {}, finish_reason: 'stop' }] });
      send({ ...base, choices: [], usage: { prompt_tokens: 10, completion_tokens: 5, total_tokens: 15 } });
      res.end('data: [DONE]\n\n');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    /** Lets every answer held now finish. */
    release: () => {
      for (const open of held.splice(0)) open();
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const open of held.splice(0)) open();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
