import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { Db } from '../db/database';
import type { Config } from '../plugins/config';
import { hasFilter, runFfmpeg } from './ffmpeg';
import { LADDER, SEGMENT_SECONDS } from './hls';
import { ingestFile } from './ingest';
import { createMediaRepository } from './media.repository';
import { mediaStorage, type StorageConfig } from './storage';

const FONT = '/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf';
/** Bump when the generator or the ladder changes, so cached demo assets are rebuilt. */
const GENERATOR_VERSION = 1;
const DEMO_FPS = 12;

export type DemoSourceOptions = {
  title: string;
  seconds: number;
  width: number;
  height: number;
  hue?: number;
};

/** Backgrounds per title, so neighbouring cards in the demo catalog do not look alike. Static ones encode cheaply. */
const PATTERNS = ['smptehdbars', 'smptebars', 'rgbtestsrc', 'color'] as const;
const BOX_COLOURS = [
  '0x1f4e79',
  '0x7b1fa2',
  '0x2e7d32',
  '0xc62828',
  '0xef6c00',
  '0x00838f',
  '0x37474f',
  '0xad1457',
];

const hashOf = (text: string) => createHash('sha256').update(text).digest('hex');

/**
 * Writes a test-pattern MP4 (H.264 + a sine tone): a bars or colour background, a small moving
 * testsrc2 inset, and the title and a running clock burnt in. Cheap settings (12 fps, ultrafast,
 * mostly static picture): it is only a source for the ladder. The text is skipped when this ffmpeg
 * build has no drawtext or the DejaVu font is missing.
 */
export async function generateDemoSource(outFile: string, opts: DemoSourceOptions): Promise<void> {
  const h = parseInt(hashOf(opts.title).slice(0, 8), 16);
  const { width: w, height: ht, seconds } = opts;
  const pattern = PATTERNS[h % PATTERNS.length]!;
  const colour = BOX_COLOURS[(h >>> 4) % BOX_COLOURS.length]!;
  mkdirSync(dirname(outFile), { recursive: true });
  const tone = await toneFile(dirname(outFile), TONES[h % TONES.length]!, seconds);
  const cap = (LADDER.find((r) => r.height <= ht) ?? LADDER[LADDER.length - 1]!).videoKbps;
  const background =
    pattern === 'color'
      ? `color=c=${colour}:size=${w}x${ht}:rate=${DEMO_FPS}:duration=${seconds}`
      : `${pattern}=size=${w}x${ht}:rate=${DEMO_FPS}:duration=${seconds}`;
  const inset = `testsrc2=size=${even(w / 4)}x${even(ht / 4)}:rate=${DEMO_FPS}:duration=${seconds}`;

  const graph = [
    `[0:v]${opts.hue === undefined ? 'null' : `hue=h=${opts.hue}`}[bg]`,
    `[bg][1:v]overlay=x='mod(t*${Math.round(w / 6)},W-w)':y=H-h-${Math.round(ht / 10)}:shortest=1[v]`,
  ];
  let last = '[v]';
  let textFile: string | undefined;
  if (existsSync(FONT) && hasFilter('drawtext')) {
    // The title goes through a file: no escaping of quotes or colons inside the filter graph.
    textFile = `${outFile}.title.txt`;
    writeFileSync(textFile, opts.title);
    const big = Math.round(ht / 10);
    const small = Math.round(ht / 20);
    graph.push(
      `[v]drawtext=fontfile=${FONT}:textfile=${textFile}:fontsize=${big}:fontcolor=white:` +
        `box=1:boxcolor=${colour}@0.85:boxborderw=${Math.round(big / 3)}:x=(w-tw)/2:y=(h-th)/2-${big},` +
        `drawtext=fontfile=${FONT}:text='%{pts\\:hms}':fontsize=${small}:fontcolor=white:` +
        `box=1:boxcolor=black@0.6:boxborderw=6:x=(w-tw)/2:y=(h-th)/2+${big}[t]`,
    );
    last = '[t]';
  }
  try {
    await runFfmpeg(
      [
        '-f',
        'lavfi',
        '-i',
        background,
        '-f',
        'lavfi',
        '-i',
        inset,
        '-i',
        tone,
        '-filter_complex',
        graph.join(';'),
        '-map',
        last,
        '-map',
        '2:a',
        '-c:v',
        'libx264',
        '-preset',
        'ultrafast',
        '-crf',
        '23',
        // Ladder-ready (see remuxTopRung): the top rung of the ladder is then a remux of this file.
        '-maxrate',
        `${cap}k`,
        '-bufsize',
        `${cap * 2}k`,
        '-force_key_frames',
        `expr:gte(t,n_forced*${SEGMENT_SECONDS})`,
        '-pix_fmt',
        'yuv420p',
        '-c:a',
        'copy',
        '-t',
        String(seconds),
        '-movflags',
        '+faststart',
        outFile,
      ],
      { durationS: seconds },
    );
  } finally {
    if (textFile) rmSync(textFile, { force: true });
  }
}

const TONES = [440, 660];
const tones = new Map<string, { made: Promise<string>; settled: boolean }>();

/**
 * A stereo AAC sine tone at least `seconds` long, encoded once per folder and pitch and then copied
 * into each source: ffmpeg's AAC encoder costs more CPU here than the whole demo video encode.
 */
function toneFile(dir: string, frequency: number, seconds: number): Promise<string> {
  const length = Math.ceil(seconds / 60) * 60;
  const file = join(dir, `.tone-${frequency}-${length}.m4a`);
  const known = tones.get(file);
  // Reuse a tone being made or made and still on disk; make it again if it was deleted since.
  if (known && (!known.settled || existsSync(file))) return known.made;
  if (!known && existsSync(file)) return Promise.resolve(file);
  const entry = {
    settled: false,
    made: runFfmpeg([
      '-f',
      'lavfi',
      '-i',
      `sine=frequency=${frequency}:sample_rate=48000:duration=${length}`,
      '-ac',
      '2',
      '-c:a',
      'aac',
      '-b:a',
      '96k',
      `${file}.tmp.m4a`,
    ]).then(
      () => {
        renameSync(`${file}.tmp.m4a`, file);
        entry.settled = true;
        return file;
      },
      (err: unknown) => {
        tones.delete(file);
        throw err;
      },
    ),
  };
  tones.set(file, entry);
  return entry.made;
}

const even = (n: number) => Math.max(2, Math.round(n / 2) * 2);

const vttTime = (s: number) => {
  const hh = Math.floor(s / 3600);
  const mm = Math.floor((s % 3600) / 60);
  const ss = s % 60;
  return `${String(hh).padStart(2, '0')}:${String(mm).padStart(2, '0')}:${ss.toFixed(3).padStart(6, '0')}`;
};

/** Writes an English WebVTT file with a cue every 4 seconds naming the title and the time. */
export function writeDemoSubtitles(file: string, title: string, seconds: number): void {
  const cues: string[] = ['WEBVTT', ''];
  for (let t = 0, n = 1; t < seconds; t += 4, n++) {
    const end = Math.min(seconds, t + 4);
    cues.push(String(n), `${vttTime(t)} --> ${vttTime(end - 0.1)}`, `${title} — ${t}s`, '');
  }
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, cues.join('\n'));
}

export type DemoAssetSpec = {
  /** The caller's name for the asset (the returned map's key). */
  key: string;
  title: string;
  /** A multiple of 2, so every segment is full length. */
  seconds: number;
  height: 720 | 480 | 360;
  subtitles?: boolean;
  /** Paid content: AES-128 encrypted segments (decision 0024). */
  encrypted?: boolean;
};

export type DemoProgress = { done: number; total: number; key: string; cached: boolean };

const WIDTH: Record<DemoAssetSpec['height'], number> = { 720: 1280, 480: 854, 360: 640 };

/**
 * Makes (or reuses) one media asset per spec on the site and returns key → asset id. Assets are
 * ingested asset-only (the seed writes the catalog rows). A manifest in `<dataDir>/media-cache.json`
 * maps a hash of the spec to its asset; an asset is reused while its row and folder both exist,
 * so a second run encodes nothing. Two specs encode at a time (one per core).
 */
export async function ensureDemoAssets(
  { db, config }: { db: Db; config: Pick<Config, 'dataDir'> & StorageConfig },
  siteUid: string,
  specs: DemoAssetSpec[],
  onProgress?: (p: DemoProgress) => void,
): Promise<Map<string, string>> {
  const repo = createMediaRepository(db);
  const manifestFile = join(config.dataDir, 'media-cache.json');
  const manifest = readManifest(manifestFile);
  const result = new Map<string, string>();
  let done = 0;

  const hashSpec = (s: DemoAssetSpec) =>
    hashOf(
      JSON.stringify({
        v: GENERATOR_VERSION,
        siteUid,
        t: s.title,
        s: s.seconds,
        h: s.height,
        sub: !!s.subtitles,
        // Only when set, so the hashes (and cached media) of clear assets stay as they were.
        ...(s.encrypted ? { enc: true } : {}),
      }),
    ).slice(0, 24);

  const work = async (spec: DemoAssetSpec) => {
    if (spec.seconds <= 0 || spec.seconds % 2 !== 0)
      throw new Error(`Demo asset ${spec.key}: seconds must be a positive multiple of 2`);
    const hash = hashSpec(spec);
    const cachedId = manifest[hash];
    if (
      cachedId &&
      (await mediaStorage(config).exists(`${cachedId}/master.m3u8`)) &&
      (await repo.findAsset(cachedId)) &&
      (!spec.encrypted || (await repo.hasKey(cachedId)))
    ) {
      result.set(spec.key, cachedId);
      onProgress?.({ done: ++done, total: specs.length, key: spec.key, cached: true });
      return;
    }
    const work = join(config.dataDir, 'demo-sources');
    const source = join(work, `${hash}.mp4`);
    const vtt = join(work, `${hash}.vtt`);
    try {
      await generateDemoSource(source, {
        title: spec.title,
        seconds: spec.seconds,
        width: WIDTH[spec.height],
        height: spec.height,
      });
      if (spec.subtitles) writeDemoSubtitles(vtt, spec.title, spec.seconds);
      const { assetId } = await ingestFile(
        { db, config },
        {
          siteUid,
          file: source,
          title: spec.title,
          assetOnly: true,
          preset: 'ultrafast',
          copyAudio: true,
          remuxTopRung: true,
          encrypt: spec.encrypted,
          subtitles: spec.subtitles ? vtt : undefined,
          jobId: `demo-${hash}`,
        },
      );
      manifest[hash] = assetId;
      writeManifest(manifestFile, manifest);
      result.set(spec.key, assetId);
      onProgress?.({ done: ++done, total: specs.length, key: spec.key, cached: false });
    } finally {
      rmSync(source, { force: true });
      rmSync(vtt, { force: true });
    }
  };

  // Two lanes pulling from one list; the first failure stops both and is rethrown.
  const queue = [...specs];
  let failure: unknown;
  const lane = async () => {
    for (let spec = queue.shift(); spec && failure === undefined; spec = queue.shift()) {
      try {
        await work(spec);
      } catch (err) {
        failure ??= err;
      }
    }
  };
  await Promise.all([lane(), lane()]);
  if (failure !== undefined) throw failure;
  return result;
}

function readManifest(file: string): Record<string, string> {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>;
  } catch {
    return {};
  }
}

function writeManifest(file: string, manifest: Record<string, string>): void {
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(`${file}.tmp`, JSON.stringify(manifest, null, 2));
  renameSync(`${file}.tmp`, file);
}
