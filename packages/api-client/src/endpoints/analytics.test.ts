import { describe, expect, it, vi } from 'vitest';
import { createApiClient } from '../client';
import { getAnalyticsSummary, sendAnalyticsBatch, sendPageEvent, sendWatchEvent } from './analytics';

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
});
