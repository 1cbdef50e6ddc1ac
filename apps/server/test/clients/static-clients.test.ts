import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app';
import { migrateToLatest, openDatabase } from '../../src/db/database';
import { loadConfig } from '../../src/plugins/config';
import { newSiteRow } from '../../src/modules/sites/site-defaults';

// The built clients as the build leaves them: hashed assets with .br and .gz beside them.
const INDEX =
  '<!doctype html><html><head><meta name="theme-color" content="#0b0d12" /><title>Marquee</title></head><body><div id="root"></div></body></html>';
const ACME_THEME = JSON.stringify({
  colors: {
    primary: '#ff0000',
    background: '#fffaf0',
    surface: '#ffffff',
    text: '#111111',
    muted: 'red;}</style><script>',
  },
  logo: '',
  font: 'Georgia',
});
const script = `console.log(${JSON.stringify('marquee '.repeat(400))});`;
let app: FastifyInstance;
let dir: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'marquee-clients-'));
  const assets = join(dir, 'web/dist/assets');
  mkdirSync(assets, { recursive: true });
  writeFileSync(join(dir, 'web/dist/index.html'), INDEX);
  writeFileSync(join(dir, 'web/dist/index.html.br'), brotliCompressSync(INDEX));
  writeFileSync(join(assets, 'index-abc123.js'), script);
  writeFileSync(join(assets, 'index-abc123.js.gz'), gzipSync(script));
  writeFileSync(join(assets, 'index-abc123.js.br'), brotliCompressSync(script));
  const config = loadConfig({ DATA_DIR: join(dir, 'data'), LOG_LEVEL: 'silent' });
  const db = openDatabase(config);
  await migrateToLatest(db);
  await db
    .insertInto('sites')
    .values([
      newSiteRow('acme', 'Acme <TV>', { hosts: JSON.stringify(['acme.localhost']), theme: ACME_THEME }),
      newSiteRow('broken', 'Broken', { theme: '{not json' }),
    ])
    .execute();
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

  it('brands index.html for the site named by the host or __site: meta, title, theme variables', async () => {
    for (const res of [
      await app.inject({ url: '/', headers: { host: 'acme.localhost:8080' } }),
      await app.inject({ url: '/series/x?__site=acme' }),
    ]) {
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('<meta name="marquee-site" content="acme" />');
      expect(res.body).toContain('<title>Acme &lt;TV&gt;</title>');
      expect(res.body).toContain('<meta name="theme-color" content="#fffaf0"');
      expect(res.body).toMatch(/<style id="marquee-theme">:root\{[^}]*--mq-primary:#ff0000/);
      expect(res.body).toContain('--mq-font:"Georgia", system-ui, sans-serif');
      // An operator value that could close the style element is left out, not escaped into it.
      expect(res.body).not.toContain('<script>');
      expect(res.body).not.toContain('--mq-muted');
    }
  });

  it('serves the plain index for an unknown site, and the defaults for a malformed theme', async () => {
    const unknown = await app.inject({ url: '/?__site=nope' });
    expect(unknown.statusCode).toBe(200);
    expect(unknown.body).toBe(INDEX);
    const broken = await app.inject({ url: '/?__site=broken' });
    expect(broken.body).toContain('<meta name="marquee-site" content="broken" />');
    expect(broken.body).not.toContain('marquee-theme');
  });

  it('keeps API 404s as JSON', async () => {
    const res = await app.inject({ url: '/v2/nothing-here' });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('notFound');
  });

  it('serves files a rebuild writes while the server runs (no stale 404s)', async () => {
    writeFileSync(join(dir, 'web/dist/assets/index-late99.js'), script);
    const res = await app.inject({
      url: '/assets/index-late99.js',
      headers: { 'accept-encoding': 'identity' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(script);
    expect((await app.inject({ url: '/assets/missing-00.js' })).statusCode).toBe(404);
  });

  it("inlines the page's first data (the site config) safely, and compresses the page", async () => {
    const res = await app.inject({
      url: '/',
      headers: { host: 'acme.localhost', 'accept-encoding': 'gzip, br' },
    });
    expect(res.headers['content-encoding']).toBe('br');
    const html = brotliDecompressSync(res.rawPayload).toString();
    const json = /<script id="marquee-bootstrap" type="application\/json"[^>]*>(.*?)<\/script>/.exec(
      html,
    )?.[1];
    expect(json).toBeDefined();
    // The site's name holds "<TV>": escaped, so it cannot close the script element.
    expect(json).not.toContain('<');
    expect(JSON.parse(json!).config).toMatchObject({ uid: 'acme', name: 'Acme <TV>' });
  });
});
