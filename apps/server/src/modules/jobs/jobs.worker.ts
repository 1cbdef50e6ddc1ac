import { hostname } from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Db } from '../../db/database';
import { runWithRequestId } from '../../infra/request-context';
import type { Config } from '../../plugins/config';
import { createJobsRepository } from './jobs.repository';
import { createJobsService, type Job, type JobsService } from './jobs.service';

export type HandlerContext = {
  db: Db;
  config: Config;
  job: Job;
  signal: AbortSignal;
  onProgress: (fraction: number, message: string) => void;
};

/** What a job type does with its payload; the result is stored as the job's result JSON. */
export type JobHandler = (ctx: HandlerContext) => Promise<unknown>;

export type WorkerOptions = {
  db: Db;
  config: Config;
  /** Each job type's handler (`job-handlers.ts` composes them). */
  handlers: Record<string, JobHandler>;
  /** Process at most one job (the first claimable, or `onlyId`) and return. */
  once?: boolean;
  /** Claim only this job (used by the ingest CLI for the job it just queued). */
  onlyId?: string;
  /** Claim only jobs of these types (the API process's inline worker: INLINE_JOBS). */
  types?: string[];
  /** Stops the loop; a job in progress is aborted and put back in the queue. */
  signal?: AbortSignal;
  onProgress?: (job: Job, fraction: number, message: string) => void;
  /** Called when a job ends, with its final state and how long this worker ran it. */
  onFinished?: (job: Job, elapsedMs: number) => void;
  workerId?: string;
  pollMs?: number;
  jobs?: JobsService;
};

/** A worker id that says where it runs: host, pid and a random suffix. */
export const defaultWorkerId = () => `${hostname()}:${process.pid}:${Math.random().toString(36).slice(2, 8)}`;

/**
 * Polls the job table (every ~500 ms) and runs each claimed job with its type's handler, keeping
 * its lease alive while it runs. Returns the number of jobs it processed once stopped (signal), or
 * after one job (or none available) with `once`.
 */
export async function runWorker(opts: WorkerOptions): Promise<number> {
  const jobs =
    opts.jobs ?? createJobsService(createJobsRepository(opts.db), { leaseMs: opts.config.jobLeaseMs });
  const workerId = opts.workerId ?? defaultWorkerId();
  const pollMs = opts.pollMs ?? 500;
  let processed = 0;
  while (!opts.signal?.aborted) {
    const job = await jobs.claim(workerId, opts.onlyId, opts.types);
    if (job) {
      await runJob(jobs, job, workerId, opts);
      processed++;
    }
    if (opts.once) break;
    if (!job) await sleep(pollMs, undefined, { signal: opts.signal }).catch(() => {});
  }
  return processed;
}

async function runJob(jobs: JobsService, job: Job, workerId: string, opts: WorkerOptions): Promise<void> {
  const handler = opts.handlers[job.type];
  const abort = new AbortController();
  const stop = () => abort.abort();
  opts.signal?.addEventListener('abort', stop, { once: true });
  const started = Date.now();

  // Progress is stored at most a few times a second; writes are chained so they never overlap.
  let chain = Promise.resolve();
  let lastWrite = 0;
  let lastMessage = '';
  const onProgress = (fraction: number, message: string) => {
    opts.onProgress?.(job, fraction, message);
    const now = Date.now();
    if (now - lastWrite < 300 && message === lastMessage) return;
    lastWrite = now;
    lastMessage = message;
    chain = chain.then(async () => {
      if (!(await jobs.progress(job.id, fraction, message, workerId))) abort.abort();
    }, noop);
  };
  const beat = setInterval(
    () => {
      chain = chain.then(async () => {
        // Another worker took the job over (our lease lapsed): stop duplicating its work.
        if (!(await jobs.heartbeat(job.id, workerId))) abort.abort();
      }, noop);
    },
    Math.max(1000, jobs.leaseMs / 3),
  );

  try {
    if (!handler) throw new Error(`Unknown job type: ${job.type}`);
    const run = () => handler({ db: opts.db, config: opts.config, job, signal: abort.signal, onProgress });
    // The handler's own logs name the request that queued the job.
    const result = await (job.requestId ? runWithRequestId(job.requestId, run) : run());
    await chain;
    await jobs.complete(job.id, result, workerId);
  } catch (err) {
    await chain;
    if (abort.signal.aborted) await jobs.release(job.id, workerId);
    else await jobs.fail(job.id, (err as Error).message || String(err), workerId);
  } finally {
    clearInterval(beat);
    opts.signal?.removeEventListener('abort', stop);
  }
  const final = await jobs.get(job.id);
  if (final) opts.onFinished?.(final, Date.now() - started);
}

const noop = () => {};

/**
 * The API process's own worker for some job types (INLINE_JOBS): runs until `stop`, and outlives
 * a database that is away for a while (the loop starts again 5 s after a failure).
 */
export function startInlineWorker(opts: {
  db: Db;
  config: Config;
  handlers: Record<string, JobHandler>;
  types: string[];
  log: { error: (obj: object, msg: string) => void };
  onFinished?: WorkerOptions['onFinished'];
}): { stop: () => Promise<void> } {
  const abort = new AbortController();
  const loop = (async () => {
    while (!abort.signal.aborted) {
      try {
        await runWorker({ ...opts, signal: abort.signal });
      } catch (err) {
        opts.log.error({ err }, 'inline worker: stopped by an error, starting again in 5 s');
        await sleep(5000, undefined, { signal: abort.signal }).catch(() => {});
      }
    }
  })();
  return {
    stop: async () => {
      abort.abort();
      await loop;
    },
  };
}
