/*
 * How long the request thread stalls while statement files are previewed: `npx tsx bench/file-import-stall.ts
 * [label filter]`. Builds the real app on a fresh PGlite, signs one person up, listens on a local port and
 * posts each file with curl (another process, so the client's own work is not counted), while perf_hooks
 * watches this process's event loop. Costly files built to freeze the server, then the largest legitimate
 * ones, each previewed twice (the second finds the file read).
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { openDatabase } from '../apps/server/src/db/client';
import { register, startApp } from './lib/app';

const ofx = (t: string) =>
  `OFXHEADER:100\nDATA:OFXSGML\n\n<OFX><BANKMSGSRSV1><STMTTRNRS><STMTRS><BANKTRANLIST>\n${t}\n</BANKTRANLIST></STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>\n`;

function csvOfRows(n: number): string {
  const rows: string[] = ['Date,Description,Amount'];
  for (let i = 0; i < n; i++) {
    const month = String(1 + (i % 12)).padStart(2, '0');
    const day = String(1 + (i % 28)).padStart(2, '0');
    const cents = `-${i % 900}.${String(i % 100).padStart(2, '0')}`;
    rows.push(`2025-${month}-${day},GROCERY STORE NUMBER ${i % 500} SAN FRANCISCO CA ${i % 97},${cents}`);
  }
  return `${rows.join('\n')}\n`;
}

const files: [string, () => string][] = [
  [
    'OFX, PAYEE nested 9,400 deep (the review’s 132 KB)',
    () => ofx(`<STMTTRN>${'<PAYEE>'.repeat(9_400)}${'<NAME>x'.repeat(9_400)}`),
  ],
  [
    'OFX, PAYEE nested 20,200 deep (the review’s 283 KB)',
    () => ofx(`<STMTTRN>${'<PAYEE>'.repeat(20_200)}${'<NAME>x'.repeat(20_200)}`),
  ],
  ['OFX, 25,000 unclosed fields in one transaction', () => ofx(`<STMTTRN>${'<NAME>x<MEMO>'.repeat(25_000)}`)],
  ['OFX, 33,000 unclosed STMTTRN', () => ofx('<STMTTRN>'.repeat(33_000))],
  ['CSV, 50,000 rows', () => csvOfRows(50_000)],
  ['CSV, 250,000 rows (the row cap)', () => csvOfRows(250_000)],
];

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tally-stall-'));
const database = await openDatabase({ dataDir, pgliteSharedBuffers: '256MB' });
await database.migrate();
const app = await startApp(database, { runJobs: false });
const auth = await register(app, `stall-${Date.now()}@example.com`);
const account = await app.inject({
  method: 'POST',
  url: '/api/accounts/manual',
  headers: auth,
  payload: { name: 'Wallet', type: 0, subtype: 'checking' },
});
const accountId = (account.json() as { id: string }).id;
await app.listen({ port: 0, host: '127.0.0.1' });
const { port } = app.server.address() as { port: number };
const bodyFile = path.join(dataDir, 'body.json');

/** Posts the body file with curl; its status and answer. */
function post(): Promise<string> {
  return new Promise((resolve) => {
    const curl = spawn('curl', [
      '-s',
      '-X',
      'POST',
      `http://127.0.0.1:${port}/api/imports/preview`,
      '-H',
      'content-type: application/json',
      '-H',
      `authorization: ${auth.authorization}`,
      '--data-binary',
      `@${bodyFile}`,
      '-w',
      ' %{http_code}',
    ]);
    let out = '';
    curl.stdout.on('data', (d) => {
      out += d;
    });
    curl.on('exit', () => resolve(out));
  });
}

const only = process.argv[2];
for (const [label, make] of files) {
  if (only && !label.includes(only)) continue;
  const content = make();
  fs.writeFileSync(bodyFile, JSON.stringify({ accountId, content }));
  for (const run of ['first', 'again']) {
    const delay = monitorEventLoopDelay({ resolution: 5 });
    delay.enable();
    const start = performance.now();
    const out = await post();
    const seconds = (performance.now() - start) / 1000;
    // A stall is recorded when the loop turns again: let it turn before reading the histogram.
    await new Promise((resolve) => setTimeout(resolve, 50));
    delay.disable();
    const status = out.slice(-3);
    let answer = out.slice(0, -4);
    try {
      const body = JSON.parse(answer) as { message?: string; counts?: unknown };
      answer = body.message ?? JSON.stringify(body.counts);
    } catch {}
    console.log(
      `${label} (${(content.length / 1e6).toFixed(2)}M chars), ${run}: ${status} in ${seconds.toFixed(2)} s; longest stall ${(delay.max / 1e6).toFixed(0)} ms, p99 ${(delay.percentile(99) / 1e6).toFixed(0)} ms; ${answer.slice(0, 110)}`,
    );
  }
}
await app.close();
await database.close();
fs.rmSync(dataDir, { recursive: true, force: true });
