import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brandIndexHtml, watchHeadLinks } from '../../src/plugins/clients';
import { embedSettings } from '../../src/modules/sites/site-structure';
import { frameSize } from '../../src/modules/oembed/oembed.service';
import { acmeCatalog } from '../fixtures';
import { createHarness, type Harness } from '../harness';

// playback-and-social §2.2: "An oembed link exists at the environment path /oembed, taking the
// current page URL." The endpoint answers oEmbed 1.0 JSON for this site's watch URLs (decision 0028).
let h: Harness;
beforeAll(async () => {
  h = await createHarness();
  await acmeCatalog().insert(h.db);
});
afterAll(() => h.close());

const oembed = (query: Record<string, string>, host = 'tv.acme.test') =>
  h.app.inject({ method: 'GET', url: `/oembed?${new URLSearchParams(query)}`, headers: { host } });
const page = (path: string) => `http://tv.acme.test${path}`;

describe('GET /oembed: bad input', () => {
  it('400s without a url, naming it', async () => {
    const res = await oembed({ format: 'json' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.field).toBe('url');
  });
  it('400s for a url that is not absolute http(s)', async () => {
    for (const url of ['/channel/news/v1', 'javascript:alert(1)', 'ftp://tv.acme.test/channel/news/v1']) {
      const res = await oembed({ url });
      expect(res.statusCode, url).toBe(400);
      expect(res.json().error.field).toBe('url');
    }
  });
  it("400s for another site's url (a foreign host)", async () => {
    const res = await oembed({ url: 'https://evil.example/channel/news/v1' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ field: 'url' });
  });
  it('400s for a bad maxwidth, naming it', async () => {
    const res = await oembed({ url: page('/channel/news/v1'), maxwidth: 'wide' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.field).toBe('maxwidth');
  });
  it('501s for format=xml (oEmbed: unsupported format)', async () => {
    const res = await oembed({ url: page('/channel/news/v1'), format: 'xml' });
    expect(res.statusCode).toBe(501);
    expect(res.json().error.field).toBe('format');
  });
  it('404s for an unknown or private video, and for a page that is not a watch route', async () => {
    expect((await oembed({ url: page('/channel/news/nope') })).statusCode).toBe(404);
    expect((await oembed({ url: page('/channel/news/v-private') })).statusCode).toBe(404);
    expect((await oembed({ url: page('/pages/home/d/discover') })).statusCode).toBe(404);
  });
});

describe('GET /oembed', () => {
  it('answers oEmbed 1.0 video JSON with an iframe of the embed URL and the site as provider', async () => {
    const res = await oembed({ url: page('/channel/news/v1'), format: 'json' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['access-control-allow-origin']).toBe('*');
    const body = res.json();
    expect(body).toMatchObject({
      version: '1.0',
      type: 'video',
      title: 'Video v1',
      provider_name: 'Site acme',
      provider_url: 'http://tv.acme.test/',
      width: 640,
      height: 360,
    });
    expect(body.html).toBe(
      '<iframe src="http://tv.acme.test/channel/news/v1?embed=1" width="640" height="360" title="Video v1" frameborder="0" allow="autoplay; fullscreen; picture-in-picture" allowfullscreen></iframe>',
    );
  });
  it('takes the canonical /watch form and episode routes (title with the series title)', async () => {
    const res = await oembed({ url: page('/watch/channel/shows/series/s1/episode/s1e1') });
    expect(res.statusCode).toBe(200);
    expect(res.json().title).toBe('Video s1e1 | Series s1');
    expect(res.json().html).toContain(
      'src="http://tv.acme.test/channel/shows/series/s1/episode/s1e1?embed=1"',
    );
  });
  it('accepts the host the request came on (a dev origin with a port)', async () => {
    const res = await oembed({ url: 'http://127.0.0.1:4100/featured/v2' }, '127.0.0.1:4100');
    // No site has 127.0.0.1 in this fixture; the __site parameter names it.
    expect(res.statusCode).toBe(404);
    const ok = await h.app.inject({
      method: 'GET',
      url: `/oembed?${new URLSearchParams({ url: 'http://127.0.0.1:4100/featured/v2', __site: 'acme' })}`,
      headers: { host: '127.0.0.1:4100' },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().title).toBe('Video v2');
  });
  it('fits maxwidth × maxheight at 16:9', () => {
    expect(frameSize()).toEqual({ width: 640, height: 360 });
    expect(frameSize(320)).toEqual({ width: 320, height: 180 });
    expect(frameSize(2000, 180)).toEqual({ width: 320, height: 180 });
  });
});

describe('watch pages carry their canonical and oEmbed links (for crawlers)', () => {
  it('builds both for watch routes and nothing for other pages', () => {
    const links = watchHeadLinks('https://tv.acme.test', '/recent/series/s1/episode/s1e1');
    expect(links).toContain(
      '<link rel="canonical" href="https://tv.acme.test/watch/channel/recent/series/s1/episode/s1e1"',
    );
    expect(links).toContain(
      'type="application/json+oembed" href="https://tv.acme.test/oembed?url=https%3A%2F%2Ftv.acme.test%2Frecent%2Fseries%2Fs1%2Fepisode%2Fs1e1&amp;format=json"',
    );
    expect(watchHeadLinks('https://tv.acme.test', '/pages/home/d/discover')).toBe('');
    const html = brandIndexHtml(
      '<html><head><title>x</title></head></html>',
      { uid: 'acme', name: 'A', theme: null },
      null,
      links,
    );
    expect(html).toContain('rel="canonical"');
  });
});

describe('site config: embed settings', () => {
  it('lists the allow-listed partner origins (none by default)', async () => {
    const res = await h.app.inject({ method: 'GET', url: '/v2/sites/acme/config' });
    expect(res.statusCode).toBe(200);
    expect(res.json().embed).toEqual({ allowedOrigins: [] });
  });
  it('reads a stored list, and a malformed one allows no origin', () => {
    expect(embedSettings('{"allowedOrigins":["https://partner.example"]}')).toEqual({
      allowedOrigins: ['https://partner.example'],
    });
    expect(embedSettings('{"allowedOrigins":["not an origin"]}')).toEqual({ allowedOrigins: [] });
    expect(embedSettings('nope')).toEqual({ allowedOrigins: [] });
  });
});
