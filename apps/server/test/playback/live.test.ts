import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMediaSigner } from '../../src/modules/playback/media-token';
import { newSiteRow } from '../../src/modules/sites/site-defaults';
import { createHarness, type Harness } from '../harness';
import { insertAsset, liveChannelRow, makeHlsAsset } from './fixtures';

/** A slot boundary: slot k covers [2k, 2k + 2) s since the epoch. */
const T0 = Date.UTC(2026, 10, 22, 12, 0, 0);
const K0 = T0 / 2000;
const at = (seconds: number) => T0 + seconds * 1000;
const clock = { now: at(15) };
let h: Harness;
let master: string;

type Playlist = { sequence: number; discontinuitySequence: number; lines: string[]; uris: string[] };
function parse(body: string): Playlist {
  const lines = body.trim().split('\n');
  const tag = (name: string) => Number(lines.find((l) => l.startsWith(`${name}:`))?.split(':')[1]);
  return {
    sequence: tag('#EXT-X-MEDIA-SEQUENCE'),
    discontinuitySequence: tag('#EXT-X-DISCONTINUITY-SEQUENCE'),
    lines,
    uris: lines.filter((l) => !l.startsWith('#')),
  };
}
/** Segments as asset:index, with '|' before each discontinuity. */
const shape = (p: Playlist) =>
  p.lines
    .filter((l) => l === '#EXT-X-DISCONTINUITY' || !l.startsWith('#'))
    .map((l) =>
      l.startsWith('#') ? '|' : l.replace(/^\/media\/[^/]+\/([^/]+)\/360p\/seg_0*(\d+)\.ts$/, '$1:$2'),
    )
    .join(' ');

const variant = async () => {
  const res = await h.app.inject(master.replace('master.m3u8', '360p.m3u8'));
  expect(res.statusCode, res.body).toBe(200);
  return parse(res.body);
};

beforeAll(async () => {
  h = await createHarness({ context: { now: () => clock.now } });
  await h.db.insertInto('sites').values(newSiteRow('acme', 'Acme TV')).execute();
  // a: 8 s in 360p and 240p; b: 6 s in 360p only → the channel offers 360p.
  const a = makeHlsAsset(h.config.mediaDir, 'a', [
    { name: '360p', width: 640, height: 360 },
    { name: '240p', width: 426, height: 240 },
  ]);
  const b = makeHlsAsset(h.config.mediaDir, 'b', [{ name: '360p', width: 640, height: 360 }], 6);
  await insertAsset(h.db, 'acme', 'a', a, 8);
  await insertAsset(h.db, 'acme', 'b', b, 6);
  await h.db
    .insertInto('live_channels')
    .values([liveChannelRow('acme', 'linear', 7), liveChannelRow('acme', 'empty', 8)])
    .execute();
  const epg = (startS: number, stopS: number, asset: string) => ({
    site_uid: 'acme',
    live_channel_id: 'linear',
    start: new Date(at(startS)).toISOString(),
    stop: new Date(at(stopS)).toISOString(),
    title: `${asset} at ${startS}`,
    description: '',
    asset_id: asset,
  });
  // a loops within 0–20 s (restarts at 8 and 16), b from 20 to 32 (restart at 26), then off air.
  await h.db
    .insertInto('epg_entries')
    .values([epg(0, 20, 'a'), epg(20, 32, 'b')])
    .execute();
  const res = await h.app.inject('/v2/sites/acme/live-channels/linear/play-url');
  master = res.json().url;
});
afterAll(() => h.close());

describe('linear live channel — refused', () => {
  it('404s an unknown live channel', async () => {
    const res = await h.app.inject('/v2/sites/acme/live-channels/nope/play-url');
    expect(res.statusCode).toBe(404);
  });

  it('403s a missing, tampered, foreign or expired live token', async () => {
    const foreign = createMediaSigner(h.config.mediaSecret).sign({
      exp: at(600) / 1000,
      site: 'acme',
      channel: 'empty',
    });
    const asset = createMediaSigner(h.config.mediaSecret).sign({ exp: at(600) / 1000, asset: 'a' });
    const token = master.split('/')[2]!;
    for (const url of [
      '/live/-/acme/linear/master.m3u8',
      // The signature's first character (its last one holds 2 padding bits a decoder ignores).
      `/live/${token.replace(/\.(.)/, (_m, c: string) => `.${c === 'A' ? 'B' : 'A'}`)}/acme/linear/master.m3u8`,
      `/live/${foreign}/acme/linear/360p.m3u8`,
      `/live/${asset}/acme/linear/360p.m3u8`,
      master.replace('/linear/', '/empty/'),
    ]) {
      const res = await h.app.inject(url);
      expect(res.statusCode, url).toBe(403);
      expect(res.json().error.code).toBe('forbidden');
    }
    const saved = clock.now;
    clock.now = at(7 * 3600);
    expect((await h.app.inject(master)).statusCode).toBe(403);
    clock.now = saved;
  });

  it('404s an unknown rendition and a rendition not every asset has', async () => {
    for (const r of ['1080p', '240p']) {
      expect((await h.app.inject(master.replace('master.m3u8', `${r}.m3u8`))).statusCode).toBe(404);
    }
  });

  it("404s 'Channel is off air' when no EPG entry covers now", async () => {
    const saved = clock.now;
    for (const s of [-30, 40]) {
      clock.now = at(s);
      const res = await h.app.inject(master.replace('master.m3u8', '360p.m3u8'));
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: { code: 'offAir', message: 'Channel is off air' } });
    }
    clock.now = saved;
  });
});

describe('linear live channel — playing', () => {
  it('lists the renditions every scheduled asset has in the master, uncached', async () => {
    const res = await h.app.inject(master);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.apple.mpegurl');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).toMatch(
      /#EXT-X-STREAM-INF:BANDWIDTH=\d+,AVERAGE-BANDWIDTH=\d+,RESOLUTION=640x360\n360p\.m3u8/,
    );
    expect(res.body).not.toContain('240p');
  });

  it('builds a 12-s live window on the wall clock: no ENDLIST, target 2 s, sequence = slot number', async () => {
    clock.now = at(15);
    const p = await variant();
    expect(p.lines).toContain('#EXT-X-TARGETDURATION:2');
    expect(p.lines).not.toContain('#EXT-X-ENDLIST');
    expect(p.lines.filter((l) => l.startsWith('#EXTINF:'))).toEqual(Array(6).fill('#EXTINF:2.000,'));
    // Finished slots at 15 s: [2,4) … [12,14) → slots 1–6; a loops at 8 s.
    expect(p.sequence).toBe(K0 + 1);
    expect(p.discontinuitySequence).toBe(0);
    expect(shape(p)).toBe('a:1 a:2 a:3 | a:0 a:1 a:2');
  });

  it('advances the media sequence by one every 2 s and keeps the discontinuity sequence right as it slides', async () => {
    clock.now = at(17);
    const next = await variant();
    expect(next.sequence).toBe(K0 + 2);
    expect(shape(next)).toBe('a:2 a:3 | a:0 a:1 a:2 a:3');
    expect(next.discontinuitySequence).toBe(0);

    clock.now = at(21); // the loop restart at 8 s now opens the window, keeping its tag
    const atTag = await variant();
    expect(atTag.sequence).toBe(K0 + 4);
    expect(shape(atTag)).toBe('| a:0 a:1 a:2 a:3 | a:0 a:1');
    expect(atTag.discontinuitySequence).toBe(0);

    clock.now = at(23); // that tagged segment has slid out: the discontinuity sequence takes it over
    const later = await variant();
    expect(later.sequence).toBe(K0 + 5);
    expect(shape(later)).toBe('a:1 a:2 a:3 | a:0 a:1 | b:0');
    expect(later.discontinuitySequence).toBe(1);

    clock.now = at(29.5); // across the programme boundary at 20 s and b's loop at 26 s
    const crossing = await variant();
    expect(crossing.sequence).toBe(K0 + 8);
    expect(shape(crossing)).toBe('| a:0 a:1 | b:0 b:1 b:2 | b:0');
    expect(crossing.discontinuitySequence).toBe(1);

    clock.now = at(31.9);
    const slid = await variant();
    expect(slid.sequence).toBe(K0 + 9);
    expect(shape(slid)).toBe('a:1 | b:0 b:1 b:2 | b:0 b:1');
    expect(slid.discontinuitySequence).toBe(2);
  });

  it('lists absolute segment URIs signed for each asset that play through /media as video/mp2t', async () => {
    clock.now = at(29.5);
    const p = await variant();
    for (const uri of p.uris) {
      expect(uri).toMatch(/^\/media\/[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{22}\/(a|b)\/360p\/seg_\d{5}\.ts$/);
      const seg = await h.app.inject(uri);
      expect(seg.statusCode, uri).toBe(200);
      expect(seg.headers['content-type']).toBe('video/mp2t');
    }
    const aToken = p.uris[0]!.split('/')[2]!;
    expect((await h.app.inject(`/media/${aToken}/b/360p/seg_00000.ts`)).statusCode).toBe(403);
  });

  it('answers HEAD on a live playlist', async () => {
    clock.now = at(15);
    const res = await h.app.inject({ method: 'HEAD', url: master.replace('master.m3u8', '360p.m3u8') });
    expect(res.statusCode).toBe(200);
    expect(Number(res.headers['content-length'])).toBeGreaterThan(100);
    expect(res.rawPayload.length).toBe(0);
  });
});
