import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance, RouteOptions } from 'fastify';
import { sql } from 'kysely';
import pg from 'pg';
import { buildApp } from '../src/app';
import type { AppContext } from '../src/context';
import { migrateToLatest, openDatabase, type Db } from '../src/db/database';
import { loadConfig, type Config } from '../src/plugins/config';

export type Harness = {
  app: FastifyInstance;
  db: Db;
  config: Config;
  /** The PostgreSQL schema of this harness, when on PostgreSQL. */
  pgSchema: string | undefined;
  /** Environment for a child process (a worker, a CLI) that must see this harness's database. */
  childEnv: () => NodeJS.ProcessEnv;
  close: () => Promise<void>;
};

/**
 * A real app over a fresh database: a SQLite file in a temp folder, or, when DATABASE_URL is set,
 * a PostgreSQL schema of its own that is dropped afterwards. Nothing is mocked.
 */
export async function createHarness(
  opts: {
    context?: Partial<AppContext>;
    env?: Record<string, string>;
    clientsDir?: string;
    /** Told of every route the app registers. */
    onRoute?: (route: RouteOptions) => void;
  } = {},
): Promise<Harness> {
  const dataDir = mkdtempSync(join(tmpdir(), 'marquee-test-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    // No inline worker: tests that render gifs run one job at a time themselves.
    INLINE_JOBS: '',
    MEDIA_SECRET: 'test-secret-test-secret-test-secret-0123',
    // Tests play clients at several addresses through X-Forwarded-For, as a proxy would send.
    TRUST_PROXY: 'true',
    ...(process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : {}),
    // Each harness counts in Redis under keys of its own.
    ...(process.env.REDIS_URL
      ? {
          REDIS_URL: process.env.REDIS_URL,
          REDIS_PREFIX: `test:${process.pid}:${Math.random().toString(36).slice(2, 8)}:`,
        }
      : {}),
    ...opts.env,
  });
  let pgSchema: string | undefined;
  if (config.databaseUrl) {
    pgSchema = `t_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
    const admin = new pg.Client({ connectionString: config.databaseUrl });
    await admin.connect();
    await admin.query(`CREATE SCHEMA ${pgSchema}`);
    await admin.end();
  }
  const db = openDatabase(config, { pgSchema });
  await migrateToLatest(db);
  const app = await buildApp({
    config,
    db,
    context: opts.context,
    logger: false,
    clientsDir: opts.clientsDir ?? join(dataDir, 'no-clients'),
    onRoute: opts.onRoute,
  });
  await app.ready();
  return {
    app,
    db,
    config,
    pgSchema,
    childEnv() {
      // The deployment's own settings (opts.env) too: a second node is configured as the first.
      const env: NodeJS.ProcessEnv = {
        ...process.env,
        ...opts.env,
        DATA_DIR: dataDir,
        LOG_LEVEL: 'silent',
        MEDIA_SECRET: config.mediaSecret,
        AUTH_SECRET: config.authSecret,
        REDIS_PREFIX: config.redisPrefix,
      };
      delete env.DATABASE_URL;
      if (config.databaseUrl) {
        const url = new URL(config.databaseUrl);
        url.searchParams.set('options', `-c search_path=${pgSchema}`);
        env.DATABASE_URL = url.toString();
      }
      return env;
    },
    async close() {
      await app.close();
      if (pgSchema) await sql.raw(`DROP SCHEMA ${pgSchema} CASCADE`).execute(db);
      await db.destroy();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
