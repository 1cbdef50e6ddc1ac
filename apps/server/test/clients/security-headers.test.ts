import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_AD_SETTINGS } from '../../src/modules/sites/ad-settings';
import { newSiteRow } from '../../src/modules/sites/site-defaults';
import { createHarness, type Harness } from '../harness';

// The built web and TV index.html as Vite leaves them: one module script each (no inline code).
const WEB_INDEX =
  '<!doctype html><html><head><title>Marquee</title><script type="module" crossorigin src="/assets/index-a1.js"></script></head><body><div id="root"></div></body></html>';
const TV_INDEX =
  '<!doctype html><html><head><title>Marquee TV</title><script type="module" crossorigin src="/tvn/assets/index-b2.js"></script></head><body><div id="root"></div></body></html>';

const AD_HOST = 'https://ads.example.net';
const PARTNER = 'https://news.partner.example';

let h: Harness;
let dir: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'marquee-headers-'));
  for (const [app, html] of [
    ['web', WEB_INDEX],
    ['tv', TV_INDEX],
  ] as const) {
    mkdirSync(join(dir, app, 'dist'), { recursive: true });
    writeFileSync(join(dir, app, 'dist/index.html'), html);
  }
  h = await createHarness({ clientsDir: dir });
  const adsOn = { ...DEFAULT_AD_SETTINGS, enabled: true, status: 'approved' as const };
  const noEmbedSettings = '{"allowedOrigins":[]}';
  await h.db
    .insertInto('sites')
    .values([
      newSiteRow('plain', 'Plain', { embed: noEmbedSettings }),
      newSiteRow('adsite', 'Ad Site', {
        embed: noEmbedSettings,
        ads: JSON.stringify({ ...adsOn, url: `${AD_HOST}/vast?cb=[CACHEBUSTING]` }),
      }),
      // Ads served by our own server (the operator's creatives): nothing outside is needed.
      newSiteRow('ownads', 'Own Ads', {
        embed: noEmbedSettings,
        ads: JSON.stringify({ ...adsOn, url: '/v2/sites/ownads/ads/vast' }),
      }),
      // Ads configured but not approved: the host is not needed, so it is not allowed.
      newSiteRow('pending', 'Pending Ads', {
        embed: noEmbedSettings,
        ads: JSON.stringify({ ...adsOn, status: 'pending', url: `${AD_HOST}/vast` }),
      }),
      newSiteRow('fenced', 'Fenced', {
        embed: JSON.stringify({
          allowedOrigins: ['https://ads.partner-one.example'],
          frameAncestors: [PARTNER],
        }),
      }),
    ])
    .execute();
});
afterAll(async () => {
  await h?.close();
  rmSync(dir, { recursive: true, force: true });
});

/** The CSP as a map of directive → sources. */
function csp(header: unknown): Record<string, string[]> {
  expect(typeof header).toBe('string');
  return Object.fromEntries(
    (header as string).split(';').map((d) => {
      const [name, ...values] = d.trim().split(/\s+/);
      return [name!, values];
    }),
  );
}

const page = (url: string, headers: Record<string, string> = {}) => h.app.inject({ url, headers });
const WATCH = '/watch/channel/news/v1';

describe('security headers', () => {
  it('an API answer: nosniff, a referrer policy, a deny-all CSP and no framing', async () => {
    for (const res of [await page('/v2/sites/plain/config'), await page('/v2/nothing-here')]) {
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(res.headers['x-frame-options']).toBe('DENY');
      const policy = csp(res.headers['content-security-policy']);
      expect(policy['default-src']).toEqual(["'none'"]);
      expect(policy['frame-ancestors']).toEqual(["'none'"]);
      expect(res.headers['strict-transport-security']).toBeUndefined();
    }
  });

  it('a page: scripts only from our origin, media on self with blob: for hls.js, not framable', async () => {
    const res = await page('/', { 'x-forwarded-host': 'x', host: 'localhost' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    const policy = csp(res.headers['content-security-policy']);
    expect(policy['script-src']).toEqual(["'self'"]);
    expect(policy['media-src']).toEqual(["'self'", 'blob:']);
    expect(policy['worker-src']).toEqual(["'self'", 'blob:']);
    expect(policy['connect-src']).toEqual(["'self'"]);
    expect(policy['object-src']).toEqual(["'none'"]);
    expect(policy['frame-ancestors']).toEqual(["'none'"]);
    expect(res.headers['x-frame-options']).toBe('DENY');
  });

  it('no script of a page is inline code: the module entry comes from our origin, the bootstrap is JSON data', async () => {
    for (const encoding of ['identity', 'br']) {
      const res = await page('/?__site=plain', { 'accept-encoding': encoding });
      const html = encoding === 'br' ? brotliDecompressSync(res.rawPayload).toString() : res.body;
      const scripts = html.match(/<script\b[^>]*>/g)!;
      expect(scripts).toHaveLength(2);
      expect(scripts).toContain('<script type="module" crossorigin src="/assets/index-a1.js">');
      expect(scripts).toContain('<script id="marquee-bootstrap" type="application/json">');
    }
    const tv = await page('/tvn/?__site=plain');
    expect(tv.body).toContain('src="/tvn/assets/index-b2.js"></script>');
    expect(csp(tv.headers['content-security-policy'])['frame-ancestors']).toEqual(["'none'"]);
  });

  it('checkout and account pages cannot be framed, even with ?embed', async () => {
    for (const url of [
      '/checkout?embed=1&__site=plain',
      '/account?embed=1&__site=plain',
      '/subscribe?__site=plain',
    ]) {
      const res = await page(url);
      expect(res.statusCode).toBe(200);
      expect(csp(res.headers['content-security-policy'])['frame-ancestors']).toEqual(["'none'"]);
      expect(res.headers['x-frame-options']).toBe('DENY');
    }
  });

  it('an embed route may be framed by any site (as oEmbed promises); the watch page itself may not', async () => {
    for (const url of [`${WATCH}?embed=1&__site=plain`, `${WATCH}/embed/info?__site=plain`]) {
      const res = await page(url);
      expect(csp(res.headers['content-security-policy'])['frame-ancestors']).toEqual(['*']);
      expect(res.headers['x-frame-options']).toBeUndefined();
    }
    const watch = await page(`${WATCH}?__site=plain`);
    expect(csp(watch.headers['content-security-policy'])['frame-ancestors']).toEqual(["'none'"]);
    const off = await page(`${WATCH}?embed=0&__site=plain`);
    expect(csp(off.headers['content-security-policy'])['frame-ancestors']).toEqual(["'none'"]);
  });

  it("with the site's embed allow-list, only those sites may frame its embeds", async () => {
    const res = await page(`${WATCH}?embed=1&__site=fenced`);
    expect(csp(res.headers['content-security-policy'])['frame-ancestors']).toEqual(["'self'", PARTNER]);
    expect(res.headers['x-frame-options']).toBeUndefined();
    // The ad partners (control messages, §2.12) are a different list: they gain no framing.
    expect(res.headers['content-security-policy']).not.toContain('partner-one');
  });

  it('a site with an approved outside ad tag opens XML and media to https hosts (VAST wrappers); a site without does not', async () => {
    const ads = csp((await page('/?__site=adsite')).headers['content-security-policy']);
    expect(ads['connect-src']).toEqual(["'self'", 'https:', AD_HOST]);
    expect(ads['media-src']).toEqual(["'self'", 'blob:', 'https:', AD_HOST]);
    expect(ads['script-src']).toEqual(["'self'"]);
    for (const uid of ['plain', 'pending', 'ownads']) {
      const policy = csp((await page(`/?__site=${uid}`)).headers['content-security-policy']);
      expect(JSON.stringify(policy)).not.toContain('ads.example.net');
      expect(policy['connect-src']).toEqual(["'self'"]);
      expect(policy['media-src']).toEqual(["'self'", 'blob:']);
    }
  });

  it('HSTS only for a request that came over TLS through a trusted proxy', async () => {
    const https = await page('/v2/sites/plain/config', { 'x-forwarded-proto': 'https' });
    expect(https.headers['strict-transport-security']).toBe('max-age=31536000');
    const pageOverTls = await page('/?__site=plain', { 'x-forwarded-proto': 'https' });
    expect(pageOverTls.headers['strict-transport-security']).toBe('max-age=31536000');
    const plain = await page('/v2/sites/plain/config', { 'x-forwarded-proto': 'http' });
    expect(plain.headers['strict-transport-security']).toBeUndefined();

    // Without TRUST_PROXY, a client's X-Forwarded-Proto is not believed.
    const untrusted = await createHarness({ env: { TRUST_PROXY: 'false' } });
    try {
      const res = await untrusted.app.inject({
        url: '/v2/nothing-here',
        headers: { 'x-forwarded-proto': 'https' },
      });
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['strict-transport-security']).toBeUndefined();
    } finally {
      await untrusted.close();
    }
  });
});
