import { describe, expect, it, vi } from 'vitest';
import { createApiClient, readCookie } from '../client';
import {
  getAnalyticsSummary,
  sendAnalyticsBatch,
  sendFullscreenLogs,
  sendHeartbeatBatch,
  sendPageEvent,
  sendWatchEvent,
} from './analytics';

const accepted = (n: number) =>
  new Response(JSON.stringify({ accepted: n }), {
    status: 202,
    headers: { 'content-type': 'application/json' },
  });

function client(token: string | null = null) {
  const fetch = vi.fn(async (_url: RequestInfo | URL, _init?: RequestInit) => accepted(1));
  const api = createApiClient({ site: 'acme', source: 'web', fetch, getToken: () => token });
  return { api, fetch };
}

describe('analytics senders', () => {
  it('POST the kind’s body to /v2/sites/{site}/analytics/{kind}', async () => {
    const { api, fetch } = client();
    expect(await sendPageEvent(api, { page: '/discover' })).toEqual({ accepted: 1 });
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe('/v2/sites/acme/analytics/page?__site=acme&__source=web');
    expect(init).toMatchObject({ method: 'POST', body: '{"page":"/discover"}', keepalive: undefined });
  });

  it('send with keepalive and the bearer token when asked (the unload beacon)', async () => {
    const { api, fetch } = client('tok');
    await sendWatchEvent(
      api,
      { channelId: 'c', videoUid: 'v', contentDuration: 60, contentProgress: 30, duration: 25 },
      { keepalive: true },
    );
    const init = fetch.mock.calls[0]![1]!;
    expect(init.keepalive).toBe(true);
    expect((init.headers as Record<string, string>).authorization).toBe('Bearer tok');
  });

  it('batch events as { events } to …/analytics/batch', async () => {
    const { api, fetch } = client();
    await sendAnalyticsBatch(api, [{ kind: 'smartBanner', type: 'view' }], { keepalive: true });
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe('/v2/sites/acme/analytics/batch?__site=acme&__source=web');
    expect(JSON.parse(init!.body as string)).toEqual({ events: [{ kind: 'smartBanner', type: 'view' }] });
    expect(init!.keepalive).toBe(true);
  });

  it('read the summary of a window', async () => {
    const { api, fetch } = client('tok');
    await getAnalyticsSummary(api, { from: '2026-03-01T00:00:00Z' });
    expect(fetch.mock.calls[0]![0]).toBe(
      '/v2/sites/acme/analytics/summary?from=2026-03-01T00%3A00%3A00Z&__site=acme&__source=web',
    );
  });

  const beat = {
    player: { engine: 'native', currentTime: 1, duration: 10, paused: false, muted: false },
    video: { uid: 'v1', title: 'V', type: 'video', duration: 10 },
    channel: { _id: 'c', name: 'C', channelId: 'c' },
    sentAt: '2026-03-01T00:00:00.000Z',
  };

  it('heartbeats as { beats } to …/analytics/heartbeats; a beacon when the page goes away', async () => {
    const { api, fetch } = client('tok');
    await sendHeartbeatBatch(api, [beat]);
    expect(fetch.mock.calls[0]![0]).toBe('/v2/sites/acme/analytics/heartbeats?__site=acme&__source=web');
    expect(JSON.parse(fetch.mock.calls[0]![1]!.body as string)).toEqual({ beats: [beat] });

    const sendBeacon = vi.fn((_url: string | URL, _data?: BodyInit | null) => true);
    expect(await sendHeartbeatBatch(api, [beat], { beacon: true, navigator: { sendBeacon } })).toBeNull();
    expect(fetch).toHaveBeenCalledTimes(1);
    const [url, blob] = sendBeacon.mock.calls[0]!;
    expect(url).toBe('/v2/sites/acme/analytics/heartbeats?__site=acme&__source=web');
    expect((blob as Blob).type).toBe('application/json');
    expect(JSON.parse(await (blob as Blob).text())).toEqual({ beats: [beat] });
  });

  it('falls back to a keepalive fetch when the beacon is refused or throws, or the API is elsewhere', async () => {
    const { api, fetch } = client();
    await sendHeartbeatBatch(api, [beat], { beacon: true, navigator: { sendBeacon: () => false } });
    const throwing = () => {
      throw new TypeError('not allowed');
    };
    await sendHeartbeatBatch(api, [beat], { beacon: true, navigator: { sendBeacon: throwing } });
    const sendBeacon = vi.fn(() => true);
    const elsewhere = createApiClient({
      baseUrl: 'https://api.example',
      site: 'acme',
      source: 'tizen',
      fetch,
    });
    await sendHeartbeatBatch(elsewhere, [beat], { beacon: true, navigator: { sendBeacon } });
    expect(sendBeacon).not.toHaveBeenCalled();
    expect(fetch.mock.calls.map((c) => c[1]!.keepalive)).toEqual([true, true, true]);
    expect(fetch.mock.calls[2]![0]).toBe(
      'https://api.example/v2/sites/acme/analytics/heartbeats?__site=acme&__source=tizen',
    );
  });

  it('fullscreen logs as a bare array to /v2/fullscreen-logs with the site in __site', async () => {
    const { api, fetch } = client();
    await sendFullscreenLogs(api, [{ type: 'enter', args: ['v1', 3] }]);
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe('/v2/fullscreen-logs?__site=acme&__source=web');
    expect(JSON.parse(init!.body as string)).toEqual([{ type: 'enter', args: ['v1', 3] }]);
  });
});

describe('the appsflyer-id header', () => {
  it('is sent when the cookie gives a value, and not otherwise', async () => {
    let cookie = 'theme=dark; afUserId=1700000000000-42';
    const fetch = vi.fn(async (_url: RequestInfo | URL, _init?: RequestInit) => accepted(1));
    const api = createApiClient({
      site: 'acme',
      source: 'web',
      fetch,
      getAppsflyerId: () => readCookie(cookie, 'afUserId'),
    });
    await sendPageEvent(api, { page: '/' });
    expect((fetch.mock.calls[0]![1]!.headers as Record<string, string>)['appsflyer-id']).toBe(
      '1700000000000-42',
    );
    cookie = 'theme=dark';
    await sendPageEvent(api, { page: '/' });
    expect(fetch.mock.calls[1]![1]!.headers).not.toHaveProperty('appsflyer-id');
  });

  it('readCookie finds a cookie by exact name and decodes it', () => {
    expect(readCookie('a=1; afUserId=x%2Dy; b=2', 'afUserId')).toBe('x-y');
    expect(readCookie('xafUserId=1', 'afUserId')).toBeNull();
    expect(readCookie('', 'afUserId')).toBeNull();
    expect(readCookie('afUserId=', 'afUserId')).toBeNull();
  });
});
