// Migrations from several nodes at once (decision 0082): every process that starts migrates, so
// nodes starting together, and the API beside its workers, must not trip over each other. Each
// migration is applied exactly once and every caller succeeds.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { migrateToLatest, openDatabase } from '../../src/db/database';
import { migrations } from '../../src/db/migrations/index';

const root = resolve(import.meta.dirname, '../../../..');
const total = Object.keys(migrations).length;
const databaseUrl = process.env.DATABASE_URL;

describe.skipIf(!databaseUrl)('on PostgreSQL', () => {
  it('four connections migrating a fresh schema at once all succeed, each migration applied once', async () => {
    // A private schema, as the harness isolates itself, dropped afterwards.
    const schema = `mig_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
    const admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    await admin.query(`CREATE SCHEMA ${schema}`);
    const nodes = Array.from({ length: 4 }, () =>
      openDatabase({ databaseUrl, dataDir: tmpdir() }, { pgSchema: schema }),
    );
    try {
      const applied = await Promise.all(nodes.map((db) => migrateToLatest(db)));
      expect(applied.flat()).toHaveLength(total);
      expect(new Set(applied.flat()).size).toBe(total);
      const rows = await sql<{ n: number }>`select count(*) as n from kysely_migration`.execute(nodes[0]!);
      expect(Number(rows.rows[0]?.n)).toBe(total);
    } finally {
      await Promise.all(nodes.map((db) => db.destroy()));
      await admin.query(`DROP SCHEMA ${schema} CASCADE`);
      await admin.end();
    }
  }, 120_000);
});

describe('on SQLite', () => {
  it('three `npm run migrate` processes on one fresh file all succeed, each migration applied once', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'marquee-migrate-'));
    const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir };
    delete env.DATABASE_URL;
    const run = () =>
      new Promise<{ code: number | null; output: string }>((done) => {
        const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/cli/migrate.ts'], {
          cwd: root,
          env,
          stdio: ['ignore', 'pipe', 'pipe'],
        });
        let output = '';
        child.stdout.on('data', (c: Buffer) => (output += c.toString()));
        child.stderr.on('data', (c: Buffer) => (output += c.toString()));
        child.once('exit', (code) => done({ code, output }));
      });
    try {
      const results = await Promise.all([run(), run(), run()]);
      for (const r of results) expect(r.code, r.output).toBe(0);
      const applied = results.flatMap((r) =>
        (/^Applied: (.*)$/m.exec(r.output)?.[1] ?? '').split(', ').filter(Boolean),
      );
      expect(applied.sort()).toEqual(Object.keys(migrations).sort());
      const db = openDatabase({ databaseUrl: undefined, dataDir });
      try {
        const rows = await sql<{ n: number }>`select count(*) as n from kysely_migration`.execute(db);
        expect(rows.rows[0]?.n).toBe(total);
      } finally {
        await db.destroy();
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});
