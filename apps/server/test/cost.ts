import fs from 'node:fs';
import v8 from 'node:v8';
import vm from 'node:vm';
import { isMainThread } from 'node:worker_threads';

/**
 * What one request may cost the server it runs on. The API shares its thread with the embedded database, so
 * a request that holds the thread holds every other person's request and /api/health with it.
 */
export const STALL_LIMIT_MS = 100;
export const MEMORY_LIMIT_MB = 50;

/** The longest the event loop went without turning, and the most memory held above where it started. */
export type Cost = { stallMs: number; memoryMb: number };

const SAMPLE_EVERY_MS = 2;
const MB = 1024 * 1024;

v8.setFlagsFromString('--expose-gc');
const collectGarbage = vm.runInNewContext('gc') as () => void;

/** JS heap plus what buffers and strings hold outside it: what a request's input and answer occupy. */
function memoryInUse(): number {
  const m = process.memoryUsage();
  return m.heapUsed + m.external + m.arrayBuffers;
}

/**
 * CPU time of this thread alone, in ms: on Linux from the kernel's per-thread counters (10 ms ticks, fine against
 * a 100 ms limit), so work on other threads (a statement file read on a worker, argon2's pool) is not counted
 * against the request thread; elsewhere the whole process's.
 */
const THREAD_STAT = `/proc/self/task/${process.pid}/stat`;
const TICK_MS = 10;
const cpuMs: () => number =
  isMainThread && fs.existsSync(THREAD_STAT)
    ? () => {
        const stat = fs.readFileSync(THREAD_STAT, 'utf8');
        // Fields after the command's closing parenthesis; utime and stime are the 14th and 15th of the line.
        const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
        return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
      }
    : () => {
        const { user, system } = process.cpuUsage();
        return (user + system) / 1000;
      };

/**
 * Runs `work` while a timer samples the loop every 2 ms: a gap between two ticks longer than that is time the
 * thread was held. A gap counts only as long as this thread worked through it (its CPU time over the gap, to
 * a tick), so a machine busy with other processes, which leaves this one waiting for a core, is not taken for a
 * request that holds the thread. Memory is sampled at each tick and at the end, before anything collects the garbage;
 * a request that allocates and drops within one synchronous stretch can hide part of its peak from the
 * samples, which is why the worst-case inputs are sized to keep what they build alive (a parsed body, rows).
 */
export async function measure<T>(work: () => Promise<T>): Promise<{ result: T; cost: Cost }> {
  const start = memoryInUse();
  let peak = start;
  let last = performance.now();
  let lastCpu = cpuMs();
  let longest = 0;
  const tick = () => {
    const now = performance.now();
    const cpu = cpuMs();
    // The thread's counter moves in ticks: a gap is credited up to one tick more than it recorded.
    longest = Math.max(longest, Math.min(now - last, cpu - lastCpu + TICK_MS) - SAMPLE_EVERY_MS);
    last = now;
    lastCpu = cpu;
    peak = Math.max(peak, memoryInUse());
  };
  const timer = setInterval(tick, SAMPLE_EVERY_MS);
  try {
    const result = await work();
    tick();
    return { result, cost: { stallMs: Math.max(0, longest), memoryMb: (peak - start) / MB } };
  } finally {
    clearInterval(timer);
  }
}

const overBudget = (cost: Cost) => cost.stallMs > STALL_LIMIT_MS || cost.memoryMb > MEMORY_LIMIT_MB;

/** The highest cost seen per route, for the sweep's summary. */
export const worstByRoute = new Map<string, Cost & { what: string }>();

function record(route: string, what: string, cost: Cost) {
  const known = worstByRoute.get(route);
  worstByRoute.set(route, {
    stallMs: Math.max(known?.stallMs ?? 0, cost.stallMs),
    memoryMb: Math.max(known?.memoryMb ?? 0, cost.memoryMb),
    what: !known || cost.stallMs > known.stallMs ? what : known.what,
  });
}

/**
 * Sends a request and measures it. One over budget is sent twice more, each time after a full garbage
 * collection, and its cheapest run counts: a cost the request itself causes shows every time, while a
 * collection of someone else's garbage or the machine's other work landing in the window does not. The
 * limits are far above what any route needs (a few milliseconds and a few MB), so only a real fault fails.
 */
export async function withinBudget<T>(
  route: string,
  what: string,
  send: () => Promise<T>,
): Promise<{ result: T; cost: Cost }> {
  let run = await measure(send);
  for (let retry = 0; retry < 2 && overBudget(run.cost); retry++) {
    collectGarbage();
    const again = await measure(send);
    const cost = {
      stallMs: Math.min(run.cost.stallMs, again.cost.stallMs),
      memoryMb: Math.min(run.cost.memoryMb, again.cost.memoryMb),
    };
    run = { result: again.result, cost };
  }
  record(route, what, run.cost);
  return run;
}

export function describeCost(cost: Cost): string {
  return `${cost.stallMs.toFixed(0)} ms stall, ${cost.memoryMb.toFixed(1)} MB`;
}

export function isWithinBudget(cost: Cost): boolean {
  return !overBudget(cost);
}
