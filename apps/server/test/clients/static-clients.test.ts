import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app';
import { migrateToLatest, openDatabase } from '../../src/db/database';
import { loadConfig } from '../../src/plugins/config';

// The built clients as the build leaves them: hashed assets with .br and .gz beside them.
const script = `console.log(${JSON.stringify('marquee '.repeat(400))});`;
let app: FastifyInstance;

beforeAll(async () => {
  const dir = mkdtempSync(join(tmpdir(), 'marquee-clients-'));
  const assets = join(dir, 'web/dist/assets');
  mkdirSync(assets, { recursive: true });
  writeFileSync(join(dir, 'web/dist/index.html'), '<!doctype html><div id="root"></div>');
  writeFileSync(join(assets, 'index-abc123.js'), script);
  writeFileSync(join(assets, 'index-abc123.js.gz'), gzipSync(script));
  writeFileSync(join(assets, 'index-abc123.js.br'), brotliCompressSync(script));
  const config = loadConfig({ DATA_DIR: join(dir, 'data'), LOG_LEVEL: 'silent' });
  const db = openDatabase(config);
  await migrateToLatest(db);
  app = await buildApp({ config, db, logger: false, clientsDir: dir });
  await app.ready();
});
afterAll(() => app?.close());

describe('built clients', () => {
  it('sends the brotli file to a browser that accepts it, cached for a year', async () => {
    const res = await app.inject({
      url: '/assets/index-abc123.js',
      headers: { 'accept-encoding': 'gzip, br' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.rawPayload.length).toBeLessThan(script.length / 10);
  });

  it('sends gzip, or the plain file, to clients that accept only those', async () => {
    const gz = await app.inject({ url: '/assets/index-abc123.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    const plain = await app.inject({
      url: '/assets/index-abc123.js',
      headers: { 'accept-encoding': 'identity' },
    });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
  });

  it('serves client routes with index.html, which is never cached as immutable', async () => {
    const res = await app.inject({ url: '/movie/some-uid' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('id="root"');
    expect(res.headers['cache-control'] ?? '').not.toContain('immutable');
  });
});
