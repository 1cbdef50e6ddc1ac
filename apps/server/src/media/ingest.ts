import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, rmSync, statfsSync, statSync, writeFileSync } from 'node:fs';
import { basename, extname, join } from 'node:path';
import { sanitizeRichText } from '@marquee/domain';
import type { Db } from '../db/database';
import type { Config } from '../plugins/config';
import {
  encodeRendition,
  pickRungs,
  SEGMENT_SECONDS,
  subtitlePlaylist,
  subtitlePlaylistName,
  writeMasterPlaylist,
  type ClearKey,
  type ContentKey,
  type EncodeOptions,
  type Rendition,
  type SubtitleTrack,
} from './hls';
import { newAssetId, newJobId, newVideoUid } from './ids';
import { createMediaRepository } from './media.repository';
import { probe } from './probe';
import { mediaStorage, type MediaStorage, type StorageConfig } from './storage';
import { writeThumbnails } from './thumbnails';
import { newVideoRow } from '../db/video-row';

export type SubtitleInput = { file: string; language?: string; label?: string };

export type IngestInput = {
  siteUid: string;
  /** Path of the source video. */
  file: string;
  /** Defaults to the file's base name without extension. */
  title?: string;
  description?: string;
  channelId?: string;
  /** Defaults to 12 random lowercase letters and digits. */
  videoUid?: string;
  /** The video's type (movie, episode, video…); 'video' by default. */
  type?: string;
  /** A WebVTT file (English), or several with their languages. */
  subtitles?: string | SubtitleInput[];
  /** Only make the media asset; the caller writes its own catalog rows (the seed does). */
  assetOnly?: boolean;
  /** Names the temp folder (.tmp-<jobId>); a random id when not given. */
  jobId?: string;
  /** libx264 preset; 'veryfast' unless the caller trades quality for speed (demo media). */
  preset?: EncodeOptions['preset'];
  /** Keep the source's AAC audio as is in every rendition (demo media, to save CPU). */
  copyAudio?: boolean;
  /**
   * The source is ladder-ready H.264 (demo sources: yuv420p, a keyframe every 2 s, within the
   * rung's bitrate cap), so the rung of its own height is a remux rather than an encode.
   */
  remuxTopRung?: boolean;
  /**
   * Encrypt every segment with AES-128 (paid content, decision 0024): one random key and IV per
   * asset, kept in media_asset_keys and served only to entitled viewers, never in the media folder.
   * 'clearkey': CENC fMP4 for EME's Clear Key instead, one random key and key id per asset, the key
   * handed out by the licence endpoint (decision 0081).
   */
  encrypt?: boolean | 'clearkey';
  /** Overall fraction 0..1 and what is happening, e.g. 'encoding 720p'. */
  onProgress?: (fraction: number, message: string) => void;
  signal?: AbortSignal;
};

export type IngestResult = { assetId: string; videoUid: string | null };

export const VIDEO_TYPES = ['video', 'movie', 'series', 'episode', 'liveEvent', 'liveChannel'] as const;

const LANGUAGE_LABELS: Record<string, string> = {
  en: 'English',
  es: 'Español',
  fr: 'Français',
  de: 'Deutsch',
  it: 'Italiano',
  pt: 'Português',
};

/** Folder of a published asset: `<mediaDir>/<assetId>/` with master.m3u8 at its root. */
export const assetDir = (config: Pick<Config, 'mediaDir'>, assetId: string) => join(config.mediaDir, assetId);

/**
 * Probes, transcodes to the HLS ladder, makes thumbnails and copies subtitles into a temp folder
 * in the media folder, puts it in the media storage as `<assetId>/…` only when all of that worked
 * (a rename on disk, an upload to S3: media/storage.ts), then inserts the media_assets row (and the
 * videos row unless assetOnly) in one transaction. On any failure nothing is left: no folder, no
 * object, no row. Errors carry a message fit to show the operator.
 */
export async function ingestFile(
  { db, config, storage = mediaStorage(config) }: { db: Db; config: StorageConfig; storage?: MediaStorage },
  input: IngestInput,
): Promise<IngestResult> {
  const repo = createMediaRepository(db);
  const report = input.onProgress ?? (() => {});
  const name = basename(input.file);

  if (!existsSync(input.file) || !statSync(input.file).isFile())
    throw new Error(`File not found: ${input.file}`);
  if (!(await repo.siteExists(input.siteUid))) throw new Error(`Unknown site: ${input.siteUid}`);
  if (input.channelId && !(await repo.channelExists(input.siteUid, input.channelId)))
    throw new Error(`Unknown channel: ${input.channelId}`);
  const type = input.type ?? 'video';
  if (!(VIDEO_TYPES as readonly string[]).includes(type))
    throw new Error(`Unknown video type: ${type} (one of ${VIDEO_TYPES.join(', ')})`);
  const videoUid = input.assetOnly ? null : (input.videoUid ?? newVideoUid());
  if (videoUid && input.videoUid && (await repo.videoExists(input.siteUid, videoUid)))
    throw new Error(`Video uid already exists: ${videoUid}`);
  const subtitles = readSubtitleInputs(input.subtitles);

  report(0, 'probing');
  const info = await probe(input.file);
  report(0.02, 'probing');

  const assetId = newAssetId();
  const tmp = join(config.mediaDir, `.tmp-${input.jobId ?? newJobId()}`);
  rmSync(tmp, { recursive: true, force: true }); // a previous attempt of the same job may have died mid-way
  mkdirSync(tmp, { recursive: true });
  const encryption: ContentKey | undefined =
    input.encrypt === true ? { key: randomBytes(16), iv: randomBytes(16) } : undefined;
  const clearKey: ClearKey | undefined =
    input.encrypt === 'clearkey' ? { key: randomBytes(16), kid: randomBytes(16) } : undefined;
  try {
    const rungs = pickRungs(info.height);
    // Bigger rungs take longer; weigh each by its pixel count so the bar moves evenly.
    const weights = rungs.map((r) => r.height * r.height);
    const total = weights.reduce((a, b) => a + b, 0);
    const renditions: Rendition[] = [];
    let done = 0;
    for (const [i, rung] of rungs.entries()) {
      const share = weights[i]! / total;
      const base = done;
      report(0.02 + 0.88 * base, `encoding ${rung.name}`);
      renditions.push(
        await encodeRendition(input.file, info, rung, tmp, {
          preset: input.preset,
          copyAudio: input.copyAudio,
          copyVideo: !!input.remuxTopRung && info.codec === 'h264' && rung.height === info.height,
          encryption,
          clearKey,
          signal: input.signal,
          onProgress: (f) => report(0.02 + 0.88 * (base + share * f), `encoding ${rung.name}`),
        }),
      );
      done += share;
    }

    report(0.9, 'thumbnails');
    const thumbnails = await writeThumbnails(input.file, info.durationS, tmp, input.signal);

    report(0.96, 'playlists');
    const tracks = copySubtitles(subtitles, tmp, info.durationS, renditions[0]!.startS);
    writeMasterPlaylist(tmp, renditions, tracks);

    report(0.98, 'publishing');
    await storage.putAsset(assetId, tmp, input.signal);
    try {
      const now = new Date().toISOString();
      await repo.publish(
        {
          id: assetId,
          site_uid: input.siteUid,
          status: 'ready',
          source_name: name,
          duration_s: info.durationS,
          width: info.width,
          height: info.height,
          renditions: JSON.stringify(
            renditions.map(({ name, width, height, bandwidth, averageBandwidth, playlist, codecs }) => ({
              name,
              width,
              height,
              bandwidth,
              averageBandwidth,
              playlist,
              codecs,
            })),
          ),
          thumbnails: JSON.stringify(thumbnails),
          subtitles: JSON.stringify(tracks),
          segment_seconds: SEGMENT_SECONDS,
          created_at: now,
        },
        videoUid
          ? newVideoRow(input.siteUid, videoUid, {
              type,
              title: input.title ?? basename(name, extname(name)),
              // A description may hold a little HTML (flag wysiwyg): stored only as the allow-list keeps it.
              description: sanitizeRichText(input.description ?? ''),
              channel_id: input.channelId ?? null,
              asset_id: assetId,
              published_at: now,
              duration_s: info.durationS,
            })
          : undefined,
        encryption
          ? {
              asset_id: assetId,
              key_hex: encryption.key.toString('hex'),
              iv_hex: encryption.iv.toString('hex'),
              created_at: new Date().toISOString(),
            }
          : clearKey
            ? {
                asset_id: assetId,
                key_hex: clearKey.key.toString('hex'),
                iv_hex: '',
                kid_hex: clearKey.kid.toString('hex'),
                created_at: new Date().toISOString(),
              }
            : undefined,
      );
    } catch (err) {
      // The row's error is the one to report; files left by a failed removal are never served (no row).
      await storage.removeAsset(assetId).catch(() => undefined);
      throw err;
    }
    report(1, 'done');
    return { assetId, videoUid };
  } catch (err) {
    throw diskFull(err, config.mediaDir) ?? err;
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}

/** Less free space than this in the media folder's file system, after a failure, means it filled up. */
const NEARLY_FULL_BYTES = 1 << 20;

/**
 * A failure caused by a full media disk, told as such: ffmpeg may stop with its own words (or, its
 * segment muxer, write nothing and exit 0), so the file system's free space is asked too. Undefined
 * when the disk has room.
 */
function diskFull(err: unknown, mediaDir: string): Error | undefined {
  const { code, message } = err as { code?: string; message?: string };
  let free = Infinity;
  try {
    const fs = statfsSync(mediaDir);
    free = fs.bavail * fs.bsize;
  } catch {
    // no answer: judge by the error alone
  }
  if (code !== 'ENOSPC' && !/no space left on device/i.test(message ?? '') && free >= NEARLY_FULL_BYTES)
    return undefined;
  return new Error(
    `The media disk is full (no space left on device in ${mediaDir}): ${message ?? String(err)}`,
  );
}

function readSubtitleInputs(given: IngestInput['subtitles']): (SubtitleTrack & { text: string })[] {
  if (!given) return [];
  const list = typeof given === 'string' ? [{ file: given }] : given;
  const seen = new Set<string>();
  return list.map((s) => {
    const language = s.language ?? 'en';
    if (!/^[a-z]{2,3}(-[a-z0-9]{2,8})*$/i.test(language))
      throw new Error(`Bad subtitle language: ${language}`);
    if (seen.has(language)) throw new Error(`Two subtitle files for language ${language}`);
    seen.add(language);
    if (!existsSync(s.file)) throw new Error(`Subtitle file not found: ${s.file}`);
    const text = readFileSync(s.file, 'utf8').replace(/^\uFEFF/, '');
    if (!text.startsWith('WEBVTT')) throw new Error(`Not a WebVTT file: ${basename(s.file)}`);
    return {
      language,
      label: s.label ?? LANGUAGE_LABELS[language] ?? language,
      file: `subs-${language}.vtt`,
      text,
    };
  });
}

/**
 * Copies each WebVTT file in with its one-segment playlist. Adds X-TIMESTAMP-MAP (when absent) so
 * cue times line up with the MPEG-TS clock, which starts near 1.4 s rather than 0.
 */
function copySubtitles(
  subs: (SubtitleTrack & { text: string })[],
  dir: string,
  durationS: number,
  tsStartS: number,
): SubtitleTrack[] {
  return subs.map(({ text, ...track }) => {
    let out = text;
    if (!/X-TIMESTAMP-MAP/.test(text.split(/\r?\n\r?\n/)[0]!)) {
      const header = text.split(/\r?\n/, 1)[0]!;
      const map = `X-TIMESTAMP-MAP=MPEGTS:${Math.round(tsStartS * 90_000)},LOCAL:00:00:00.000`;
      out = `${header}\n${map}${text.slice(header.length)}`;
    }
    writeFileSync(join(dir, track.file), out);
    writeFileSync(join(dir, subtitlePlaylistName(track.file)), subtitlePlaylist(track.file, durationS));
    return track;
  });
}
