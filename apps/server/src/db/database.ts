import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, Migrator, PostgresDialect, sql, SqliteDialect, type MigrationProvider } from 'kysely';
import pg from 'pg';
import { isDatabaseUnavailable } from '../infra/store-down';
import type { Config } from '../plugins/config';
import { isPostgres } from './dialect';
import { migrations } from './migrations/index';
import type { Database } from './schema';

export type Db = Kysely<Database>;

/** Opens PostgreSQL when DATABASE_URL is set, else the SQLite file under the data folder (WAL, foreign keys on). */
export function openDatabase(
  config: Pick<Config, 'databaseUrl' | 'dataDir'>,
  opts: { sqliteFile?: string; pgSchema?: string } = {},
): Db {
  if (config.databaseUrl) {
    const options = opts.pgSchema ? `-c search_path=${opts.pgSchema}` : undefined;
    // int8 (count(*)) arrives as a string by default; our counts fit in a JS number.
    pg.types.setTypeParser(20, (v) => Number(v));
    const pool = new pg.Pool({ connectionString: config.databaseUrl, max: 10, options });
    // PostgreSQL closing an idle connection (a restart, a failover) makes the pool drop it and emit
    // 'error'; unheard, that event would end the process. The next query opens a new connection,
    // and a query that finds the database away fails with an error isDatabaseUnavailable knows.
    pool.on('error', () => {});
    return new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  }
  const file = opts.sqliteFile ?? join(config.dataDir, 'marquee.sqlite');
  mkdirSync(dirname(file), { recursive: true });
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('busy_timeout = 5000');
  return new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
}

/** The health check's probe: one cheap read that fails when the database cannot answer. */
export async function pingDatabase(db: Db): Promise<void> {
  await db.selectFrom('sites').select('uid').limit(1).execute();
}

const provider: MigrationProvider = { getMigrations: async () => migrations };

/**
 * Brings the schema up to date; throws with the failing migration's error. Safe to run from
 * several processes at once (nodes starting together, the API beside its workers): one migrates
 * while the others wait, then find nothing left to do.
 */
export async function migrateToLatest(db: Db): Promise<string[]> {
  return isPostgres(db) ? withAdvisoryLock(db, () => migrate(db)) : withSqliteLock(db, () => migrate(db));
}

/**
 * PostgreSQL: a session advisory lock, keyed by the schema so deployments (and test schemas) that
 * share a server do not wait on each other, held on one connection of the pool while the migrator
 * uses others. A process that dies mid-migration loses its session, and with it the lock.
 */
async function withAdvisoryLock<T>(db: Db, run: () => Promise<T>): Promise<T> {
  return db.connection().execute(async (conn) => {
    const key = sql`hashtext('marquee:migrate:' || current_schema())`;
    await sql`select pg_advisory_lock(${key})`.execute(conn);
    try {
      return await run();
    } finally {
      await sql`select pg_advisory_unlock(${key})`.execute(conn);
    }
  });
}

/**
 * SQLite: an exclusive transaction on a lock file beside the database, waited for up to
 * MIGRATION_WAIT_MS. Not the database itself: the migrator's own connection must still write to
 * it. The operating system drops the lock with a process that dies.
 */
async function withSqliteLock<T>(db: Db, run: () => Promise<T>): Promise<T> {
  const { rows } = await sql<{
    file: string;
  }>`select file from pragma_database_list where name = 'main'`.execute(db);
  const file = rows[0]?.file;
  if (!file) return run(); // in memory: no other process can see it
  const lock = new SQLite(`${file}.migrate-lock`);
  try {
    lock.pragma(`busy_timeout = ${MIGRATION_WAIT_MS}`);
    lock.exec('BEGIN EXCLUSIVE');
    return await run();
  } finally {
    lock.close(); // rolls the (empty) transaction back, releasing the lock
  }
}

/** How long a process waits for another's migration before giving up (SQLite). */
const MIGRATION_WAIT_MS = 120_000;

async function migrate(db: Db): Promise<string[]> {
  // Kysely looks for its own tables in every schema unless told which; on a server shared by
  // several schemas (tests, deployments) it must be this connection's own.
  const migrationTableSchema = isPostgres(db)
    ? (await sql<{ schema: string }>`select current_schema() as schema`.execute(db)).rows[0]?.schema
    : undefined;
  // Features land in parallel: a migration numbered below one a database already ran still runs.
  const migrator = new Migrator({ db, provider, migrationTableSchema, allowUnorderedMigrations: true });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}

/**
 * Brings the schema up to date once the database answers: a node started while the database is
 * away (restarting, not up yet) waits, trying again every `retryMs`, instead of exiting into a
 * supervisor's restart loop. Any other failure (a migration's own error) throws at once.
 */
export async function migrateWhenReachable(
  db: Db,
  log: (message: string) => void,
  retryMs = 2000,
): Promise<string[]> {
  for (;;) {
    try {
      return await migrateToLatest(db);
    } catch (err) {
      if (!isDatabaseUnavailable(err as Error)) throw err;
      log(`the database did not answer (${(err as Error).message}); trying again in ${retryMs} ms`);
      await new Promise((r) => setTimeout(r, retryMs));
    }
  }
}
