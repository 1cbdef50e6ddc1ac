import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Db } from '../../src/db/database';
import { binaries } from '../../src/media/ffmpeg';
import type { Insertable } from 'kysely';
import type { LiveChannelsTable, VideosTable } from '../../src/db/schema';
import { newSiteRow } from '../../src/modules/sites/site-defaults';
import { videoRow } from '../fixtures';

export type TestRendition = { name: string; width: number; height: number };

/**
 * A tiny real HLS asset made by ffmpeg: <mediaDir>/<assetId>/{master.m3u8, <name>/index.m3u8,
 * <name>/seg_%05d.ts, thumb-*.jpg, subs-en.vtt}, 2-s segments with H.264 video and AAC audio.
 */
export function makeHlsAsset(mediaDir: string, assetId: string, renditions: TestRendition[], seconds = 8) {
  const dir = join(mediaDir, assetId);
  const rows = renditions.map((r) => {
    mkdirSync(join(dir, r.name), { recursive: true });
    // prettier-ignore
    execFileSync(binaries().ffmpeg, [
      '-v', 'error', '-y',
      '-f', 'lavfi', '-i', `testsrc2=size=${r.width}x${r.height}:rate=24`,
      '-f', 'lavfi', '-i', 'sine',
      '-t', String(seconds),
      '-c:v', 'libx264', '-preset', 'ultrafast', '-force_key_frames', 'expr:gte(t,n_forced*2)',
      '-c:a', 'aac', '-f', 'hls', '-hls_time', '2', '-hls_playlist_type', 'vod',
      '-hls_segment_filename', join(dir, r.name, 'seg_%05d.ts'),
      join(dir, r.name, 'index.m3u8'),
    ]);
    const bandwidth = 200_000 * (r.height / 180);
    return { ...r, bandwidth, averageBandwidth: bandwidth / 2, playlist: `${r.name}/index.m3u8` };
  });
  const master = ['#EXTM3U', '#EXT-X-VERSION:3'];
  for (const r of rows) {
    master.push(`#EXT-X-STREAM-INF:BANDWIDTH=${r.bandwidth},RESOLUTION=${r.width}x${r.height}`, r.playlist);
  }
  writeFileSync(join(dir, 'master.m3u8'), `${master.join('\n')}\n`);
  // prettier-ignore
  execFileSync(binaries().ffmpeg, ['-v', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc2=size=320x180', '-frames:v', '1', join(dir, 'thumb-high.jpg')]);
  writeFileSync(join(dir, 'subs-en.vtt'), 'WEBVTT\n\n00:00.000 --> 00:02.000\nHello\n');
  return rows;
}

/** Inserts a ready media_assets row for an asset made by makeHlsAsset. */
export async function insertAsset(
  db: Db,
  siteUid: string,
  id: string,
  renditions: ReturnType<typeof makeHlsAsset>,
  durationS = 8,
  status = 'ready',
) {
  await db
    .insertInto('media_assets')
    .values({
      id,
      site_uid: siteUid,
      status,
      source_name: `${id}.mp4`,
      duration_s: durationS,
      width: renditions[0]?.width ?? 0,
      height: renditions[0]?.height ?? 0,
      renditions: JSON.stringify(renditions),
      thumbnails: JSON.stringify({ high: 'thumb-high.jpg' }),
      subtitles: JSON.stringify([{ language: 'en', label: 'English', file: 'subs-en.vtt' }]),
      segment_seconds: 2,
      created_at: new Date().toISOString(),
    })
    .execute();
}

export async function insertVideo(
  db: Db,
  siteUid: string,
  uid: string,
  over: Partial<Insertable<VideosTable>> = {},
) {
  await db
    .insertInto('videos')
    .values(videoRow(siteUid, uid, { title: uid, duration_s: 0, ...over }))
    .execute();
}

/** A live channel row with the table's defaults. */
export function liveChannelRow(
  siteUid: string,
  id: string,
  channelNum: number,
  over: Partial<LiveChannelsTable> = {},
) {
  const row: LiveChannelsTable = {
    site_uid: siteUid,
    id,
    channel_num: channelNum,
    name: id,
    description: '',
    categories: '[]',
    access_type: 'public',
    preview_minutes: 0,
    thumbnail: null,
  };
  return { ...row, ...over } as LiveChannelsTable;
}

/** Site acme with one 4-s 360p asset `asset1` (makeHlsAsset) behind the given videos. */
export async function acmeWithAsset(
  h: { db: Db; config: { mediaDir: string } },
  videos: Record<string, Partial<Insertable<VideosTable>>>,
) {
  await h.db.insertInto('sites').values(newSiteRow('acme', 'Acme TV')).execute();
  const renditions = makeHlsAsset(
    h.config.mediaDir,
    'asset1',
    [{ name: '360p', width: 640, height: 360 }],
    4,
  );
  await insertAsset(h.db, 'acme', 'asset1', renditions, 4);
  for (const [uid, over] of Object.entries(videos))
    await insertVideo(h.db, 'acme', uid, { asset_id: 'asset1', ...over });
}
