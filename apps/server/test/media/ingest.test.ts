import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runFfmpeg } from '../../src/media/ffmpeg';
import { parseMediaPlaylist, pickRungs } from '../../src/media/hls';
import { assetDir, ingestFile, type IngestResult } from '../../src/media/ingest';
import { probe } from '../../src/media/probe';
import { THUMBNAIL_SIZES, type ThumbnailKey } from '../../src/media/thumbnails';
import { createHarness, type Harness } from '../harness';
import { makeClip, mediaEntries, pixelSize, seedSite } from './fixtures';

let h: Harness;
let work: string;
beforeAll(async () => {
  h = await createHarness();
  await seedSite(h);
  work = join(h.config.dataDir, 'work');
  // 480p without audio: the ladder must add silent audio to every rendition.
  await makeClip(join(work, 'clip480.mp4'), { seconds: 5, height: 480, audio: false });
  writeFileSync(join(work, 'broken.mp4'), randomBytes(64 * 1024));
  writeFileSync(join(work, 'notes.txt'), 'just some text, not a video\n'.repeat(20));
  writeFileSync(
    join(work, 'subs.vtt'),
    'WEBVTT\n\n00:00:00.000 --> 00:00:02.000\nHello\n\n00:00:02.000 --> 00:00:04.000\nWorld\n',
  );
});
afterAll(() => h.close());

const counts = async () => ({
  assets: (await h.db.selectFrom('media_assets').select('id').execute()).length,
  videos: (await h.db.selectFrom('videos').select('uid').execute()).length,
});

describe('probe', () => {
  it('rejects random bytes named .mp4 with a clear message', async () => {
    await expect(probe(join(work, 'broken.mp4'))).rejects.toThrow(
      /^Not a video file: broken\.mp4 \(ffprobe: .+\)$/,
    );
  });

  it('rejects a text file', async () => {
    await expect(probe(join(work, 'notes.txt'))).rejects.toThrow(/^Not a video file: notes\.txt \(ffprobe: /);
  });

  it('rejects a still image', async () => {
    const png = join(work, 'still.png');
    await runFfmpeg(['-f', 'lavfi', '-i', 'color=red:size=64x64', '-frames:v', '1', png]);
    await expect(probe(png)).rejects.toThrow(/^Not a video file: still\.png \(ffprobe: a still image/);
  });

  it('reads duration, size, audio and codec', async () => {
    const info = await probe(join(work, 'clip480.mp4'));
    expect(info).toMatchObject({ width: 854, height: 480, hasAudio: false, codec: 'h264' });
    expect(info.durationS).toBeCloseTo(5, 1);
  });
});

describe('ladder choice', () => {
  it('keeps only the rungs the source fills, never scaling up', () => {
    expect(pickRungs(2160).map((r) => r.name)).toEqual(['1080p', '720p', '480p', '360p']);
    expect(pickRungs(720).map((r) => r.name)).toEqual(['720p', '480p', '360p']);
    expect(pickRungs(480).map((r) => r.name)).toEqual(['480p', '360p']);
    expect(pickRungs(240).map((r) => r.name)).toEqual(['360p']);
  });
});

describe('ingestFile failures leave nothing behind', () => {
  for (const [name, pattern] of [
    ['broken.mp4', /^Not a video file: broken\.mp4 \(ffprobe: /],
    ['notes.txt', /^Not a video file: notes\.txt \(ffprobe: /],
  ] as const) {
    it(`fails ${name} with the clear message`, async () => {
      await expect(ingestFile(h, { siteUid: 'acme', file: join(work, name) })).rejects.toThrow(pattern);
      expect(await counts()).toEqual({ assets: 0, videos: 0 });
      expect(mediaEntries(h.config.mediaDir)).toEqual([]);
    });
  }

  it('names a missing file, an unknown site, channel and type', async () => {
    const file = join(work, 'clip480.mp4');
    await expect(ingestFile(h, { siteUid: 'acme', file: join(work, 'nope.mp4') })).rejects.toThrow(
      /^File not found: .*nope\.mp4$/,
    );
    await expect(ingestFile(h, { siteUid: 'nope', file })).rejects.toThrow('Unknown site: nope');
    await expect(ingestFile(h, { siteUid: 'acme', file, channelId: 'zzz' })).rejects.toThrow(
      'Unknown channel: zzz',
    );
    await expect(ingestFile(h, { siteUid: 'acme', file, type: 'podcast' })).rejects.toThrow(
      /^Unknown video type: podcast/,
    );
    await expect(
      ingestFile(h, { siteUid: 'acme', file, subtitles: join(work, 'notes.txt') }),
    ).rejects.toThrow('Not a WebVTT file: notes.txt');
    expect(await counts()).toEqual({ assets: 0, videos: 0 });
  });

  it('removes the temp folder when aborted mid-encode', async () => {
    const abort = new AbortController();
    const run = ingestFile(h, {
      siteUid: 'acme',
      file: join(work, 'clip480.mp4'),
      jobId: 'abort-me',
      signal: abort.signal,
      onProgress: (_f, message) => {
        if (message.startsWith('encoding')) abort.abort();
      },
    });
    await expect(run).rejects.toThrow('Aborted');
    expect(await counts()).toEqual({ assets: 0, videos: 0 });
    expect(mediaEntries(h.config.mediaDir)).toEqual([]);
  });
});

describe('ingestFile of a 480p source', () => {
  let result: IngestResult;
  let dir: string;
  const progress: [number, string][] = [];
  beforeAll(async () => {
    result = await ingestFile(h, {
      siteUid: 'acme',
      file: join(work, 'clip480.mp4'),
      channelId: 'news',
      subtitles: join(work, 'subs.vtt'),
      description: '<p onclick="x()">Shot <b>on</b> film<script>alert(1)</script></p>',
      onProgress: (f, m) => progress.push([f, m]),
    });
    dir = assetDir(h.config, result.assetId);
  });

  it('returns ids of the expected shape and reports rising progress', () => {
    expect(result.assetId).toMatch(/^a_[0-9a-f]{16}$/);
    expect(result.videoUid).toMatch(/^[a-z0-9]{12}$/);
    expect(progress.map((p) => p[1])).toEqual(
      expect.arrayContaining(['probing', 'encoding 480p', 'encoding 360p']),
    );
    const fractions = progress.map((p) => p[0]);
    expect(fractions).toEqual([...fractions].sort((a, b) => a - b));
    expect(fractions.at(-1)).toBe(1);
    expect(mediaEntries(h.config.mediaDir)).toEqual([result.assetId]);
  });

  it('writes a master playlist with 480p and 360p only, highest first', () => {
    const master = readFileSync(join(dir, 'master.m3u8'), 'utf8');
    const variants = [...master.matchAll(/#EXT-X-STREAM-INF:(.*)\n(.*)/g)].map((m) => ({
      attrs: m[1]!,
      uri: m[2]!,
    }));
    expect(variants.map((v) => v.uri)).toEqual(['480p/index.m3u8', '360p/index.m3u8']);
    expect(variants[0]!.attrs).toMatch(/RESOLUTION=854x480/);
    expect(variants[1]!.attrs).toMatch(/RESOLUTION=640x360/);
    for (const v of variants) {
      expect(v.attrs).toMatch(/(^|,)BANDWIDTH=\d{5,}/);
      expect(v.attrs).toMatch(/AVERAGE-BANDWIDTH=\d{4,}/);
      expect(v.attrs).toMatch(/CODECS="avc1\.[0-9a-f]{6},mp4a\.40\.2"/);
      expect(v.attrs).toMatch(/SUBTITLES="subs"/);
    }
    expect(master).toMatch(
      /#EXT-X-MEDIA:TYPE=SUBTITLES,GROUP-ID="subs",NAME="English",LANGUAGE="en".*URI="subs-en\.m3u8"/,
    );
  });

  it('cuts every rendition into 2-second segments, each with audio', async () => {
    for (const rung of ['480p', '360p']) {
      const text = readFileSync(join(dir, rung, 'index.m3u8'), 'utf8');
      expect(text).toContain('#EXT-X-TARGETDURATION:2');
      expect(text).toContain('#EXT-X-PLAYLIST-TYPE:VOD');
      expect(text.trim().endsWith('#EXT-X-ENDLIST')).toBe(true);
      const segs = parseMediaPlaylist(text);
      expect(segs.map((s) => s.uri)).toEqual(['seg_00000.ts', 'seg_00001.ts', 'seg_00002.ts']);
      for (const s of segs.slice(0, -1)) expect(s.duration).toBeCloseTo(2, 1);
      expect(segs.reduce((a, s) => a + s.duration, 0)).toBeCloseTo(5, 0);
      const first = await probe(join(dir, rung, 'seg_00000.ts'));
      expect(first.hasAudio).toBe(true);
      expect(first.height).toBe(rung === '480p' ? 480 : 360);
    }
  });

  it('writes the five thumbnails at their pixel sizes', async () => {
    for (const [key, size] of Object.entries(THUMBNAIL_SIZES)) {
      expect(await pixelSize(join(dir, `thumb-${key as ThumbnailKey}.jpg`))).toEqual(size);
    }
  });

  it('copies the subtitles with a one-segment playlist mapped to the TS clock', () => {
    const vtt = readFileSync(join(dir, 'subs-en.vtt'), 'utf8');
    expect(vtt).toMatch(/^WEBVTT\nX-TIMESTAMP-MAP=MPEGTS:\d+,LOCAL:00:00:00\.000\n\n/);
    expect(vtt).toContain('Hello');
    const playlist = readFileSync(join(dir, 'subs-en.m3u8'), 'utf8');
    expect(parseMediaPlaylist(playlist)).toEqual([{ duration: expect.closeTo(5, 1), uri: 'subs-en.vtt' }]);
    expect(playlist.trim().endsWith('#EXT-X-ENDLIST')).toBe(true);
  });

  it('inserts the ready asset and its video in the catalog', async () => {
    const asset = await h.db
      .selectFrom('media_assets')
      .selectAll()
      .where('id', '=', result.assetId)
      .executeTakeFirstOrThrow();
    expect(asset).toMatchObject({
      site_uid: 'acme',
      status: 'ready',
      width: 854,
      height: 480,
      segment_seconds: 2,
    });
    expect(asset.duration_s).toBeCloseTo(5, 1);
    expect(asset.source_name).toBe('clip480.mp4');
    const renditions = JSON.parse(asset.renditions);
    expect(renditions.map((r: { name: string }) => r.name)).toEqual(['480p', '360p']);
    expect(renditions[0]).toMatchObject({ width: 854, height: 480, playlist: '480p/index.m3u8' });
    expect(renditions[0].bandwidth).toBeGreaterThanOrEqual(renditions[0].averageBandwidth);
    expect(JSON.parse(asset.thumbnails)).toEqual({
      maxres: 'thumb-maxres.jpg',
      high: 'thumb-high.jpg',
      medium: 'thumb-medium.jpg',
      standard: 'thumb-standard.jpg',
      default: 'thumb-default.jpg',
    });
    expect(JSON.parse(asset.subtitles)).toEqual([{ language: 'en', label: 'English', file: 'subs-en.vtt' }]);
    for (const f of Object.values(JSON.parse(asset.thumbnails) as Record<string, string>))
      expect(existsSync(join(dir, f))).toBe(true);

    const video = await h.db
      .selectFrom('videos')
      .selectAll()
      .where('uid', '=', result.videoUid!)
      .executeTakeFirstOrThrow();
    expect(video).toMatchObject({
      site_uid: 'acme',
      type: 'video',
      title: 'clip480',
      channel_id: 'news',
      asset_id: result.assetId,
      // Sanitized on write (flag wysiwyg, decision 0061): the allow-list's elements, no script.
      description: '<p>Shot <strong>on</strong> film</p>',
    });
    expect(video.duration_s).toBeCloseTo(5, 1);
    expect(Date.now() - Date.parse(video.published_at)).toBeLessThan(120_000);
  });

  it('refuses a video uid that is taken, before encoding anything', async () => {
    await expect(
      ingestFile(h, { siteUid: 'acme', file: join(work, 'clip480.mp4'), videoUid: result.videoUid! }),
    ).rejects.toThrow(`Video uid already exists: ${result.videoUid}`);
  });
});
