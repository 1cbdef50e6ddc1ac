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

/** Brings the schema up to date; throws with the failing migration's error. */
export async function migrateToLatest(db: Db): Promise<string[]> {
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
