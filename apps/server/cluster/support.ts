import { execFile, execFileSync } from 'node:child_process';
import { randomInt, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { ExchangeResponse, HistorySyncProgress, LoginResult } from '@tally/shared';
import type pg from 'pg';
import { type Cluster, DEFAULT_REDIS_URL, freePort } from '../../../scripts/cluster.mjs';

// What the cluster's tests share: HTTP as a browser behind some address sends it, the servers' logs read
// back, a model that answers only when told to, and waiting on a condition instead of a clock.

/** A PostgreSQL server this run may create a database on (and drop it at the end). */
export const ADMIN_URL =
  process.env.CLUSTER_DATABASE_URL || 'postgres://postgres:postgres@127.0.0.1:5432/postgres';
export const REDIS_URL = process.env.REDIS_URL || DEFAULT_REDIS_URL;

/** A database of this run's own on ADMIN_URL's server, named after `what`. */
export function runDatabaseUrl(what: string): string {
  const u = new URL(ADMIN_URL);
  u.pathname = `/tally_cluster_${what}_${process.pid}_${Date.now()}`;
  return u.toString();
}

/**
 * What a cluster's processes write: every line kept by process name ("server 1"…, "nginx") for the tests to
 * read, and written to test-results/<fileName> for whoever reads a failure.
 */
export function clusterOutput(fileName: string) {
  const logFile = path.resolve(import.meta.dirname, '../../../test-results', fileName);
  fs.mkdirSync(path.dirname(logFile), { recursive: true });
  fs.writeFileSync(logFile, '');
  const lines = new Map<string, string[]>();
  return {
    lines,
    onLine: (name: string, line: string) => {
      const kept = lines.get(name) ?? [];
      kept.push(line);
      lines.set(name, kept);
      fs.appendFileSync(logFile, `[${name}] ${line}\n`);
    },
  };
}

type Output = ReturnType<typeof clusterOutput>;
type Server = Cluster['servers'][number];

export const hasExited = (s: Server) => s.child.exitCode !== null || s.child.signalCode !== null;

/** Every server running: a test that stops one starts it again, but one that failed midway may not have. */
export async function allServersUp(cluster: Cluster) {
  for (const s of cluster.servers) if (hasExited(s)) await cluster.startServer(s.index);
}

/** A line logged after everything a server logged before it: once read, the lines before it have been read too. */
export async function readAllOutput(cluster: Cluster, output: Output) {
  const mark = randomUUID();
  for (const s of cluster.servers) {
    if (hasExited(s)) continue;
    await call(s.url, 'GET', `/api/health?mark=${mark}`, { address: clientAddress() });
    await eventually(
      async () => output.lines.get(s.name)?.some((line) => line.includes(mark)),
      `${s.name}'s log`,
    );
  }
}

/** The ids of jobs each server logged as started (jobs/queue.ts, at debug level), over every server. */
export function jobStarts(output: Output): Map<string, number> {
  const starts = new Map<string, number>();
  for (const lines of output.lines.values()) {
    for (const line of lines) {
      if (!line.includes('"job started"')) continue;
      const { jobId } = JSON.parse(line) as { jobId: string };
      starts.set(jobId, (starts.get(jobId) ?? 0) + 1);
    }
  }
  return starts;
}

/** Whether another session waits for a lock this client holds. */
export async function blocksSomeone(client: pg.Client) {
  const { rows } = await client.query<{ n: number }>(
    'select count(*)::int as n from pg_stat_activity where pg_backend_pid() = any(pg_blocking_pids(pid))',
  );
  return rows[0]!.n > 0;
}

/** Links a bank of the servers' provider (the demo bank, or Plaid's sandbox) through `base`; its connection id. */
export async function linkBank(base: string, token: string, address: string, institutionId: string) {
  const minted = await call(base, 'POST', '/api/plaid/sandbox/public-token', {
    token,
    address,
    body: { institutionId },
  });
  if (minted.status !== 200)
    throw new Error(`the sandbox answered ${minted.status}: ${JSON.stringify(minted.body)}`);
  const { publicToken } = minted.body as { publicToken: string };
  const linked = await call(base, 'POST', '/api/plaid/exchange-public-token-quick-sync', {
    token,
    address,
    body: { publicToken },
  });
  if (linked.status !== 200)
    throw new Error(`linking answered ${linked.status}: ${JSON.stringify(linked.body)}`);
  return (linked.body as ExchangeResponse).connection.id;
}

/** Follows a history sync's progress through `base` until it is over; how it ended. */
export async function historySyncOver(base: string, token: string, address: string, connectionId: string) {
  const progress = await eventually(
    async () => {
      const reply = await call(base, 'GET', `/api/plaid/connections/${connectionId}/import-progress`, {
        token,
        address,
      });
      const body = reply.body as HistorySyncProgress;
      return body.status === 'Completed' || body.status === 'Failed' ? body : undefined;
    },
    'the history sync to finish',
    90_000,
  );
  return progress.status;
}

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

/**
 * A TCP relay in front of PostgreSQL, so a test can take the database out of the servers' reach and bring
 * it back (as a restart or a network fault does) without touching the machine's PostgreSQL. `url` is
 * `target` through the relay. cut(): every open connection is dropped and new ones are refused;
 * restore(): connections are relayed again, on the same port.
 */
export async function databaseRelay(target: string) {
  const to = new URL(target);
  const sockets = new Set<net.Socket>();
  const relay = net.createServer((inbound) => {
    const outbound = net.connect({ host: to.hostname, port: Number(to.port || 5432) });
    for (const [a, b] of [
      [inbound, outbound],
      [outbound, inbound],
    ] as const) {
      sockets.add(a);
      a.pipe(b);
      a.on('error', () => b.destroy());
      a.on('close', () => {
        sockets.delete(a);
        b.destroy();
      });
    }
  });
  const listen = (port: number) =>
    new Promise<number>((resolve, reject) => {
      relay.once('error', reject);
      relay.listen(port, '127.0.0.1', () => {
        relay.off('error', reject);
        resolve((relay.address() as AddressInfo).port);
      });
    });
  const port = await listen(0);
  const url = new URL(target);
  url.host = `127.0.0.1:${port}`;
  return {
    url: url.toString(),
    cut: async () => {
      const closed = new Promise((resolve) => relay.close(resolve));
      for (const socket of sockets) socket.destroy();
      await closed;
    },
    restore: () => listen(port),
    close: async () => {
      for (const socket of sockets) socket.destroy();
      if (relay.listening) await new Promise((resolve) => relay.close(resolve));
    },
  };
}

/**
 * A PostgreSQL of the test's own (Debian's binaries, in a directory of its own, on a free port), so a case
 * can restart it under traffic without touching the machine's. Run as the postgres user when the test runs
 * as root (PostgreSQL refuses root). restart(): `pg_ctl restart -m fast`, which ends every session, stops,
 * starts again and answers once it accepts connections.
 */
export async function privatePostgres() {
  const versions = fs.readdirSync('/usr/lib/postgresql').sort((a, b) => Number(b) - Number(a));
  const bin = path.join('/usr/lib/postgresql', versions[0] ?? '', 'bin');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tally-pg-'));
  const data = path.join(dir, 'data');
  const port = await freePort();
  const root = process.getuid?.() === 0;
  if (root) {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
    fs.chownSync(dir, uid, gid);
  }
  // Waited for without holding the test's event loop, so its traffic goes on meanwhile.
  const run = async (program: string, args: string[]) => {
    const [file, rest] = root
      ? ['runuser', ['-u', 'postgres', '--', path.join(bin, program), ...args]]
      : [path.join(bin, program), args];
    await promisify(execFile)(file, rest as string[]);
  };
  const ctl = (...args: string[]) =>
    run('pg_ctl', [
      '-D',
      data,
      '-l',
      path.join(dir, 'postgres.log'),
      '-w',
      '-o',
      `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`,
      ...args,
    ]);
  try {
    await run('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '--no-sync']);
    await ctl('start');
  } catch (err) {
    await ctl('stop', '-m', 'immediate').catch(() => {});
    fs.rmSync(dir, { recursive: true, force: true });
    throw err;
  }
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    restart: () => ctl('restart', '-m', 'fast'),
    stop: async () => {
      try {
        await ctl('stop', '-m', 'immediate');
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
