import { describe, expect, it, vi } from 'vitest';
import { createApiClient } from '../client';
import { getFavoriteFlag } from './favorites';

function client(answer: (uids: string[]) => Response) {
  const fetch = vi.fn(async (url: RequestInfo | URL) => {
    const uids = new URL(String(url), 'http://x').searchParams.get('uids')!.split(',');
    return answer(uids);
  });
  const api = createApiClient({ site: 'acme', source: 'web', fetch, getToken: () => 'tok' });
  return { api, fetch };
}
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('favorite flags of cards', () => {
  it('gathers the asks of one task into one call per 100 uids, each answered with its own flag', async () => {
    const { api, fetch } = client((uids) => json({ favorites: uids.filter((u) => u.endsWith('7')) }));
    const uids = Array.from({ length: 150 }, (_, i) => `v${i}`);
    const flags = await Promise.all([...uids, 'v7'].map((uid) => getFavoriteFlag(api, uid)));
    expect(fetch).toHaveBeenCalledTimes(2);
    const sent = fetch.mock.calls.map(([url]) => new URL(String(url), 'http://x'));
    expect(sent[0]!.pathname).toBe('/v2/me/sites/acme/favorites');
    expect(sent.map((u) => u.searchParams.get('uids')!.split(',').length)).toEqual([100, 51]);
    expect(flags.filter(Boolean)).toHaveLength(16); // v7, v17 … v147, and v7 asked twice
    expect(flags[7]).toBe(true);
    expect(flags[8]).toBe(false);
  });

  it('asks again in a later task, and rejects every ask of a batch whose call fails', async () => {
    const { api, fetch } = client(() => json({ error: { message: 'nope' } }, 500));
    const asks = [getFavoriteFlag(api, 'a'), getFavoriteFlag(api, 'b')];
    for (const ask of asks) await expect(ask).rejects.toBeTruthy();
    await expect(getFavoriteFlag(api, 'c')).rejects.toBeTruthy();
    expect(fetch).toHaveBeenCalledTimes(2);
  });
});
