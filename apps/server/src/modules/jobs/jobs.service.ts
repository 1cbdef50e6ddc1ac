import { currentRequestId } from '../../infra/request-context';
import type { QueueStats } from '../../infra/metrics';
import { newJobId } from '../../media/ids';
import type { JobRow, JobsRepository } from './jobs.repository';

export type JobStatus = 'queued' | 'running' | 'done' | 'failed';

export type Job = {
  id: string;
  type: string;
  payload: unknown;
  status: JobStatus;
  /** 0..1 */
  progress: number;
  message: string;
  result: unknown;
  attempts: number;
  lockedBy: string | null;
  lockedUntil: string | null;
  createdAt: string;
  updatedAt: string;
  /** The request that queued it (decision 0082), or null. */
  requestId: string | null;
};

export type JobsService = ReturnType<typeof createJobsService>;

export type JobsOptions = {
  /** How long a claim holds without a heartbeat before another worker may take the job. */
  leaseMs?: number;
  /** Claims of one job before it is failed for good (a job that kills its worker every time). */
  maxAttempts?: number;
  /** The clock, replaceable in tests. */
  now?: () => number;
};

/** The DB-backed job queue shared by the ingest CLI and any number of worker processes. */
export function createJobsService(repo: JobsRepository, opts: JobsOptions = {}) {
  const leaseMs = opts.leaseMs ?? 60_000;
  const maxAttempts = opts.maxAttempts ?? 3;
  const clock = opts.now ?? Date.now;
  const iso = (ms = clock()) => new Date(ms).toISOString();

  return {
    leaseMs,

    /** Queues a job and returns its id; a job queued by a request keeps the request's id. */
    async enqueue(type: string, payload: unknown): Promise<string> {
      const id = newJobId();
      const requestId = currentRequestId() ?? null;
      await repo.insert({ id, type, payload: JSON.stringify(payload), now: iso(), requestId });
      return id;
    },

    /** Each type's queued jobs and the age of its oldest (0 when none waits), `types` always listed. */
    async queueStats(types: string[]): Promise<QueueStats[]> {
      const rows = new Map((await repo.queued()).map((r) => [r.type, r]));
      const now = clock();
      return [...new Set([...types, ...rows.keys()])].map((type) => {
        const row = rows.get(type);
        const oldest = row?.oldest ? Date.parse(row.oldest) : now;
        return {
          type,
          queued: Number(row?.count ?? 0),
          oldestAgeSeconds: Math.max(0, (now - oldest) / 1000),
        };
      });
    },

    async get(id: string): Promise<Job | undefined> {
      const row = await repo.find(id);
      return row && toJob(row);
    },

    /**
     * Atomically takes the oldest queued job (or one whose lease expired), marks it running and
     * locked by `workerId` until now + lease. With `onlyId`, takes that job or nothing.
     */
    async claim(workerId: string, onlyId?: string, types?: string[]): Promise<Job | undefined> {
      const now = clock();
      await repo.failAbandoned(iso(now), maxAttempts);
      const row = await repo.claim({
        workerId,
        now: iso(now),
        lockedUntil: iso(now + leaseMs),
        onlyId,
        types,
        maxAttempts,
      });
      return row && toJob(row);
    },

    /** Extends the lease; false when the job is no longer this worker's. */
    heartbeat: (id: string, workerId: string) =>
      repo.update(id, workerId, { locked_until: iso(clock() + leaseMs), updated_at: iso() }),

    /** Stores progress (0..1) and a short message on the running job, extending its lease. */
    progress: (id: string, fraction: number, message: string, workerId?: string) =>
      repo.update(id, workerId, {
        progress: Math.min(1, Math.max(0, fraction)),
        message,
        locked_until: iso(clock() + leaseMs),
        updated_at: iso(),
      }),

    complete: (id: string, result: unknown, workerId?: string) =>
      repo.update(id, workerId, {
        status: 'done',
        progress: 1,
        message: 'done',
        result: JSON.stringify(result ?? null),
        locked_until: null,
        updated_at: iso(),
      }),

    fail: (id: string, message: string, workerId?: string) =>
      repo.update(id, workerId, { status: 'failed', message, locked_until: null, updated_at: iso() }),

    /** Puts a running job back in the queue (a worker shutting down mid-job). */
    release: (id: string, workerId?: string) =>
      repo.update(id, workerId, {
        status: 'queued',
        progress: 0,
        message: 'released',
        locked_by: null,
        locked_until: null,
        updated_at: iso(),
      }),
  };
}

function toJob(row: JobRow): Job {
  return {
    id: row.id,
    type: row.type,
    payload: JSON.parse(row.payload),
    status: row.status as JobStatus,
    progress: row.progress,
    message: row.message,
    result: row.result === null ? null : JSON.parse(row.result),
    attempts: row.attempts,
    lockedBy: row.locked_by,
    lockedUntil: row.locked_until,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    requestId: row.request_id,
  };
}
