import { afterEach, describe, expect, it, vi } from 'vitest';
import { createApiClient } from '../client';
import { ApiError } from '../errors';
import { saveProgress } from './progress';

// playback-and-social §7 Progress: "a beacon on page unload (a synchronous request with credentials
// is the fallback)".
const report = { id: 'v1', progress: 42 };

/** A stand-in XMLHttpRequest that records what the page sent and answers `status`. */
function fakeXhr(status: number, responseText: string) {
  const sent: { method?: string; url?: string; async?: boolean; headers: Record<string, string> } & {
    body?: unknown;
    withCredentials?: boolean;
  } = { headers: {} };
  class Xhr {
    status = 0;
    statusText = '';
    responseText = '';
    withCredentials = false;
    open(method: string, url: string, async: boolean) {
      Object.assign(sent, { method, url, async });
    }
    setRequestHeader(name: string, value: string) {
      sent.headers[name] = value;
    }
    send(body: unknown) {
      Object.assign(sent, { body, withCredentials: this.withCredentials });
      this.status = status;
      this.responseText = responseText;
    }
  }
  return { Xhr, sent };
}

afterEach(() => vi.unstubAllGlobals());

describe('saveProgress on unload', () => {
  it('sends a keepalive fetch with the bearer token where fetch can outlive the page', async () => {
    const fetch = vi.fn<typeof globalThis.fetch>(async () => Response.json({ saved: 1 }));
    const { Xhr, sent } = fakeXhr(200, '{}');
    vi.stubGlobal('XMLHttpRequest', Xhr);
    const api = createApiClient({ site: 'demo', source: 'web', fetch, getToken: () => 'tok' });
    await saveProgress(api, [report], { keepalive: true });
    const init = fetch.mock.calls[0]?.[1];
    expect(init).toMatchObject({ method: 'POST', keepalive: true });
    expect((init?.headers as Record<string, string>).authorization).toBe('Bearer tok');
    expect(sent.method).toBeUndefined();
  });

  it('falls back to a synchronous request with credentials where fetch has no keepalive', async () => {
    const fetch = vi.fn<typeof globalThis.fetch>();
    const { Xhr, sent } = fakeXhr(200, '{"saved":1}');
    // A browser whose Request has no keepalive (older Firefox).
    vi.stubGlobal('Request', class {});
    vi.stubGlobal('XMLHttpRequest', Xhr);
    const api = createApiClient({ site: 'demo', source: 'web', fetch, getToken: () => 'tok' });
    expect(await saveProgress(api, [report], { keepalive: true })).toEqual({ saved: 1 });
    expect(fetch).not.toHaveBeenCalled();
    expect(sent).toMatchObject({ method: 'POST', async: false, withCredentials: true });
    expect(sent.url).toBe('/v2/me/sites/demo/history-progress?__site=demo&__source=web');
    expect(sent.headers).toMatchObject({ authorization: 'Bearer tok', 'content-type': 'application/json' });
    expect(JSON.parse(String(sent.body))).toEqual({ history: [report] });
  });

  it('throws the server refusal of the synchronous request as an ApiError', async () => {
    const { Xhr } = fakeXhr(401, '{"error":{"code":"unauthorized","message":"Login required"}}');
    vi.stubGlobal('Request', class {});
    vi.stubGlobal('XMLHttpRequest', Xhr);
    const api = createApiClient({ site: 'demo', source: 'web', fetch: vi.fn() });
    const error = await saveProgress(api, [report], { keepalive: true }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(401);
  });

  it('an ordinary save (no keepalive) is a fetch even without keepalive support', async () => {
    const fetch = vi.fn<typeof globalThis.fetch>(async () => Response.json({ saved: 1 }));
    const { Xhr, sent } = fakeXhr(200, '{}');
    vi.stubGlobal('Request', class {});
    vi.stubGlobal('XMLHttpRequest', Xhr);
    const api = createApiClient({ site: 'demo', source: 'web', fetch });
    await saveProgress(api, [report]);
    expect(fetch).toHaveBeenCalledOnce();
    expect(sent.method).toBeUndefined();
  });
});
