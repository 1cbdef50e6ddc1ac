import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { Options as Argon2Options } from '@node-rs/argon2';
import { AppError } from '../plugins/errors';

/** argon2id cost: about 90 ms per verify on the reference machine (see modules/README.md). */
export const ARGON2_OPTIONS: Argon2Options = { memoryCost: 65_536, timeCost: 2, parallelism: 1 };

/** What actually computes a hash: worker threads in the app, a controllable fake in tests. */
export type HashEngine = {
  verify(hash: string, password: string): Promise<boolean>;
  hash(password: string, options: Argon2Options): Promise<string>;
  close(): Promise<void>;
};

/**
 * Password hashing shared by every module (decision 0006). `source` is who asks (the client IP):
 * each source waits in its own queue and the queues take turns, so one source's burst cannot delay
 * another's login by more than one hash per worker. A full queue refuses with 429 `busy`.
 */
export type PasswordHasher = {
  /** False for a wrong password and for a malformed hash. */
  verify(hash: string, password: string, source?: string): Promise<boolean>;
  hash(password: string, source?: string): Promise<string>;
  close(): Promise<void>;
};

export type HasherLimits = { queuedPerSource: number; queued: number; retryAfterSeconds: number };

export const HASHER_LIMITS: HasherLimits = {
  /** Hashes waiting per source; one more is refused with 429. */
  queuedPerSource: 8,
  /** Hashes waiting over all sources: bounds the wait of a flood from many IPs (about 6 s per worker). */
  queued: 64,
  /** Retry-After of a refused hash, in seconds. */
  retryAfterSeconds: 1,
};

/** 429 busy: the hashing queue of this source (or of the server) is full. */
export class HasherBusyError extends AppError {
  constructor(override readonly retryAfterSeconds: number) {
    super(429, 'rateLimited', `Too many login attempts at once. Please try again in ${retryAfterSeconds} s.`);
  }
}

/**
 * Workers for argon2 by default: off libuv's thread pool, which serves the media file reads, and
 * one core left to the event loop.
 */
export const defaultHashConcurrency = () => Math.max(1, Math.min(4, availableParallelism() - 1));

// Plain CommonJS evaluated in the worker: no build step, no loader, the same in tsx and vitest.
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const argon2 = require(workerData.argon2);
parentPort.on('message', ({ id, op, a, b }) => {
  try {
    const result = op === 'verify' ? argon2.verifySync(a, b) : argon2.hashSync(a, b);
    parentPort.postMessage({ id, result });
  } catch (err) {
    parentPort.postMessage({ id, error: String((err && err.message) || err) });
  }
});`;

type Pending = { resolve: (value: unknown) => void; reject: (err: Error) => void };

/** `size` worker threads, each computing one argon2 at a time (the scheduler never gives it two). */
export function createWorkerEngine(size: number): HashEngine {
  const argon2 = createRequire(import.meta.url).resolve('@node-rs/argon2');
  const pending = new Map<number, Pending>();
  let nextId = 0;
  const workers: Worker[] = [];
  const idle: Worker[] = [];
  const waiting: Array<(w: Worker) => void> = [];
  const spawn = () => {
    const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { argon2 } });
    worker.unref();
    worker.on('message', ({ id, result, error }: { id: number; result?: unknown; error?: string }) => {
      const job = pending.get(id);
      pending.delete(id);
      if (error !== undefined) job?.reject(new Error(error));
      else job?.resolve(result);
    });
    worker.on('error', (err) => {
      for (const job of pending.values()) job.reject(err);
      pending.clear();
    });
    workers.push(worker);
    return worker;
  };
  const take = () =>
    new Promise<Worker>((resolve) => {
      const w = idle.pop() ?? (workers.length < size ? spawn() : undefined);
      if (w) resolve(w);
      else waiting.push(resolve);
    });
  const give = (w: Worker) => {
    const next = waiting.shift();
    if (next) next(w);
    else idle.push(w);
  };
  const run = async (op: 'verify' | 'hash', a: string, b: unknown): Promise<unknown> => {
    const worker = await take();
    try {
      return await new Promise((resolve, reject) => {
        const id = ++nextId;
        pending.set(id, { resolve, reject });
        worker.postMessage({ id, op, a, b });
      });
    } finally {
      give(worker);
    }
  };
  return {
    verify: async (hash, password) => (await run('verify', hash, password)) as boolean,
    hash: async (password, options) => (await run('hash', password, options)) as string,
    async close() {
      await Promise.all(workers.splice(0).map((w) => w.terminate()));
      idle.length = 0;
    },
  };
}

/**
 * Fair between sources: at most `concurrency` tasks run; when one ends, the waiting source served
 * least recently (a newly arrived one first) starts its oldest task, so a source with a long queue
 * gets one turn in every round, never all the turns.
 */
export function createFairQueue(concurrency: number, limits: HasherLimits = HASHER_LIMITS) {
  /** Per source with a task waiting or running: its waiting tasks, running count and last turn. */
  const sources = new Map<string, { waiting: Array<() => void>; running: number; lastServed: number }>();
  let running = 0;
  let queued = 0;
  let turn = 0;
  const pump = () => {
    while (running < concurrency && queued > 0) {
      let next: { waiting: Array<() => void>; running: number; lastServed: number } | undefined;
      for (const s of sources.values())
        if (s.waiting.length > 0 && (!next || s.lastServed < next.lastServed)) next = s;
      const start = next!.waiting.shift()!;
      next!.lastServed = ++turn;
      next!.running++;
      queued--;
      running++;
      start();
    }
  };
  return {
    run<T>(source: string, task: () => Promise<T>): Promise<T> {
      const state = sources.get(source) ?? { waiting: [], running: 0, lastServed: 0 };
      // A source with nothing in the queue yet may wait past the shared bound (up to 4×), so a
      // flood from many addresses does not refuse everyone else's first login outright.
      const idleSource = state.running === 0 && state.waiting.length === 0;
      if (
        state.waiting.length >= limits.queuedPerSource ||
        queued >= (idleSource ? 4 * limits.queued : limits.queued)
      )
        return Promise.reject(new HasherBusyError(limits.retryAfterSeconds));
      sources.set(source, state);
      return new Promise<T>((resolve, reject) => {
        state.waiting.push(() => {
          task()
            .then(resolve, reject)
            .finally(() => {
              running--;
              state.running--;
              if (state.running === 0 && state.waiting.length === 0) sources.delete(source);
              pump();
            });
        });
        queued++;
        pump();
      });
    },
    /** Tasks running and waiting (for tests and the bench). */
    stats: () => ({ running, queued }),
  };
}

export function createPasswordHasher(
  opts: { engine?: HashEngine; concurrency?: number; limits?: HasherLimits } = {},
): PasswordHasher & { stats(): { running: number; queued: number } } {
  const concurrency = opts.concurrency ?? defaultHashConcurrency();
  const engine = opts.engine ?? createWorkerEngine(concurrency);
  const queue = createFairQueue(concurrency, opts.limits);
  return {
    verify: (hash, password, source = 'local') =>
      queue
        .run(source, () => engine.verify(hash, password))
        .catch((err: unknown) => {
          if (err instanceof HasherBusyError) throw err;
          return false;
        }),
    hash: (password, source = 'local') => queue.run(source, () => engine.hash(password, ARGON2_OPTIONS)),
    close: () => engine.close(),
    stats: queue.stats,
  };
}

let shared: ReturnType<typeof createPasswordHasher> | undefined;
/** The process's hasher: its workers start on first use and never keep the process alive. */
export const sharedPasswordHasher = () => (shared ??= createPasswordHasher());
