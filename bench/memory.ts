import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { buildIfNeeded, signUpWithDemoBank, startServer } from './web/server';

/** Issue 30's budgets for the embedded default (one server process; `npm start` adds npm's own). */
export const MEMORY_TARGETS = { rssMiB: 250, reopenSeconds: 2 } as const;

export type MemoryRun = {
  /** Launch to /api/health answering. */
  firstStartSeconds: number;
  reopenSeconds: number;
  /** RSS of the server process, settled (10 s after it answers, or after the import). */
  firstStartMiB: number;
  reopenMiB: number;
  /** After a person linked the demo bank and its two-year import finished. */
  afterImportMiB: number;
};

export type MemoryResult = { runs: MemoryRun[]; median: MemoryRun };

const rssMiB = (pid: number) => {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? Number.NaN) / 1024;
};

/** The built server at its defaults: started on a new data directory, settled, stopped, started again on it. */
export async function measureMemory(
  root: string,
  options: { runs: number; log: (message: string) => void },
): Promise<MemoryResult> {
  buildIfNeeded(root, false, options.log);
  const runs: MemoryRun[] = [];
  for (let run = 0; run < options.runs; run++) {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tally-bench-memory-'));
    try {
      let started = performance.now();
      let server = await startServer(root, { dataDir });
      const firstStartSeconds = (performance.now() - started) / 1000;
      await sleep(10_000);
      const firstStartMiB = rssMiB(server.pid);
      await server.stop();

      started = performance.now();
      server = await startServer(root, { dataDir });
      const reopenSeconds = (performance.now() - started) / 1000;
      await sleep(10_000);
      const reopenMiB = rssMiB(server.pid);
      await signUpWithDemoBank(server.origin);
      await sleep(10_000);
      const afterImportMiB = rssMiB(server.pid);
      await server.stop();
      const result = { firstStartSeconds, reopenSeconds, firstStartMiB, reopenMiB, afterImportMiB };
      options.log(
        `  memory ${run + 1}/${options.runs}: first start ${firstStartSeconds.toFixed(1)} s, ${firstStartMiB.toFixed(0)} MiB; ` +
          `reopen ${reopenSeconds.toFixed(2)} s, ${reopenMiB.toFixed(0)} MiB; after a 2-year import ${afterImportMiB.toFixed(0)} MiB`,
      );
      runs.push(result);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }
  const median = (pick: (r: MemoryRun) => number) => {
    const sorted = runs.map(pick).sort((a, b) => a - b);
    return sorted[Math.floor(sorted.length / 2)]!;
  };
  return {
    runs,
    median: {
      firstStartSeconds: median((r) => r.firstStartSeconds),
      reopenSeconds: median((r) => r.reopenSeconds),
      firstStartMiB: median((r) => r.firstStartMiB),
      reopenMiB: median((r) => r.reopenMiB),
      afterImportMiB: median((r) => r.afterImportMiB),
    },
  };
}

/** The report's lines, each against its budget. */
export function memoryReport({ median: m }: MemoryResult): string[] {
  const mark = (ok: boolean) => (ok ? 'ok' : '**over**');
  const rss = (label: string, mib: number) =>
    `- ${label}: ${mib.toFixed(0)} MiB vs ≤ ${MEMORY_TARGETS.rssMiB}: ${mark(mib <= MEMORY_TARGETS.rssMiB)}`;
  return [
    '### Server memory and start (embedded default, medians)',
    '',
    rss('RSS after a first start', m.firstStartMiB),
    rss('RSS after a reopen', m.reopenMiB),
    rss('RSS after a 2-year demo bank import', m.afterImportMiB),
    `- reopen ${m.reopenSeconds.toFixed(2)} s vs ≤ ${MEMORY_TARGETS.reopenSeconds} s: ${mark(m.reopenSeconds <= MEMORY_TARGETS.reopenSeconds)} (first start ${m.firstStartSeconds.toFixed(1)} s)`,
  ];
}
