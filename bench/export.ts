import { monitorEventLoopDelay } from 'node:perf_hooks';
import { type App, type Auth, login } from './lib/app';

export type ExportRun = {
  concurrent: number;
  seconds: number;
  rows: number;
  megabytes: number;
  /** Heap in use above the level before the exports, at its highest while they ran. */
  peakHeapGrowthMB: number;
  /** The longest the event loop could not answer anything else while they ran. */
  maxEventLoopDelayMs: number;
};
export type ExportResult = { runs: ExportRun[] };

const MB = 2 ** 20;

/** One export over real HTTP, read as a client would and thrown away: what the server holds is its own. */
async function download(base: string, auth: Auth) {
  const res = await fetch(`${base}/api/transactions/export`, { headers: auth });
  if (res.status !== 200 || !res.body) throw new Error(`export failed: ${res.status}`);
  let bytes = 0;
  let lines = 0;
  for await (const chunk of res.body) {
    bytes += chunk.byteLength;
    for (const b of chunk) if (b === 10) lines += 1;
  }
  return { bytes, rows: lines - 1 };
}

/**
 * The L person's whole history as CSV, alone and four at once, through the listening server: time, rows,
 * how much the server's heap grew at its highest, and the longest event-loop stall (p100 of a 10 ms
 * resolution histogram) — the stall is what every other request would wait for.
 */
export async function measureExport(
  startApp: () => Promise<App>,
  person: { email: string; password: string },
  { runs, log }: { runs: number; log: (message: string) => void },
): Promise<ExportResult> {
  const result: ExportResult = { runs: [] };
  for (const concurrent of [1, 4]) {
    for (let run = 0; run < runs; run += 1) {
      // A fresh server each run: exports are rate-limited per person, and each run starts from the same state.
      const app = await startApp();
      const auth = await login(app, person.email, person.password);
      const address = await app.listen({ port: 0, host: '127.0.0.1' });
      const downloads = await watched(() =>
        Promise.all(Array.from({ length: concurrent }, () => download(address, auth))),
      );
      await app.close();
      const r: ExportRun = {
        concurrent,
        seconds: downloads.seconds,
        rows: downloads.value.reduce((n, d) => n + d.rows, 0),
        megabytes: downloads.value.reduce((n, d) => n + d.bytes, 0) / MB,
        peakHeapGrowthMB: downloads.peakMB,
        maxEventLoopDelayMs: downloads.stallMs,
      };
      log(
        `export ×${concurrent} run ${run + 1}: ${r.seconds.toFixed(2)} s, ${r.rows} rows, ` +
          `heap +${r.peakHeapGrowthMB.toFixed(0)} MB, longest stall ${r.maxEventLoopDelayMs.toFixed(0)} ms`,
      );
      result.runs.push(r);
    }
  }
  return result;
}

export type PortabilityRun = {
  exportSeconds: number;
  zipMegabytes: number;
  exportPeakHeapGrowthMB: number;
  exportMaxStallMs: number;
  importSeconds: number;
  importedRows: number;
  importPeakHeapGrowthMB: number;
  importMaxStallMs: number;
};
export type PortabilityResult = { runs: PortabilityRun[] };

/** Work over HTTP with the heap's highest growth and the longest event-loop stall while it ran. */
async function watched<T>(work: () => Promise<T>) {
  global.gc?.();
  const before = process.memoryUsage().heapUsed;
  let peak = before;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().heapUsed);
  }, 5);
  const delay = monitorEventLoopDelay({ resolution: 10 });
  delay.enable();
  const started = performance.now();
  try {
    const value = await work();
    return {
      value,
      seconds: (performance.now() - started) / 1000,
      peakMB: (peak - before) / MB,
      stallMs: delay.max / 1e6,
    };
  } finally {
    delay.disable();
    clearInterval(sampler);
  }
}

/**
 * The L person's own export (GET /api/user/export, every table as JSON and CSV in one ZIP), then that ZIP
 * imported into a new account (POST /api/user/import, one transaction), which is deleted afterwards: time,
 * size, heap growth and the longest stall of each.
 */
export async function measurePortability(
  startApp: () => Promise<App>,
  person: { email: string; password: string },
  { runs, log }: { runs: number; log: (message: string) => void },
): Promise<PortabilityResult> {
  const result: PortabilityResult = { runs: [] };
  for (let run = 0; run < runs; run += 1) {
    const app = await startApp();
    try {
      const auth = await login(app, person.email, person.password);
      const base = await app.listen({ port: 0, host: '127.0.0.1' });
      const exported = await watched(async () => {
        const res = await fetch(`${base}/api/user/export`, { headers: auth });
        if (res.status !== 200) throw new Error(`export failed: ${res.status}`);
        return new Uint8Array(await res.arrayBuffer());
      });
      const password = 'portability bench';
      const email = `portability-${Date.now()}-${run}@example.com`;
      const registered = await fetch(`${base}/api/auth/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ firstName: 'Port', lastName: 'Ability', email, password, timeZone: 'UTC' }),
      });
      if (registered.status !== 201) throw new Error(`register failed: ${registered.status}`);
      const newcomer = { authorization: `Bearer ${((await registered.json()) as { token: string }).token}` };
      const imported = await watched(async () => {
        const res = await fetch(`${base}/api/user/import`, {
          method: 'POST',
          headers: { ...newcomer, 'content-type': 'application/zip' },
          body: exported.value,
        });
        if (res.status !== 200) throw new Error(`import failed: ${res.status} ${await res.text()}`);
        return (await res.json()) as { rows: Record<string, number> };
      });
      const deleted = await fetch(`${base}/api/user`, {
        method: 'DELETE',
        headers: { ...newcomer, 'content-type': 'application/json' },
        body: JSON.stringify({ password }),
      });
      if (deleted.status !== 204) throw new Error(`deleting the imported account failed: ${deleted.status}`);
      const r: PortabilityRun = {
        exportSeconds: exported.seconds,
        zipMegabytes: exported.value.byteLength / MB,
        exportPeakHeapGrowthMB: exported.peakMB,
        exportMaxStallMs: exported.stallMs,
        importSeconds: imported.seconds,
        importedRows: Object.values(imported.value.rows).reduce((n, x) => n + x, 0),
        importPeakHeapGrowthMB: imported.peakMB,
        importMaxStallMs: imported.stallMs,
      };
      log(
        `own export run ${run + 1}: ${r.exportSeconds.toFixed(2)} s, ${r.zipMegabytes.toFixed(1)} MB ZIP, heap +${r.exportPeakHeapGrowthMB.toFixed(0)} MB, stall ${r.exportMaxStallMs.toFixed(0)} ms; ` +
          `import ${r.importSeconds.toFixed(2)} s, ${r.importedRows} rows, heap +${r.importPeakHeapGrowthMB.toFixed(0)} MB, stall ${r.importMaxStallMs.toFixed(0)} ms`,
      );
      result.runs.push(r);
    } finally {
      await app.close();
    }
  }
  return result;
}
