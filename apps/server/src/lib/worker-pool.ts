import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';

/*
 * A few worker threads that run one kind of task each, with a time and a memory budget per task. CPU-heavy work
 * (reading a 20 MB file) runs there rather than on the thread that answers requests and, with PGlite, runs the
 * database. A task over its time is stopped by ending its worker; a worker over its memory ends itself (V8's
 * heap limit); either way the task fails with its own error and a fresh worker takes the next task.
 */

/** The task ran past the pool's time budget; its worker was ended. */
export class WorkerTimeoutError extends Error {
  override name = 'WorkerTimeoutError';
}
/** The task needed more memory than the pool's budget; its worker ended. */
export class WorkerMemoryError extends Error {
  override name = 'WorkerMemoryError';
}
/** More tasks wait than the pool queues. */
export class WorkerPoolBusyError extends Error {
  override name = 'WorkerPoolBusyError';
}
/** The pool was closed (the server is stopping). */
export class WorkerPoolClosedError extends Error {
  override name = 'WorkerPoolClosedError';
}
/** The task's own code threw: its error's name and message, as the worker sent them. */
export class WorkerTaskError extends Error {
  constructor(
    readonly errorName: string,
    message: string,
  ) {
    super(message);
    this.name = 'WorkerTaskError';
  }
}

/**
 * What a worker posts: once that it is ready, then for each task its result, or the result's head and how many
 * parts follow, each sent when asked for (see serveTasks).
 */
type Reply = { ready: true } | { ok: true; value: unknown; parts: number } | { part: unknown } | Failure;
type Failure = { ok: false; name: string; message: string };
/** What the pool posts: a task, or a request for the next part of the last result. */
type Request<In> = { task: In } | { next: true };

export type WorkerPoolOptions = {
  /** The worker's module: a .ts file (source, run through tsx) or a .js file (the build). */
  file: URL;
  /** Workers at most (each started when first needed, kept while the pool lives). */
  size: number;
  /** A task's time, from the moment a worker takes it. */
  timeoutMs: number;
  /** A worker's old-generation heap, in MB: past it V8 ends the worker. */
  maxOldGenerationSizeMb: number;
  /** Tasks that may wait for a worker; more are refused at once. */
  maxQueue: number;
};

/**
 * A result too large to take in one turn of the request thread (taking a message in copies it whole, and the
 * thread does nothing else meanwhile) travels in parts: `split` in the worker (serveTasks), `join` here. Each
 * part is asked for after a turn of the event loop, so other requests are answered between them.
 */
export type Parts<Out, Head, Part> = {
  split: (out: Out) => { head: Head; parts: Part[] };
  join: (head: Head, parts: Part[]) => Out;
};

type Task<In, Out> = {
  input: In;
  transfer: readonly ArrayBuffer[];
  resolve: (value: Out) => void;
  reject: (error: Error) => void;
};

type Slot<In, Out> = {
  worker: Worker;
  /** The worker has loaded its code: a task's time counts from here, never the start-up's. */
  ready: boolean;
  task: Task<In, Out> | null;
  timer: NodeJS.Timeout | null;
  /** The task's result as it arrives in parts. */
  receiving: { head: unknown; parts: unknown[]; expected: number } | null;
};

/**
 * How to start the worker. Built code (.js) runs as it is. TypeScript source (tests, `npm run dev`) goes through
 * tsx's loader inside the worker: Node 20 cannot run .ts, a worker does not go through the test runner's
 * transform, and a loader given to the parent is not given to its workers.
 */
function entryOf(file: URL): { code: string | URL; evaluate: boolean } {
  if (!file.pathname.endsWith('.ts')) return { code: file, evaluate: false };
  // require.resolve finds the package's CommonJS build; the ES module build sits beside it.
  const api = createRequire(import.meta.url)
    .resolve('tsx/esm/api')
    .replace(/\.cjs$/, '.mjs');
  const tsx = pathToFileURL(api).href;
  const code = `import(${JSON.stringify(tsx)}).then((tsx) => tsx.tsImport(${JSON.stringify(file.href)}, ${JSON.stringify(file.href)}))`;
  return { code, evaluate: true };
}

export type WorkerPool<In, Out> = {
  run(input: In, transfer?: readonly ArrayBuffer[]): Promise<Out>;
  /** Ends every worker and refuses what waits; later runs are refused. */
  close(): Promise<void>;
  /** Workers alive now (tests check that none outlives the pool). */
  readonly threads: number;
};

export function createWorkerPool<In, Out, Head = Out, Part = never>(
  options: WorkerPoolOptions & { parts?: Pick<Parts<Out, Head, Part>, 'join'> },
): WorkerPool<In, Out> {
  const slots = new Set<Slot<In, Out>>();
  const queue: Task<In, Out>[] = [];
  let closed = false;
  const entry = entryOf(options.file);

  function start(): Slot<In, Out> {
    const worker = new Worker(entry.code, {
      eval: entry.evaluate,
      resourceLimits: { maxOldGenerationSizeMb: options.maxOldGenerationSizeMb },
    });
    const slot: Slot<In, Out> = { worker, ready: false, task: null, timer: null, receiving: null };
    slots.add(slot);
    // An idle worker must not keep the process alive; a busy one is awaited by its request anyway.
    worker.unref();
    let failure: Error | null = null;
    worker.on('message', (reply: Reply) => {
      if ('ready' in reply) {
        slot.ready = true;
        next();
        return;
      }
      const task = slot.task;
      // A task that ran out of time was answered already; its worker is being ended.
      if (!task) return;
      if ('part' in reply) {
        const receiving = slot.receiving;
        if (!receiving) return;
        receiving.parts.push(reply.part);
        if (receiving.parts.length < receiving.expected) askForPart(slot);
        else done(slot, task, () => joined(receiving.head, receiving.parts));
        return;
      }
      if (reply.ok && reply.parts > 0) {
        // The work is done: the time budget was for it, not for taking the result in.
        if (slot.timer) clearTimeout(slot.timer);
        slot.receiving = { head: reply.value, parts: [], expected: reply.parts };
        askForPart(slot);
        return;
      }
      done(slot, task, () => (reply.ok ? joined(reply.value, []) : failed(reply)));
    });
    worker.on('error', (error: Error & { code?: string }) => {
      failure =
        error.code === 'ERR_WORKER_OUT_OF_MEMORY'
          ? new WorkerMemoryError('The task needed more memory than it may use')
          : error;
    });
    worker.on('exit', () => {
      slots.delete(slot);
      const task = slot.task;
      finish(slot);
      const error = failure ?? new WorkerPoolClosedError('The worker stopped');
      if (task) task.reject(error);
      // A worker that could not even start would fail again: what waits fails with it, no restart loop.
      if (!slot.ready) for (const waiting of queue.splice(0)) waiting.reject(error);
      if (!closed) next();
    });
    return slot;
  }

  function finish(slot: Slot<In, Out>) {
    if (slot.timer) clearTimeout(slot.timer);
    slot.timer = null;
    slot.task = null;
    slot.receiving = null;
    slot.worker.unref();
  }

  const joined = (head: unknown, parts: unknown[]): Out =>
    options.parts ? options.parts.join(head as Head, parts as Part[]) : (head as Out);
  const failed = (reply: Failure): never => {
    throw new WorkerTaskError(reply.name, reply.message);
  };

  /** Settles the slot's task with `outcome` (its value, or what it throws) and frees the slot. */
  function done(slot: Slot<In, Out>, task: Task<In, Out>, outcome: () => Out) {
    finish(slot);
    try {
      task.resolve(outcome());
    } catch (error) {
      task.reject(error instanceof Error ? error : new Error(String(error)));
    }
    next();
  }

  function askForPart(slot: Slot<In, Out>) {
    setImmediate(() => {
      if (slot.receiving) slot.worker.postMessage({ next: true } satisfies Request<In>);
    });
  }

  function assign(slot: Slot<In, Out>, task: Task<In, Out>) {
    slot.task = task;
    slot.worker.ref();
    slot.timer = setTimeout(() => {
      slot.task = null;
      task.reject(new WorkerTimeoutError('The task took longer than it may'));
      // Ending the worker is the only way to stop synchronous work; the exit handler starts the next task.
      void slot.worker.terminate();
    }, options.timeoutMs);
    slot.worker.postMessage({ task: task.input } satisfies Request<In>, task.transfer as ArrayBuffer[]);
  }

  function next() {
    while (queue.length > 0) {
      let idle: Slot<In, Out> | undefined;
      let starting = false;
      for (const slot of slots) {
        if (!slot.ready) starting = true;
        else if (slot.task === null && slot.timer === null) idle = slot;
      }
      if (!idle) {
        // One worker starts at a time; the rest of the queue waits for it or for a free one.
        if (!starting && slots.size < options.size) start();
        return;
      }
      const task = queue.shift();
      if (task) assign(idle, task);
    }
  }

  return {
    run(input, transfer = []) {
      if (closed) return Promise.reject(new WorkerPoolClosedError('The server is stopping'));
      if (queue.length >= options.maxQueue) {
        return Promise.reject(new WorkerPoolBusyError('Every worker is busy and the queue is full'));
      }
      return new Promise<Out>((resolve, reject) => {
        queue.push({ input, transfer, resolve, reject });
        next();
      });
    },
    async close() {
      closed = true;
      for (const task of queue.splice(0)) task.reject(new WorkerPoolClosedError('The server is stopping'));
      await Promise.all([...slots].map((slot) => slot.worker.terminate()));
    },
    get threads() {
      return slots.size;
    },
  };
}

/**
 * The worker's side: answers each task posted to it with `handle`'s result (in parts when `split` is given, each
 * posted when the pool asks for it), or its error's name and message (an expected refusal, such as an
 * unreadable file, travels back as words, not a stack).
 */
export function serveTasks<In, Out, Head = Out, Part = never>(
  port: {
    on(event: 'message', listener: (request: Request<In>) => void): unknown;
    postMessage(value: unknown): void;
  },
  handle: (input: In) => Out,
  split?: Parts<Out, Head, Part>['split'],
): void {
  let waiting: Part[] = [];
  port.on('message', (request) => {
    if ('next' in request) {
      port.postMessage({ part: waiting.shift() } satisfies Reply);
      return;
    }
    let reply: Reply;
    try {
      const value = handle(request.task);
      if (split) {
        const { head, parts } = split(value);
        waiting = parts;
        reply = { ok: true, value: head, parts: parts.length };
      } else reply = { ok: true, value, parts: 0 };
    } catch (error) {
      const { name, message } = error instanceof Error ? error : new Error(String(error));
      reply = { ok: false, name, message };
    }
    port.postMessage(reply);
  });
  port.postMessage({ ready: true } satisfies Reply);
}
