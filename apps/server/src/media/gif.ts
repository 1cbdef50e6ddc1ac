import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, posix } from 'node:path';
import { hasFilter, runFfmpeg } from './ffmpeg';
import type { MediaStorage } from './storage';

/** The files of a rendered gif, inside its folder. */
export const GIF_FILES = { animation: 'animation.gif', still: 'still.jpg' } as const;

export type GifInput = {
  /** The rendition's media playlist in the media storage (e.g. <asset>/360p/index.m3u8). */
  playlist: string;
  storage: MediaStorage;
  /** The asset's AES-128 key and IV in hex when its segments are encrypted (decision 0024). */
  key?: { keyHex: string; ivHex: string };
  startS: number;
  lengthS: number;
  width: number;
  fps: number;
  topText: string;
  bottomText: string;
  /** Folder the two files are written to (created by the caller). */
  outDir: string;
  signal?: AbortSignal;
};

/**
 * Renders an animated GIF (a palette generated from the cut itself, so colours hold up) and a
 * JPEG still of its first frame, each with the meme text drawn top and bottom. Reads the HLS
 * rendition through a private copy of its playlist whose segment URIs are where ffmpeg can read
 * them (files on disk, presigned URLs in S3) and whose key URI is a private local file, so an
 * encrypted asset's key is never served and never lands in the media storage.
 */
export async function renderGif(input: GifInput): Promise<void> {
  const work = mkdtempSync(join(tmpdir(), 'marquee-gif-'));
  try {
    const playlist = await localPlaylist(input, work);
    const text = memeFilters(input, work);
    const scale = `fps=${input.fps},scale=${input.width}:-2:flags=lanczos${text}`;
    const protocols = input.storage.kind === 's3' ? 'file,crypto,http,https,tcp,tls' : 'file,crypto';
    const source = ['-allowed_extensions', 'ALL', '-protocol_whitelist', protocols];
    // No seek from 0: the HLS demuxer lands a seek to 0 in the second segment (its timestamps start above 0).
    const seek = input.startS > 0 ? ['-ss', input.startS.toFixed(3)] : [];
    await runFfmpeg(
      [
        ...seek,
        ...source,
        '-i',
        playlist,
        '-t',
        input.lengthS.toFixed(3),
        '-filter_complex',
        `[0:v]${scale},split[a][b];[a]palettegen=stats_mode=diff[p];[b][p]paletteuse=dither=bayer:bayer_scale=4`,
        '-loop',
        '0',
        '-an',
        join(input.outDir, GIF_FILES.animation),
      ],
      { signal: input.signal },
    );
    await runFfmpeg(
      [
        ...seek,
        ...source,
        '-i',
        playlist,
        '-vf',
        `scale=${input.width}:-2:flags=lanczos${text}`,
        '-frames:v',
        '1',
        '-q:v',
        '3',
        '-update',
        '1',
        join(input.outDir, GIF_FILES.still),
      ],
      { signal: input.signal },
    );
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

/** A copy of the media playlist with readable segment locations and, if encrypted, a local key file. */
async function localPlaylist(input: GifInput, work: string): Promise<string> {
  const base = posix.dirname(input.playlist);
  const text = await input.storage.read(input.playlist);
  if (text === null) throw new Error(`Media playlist not found: ${input.playlist}`);
  const lines = text.toString('utf8').split('\n');
  const rewritten = lines.map(async (line) => {
    if (line.startsWith('#EXT-X-KEY')) {
      if (!input.key) throw new Error('The rendition is encrypted but no key was given');
      const keyFile = join(work, 'content.key');
      writeFileSync(keyFile, Buffer.from(input.key.keyHex, 'hex'), { mode: 0o600 });
      return line.replace(/URI="[^"]*"/, `URI="${keyFile}"`);
    }
    if (line === '' || line.startsWith('#')) return line;
    return input.storage.inputUrl(posix.join(base, line));
  });
  const file = join(work, 'source.m3u8');
  writeFileSync(file, (await Promise.all(rewritten)).join('\n'));
  return file;
}

/** drawtext filters for the meme lines (read from files: no escaping of what a viewer typed). */
function memeFilters(input: GifInput, work: string): string {
  const lines = [
    { text: input.topText.trim(), y: 'h/20' },
    { text: input.bottomText.trim(), y: 'h-text_h-h/20' },
  ].filter((l) => l.text !== '');
  if (lines.length === 0) return '';
  if (!hasFilter('drawtext')) throw new Error('This ffmpeg cannot draw text (no drawtext filter)');
  return lines
    .map(({ text, y }, i) => {
      const file = join(work, `line-${i}.txt`);
      writeFileSync(file, text);
      return `,drawtext=textfile=${file}:font=Sans:fontsize=h/9:fontcolor=white:borderw=3:bordercolor=black:x=(w-text_w)/2:y=${y}`;
    })
    .join('');
}
