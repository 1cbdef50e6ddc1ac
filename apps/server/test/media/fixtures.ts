import { mkdirSync, readdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { runFfmpeg } from '../../src/media/ffmpeg';
import { runFfprobe } from '../../src/media/ffmpeg';
import { newSiteRow } from '../../src/modules/sites/site-defaults';
import type { Harness } from '../harness';

/** A tiny test clip: testsrc at the given height (16:9), 24 fps, with a tone unless `audio` is false. */
export async function makeClip(
  file: string,
  opts: { seconds: number; height: number; audio?: boolean },
): Promise<void> {
  mkdirSync(dirname(file), { recursive: true });
  const width = Math.round((opts.height * 16) / 9 / 2) * 2;
  const audio =
    opts.audio === false ? [] : ['-f', 'lavfi', '-i', `sine=frequency=440:duration=${opts.seconds}`];
  await runFfmpeg([
    '-f',
    'lavfi',
    '-i',
    `testsrc=size=${width}x${opts.height}:rate=24:duration=${opts.seconds}`,
    ...audio,
    '-c:v',
    'libx264',
    '-preset',
    'ultrafast',
    '-pix_fmt',
    'yuv420p',
    ...(opts.audio === false ? [] : ['-c:a', 'aac']),
    file,
  ]);
}

/** Inserts a site (and a channel) to ingest into. */
export async function seedSite(h: Harness, uid = 'acme'): Promise<void> {
  await h.db.insertInto('sites').values(newSiteRow(uid, 'Acme TV')).execute();
  await h.db
    .insertInto('channels')
    .values({ site_uid: uid, id: 'news', name: 'News', type: 'default', description: '', position: 0 })
    .execute();
}

/** Pixel size of an image or the first video stream of a file. */
export async function pixelSize(file: string): Promise<{ width: number; height: number }> {
  const doc = (await runFfprobe(['-show_streams', file])) as { streams: { width: number; height: number }[] };
  return { width: doc.streams[0]!.width, height: doc.streams[0]!.height };
}

/** Entries of the media folder, hidden temp folders included. */
export const mediaEntries = (dir: string) => {
  try {
    return readdirSync(dir);
  } catch {
    return [];
  }
};
