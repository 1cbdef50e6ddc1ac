import { join } from 'node:path';
import { runFfmpeg } from './ffmpeg';

export type ThumbnailKey = 'maxres' | 'high' | 'medium' | 'standard' | 'default';

/** The spec's thumbnail keys and their pixel sizes (YouTube's naming). */
export const THUMBNAIL_SIZES: Record<ThumbnailKey, { width: number; height: number }> = {
  maxres: { width: 1280, height: 720 },
  high: { width: 480, height: 360 },
  medium: { width: 320, height: 180 },
  standard: { width: 640, height: 480 },
  default: { width: 120, height: 90 },
};

export type Thumbnails = Record<ThumbnailKey, string>;

/** File name of a thumbnail inside the asset folder. */
export const thumbnailFile = (key: ThumbnailKey) => `thumb-${key}.jpg`;

/**
 * Writes the five JPEG thumbnails from one frame at ~10% of the duration, in one ffmpeg run.
 * Each is scaled to cover its box and centre-cropped, so 4:3 sizes of a 16:9 source have no bars.
 */
export async function writeThumbnails(
  source: string,
  durationS: number,
  dir: string,
  signal?: AbortSignal,
): Promise<Thumbnails> {
  const keys = Object.keys(THUMBNAIL_SIZES) as ThumbnailKey[];
  const at = Math.max(0, Math.min(durationS * 0.1, durationS - 0.1));
  const graph = [
    `[0:v]split=${keys.length}${keys.map((k) => `[s_${k}]`).join('')}`,
    ...keys.map((k) => {
      const { width: w, height: h } = THUMBNAIL_SIZES[k];
      return `[s_${k}]scale=${w}:${h}:force_original_aspect_ratio=increase,crop=${w}:${h},setsar=1[t_${k}]`;
    }),
  ].join(';');
  const outputs = keys.flatMap((k) => [
    '-map',
    `[t_${k}]`,
    '-frames:v',
    '1',
    '-q:v',
    '3',
    '-update',
    '1',
    join(dir, thumbnailFile(k)),
  ]);
  await runFfmpeg(['-ss', at.toFixed(3), '-i', source, '-filter_complex', graph, ...outputs], { signal });
  return Object.fromEntries(keys.map((k) => [k, thumbnailFile(k)])) as Thumbnails;
}
