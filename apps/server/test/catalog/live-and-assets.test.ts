import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { acmeCatalog } from '../fixtures';
import { createHarness, type Harness } from '../harness';

const HOUR = 3_600_000;
let h: Harness;
const now = Date.now();
beforeAll(async () => {
  h = await createHarness();
  await acmeCatalog(now).insert(h.db);
});
afterAll(() => h.close());

const get = (url: string, headers: Record<string, string> = {}) =>
  h.app.inject({ method: 'GET', url, headers });
const uids = (body: { items: { uid: string }[] }) => body.items.map((v) => v.uid);
const iso = (ms: number) => new Date(ms).toISOString();

describe('live and assets: bad input', () => {
  it.each([
    ['/v2/sites/acme/live-channels?from=yesterday', 'from'],
    ['/v2/sites/acme/live-channels?to=2026-13-01T00:00:00Z', 'to'],
    [`/v2/sites/acme/live-channels?from=${iso(now)}&to=${iso(now - HOUR)}`, 'to'],
    [`/v2/sites/acme/live-channels?from=${iso(now)}&to=${iso(now + 49 * HOUR)}`, 'to'],
    ['/v2/sites/acme/live-channels/lc-a?from=1', 'from'],
    ['/v2/sites/acme/channels/events/live-events?pageSize=21x', 'pageSize'],
    ['/v2/sites/acme/channels/events/live-events?page=-1', 'page'],
    ['/v2/sites/acme/assets/tab-dir/directory?pageSize=1000', 'pageSize'],
    ['/v2/sites/acme/assets/tab-epg/epg?simple=yes', 'simple'],
    ['/v2/sites/acme/assets/tab-live/live?page=x', 'page'],
    ['/api/assets/tab-discover/discover?onlyEnabledChannels=1&__site=acme', 'onlyEnabledChannels'],
    ['/api/assets/tab%20x/about?__site=acme', 'id'],
  ])('400s for %s naming %s', async (url, field) => {
    const res = await get(url);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ code: 'invalid', field });
  });

  it.each([
    ['/v2/sites/acme/live-channels/nope', "Live channel 'nope' not found"],
    ['/v2/sites/acme/live-events/nope', "Live event 'nope' not found"],
    ['/v2/sites/acme/live-events/v1', "Live event 'v1' not found"],
    ['/v2/sites/acme/channels/nope/live-events', "Channel 'nope' not found"],
    ['/v2/sites/acme/assets/nope/directory', "Asset 'nope' not found"],
    ['/v2/sites/acme/assets/tab-about/epg', "Asset 'tab-about' not found"],
    ['/v2/sites/acme/assets/tab-epg/live', "Asset 'tab-epg' not found"],
    ['/api/assets/tab-discover/about?__site=acme', "Asset 'tab-discover' not found"],
    ['/api/assets/nope/discover?__site=acme', "Asset 'nope' not found"],
    ['/api/assets/tab-about/about?__site=nope', "Site 'nope' not found"],
    ['/v2/sites/nope/live-channels', "Site 'nope' not found"],
  ])('404s for %s', async (url, message) => {
    const res = await get(url);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: { code: 'notFound', message } });
  });
});

describe('live channels', () => {
  it('lists channels by number with a padded display number and EPG for now-1h..now+6h', async () => {
    const body = (await get('/v2/sites/acme/live-channels')).json();
    expect(Date.parse(body.to) - Date.parse(body.from)).toBe(7 * HOUR);
    expect(body.items.map((c: { id: string; channelNumber: string }) => [c.id, c.channelNumber])).toEqual([
      ['lc-a', '007'],
      ['lc-b', '012'],
    ]);
    const lc = body.items[0];
    expect(lc).toMatchObject({
      _id: 'lc-a',
      channelNum: 7,
      categories: ['News'],
      accessType: 'public',
      previewMinutes: 0,
    });
    // 30-minute entries overlapping a 7-hour window: 14 or 15 depending on where now falls in a slot.
    expect(lc.epg.length).toBeGreaterThanOrEqual(14);
    expect(lc.epg.length).toBeLessThanOrEqual(15);
    expect(lc.epg[0]).toEqual({
      id: expect.any(Number),
      start: expect.any(String),
      stop: expect.any(String),
      title: expect.stringMatching(/^lc-a show/),
      description: '',
      assetId: 'a-full',
    });
    expect(Date.parse(lc.epg[0].stop)).toBeGreaterThan(Date.parse(body.from));
    expect(body.items[1]).toMatchObject({ accessType: 'requiresLogin', previewMinutes: 5 });
  });

  it('takes an explicit window', async () => {
    const hourStart = Math.floor(now / HOUR) * HOUR;
    const body = (
      await get(`/v2/sites/acme/live-channels/lc-b?from=${iso(hourStart)}&to=${iso(hourStart + HOUR)}`)
    ).json();
    expect(body.id).toBe('lc-b');
    expect(body.epg.map((e: { start: string }) => e.start)).toEqual([
      iso(hourStart),
      iso(hourStart + HOUR / 2),
    ]);
  });
});

describe('live events', () => {
  it('lists public or requires-login events, public or pending, not ended, by start, 20 per page', async () => {
    const body = (await get('/v2/sites/acme/channels/events/live-events?user=u1&device=d1')).json();
    expect(uids(body)).toEqual(['le-live', 'le-future', 'le-tomorrow', 'le-notstarted']);
    expect(body.items_per_page).toBe(20);
    expect(body.items.map((v: { liveEvent: { state: string } }) => v.liveEvent.state)).toEqual([
      'live',
      'future',
      'future',
      'future',
    ]);
    expect(body.items[0].isLive).toBe(true);
    expect(body.items[3].liveEvent.notStarted).toBe(true);
  });

  it('GET live-events/{uid} returns any state, including ended', async () => {
    const ended = (await get('/v2/sites/acme/live-events/le-ended')).json();
    expect(ended.liveEvent).toMatchObject({ ended: true, state: 'ended' });
    const link = (await get('/v2/sites/acme/live-events/le-link-past')).json();
    expect(link.liveEvent).toMatchObject({
      ended: false,
      type: 'link',
      state: 'ended',
      videoLink: 'https://example.com/live',
    });
    expect(link.url).toBe('/watch/channel/events/live/le-link-past');
  });
});

describe('site assets', () => {
  it('GET assets/{id}/directory pages the configured channels, 20 per page', async () => {
    const body = (await get('/v2/sites/acme/assets/tab-dir/directory')).json();
    expect(body.items.map((c: { id: string }) => c.id)).toEqual(['news', 'cinema', 'shows']);
    expect(body.items_per_page).toBe(20);
  });

  it('GET assets/{id}/epg returns categories and channels; simple leaves entries out', async () => {
    const full = (await get('/v2/sites/acme/assets/tab-epg/epg')).json();
    expect(full.categories).toEqual(['News']);
    expect(full.liveChannels).toHaveLength(2);
    expect(full.liveChannels[0].epg.length).toBeGreaterThan(0);
    const simple = (await get('/v2/sites/acme/assets/tab-epg/epg?simple=true')).json();
    expect(simple.liveChannels[0].epg).toEqual([]);
  });

  it('GET assets/{id}/live lists the tab’s live events', async () => {
    expect(uids((await get('/v2/sites/acme/assets/tab-live/live')).json())).toEqual([
      'le-live',
      'le-future',
      'le-tomorrow',
      'le-notstarted',
    ]);
  });

  it.each(['about', 'cast', 'home', 'home-movie', 'iframe'])(
    'GET /api/assets/{id}/%s by __site',
    async (kind) => {
      const res = await get(`/api/assets/tab-${kind}/${kind}?__site=acme`);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ id: `tab-${kind}`, kind, pageUrl: 'home' });
    },
  );

  it('resolves /api/assets by the Host header', async () => {
    const res = await get('/api/assets/tab-about/about', { host: 'tv.acme.test' });
    expect(res.json()).toEqual({
      id: 'tab-about',
      kind: 'about',
      title: 'Tab tab-about',
      url: 'about',
      pageUrl: 'home',
      config: { html: '<p>About Acme</p>' },
    });
  });

  it('GET /api/assets/{id}/discover returns rows in configured order with their first page', async () => {
    const body = (await get('/api/assets/tab-discover/discover', { host: 'tv.acme.test' })).json();
    type Row = {
      type: string;
      title: string;
      items: { uid: string; type: string }[];
      perUser: boolean;
      href: string | null;
    };
    const rows = body.rows as Row[];
    expect(rows.map((r) => [r.type, r.title])).toEqual([
      ['featured', 'Featured'],
      ['continueWatching', 'Continue watching'],
      ['watchList', 'My list'],
      ['channel', 'News'],
      ['channel', 'Shows'],
      ['channel', 'Gone'],
      ['dynamic', 'Popular'],
      ['adBanner', ''],
      ['dynamic', 'Recent movies'],
    ]);
    expect(rows[0]!.items.map((v) => v.uid)).toEqual(['v2', 'v1', 'm1']);
    expect(rows[1]).toMatchObject({ perUser: true, items: [], href: '/v2/me/sites/acme/history-progress' });
    expect(rows[2]).toMatchObject({ perUser: true, href: '/v2/me/sites/acme/watch-list' });
    expect(rows[3]!.items.map((v) => v.uid)).toEqual(['v1', 'v2', 'v3', 'v4']);
    expect(rows[4]!.items.map((v) => [v.uid, v.type])).toEqual([
      ['s1', 'series'],
      ['s2', 'series'],
    ]);
    expect(rows[3]!.href).toBe('/v2/sites/acme/channels/news/videos');
    expect(rows[4]!.href).toBe('/v2/sites/acme/channels/shows/series');
    expect(rows[5]!.items).toEqual([]);
    expect(rows[6]!.items.map((v) => v.uid)).toEqual(['v4', 'v3', 'v2', 'v1']);
    expect(rows[8]!.items.map((v) => v.uid)).toEqual(['m2', 'm1']);
    expect(rows[8]!.href).toBe('/v2/sites/acme/dynamic-channels/recent-movies/movies');

    const enabledOnly = (
      await get('/api/assets/tab-discover/discover?__site=acme&onlyEnabledChannels=true')
    ).json();
    expect(enabledOnly.rows.map((r: Row) => r.title)).not.toContain('Gone');
  });

  it('documents every catalog route in OpenAPI with named schemas', async () => {
    const doc = (await get('/api/docs/json')).json();
    for (const path of [
      '/v2/sites/{site}/channels',
      '/v2/sites/{site}/channels/{id}/videos',
      '/v2/sites/{site}/dynamic-channels/{id}/all',
      '/v2/sites/{site}/videos/{uid}',
      '/v2/sites/{site}/series/{uid}/seasons/{n}',
      '/v2/sites/{site}/live-channels',
      '/api/assets/{id}/discover',
    ])
      expect(doc.paths[path], path).toBeDefined();
    expect(doc.components.schemas.Video).toBeDefined();
  });
});

describe('compressed catalog reads', () => {
  const url = '/api/assets/tab-discover/discover?__site=acme';
  it('sends a large read as brotli or gzip, as the client accepts, compressed once and the same JSON', async () => {
    const plain = await get(url, { 'accept-encoding': 'identity' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toContain('accept-encoding');
    const br = await get(url, { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(plain.json());
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length);
    const gz = await get(url, { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gz.rawPayload).toString())).toEqual(plain.json());
  });
  it('leaves small bodies as they are', async () => {
    const res = await get('/v2/sites/acme/channels/nope/videos', { 'accept-encoding': 'br' });
    expect(res.headers['content-encoding']).toBeUndefined();
  });
});
