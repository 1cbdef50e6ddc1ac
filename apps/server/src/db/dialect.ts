import { PostgresAdapter, type Kysely } from 'kysely';

/** True when the database behind `db` is PostgreSQL (else it is the embedded SQLite). */
export function isPostgres<T>(db: Kysely<T>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}
