import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SIGNED_IN_HINT_COOKIE } from '@marquee/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newSiteRow } from '../../src/modules/sites/site-defaults';
import { createHarness, type Harness } from '../harness';
import { insertAsset, insertVideo, makeHlsAsset } from '../playback/fixtures';

// A watch page of open content carries the anonymous viewer's play-url answer (decision 0085): these
// tests hold the rules that keep that answer to the one viewer and site it was signed for.
const INDEX =
  '<!doctype html><html><head><title>Marquee</title></head><body><div id="root"></div></body></html>';
let h: Harness;
let clients: string;

beforeAll(async () => {
  clients = mkdtempSync(join(tmpdir(), 'marquee-first-frame-'));
  mkdirSync(join(clients, 'web/dist'), { recursive: true });
  writeFileSync(join(clients, 'web/dist/index.html'), INDEX);
  h = await createHarness({ clientsDir: clients });
  await h.db
    .insertInto('sites')
    .values([newSiteRow('acme', 'Acme TV'), newSiteRow('other', 'Other TV')])
    .execute();
  const renditions = makeHlsAsset(
    h.config.mediaDir,
    'asset1',
    [{ name: '360p', width: 640, height: 360 }],
    2,
  );
  await insertAsset(h.db, 'acme', 'asset1', renditions, 2);
  await insertVideo(h.db, 'acme', 'v-open', { asset_id: 'asset1', without_ads: 1 });
  await insertVideo(h.db, 'acme', 'v-paid', { asset_id: 'asset1', access_type: 'paid' });
  await insertVideo(h.db, 'acme', 'v-login', { asset_id: 'asset1', access_type: 'requiresLogin' });
});
afterAll(async () => {
  await h?.close();
  rmSync(clients, { recursive: true, force: true });
});

const page = (path: string, headers: Record<string, string> = {}) =>
  h.app.inject({ url: path, headers: { 'accept-encoding': 'identity', ...headers } });

/** The inlined play-url answer of a page, or null. */
function firstFrame(body: string): { videoUid: string; playUrl: { url: string; token: string } } | null {
  const json = /<script id="marquee-first-frame" type="application\/json">(.*?)<\/script>/.exec(body)?.[1];
  return json ? JSON.parse(json) : null;
}

describe("a watch page's first frame", () => {
  it("carries play-url's anonymous answer for open content, with its master playlist preloaded, for this viewer only", async () => {
    const res = await page('/channel/news/v-open?__site=acme');
    expect(res.statusCode).toBe(200);
    const first = firstFrame(res.body);
    expect(first?.videoUid).toBe('v-open');
    expect(first?.playUrl.url).toMatch(/^\/media\/[^/]+\/asset1\/master\.m3u8$/);
    expect(res.body).toContain(`<link rel="preload" as="fetch" crossorigin href="${first!.playUrl.url}" />`);
    // Never stored by a cache shared between viewers, and known to depend on the session headers.
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.headers.vary).toBe('accept-encoding, authorization, cookie');
    // The video itself (the same for everyone) is in the shared bootstrap.
    expect(res.body).toMatch(/id="marquee-bootstrap"[^>]*>[^<]*"uid":"v-open"/);
    // The answer plays: its signed master playlist loads.
    const master = await h.app.inject(first!.playUrl.url);
    expect(master.statusCode).toBe(200);
    expect(master.body).toContain('#EXTM3U');
  });

  it('is signed afresh per request, never taken from the page cache', async () => {
    const a = firstFrame((await page('/channel/news/v-open?__site=acme')).body);
    const b = await page('/channel/news/v-open?__site=acme', { authorization: 'Bearer not-a-token' });
    // The page cache holds the branded page; the answer is not part of it.
    expect(a).not.toBeNull();
    expect(firstFrame(b.body)).toBeNull();
    expect(b.body).not.toContain(a!.playUrl.token);
    expect(b.headers['cache-control']).toBe('no-cache');
    expect(b.headers.vary).toBe('accept-encoding, authorization, cookie');
  });

  it('is left out once a session is involved: a bearer token or the signed-in hint cookie', async () => {
    const sessions: Record<string, string>[] = [
      { authorization: 'Bearer abc' },
      { cookie: `afUserId=x; ${SIGNED_IN_HINT_COOKIE}=1` },
      { cookie: `${SIGNED_IN_HINT_COOKIE}=1` },
    ];
    for (const headers of sessions) {
      const res = await page('/channel/news/v-open?__site=acme', headers);
      expect(res.statusCode).toBe(200);
      expect(firstFrame(res.body)).toBeNull();
      expect(res.body).not.toContain('rel="preload" as="fetch"');
      expect(res.headers['cache-control']).toBe('no-cache');
    }
    // Another cookie is no session.
    const other = await page('/channel/news/v-open?__site=acme', { cookie: 'afUserId=x' });
    expect(firstFrame(other.body)).not.toBeNull();
  });

  it('is left out for paid and login-only content, and for another site with no such video', async () => {
    for (const path of [
      '/channel/news/v-paid?__site=acme',
      '/channel/news/v-login?__site=acme',
      '/channel/news/v-open?__site=other',
      '/channel/news/v-missing?__site=acme',
    ]) {
      const res = await page(path);
      expect(res.statusCode).toBe(200);
      expect(firstFrame(res.body)).toBeNull();
      expect(res.headers['cache-control']).toBe('no-cache');
    }
  });

  it('is no part of live, party or other pages, which vary by encoding alone', async () => {
    for (const path of [
      '/?__site=acme',
      '/channel/news/live/v-open?__site=acme',
      '/movie/v-open?__site=acme',
    ]) {
      const res = await page(path);
      expect(firstFrame(res.body)).toBeNull();
      expect(res.headers.vary).toBe('accept-encoding');
    }
  });
});
