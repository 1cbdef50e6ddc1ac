import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AD_BANNER_MAX_BYTES } from '../../src/modules/ads/banners';
import { newSiteRow } from '../../src/modules/sites/site-defaults';
import { createHarness, type Harness } from '../harness';

// Ad banners asked by our server for the viewer (discovery-and-site §7 "fetch ad markup from a
// third-party ad server with a placement key, a cache-buster, the ip and the user agent"; the ad
// config's size and fallback, §3; decision 0063). The ad servers are real HTTP servers on loopback.

type Seen = { path: string; query: URLSearchParams; userAgent?: string; forwardedFor?: string };

/** A local ad server: answers each path with its handler and records every request. */
async function adServer(routes: Record<string, (req: IncomingMessage) => { status?: number; body: string }>) {
  const seen: Seen[] = [];
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://ads.local');
    seen.push({
      path: url.pathname,
      query: url.searchParams,
      userAgent: req.headers['user-agent'],
      forwardedFor: req.headers['x-forwarded-for'] as string | undefined,
    });
    const route = routes[url.pathname];
    if (!route) return void res.writeHead(404).end();
    if (url.pathname === '/slow') return; // never answers: our timeout gives up
    const { status = 200, body } = route(req);
    res.writeHead(status, { 'content-type': 'text/html' }).end(body);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { origin, seen, close: () => new Promise((r) => server.close(r)) };
}

const freePort = async () => {
  const s = createServer();
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  const { port } = s.address() as AddressInfo;
  await new Promise((r) => s.close(r));
  return port;
};

let h: Harness;
let ads: Awaited<ReturnType<typeof adServer>>;

const adSettings = (banners: object, over: object = {}) =>
  JSON.stringify({
    enabled: true,
    status: 'approved',
    type: 'vast',
    url: '',
    adBlockerDetection: false,
    video: { preRoll: false, midRollOffsets: [], frequency: 1 },
    banners: { frequency: 5, offset: 0, refreshMs: 30_000, slot: 'home-rows', ...banners },
    creatives: [],
    ...over,
  });
const on = JSON.stringify({ adBanners: true });

beforeAll(async () => {
  ads = await adServer({
    '/banner': () => ({ body: '<a href="https://brand.example">Brand</a>' }),
    '/empty': () => ({ body: '  \n' }),
    '/broken': () => ({ status: 500, body: 'oops' }),
    '/fallback': () => ({ body: '<b>house fallback</b>' }),
    '/huge': () => ({ body: 'x'.repeat(AD_BANNER_MAX_BYTES + 1) }),
    '/slow': () => ({ body: '' }),
  });
  const macros = 'key=[PLACEMENT]&cb=[CACHEBUSTING]&ip=[IP]&ua=[UA]&w=[WIDTH]&h=[HEIGHT]';
  const port = await freePort();
  h = await createHarness({ env: { PORT: String(port) } });
  await h.app.listen({ port, host: '127.0.0.1' });
  await h.db
    .insertInto('sites')
    .values([
      newSiteRow('acme', 'Acme <TV>', {
        perms: on,
        ads: adSettings({ url: `${ads.origin}/banner?${macros}`, size: { width: 300, height: 250 } }),
      }),
      newSiteRow('fallback', 'Fallback', {
        perms: on,
        ads: adSettings({ url: `${ads.origin}/broken`, fallback: `${ads.origin}/fallback?${macros}` }),
      }),
      newSiteRow('empty', 'Empty', {
        perms: on,
        ads: adSettings({ url: `${ads.origin}/empty`, fallback: `${ads.origin}/huge` }),
      }),
      newSiteRow('slow', 'Slow', { perms: on, ads: adSettings({ url: `${ads.origin}/slow` }) }),
      newSiteRow('house', 'House', {
        perms: on,
        ads: adSettings({ url: '/v2/sites/house/ads/house-banner?placement=[PLACEMENT]&cb=[CACHEBUSTING]' }),
      }),
      newSiteRow('flag-off', 'Flag off', { ads: adSettings({ url: `${ads.origin}/banner` }) }),
      newSiteRow('ads-off', 'Ads off', {
        perms: on,
        ads: adSettings({ url: `${ads.origin}/banner` }, { enabled: false }),
      }),
      newSiteRow('pending', 'Pending', {
        perms: on,
        ads: adSettings({ url: `${ads.origin}/banner` }, { status: 'pending' }),
      }),
      newSiteRow('no-server', 'No server', { perms: on, ads: adSettings({ url: null }) }),
    ])
    .execute();
}, 120_000);
afterAll(async () => {
  await h?.close();
  await ads?.close();
});

const viewer = { 'user-agent': 'Mozilla/5.0 (TestTV) Marquee', 'x-forwarded-for': '203.0.113.9' };
const banner = (site: string, query = '') =>
  h.app.inject({ method: 'GET', url: `/v2/sites/${site}/ads/banner${query}`, headers: viewer });

describe('GET /v2/sites/{site}/ads/banner refuses', () => {
  it('404s an unknown site', async () => {
    expect((await banner('nope')).statusCode).toBe(404);
  });

  it('404s while the site shows no banners: adBanners off, ads off or pending, or no ad server', async () => {
    for (const site of ['flag-off', 'ads-off', 'pending', 'no-server']) {
      const res = await banner(site);
      expect(res.statusCode, site).toBe(404);
      expect(res.json().error.message, site).toMatch(/Ad banners/);
    }
    expect(ads.seen).toEqual([]);
  });

  it('400s a placement or cache-buster that is too long, naming the field', async () => {
    const long = await banner('acme', `?placement=${'p'.repeat(121)}`);
    expect(long.statusCode).toBe(400);
    expect(long.json().error.message).toMatch(/placement/);
    expect((await banner('acme', `?cb=${'1'.repeat(65)}`)).json().error.message).toMatch(/cb/);
  });
});

describe('GET /v2/sites/{site}/ads/banner asks the ad server for the viewer', () => {
  it("sends the placement, cache-buster, the viewer's IP and user agent and the slot's size", async () => {
    const before = ads.seen.length;
    const res = await banner('acme', '?placement=home%20top&cb=42');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json()).toEqual({
      markup: '<a href="https://brand.example">Brand</a>',
      width: 300,
      height: 250,
    });
    const asked = ads.seen.slice(before);
    expect(asked).toHaveLength(1);
    expect(Object.fromEntries(asked[0]!.query)).toEqual({
      key: 'home top',
      cb: '42',
      ip: '203.0.113.9',
      ua: 'Mozilla/5.0 (TestTV) Marquee',
      w: '300',
      h: '250',
    });
    expect(asked[0]!.userAgent).toBe('Mozilla/5.0 (TestTV) Marquee');
    expect(asked[0]!.forwardedFor).toBe('203.0.113.9');
  });

  it("uses the site's placement key and a fresh cache-buster when the slot names none", async () => {
    const before = ads.seen.length;
    await banner('acme');
    const query = ads.seen[before]!.query;
    expect(query.get('key')).toBe('home-rows');
    expect(query.get('cb')).toMatch(/^\d+$/);
  });

  it('asks the fallback when the ad server fails, with the same macros and the default size', async () => {
    const res = await banner('fallback', '?placement=side&cb=7');
    expect(res.json()).toEqual({ markup: '<b>house fallback</b>', width: 728, height: 90 });
    const asked = ads.seen.filter((s) => s.path === '/fallback').at(-1)!;
    expect(asked.query.get('key')).toBe('side');
    expect(asked.query.get('w')).toBe('728');
  });

  it('answers markup null when the server has no ad and the fallback sends more than 64 KB', async () => {
    const res = await banner('empty');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ markup: null, width: 728, height: 90 });
  });

  it('gives up on an ad server that does not answer in time', async () => {
    const res = await banner('slow');
    expect(res.statusCode).toBe(200);
    expect(res.json().markup).toBeNull();
  });

  it('a path is our own house ad server, asked over loopback', async () => {
    const res = await banner('house', '?placement=rows');
    expect(res.statusCode).toBe(200);
    expect(res.json().markup).toContain('House Premium: every film, no ads');
    expect(res.json().markup).toContain('data-placement="rows"');
  });
});

describe('GET /v2/sites/{site}/ads/house-banner', () => {
  it('404s an unknown site and 400s a placement that is too long', async () => {
    expect((await h.app.inject({ url: '/v2/sites/nope/ads/house-banner' })).statusCode).toBe(404);
    const long = await h.app.inject({ url: `/v2/sites/acme/ads/house-banner?placement=${'p'.repeat(121)}` });
    expect(long.statusCode).toBe(400);
  });

  it("is the site's subscription ad at its banner size, its name escaped", async () => {
    const res = await h.app.inject({ url: '/v2/sites/acme/ads/house-banner?placement=%22%3E%3Cscript%3E' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.body).toContain('Acme &lt;TV&gt; Premium');
    expect(res.body).toContain('width:300px');
    expect(res.body).toContain('height:250px');
    expect(res.body).not.toContain('<script>');
    expect(res.body).toContain('href="/subscribe"');
  });
});
