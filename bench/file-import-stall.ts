/*
 * How long the request thread stalls while the largest legitimate file is previewed, and what adversarial
 * statement files cost: `npx tsx bench/file-import-stall.ts`. Builds the real app on a fresh PGlite, signs one
 * person up, and posts each file through the HTTP layer (inject) while perf_hooks watches the event loop.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { openDatabase } from '../apps/server/src/db/client';
import { type App, type Auth, register, startApp } from './lib/app';

type Measure = {
  label: string;
  chars: number;
  status: number;
  seconds: number;
  stallMs: number;
  answer: string;
};

async function measure(
  app: App,
  auth: Auth,
  accountId: string,
  label: string,
  content: string,
  url = '/api/imports/preview',
): Promise<Measure> {
  const delay = monitorEventLoopDelay({ resolution: 5 });
  delay.enable();
  const start = performance.now();
  const res = await app.inject({
    method: 'POST',
    url,
    headers: auth,
    payload: { accountId, content, skipInvalid: url === '/api/imports' ? true : undefined },
  });
  const seconds = (performance.now() - start) / 1000;
  delay.disable();
  const body = res.json() as { message?: string; counts?: unknown; imported?: number };
  return {
    label,
    chars: content.length,
    status: res.statusCode,
    seconds,
    stallMs: delay.max / 1e6,
    answer: body.message ?? JSON.stringify(body.counts ?? { imported: body.imported }),
  };
}

const ofx = (t: string) =>
  `OFXHEADER:100\nDATA:OFXSGML\n\n<OFX><BANKMSGSRSV1><STMTTRNRS><STMTRS><BANKTRANLIST>\n${t}\n</BANKTRANLIST></STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>\n`;

function csvOfRows(n: number): string {
  const rows: string[] = ['Date,Description,Amount'];
  for (let i = 0; i < n; i++) {
    const month = String(1 + (i % 12)).padStart(2, '0');
    const day = String(1 + (i % 28)).padStart(2, '0');
    rows.push(
      `2025-${month}-${day},GROCERY STORE NUMBER ${i % 500} SAN FRANCISCO CA ${i % 97},-${i % 900}.${String(i % 100).padStart(2, '0')}`,
    );
  }
  return `${rows.join('\n')}\n`;
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tally-stall-'));
const database = await openDatabase({ dataDir, databaseUrl: undefined, pgliteSharedBuffers: '256MB' });
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

const files: [string, string][] = [
  [
    'OFX, PAYEE nested 9,400 deep (the review’s 132 KB)',
    ofx(`<STMTTRN>${'<PAYEE>'.repeat(9_400)}${'<NAME>x'.repeat(9_400)}`),
  ],
  [
    'OFX, PAYEE nested 20,000 deep (the review’s 283 KB)',
    ofx(`<STMTTRN>${'<PAYEE>'.repeat(20_200)}${'<NAME>x'.repeat(20_200)}`),
  ],
  ['OFX, 25,000 unclosed fields in one transaction', ofx(`<STMTTRN>${'<NAME>x<MEMO>'.repeat(25_000)}`)],
  ['OFX, 33,000 unclosed STMTTRN', ofx('<STMTTRN>'.repeat(33_000))],
  ['CSV, 50,000 rows', csvOfRows(50_000)],
  ['CSV, 250,000 rows (the row cap)', csvOfRows(250_000)],
];
const only = process.argv[2];
for (const [label, content] of files) {
  if (only && !label.includes(only)) continue;
  const m = await measure(app, auth, accountId, label, content);
  console.log(
    `${m.label}: ${(m.chars / 1e6).toFixed(2)}M chars → ${m.status} in ${m.seconds.toFixed(2)} s; longest event-loop stall ${m.stallMs.toFixed(0)} ms; ${m.answer.slice(0, 120)}`,
  );
}
await app.close();
await database.close();
fs.rmSync(dataDir, { recursive: true, force: true });
