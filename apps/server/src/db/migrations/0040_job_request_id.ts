import type { Kysely } from 'kysely';

// The request that queued a job (decision 0082): the worker's log lines name it, so one id follows
// an upload from nginx through the API node to the transcoding worker. Null for jobs queued
// outside a request (the ingest CLI).
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('jobs').addColumn('request_id', 'text').execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('jobs').dropColumn('request_id').execute();
}
