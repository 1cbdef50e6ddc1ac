import { sql, type Selectable } from 'kysely';
import type { Db } from '../../db/database';
import { isPostgres } from '../../db/dialect';
import type { JobsTable } from '../../db/schema';

export type JobRow = Selectable<JobsTable>;
export type JobsRepository = ReturnType<typeof createJobsRepository>;

/** The jobs table. Times are ISO strings, which compare correctly as text. */
export function createJobsRepository(db: Db) {
  const pg = isPostgres(db);

  return {
    insert: (row: { id: string; type: string; payload: string; now: string; requestId: string | null }) =>
      db
        .insertInto('jobs')
        .values({
          id: row.id,
          type: row.type,
          payload: row.payload,
          status: 'queued',
          progress: 0,
          message: '',
          result: null,
          attempts: 0,
          locked_by: null,
          locked_until: null,
          created_at: row.now,
          updated_at: row.now,
          request_id: row.requestId,
        })
        .execute(),

    /** Queued jobs by type: how many, and when the oldest was queued (the queue metrics). */
    queued: () =>
      db
        .selectFrom('jobs')
        .select((eb) => ['type', eb.fn.countAll<number>().as('count'), eb.fn.min('created_at').as('oldest')])
        .where('status', '=', 'queued')
        .groupBy('type')
        .execute(),

    find: (id: string) => db.selectFrom('jobs').selectAll().where('id', '=', id).executeTakeFirst(),

    /**
     * Takes the oldest claimable job (queued, or running with an expired lease) in one guarded
     * UPDATE. PostgreSQL picks the row with FOR UPDATE SKIP LOCKED so concurrent workers never
     * wait on or share a row; SQLite runs one writer at a time, and the WHERE re-checks the state.
     */
    claim: async (opts: {
      workerId: string;
      now: string;
      lockedUntil: string;
      onlyId?: string;
      /** Only jobs of these types (all when absent). */
      types?: string[];
      maxAttempts: number;
    }) => {
      const claimable = (now: string) =>
        sql<boolean>`(status = 'queued' or (status = 'running' and locked_until < ${now}))`;
      let pick = db
        .selectFrom('jobs')
        .select('id')
        .where(claimable(opts.now))
        .where('attempts', '<', opts.maxAttempts)
        .orderBy('created_at')
        .orderBy('id')
        .limit(1);
      if (opts.onlyId) pick = pick.where('id', '=', opts.onlyId);
      if (opts.types) pick = pick.where('type', 'in', opts.types);
      if (pg) pick = pick.forUpdate().skipLocked();
      return db
        .updateTable('jobs')
        .set((eb) => ({
          status: 'running',
          locked_by: opts.workerId,
          locked_until: opts.lockedUntil,
          attempts: eb('attempts', '+', 1),
          updated_at: opts.now,
        }))
        .where('id', '=', pick)
        .where(claimable(opts.now))
        .returningAll()
        .executeTakeFirst();
    },

    /** Fails running jobs whose lease ran out after their last allowed attempt (their worker kept dying). */
    failAbandoned: (now: string, maxAttempts: number) =>
      db
        .updateTable('jobs')
        .set({
          status: 'failed',
          message: `Gave up after ${maxAttempts} attempts: the worker stopped responding`,
          locked_by: null,
          locked_until: null,
          updated_at: now,
        })
        .where('status', '=', 'running')
        .where('locked_until', '<', now)
        .where('attempts', '>=', maxAttempts)
        .execute(),

    /** Updates a running job held by this worker; false when the worker no longer holds it. */
    update: async (
      id: string,
      workerId: string | undefined,
      values: Partial<
        Pick<JobRow, 'status' | 'progress' | 'message' | 'result' | 'locked_until' | 'locked_by'>
      > & {
        updated_at: string;
      },
    ) => {
      let q = db.updateTable('jobs').set(values).where('id', '=', id).where('status', '=', 'running');
      if (workerId) q = q.where('locked_by', '=', workerId);
      const res = await q.executeTakeFirst();
      return Number(res.numUpdatedRows) > 0;
    },
  };
}
