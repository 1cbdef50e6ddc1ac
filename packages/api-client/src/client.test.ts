import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiPath, buildUrl, createApiClient, sitePath } from './client';
import { ApiError, DEFAULT_ERROR_MESSAGE, parseApiError, shouldRetry } from './errors';
import { resolveSiteUid } from './site';
import { getChannelVideos, getDiscover, getVideoPlayUrl } from './index';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('URL building', () => {
  it('encodes path segments', () => {
    expect(sitePath('demo', 'videos', 'a b/c', 'play-url')).toBe('/v2/sites/demo/videos/a%20b%2Fc/play-url');
    expect(apiPath('api', 'assets', 'tab-1', 'discover')).toBe('/api/assets/tab-1/discover');
  });

  it('adds the query, dropping empty values, and joins the base', () => {
    expect(buildUrl('', '/v2/x', { page: 0, q: undefined, n: null, flag: true })).toBe(
      '/v2/x?page=0&flag=true',
    );
    expect(buildUrl('https://api.example.com/', '/v2/x')).toBe('https://api.example.com/v2/x');
    expect(buildUrl('', '/v2/x?a=1', { b: 2 })).toBe('/v2/x?a=1&b=2');
  });

  it('adds __site and __source to every call', () => {
    const api = createApiClient({ site: 'acme', source: 'webMobile' });
    expect(api.url(sitePath(api.site, 'channels', 'news', 'videos'), { page: 1, pageSize: 30 })).toBe(
      '/v2/sites/acme/channels/news/videos?page=1&pageSize=30&__site=acme&__source=webMobile',
    );
  });
});

describe('createApiClient', () => {
  it('sends a bearer token only when there is one', async () => {
    const fetch = vi.fn(async () => json(200, { items: [] }));
    let token: string | null = null;
    const api = createApiClient({
      baseUrl: 'http://x',
      site: 'demo',
      source: 'web',
      fetch,
      getToken: () => token,
    });
    await api.get('/a');
    token = 'abc';
    await api.get('/b');
    const headers = (call: number) => (fetch.mock.calls[call] as unknown as [string, RequestInit])[1].headers;
    expect(headers(0)).not.toHaveProperty('authorization');
    expect(headers(1)).toHaveProperty('authorization', 'Bearer abc');
    expect((fetch.mock.calls[1] as unknown as [string])[0]).toBe('http://x/b?__site=demo&__source=web');
  });

  it('calls the endpoint paths of the spec', async () => {
    const fetch = vi.fn(async () => json(200, {}));
    const api = createApiClient({ site: 'demo', source: 'tizen', fetch });
    await getDiscover(api, 'tab1');
    await getChannelVideos(api, 'news', { page: 2 });
    await getVideoPlayUrl(api, 'v1');
    expect(fetch.mock.calls.map((c) => (c as unknown as [string])[0])).toEqual([
      '/api/assets/tab1/discover?onlyEnabledChannels=true&__site=demo&__source=tizen',
      '/v2/sites/demo/channels/news/videos?page=2&pageSize=30&__site=demo&__source=tizen',
      '/v2/sites/demo/videos/v1/play-url?__site=demo&__source=tizen',
    ]);
  });

  it('throws ApiError with the server error shape', async () => {
    const fetch = vi.fn(async () =>
      json(401, { error: { code: 'requiresLogin', message: 'Login required', field: 'token' } }),
    );
    const api = createApiClient({ site: 'demo', source: 'web', fetch });
    const error = await api.get('/x').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 401,
      code: 'requiresLogin',
      message: 'Login required',
      field: 'token',
    });
  });

  it('turns a failed fetch into a network ApiError', async () => {
    const api = createApiClient({
      site: 'demo',
      source: 'web',
      fetch: async () => {
        throw new TypeError('Failed to fetch');
      },
    });
    await expect(api.get('/x')).rejects.toMatchObject({ status: 0, code: 'network' });
  });
});

describe('parseApiError', () => {
  it('reads { error: { code, message, field } }', () => {
    const e = parseApiError(400, {
      error: { code: 'invalid', message: 'pageSize is too big', field: 'pageSize' },
    });
    expect(e).toMatchObject({
      status: 400,
      code: 'invalid',
      message: 'pageSize is too big',
      field: 'pageSize',
    });
    expect(e.isClientError).toBe(true);
  });

  it('falls back for other shapes', () => {
    expect(parseApiError(502, '<html>Bad gateway</html>', 'Bad Gateway')).toMatchObject({
      code: 'http_502',
      message: '<html>Bad gateway</html>',
    });
    expect(parseApiError(500, undefined)).toMatchObject({ code: 'http_500', message: DEFAULT_ERROR_MESSAGE });
    expect(parseApiError(404, { message: 'Not found' }).message).toBe('Not found');
    expect(parseApiError(403, { error: { code: 10 } })).toMatchObject({
      code: '10',
      message: DEFAULT_ERROR_MESSAGE,
    });
  });

  it("takes the server's msg or message (§8 live-event load)", () => {
    expect(parseApiError(404, { msg: 'This event is no longer available' }).message).toBe(
      'This event is no longer available',
    );
    expect(parseApiError(500, { msg: '', message: 'Event load failed' }).message).toBe('Event load failed');
    expect(parseApiError(403, { error: { code: 'x', msg: 'Geo-blocked' } }).message).toBe('Geo-blocked');
  });

  it('does not retry client errors', () => {
    expect(shouldRetry(0, new ApiError(404, 'notFound', 'x'))).toBe(false);
    expect(shouldRetry(0, new ApiError(503, 'down', 'x'))).toBe(true);
    expect(shouldRetry(2, new Error('x'))).toBe(false);
  });
});

describe('resolveSiteUid', () => {
  it('prefers the meta tag, then ?__site, then demo', () => {
    expect(resolveSiteUid({ meta: 'acme', search: '?__site=other' })).toBe('acme');
    expect(resolveSiteUid({ meta: '', search: '?__site=other' })).toBe('other');
    expect(resolveSiteUid({ meta: '{{SITE}}', search: '' })).toBe('demo');
    expect(resolveSiteUid({})).toBe('demo');
  });
});

describe('api.serverNow', () => {
  const T0 = Date.parse('2026-03-01T12:00:00Z');
  const HOUR = 3_600_000;
  const answer = (date?: string) =>
    new Response('{}', { status: 200, headers: date === undefined ? {} : { date } });
  /** A client whose answers carry these `Date` headers, one per call, all made at T0. */
  async function clientAfter(...dates: Array<string | undefined>) {
    const fetch = vi.fn<typeof globalThis.fetch>();
    for (const date of dates) fetch.mockResolvedValueOnce(answer(date));
    const api = createApiClient({ site: 'demo', source: 'tv', fetch });
    for (let i = 0; i < dates.length; i++) await api.get('/v2/x');
    return api;
  }

  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(T0);
  });
  afterEach(() => vi.useRealTimers());

  it('is the device clock until an answer carries a usable Date header', async () => {
    expect((await clientAfter()).serverNow()).toBe(T0);
    expect((await clientAfter(undefined)).serverNow()).toBe(T0);
    expect((await clientAfter('soon', '', 'Mon, 99 Foo 2026 99:00:00 GMT')).serverNow()).toBe(T0);
  });

  it("follows the server's clock when this device's is an hour ahead or behind", async () => {
    // The header is cut to the second, so the estimate sits half a second into it.
    const behind = await clientAfter(new Date(T0 - HOUR).toUTCString());
    expect(behind.serverNow()).toBe(T0 - HOUR + 500);
    const ahead = await clientAfter(new Date(T0 + HOUR).toUTCString());
    expect(ahead.serverNow()).toBe(T0 + HOUR + 500);
    // It keeps running with the device's clock, offset.
    vi.advanceTimersByTime(10_000);
    expect(ahead.serverNow()).toBe(T0 + HOUR + 10_500);
  });

  it('ignores a bad header among good ones and one stale answer (the median of the latest)', async () => {
    const server = new Date(T0 - HOUR).toUTCString();
    const stale = new Date(T0 - 3 * HOUR).toUTCString();
    const api = await clientAfter(server, 'garbage', server, stale, server);
    expect(api.serverNow()).toBe(T0 - HOUR + 500);
  });

  it('moves to a new offset once most of the latest answers agree (the device clock was set)', async () => {
    const before = new Date(T0 - HOUR).toUTCString();
    const now = new Date(T0).toUTCString();
    const api = await clientAfter(before, before, before, before, before, now, now, now);
    expect(api.serverNow()).toBe(T0 + 500);
  });

  it('learns from refused answers too, and is safe to pass unbound', async () => {
    const fetch = vi.fn(
      async () => new Response('{}', { status: 404, headers: { date: new Date(T0 + HOUR).toUTCString() } }),
    );
    const api = createApiClient({ site: 'demo', source: 'tv', fetch });
    await expect(api.get('/v2/x')).rejects.toBeInstanceOf(ApiError);
    const { serverNow } = api;
    expect(serverNow()).toBe(T0 + HOUR + 500);
  });
});
