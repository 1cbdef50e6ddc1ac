import { readFileSync, statSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMediaSigner } from '../../src/modules/playback/media-token';
import { newSiteRow } from '../../src/modules/sites/site-defaults';
import { createHarness, type Harness } from '../harness';
import { insertAsset, insertVideo, makeHlsAsset } from './fixtures';

const NOW = Date.UTC(2026, 10, 22, 12, 0, 0);
const TTL = 600;
const clock = { now: NOW };
let h: Harness;
let token: string;
let segment: string;
let segmentBytes: Buffer;

/** Sends the path exactly as written (no URL normalisation), over a real socket. */
function rawGet(port: number, path: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, path, method: 'GET' }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on('error', reject);
    req.end();
  });
}

beforeAll(async () => {
  h = await createHarness({
    context: { now: () => clock.now },
    env: { PLAY_URL_TTL_SECONDS: String(TTL) },
  });
  await h.db.insertInto('sites').values(newSiteRow('acme', 'Acme TV')).execute();
  for (const id of ['asset1', 'asset2']) {
    const renditions = makeHlsAsset(h.config.mediaDir, id, [{ name: '360p', width: 640, height: 360 }], 4);
    await insertAsset(h.db, 'acme', id, renditions, 4);
    await insertVideo(h.db, 'acme', `v-${id}`, { asset_id: id });
  }
  writeFileSync(join(h.config.mediaDir, 'secret.txt'), 'not for you');
  writeFileSync(join(h.config.mediaDir, 'asset1', 'source.mp3'), 'not served');
  const body = (await h.app.inject('/v2/sites/acme/videos/v-asset1/play-url')).json();
  token = body.token;
  segment = `/media/${token}/asset1/360p/seg_00000.ts`;
  segmentBytes = readFileSync(join(h.config.mediaDir, 'asset1/360p/seg_00000.ts'));
});
afterAll(() => h.close());

describe('GET /media/{token}/{assetId}/… — refused', () => {
  const expect403 = async (url: string) => {
    const res = await h.app.inject(url);
    expect(res.statusCode, url).toBe(403);
    expect(res.json().error.code).toBe('forbidden');
  };

  it('403s a missing or malformed token', async () => {
    await expect403('/media/-/asset1/master.m3u8');
    await expect403('/media/not-a-token/asset1/master.m3u8');
    await expect403(`/media/${token.split('.')[0]}/asset1/master.m3u8`);
  });

  it('403s a tampered signature or payload', async () => {
    const [body, sig] = token.split('.') as [string, string];
    const flipped = sig.slice(0, -2) + (sig.at(-2) === 'A' ? 'B' : 'A') + sig.at(-1);
    await expect403(`/media/${body}.${flipped}/asset1/master.m3u8`);
    const claims = JSON.parse(Buffer.from(body, 'base64url').toString());
    const longer = Buffer.from(JSON.stringify({ ...claims, exp: claims.exp + 86_400 })).toString('base64url');
    await expect403(`/media/${longer}.${sig}/asset1/master.m3u8`);
    const otherKey = createMediaSigner('another-secret-another-secret-0123456').sign(claims);
    await expect403(`/media/${otherKey}/asset1/master.m3u8`);
  });

  it('403s an expired token', async () => {
    expect((await h.app.inject(segment)).statusCode).toBe(200);
    clock.now = NOW + (TTL + 61) * 1000;
    try {
      await expect403(segment);
    } finally {
      clock.now = NOW;
    }
  });

  it("403s a token used on another asset's folder, or one issued for a live channel", async () => {
    await expect403(`/media/${token}/asset2/master.m3u8`);
    const live = (await h.app.inject('/v2/sites/acme/live-channels/none/play-url')).statusCode;
    expect(live).toBe(404);
    const channelToken = createMediaSigner(h.config.mediaSecret).sign({
      exp: NOW / 1000 + 60,
      site: 'acme',
      channel: 'c',
    });
    await expect403(`/media/${channelToken}/asset1/master.m3u8`);
  });

  it('400s traversal: .., encoded separators and dots, backslashes, empty segments', async () => {
    await h.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = h.app.server.address() as AddressInfo;
    for (const path of [
      `/media/${token}/asset1/../secret.txt`,
      `/media/${token}/asset1/360p/../../secret.txt`,
      `/media/${token}/../secret.txt/x`,
      `/media/${token}/asset1/%2e%2e/secret.txt`,
      `/media/${token}/asset1/..%2Fsecret.txt`,
      `/media/${token}/asset1/..%5Csecret.txt`,
      `/media/${token}/asset1/360p//seg_00000.ts`,
      `/media/${token}/asset1/%2Fetc%2Fpasswd`,
    ]) {
      expect(await rawGet(port, path), path).toBe(400);
    }
    // Through inject the URL is normalised first; it must never reach a file outside the folder.
    const res = await h.app.inject(`/media/${token}/asset1/../secret.txt`);
    expect([400, 403, 404]).toContain(res.statusCode);
  });

  it('404s files that are not media (unknown extension) and files that do not exist', async () => {
    expect((await h.app.inject(`/media/${token}/asset1/source.mp3`)).statusCode).toBe(404);
    expect((await h.app.inject(`/media/${token}/asset1/360p/seg_09999.ts`)).statusCode).toBe(404);
  });

  it('416s an unsatisfiable range with Content-Range: bytes */size', async () => {
    for (const range of [`bytes=${segmentBytes.length}-`, 'bytes=500-100', 'bytes=-0']) {
      const res = await h.app.inject({ url: segment, headers: { range } });
      expect(res.statusCode, range).toBe(416);
      expect(res.headers['content-range']).toBe(`bytes */${segmentBytes.length}`);
      expect(res.json().error.code).toBe('rangeNotSatisfiable');
    }
  });
});

describe('GET /media/{token}/{assetId}/… — served', () => {
  it('serves each file type with its content type and cache policy', async () => {
    const cases: [string, string, RegExp][] = [
      ['master.m3u8', 'application/vnd.apple.mpegurl', /^public, max-age=60$/],
      ['360p/index.m3u8', 'application/vnd.apple.mpegurl', /^public, max-age=60$/],
      ['360p/seg_00001.ts', 'video/mp2t', /^public, max-age=31536000, immutable$/],
      ['subs-en.vtt', 'text/vtt', /max-age=/],
      ['thumb-high.jpg', 'image/jpeg', /max-age=/],
    ];
    for (const [file, type, cache] of cases) {
      const res = await h.app.inject(`/media/${token}/asset1/${file}`);
      expect(res.statusCode, file).toBe(200);
      expect(res.headers['content-type']).toBe(type);
      expect(res.headers['cache-control']).toMatch(cache);
      expect(res.headers['accept-ranges']).toBe('bytes');
      expect(res.headers.etag).toMatch(/^"[0-9a-f]+-[0-9a-f]+"$/);
      expect(res.headers['last-modified']).toBeTruthy();
    }
  });

  it('plays the relative variant and segment URIs under the same token', async () => {
    const variant = await h.app.inject(`/media/${token}/asset1/360p/index.m3u8`);
    expect(variant.body).toContain('seg_00000.ts');
    expect(variant.body).toContain('#EXT-X-ENDLIST');
    const res = await h.app.inject(segment);
    expect(res.rawPayload.equals(segmentBytes)).toBe(true);
    expect(Number(res.headers['content-length'])).toBe(segmentBytes.length);
  });

  it('serves tokens as long as real ids make them (well past 100 characters)', async () => {
    const assetId = `a_${'0123456789abcdef'.repeat(2)}`;
    const renditions = makeHlsAsset(
      h.config.mediaDir,
      assetId,
      [{ name: '360p', width: 640, height: 360 }],
      4,
    );
    await insertAsset(h.db, 'acme', assetId, renditions, 4);
    await insertVideo(h.db, 'acme', 'a-video-uid-of-forty-characters-00000000', { asset_id: assetId });
    const play = (
      await h.app.inject('/v2/sites/acme/videos/a-video-uid-of-forty-characters-00000000/play-url')
    ).json();
    expect(play.token.length).toBeGreaterThan(100);
    expect((await h.app.inject(play.url)).statusCode).toBe(200);
  });

  it('answers byte ranges with 206 and Content-Range (start-end, open end, suffix)', async () => {
    const size = segmentBytes.length;
    for (const [range, start, end] of [
      ['bytes=0-99', 0, 99],
      ['bytes=188-', 188, size - 1],
      ['bytes=-100', size - 100, size - 1],
      [`bytes=10-${size + 50}`, 10, size - 1],
    ] as const) {
      const res = await h.app.inject({ url: segment, headers: { range } });
      expect(res.statusCode, range).toBe(206);
      expect(res.headers['content-range']).toBe(`bytes ${start}-${end}/${size}`);
      expect(Number(res.headers['content-length'])).toBe(end - start + 1);
      expect(res.rawPayload.equals(segmentBytes.subarray(start, end + 1))).toBe(true);
    }
    const ignored = await h.app.inject({ url: segment, headers: { range: 'bytes=0-1,5-9' } });
    expect(ignored.statusCode).toBe(200);
  });

  it('answers HEAD with the headers and no body', async () => {
    const res = await h.app.inject({ method: 'HEAD', url: segment });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('video/mp2t');
    expect(Number(res.headers['content-length'])).toBe(segmentBytes.length);
    expect(res.rawPayload.length).toBe(0);
    const range = await h.app.inject({ method: 'HEAD', url: segment, headers: { range: 'bytes=0-9' } });
    expect(range.statusCode).toBe(206);
    expect(range.headers['content-length']).toBe('10');
  });

  it('revalidates with ETag and Last-Modified (304)', async () => {
    const first = await h.app.inject(segment);
    const etag = first.headers.etag as string;
    const byEtag = await h.app.inject({ url: segment, headers: { 'if-none-match': etag } });
    expect(byEtag.statusCode).toBe(304);
    expect(byEtag.rawPayload.length).toBe(0);
    const lastModified = first.headers['last-modified'] as string;
    const byDate = await h.app.inject({ url: segment, headers: { 'if-modified-since': lastModified } });
    expect(byDate.statusCode).toBe(304);
    const stale = await h.app.inject({ url: segment, headers: { 'if-none-match': '"nope"' } });
    expect(stale.statusCode).toBe(200);
    expect(statSync(join(h.config.mediaDir, 'asset1/360p/seg_00000.ts')).size).toBe(segmentBytes.length);
  });
});

describe('GET /media/thumbs/{assetId}/thumb-{size}.jpg', () => {
  it('serves thumbnails unsigned with long cache headers', async () => {
    const res = await h.app.inject('/media/thumbs/asset1/thumb-high.jpg');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/jpeg');
    expect(res.headers['cache-control']).toMatch(/public, max-age=\d{6,}/);
    const head = await h.app.inject({ method: 'HEAD', url: '/media/thumbs/asset1/thumb-high.jpg' });
    expect(head.statusCode).toBe(200);
  });

  it('404s other files, unknown sizes and missing thumbnails', async () => {
    for (const url of [
      '/media/thumbs/asset1/thumb-huge.jpg',
      '/media/thumbs/asset1/master.m3u8',
      '/media/thumbs/asset1/thumb-maxres.jpg',
      '/media/thumbs/nope/thumb-high.jpg',
      '/media/thumbs/..%2Fasset1/thumb-high.jpg',
    ]) {
      expect((await h.app.inject(url)).statusCode, url).toBe(404);
    }
  });
});

describe('GET /media/subs/{assetId}/{name}.vtt', () => {
  it("404s bad names, unknown assets and a paid (encrypted) asset's subtitles", async () => {
    await h.db
      .insertInto('media_asset_keys')
      .values({
        asset_id: 'asset2',
        key_hex: '00'.repeat(16),
        iv_hex: '00'.repeat(16),
        created_at: new Date(NOW).toISOString(),
      })
      .execute();
    try {
      for (const url of [
        '/media/subs/asset1/subs-en.m3u8',
        '/media/subs/asset1/../secret.vtt',
        '/media/subs/asset1/missing.vtt',
        '/media/subs/nope/subs-en.vtt',
        '/media/subs/..%2Fasset1/subs-en.vtt',
        '/media/subs/asset2/subs-en.vtt',
      ]) {
        expect((await h.app.inject(url)).statusCode, url).toBe(404);
      }
    } finally {
      await h.db.deleteFrom('media_asset_keys').where('asset_id', '=', 'asset2').execute();
    }
  });

  it("serves a free asset's subtitles unsigned, as the catalog's subtitle URL names them", async () => {
    const res = await h.app.inject('/media/subs/asset1/subs-en.vtt');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/vtt/);
    expect(res.headers['cache-control']).toMatch(/^public/);
    expect(res.body).toContain('WEBVTT');
  });
});
