import { createDecipheriv } from 'node:crypto';
import {
  closeSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readFileSync,
  readSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { encryptSegment, protectInit, videoTrackIds } from './cenc';
import { runFfmpeg } from './ffmpeg';
import { probe, type ProbeResult } from './probe';

/**
 * The content key's name at the asset folder's root (decision 0024). Media playlists point at it
 * relatively (`../content.key`), so the key request carries the playlist's signed path; the server
 * answers it from the database (the key is never a file in the media folder).
 */
export const CONTENT_KEY_FILE = 'content.key';
export const CONTENT_KEY_URI = `../${CONTENT_KEY_FILE}`;

/** An asset's AES-128 key and IV (16 bytes each) and the ffmpeg key-info file that names them. */
export type ContentKey = { key: Buffer; iv: Buffer };

/**
 * Writes ffmpeg's -hls_key_info_file (key URI, key file, IV) into a private temp folder outside the
 * media folder; `dispose` removes it.
 */
export function writeKeyInfo(content: ContentKey): { file: string; dispose: () => void } {
  const dir = mkdtempSync(join(tmpdir(), 'marquee-key-'));
  const keyFile = join(dir, 'key.bin');
  writeFileSync(keyFile, content.key, { mode: 0o600 });
  const file = join(dir, 'key.info');
  writeFileSync(file, `${CONTENT_KEY_URI}\n${keyFile}\n${content.iv.toString('hex')}\n`, { mode: 0o600 });
  return { file, dispose: () => rmSync(dir, { recursive: true, force: true }) };
}

/** AES-128-CBC (PKCS#7) decryption of one segment, as players do with the playlist's IV. */
export const decryptSegment = (data: Buffer, content: ContentKey) => {
  const d = createDecipheriv('aes-128-cbc', content.key, content.iv);
  return Buffer.concat([d.update(data), d.final()]);
};

/** A Clear Key asset's key and key id, 16 bytes each (decision 0081). */
export type ClearKey = { key: Buffer; kid: Buffer };

/** The Clear Key licence endpoint's name at the asset folder's root: POST, token in the path (decision 0081). */
export const CLEAR_KEY_LICENSE = 'clearkey-license';

/** The Clear Key key system's EME name and HLS KEYFORMAT. */
export const CLEAR_KEY_SYSTEM = 'org.w3.clearkey';

/**
 * The media playlist's key tag for a Clear Key asset: hls.js reads the key id from the data URI and
 * asks the player's licence URL for it; the key itself never appears in a playlist.
 */
export const clearKeyTag = (kid: Buffer) =>
  `#EXT-X-KEY:METHOD=SAMPLE-AES-CTR,KEYFORMAT="${CLEAR_KEY_SYSTEM}",KEYFORMATVERSIONS="1",` +
  `URI="data:text/plain;base64,${kid.toString('base64')}"`;

/** Every segment is this long (the last one may be shorter); players and the live channel rely on it. */
export const SEGMENT_SECONDS = 2;

export type Rung = { name: string; height: number; videoKbps: number; audioKbps: number };

/** The ladder, highest first. Bitrates are caps: the encoder runs capped CRF and we measure what it made. */
export const LADDER: readonly Rung[] = [
  { name: '1080p', height: 1080, videoKbps: 5000, audioKbps: 128 },
  { name: '720p', height: 720, videoKbps: 2800, audioKbps: 128 },
  { name: '480p', height: 480, videoKbps: 1400, audioKbps: 96 },
  { name: '360p', height: 360, videoKbps: 800, audioKbps: 96 },
];

/** The rungs a source of this height can fill; a source below the lowest rung still gets that one. */
export function pickRungs(sourceHeight: number): Rung[] {
  const fits = LADDER.filter((r) => sourceHeight >= r.height);
  return fits.length > 0 ? fits : [LADDER[LADDER.length - 1]!];
}

export type Rendition = {
  name: string;
  width: number;
  height: number;
  /** Peak bitrate of any segment, bits per second (HLS BANDWIDTH). */
  bandwidth: number;
  /** Total bytes over total duration, bits per second (HLS AVERAGE-BANDWIDTH). */
  averageBandwidth: number;
  /** Relative to the asset folder, e.g. '720p/index.m3u8'. */
  playlist: string;
  codecs: string;
  fps: number | undefined;
  /** Where the MPEG-TS clock starts, seconds (subtitles map their cues to it). */
  startS: number;
};

export type EncodeOptions = {
  /** libx264 preset; veryfast for real uploads, faster ones for demo media. */
  preset?: 'veryfast' | 'superfast' | 'ultrafast';
  /**
   * Reuse the source's AAC track as is instead of encoding it per rung (demo media: ffmpeg's AAC
   * encoder costs as much CPU as an ultrafast 480p video encode here).
   */
  copyAudio?: boolean;
  /**
   * Remux the source's video instead of encoding it: only for sources already made ladder-ready
   * (H.264 yuv420p at this rung's height, a keyframe every 2 s, bitrate within the cap), i.e. demo media.
   */
  copyVideo?: boolean;
  /** Encrypt the segments with AES-128 (decision 0024). */
  encryption?: ContentKey;
  /** Package as CENC (AES-CTR) fMP4 for Clear Key instead (decision 0081). */
  clearKey?: ClearKey;
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
};

/**
 * Encodes one rung into `<dir>/<rung>/index.m3u8` + `seg_%05d.ts`, one ffmpeg process per rung
 * (the fallback static ffmpeg crashes on -var_stream_map). Adds silent audio when the source has
 * none so every rendition carries audio. Returns the rendition measured from the written files.
 */
export async function encodeRendition(
  source: string,
  info: ProbeResult,
  rung: Rung,
  dir: string,
  opts: EncodeOptions = {},
): Promise<Rendition> {
  const out = join(dir, rung.name);
  mkdirSync(out, { recursive: true });
  const height = Math.min(rung.height, info.height - (info.height % 2));
  const inputs = ['-i', source];
  const maps = ['-map', '0:v:0', '-map', '0:a:0'];
  if (!info.hasAudio) {
    inputs.push(
      '-f',
      'lavfi',
      '-t',
      String(info.durationS),
      '-i',
      'anullsrc=channel_layout=stereo:sample_rate=48000',
    );
    maps.splice(2, 2, '-map', '1:a:0');
  }
  const v = rung.videoKbps;
  const video = opts.copyVideo
    ? ['-c:v', 'copy']
    : [
        '-vf',
        `scale=-2:${height},setsar=1`,
        '-c:v',
        'libx264',
        '-preset',
        opts.preset ?? 'veryfast',
        '-pix_fmt',
        'yuv420p',
        '-crf',
        '23',
        '-maxrate',
        `${v}k`,
        '-bufsize',
        `${v * 2}k`,
        '-force_key_frames',
        `expr:gte(t,n_forced*${SEGMENT_SECONDS})`,
      ];
  const audio =
    opts.copyAudio && info.audioCodec === 'aac'
      ? ['-c:a', 'copy']
      : ['-c:a', 'aac', '-b:a', `${rung.audioKbps}k`, '-ac', '2', '-ar', '48000'];
  const keyInfo = opts.encryption ? writeKeyInfo(opts.encryption) : undefined;
  const ck = opts.clearKey;
  // Clear Key: ffmpeg writes clear fMP4, encrypted afterwards (cenc.ts says why not by ffmpeg).
  const segments = ck
    ? [
        '-hls_segment_type',
        'fmp4',
        '-hls_fmp4_init_filename',
        'init.mp4',
        '-hls_segment_filename',
        join(out, 'seg_%05d.m4s'),
      ]
    : [
        ...(keyInfo ? ['-hls_key_info_file', keyInfo.file] : []),
        '-hls_segment_filename',
        join(out, 'seg_%05d.ts'),
      ];
  try {
    await runFfmpeg(
      [
        ...inputs,
        ...maps,
        ...video,
        ...audio,
        '-t',
        String(info.durationS),
        '-f',
        'hls',
        '-hls_time',
        String(SEGMENT_SECONDS),
        '-hls_playlist_type',
        'vod',
        '-hls_flags',
        'independent_segments',
        ...segments,
        join(out, 'index.m3u8'),
      ],
      { durationS: info.durationS, onProgress: opts.onProgress, signal: opts.signal },
    );
  } finally {
    keyInfo?.dispose();
  }
  const width = opts.copyVideo ? info.width : Math.round((height * info.width) / (info.height * 2)) * 2;
  const measured = await measureRendition(
    dir,
    rung.name,
    { width, height: opts.copyVideo ? info.height : height, fps: info.fps },
    opts.encryption,
  );
  if (ck) protectRendition(out, ck);
  return measured;
}

/**
 * Encrypts a clear fMP4 rendition in place for Clear Key (decision 0081): the init segment names
 * the key id, every segment's samples are CENC-encrypted, and the playlist gets the key tag.
 */
function protectRendition(out: string, ck: ClearKey): void {
  const playlist = join(out, 'index.m3u8');
  const init = readFileSync(join(out, 'init.mp4'));
  const video = videoTrackIds(init);
  writeFileSync(join(out, 'init.mp4'), protectInit(init, ck.kid));
  for (const seg of parseMediaPlaylist(readFileSync(playlist, 'utf8'))) {
    const file = join(out, seg.uri);
    writeFileSync(file, encryptSegment(readFileSync(file), ck.key, video));
  }
  addClearKeyTag(playlist, ck.kid);
}

/** Puts the Clear Key tag before the init segment's #EXT-X-MAP, so it covers every segment. */
function addClearKeyTag(playlist: string, kid: Buffer): void {
  const text = readFileSync(playlist, 'utf8');
  if (!text.includes('#EXT-X-MAP:')) throw new Error('ffmpeg wrote no fMP4 init segment');
  writeFileSync(playlist, text.replace('#EXT-X-MAP:', `${clearKeyTag(kid)}\n#EXT-X-MAP:`));
}

/** What the encoder was asked for: used when the segment cannot be probed. */
export type Expected = { width: number; height: number; fps: number | undefined };

/**
 * Reads a written media playlist and its segments: sizes give the bitrates, the first segment the
 * codec (from its SPS bytes) and size. The fallback static ffprobe segfaults on MPEG-TS, so when
 * probing fails the size is what was asked for and the TS clock is ffmpeg's default 1.4 s.
 */
export async function measureRendition(
  dir: string,
  name: string,
  expected: Expected,
  encryption?: ContentKey,
): Promise<Rendition> {
  const playlist = `${name}/index.m3u8`;
  const text = readFileSync(join(dir, playlist), 'utf8');
  const segments = parseMediaPlaylist(text);
  if (segments.length === 0) throw new Error(`ffmpeg wrote no segments for ${name}`);
  let bytes = 0;
  let seconds = 0;
  let peak = 0;
  for (const seg of segments) {
    const size = statSync(join(dir, name, seg.uri)).size;
    bytes += size;
    seconds += seg.duration;
    // A very short last segment would overstate the peak; rate it over at least half a segment.
    peak = Math.max(peak, (size * 8) / Math.max(seg.duration, SEGMENT_SECONDS / 2));
  }
  const rates = {
    name,
    bandwidth: Math.ceil(peak),
    averageBandwidth: Math.ceil((bytes * 8) / seconds),
    playlist,
  };
  const init = /#EXT-X-MAP:URI="([^"]+)"/.exec(text)?.[1];
  let firstFile = join(dir, name, segments[0]!.uri);
  if (init) {
    // fMP4 (Clear Key): the clear init segment holds the size and the codec's avcC record.
    const initFile = join(dir, name, init);
    const first = await probe(initFile).catch(() => undefined);
    return {
      ...rates,
      width: first?.width ?? expected.width,
      height: first?.height ?? expected.height,
      codecs: `${avcCodecOfInit(initFile)},mp4a.40.2`,
      fps: first?.fps ?? expected.fps,
      startS: first?.startS ?? 0,
    };
  }
  // An encrypted segment is probed through a decrypted copy in a private temp folder.
  const clear = encryption ? mkdtempSync(join(tmpdir(), 'marquee-seg-')) : undefined;
  if (clear) {
    const copy = join(clear, 'first.ts');
    writeFileSync(copy, decryptSegment(readFileSync(firstFile), encryption!));
    firstFile = copy;
  }
  const first = await probe(firstFile).catch(() => undefined);
  const codec = avcCodecOfFile(firstFile);
  if (clear) rmSync(clear, { recursive: true, force: true });
  return {
    ...rates,
    width: first?.width ?? expected.width,
    height: first?.height ?? expected.height,
    codecs: `${codec},mp4a.40.2`,
    fps: first?.fps ?? expected.fps,
    startS: first?.startS ?? 1.4,
  };
}

/**
 * RFC 6381 codec string of the first H.264 SPS in a file, e.g. 'avc1.64001f': the three bytes after
 * the SPS NAL header are profile_idc, constraint flags and level_idc. 'avc1.64001f' if none is found.
 */
export function avcCodecOfFile(file: string): string {
  const fd = openSync(file, 'r');
  try {
    const buf = Buffer.alloc(64 * 1024);
    const n = readSync(fd, buf, 0, buf.length, 0);
    for (let i = 0; i + 6 < n; i++) {
      if (buf[i] === 0 && buf[i + 1] === 0 && buf[i + 2] === 1 && (buf[i + 3]! & 0x1f) === 7) {
        return `avc1.${buf.subarray(i + 4, i + 7).toString('hex')}`;
      }
    }
  } finally {
    closeSync(fd);
  }
  return 'avc1.64001f';
}

/**
 * RFC 6381 codec string from an fMP4 init segment's avcC record (version, profile, constraint
 * flags, level follow the box type); 'avc1.64001f' if there is none.
 */
export function avcCodecOfInit(file: string): string {
  const buf = readFileSync(file);
  const at = buf.indexOf('avcC');
  return at < 0 || at + 8 > buf.length
    ? 'avc1.64001f'
    : `avc1.${buf.subarray(at + 5, at + 8).toString('hex')}`;
}

/** The `#EXTINF` entries of a media playlist, in order. */
export function parseMediaPlaylist(text: string): { duration: number; uri: string }[] {
  const lines = text.split(/\r?\n/).map((l) => l.trim());
  const out: { duration: number; uri: string }[] = [];
  for (let i = 0; i < lines.length; i++) {
    const m = /^#EXTINF:([\d.]+)/.exec(lines[i]!);
    if (!m) continue;
    let j = i + 1;
    while (j < lines.length && (lines[j] === '' || lines[j]!.startsWith('#'))) j++;
    if (lines[j]) out.push({ duration: Number(m[1]), uri: lines[j]! });
  }
  return out;
}

export type SubtitleTrack = { language: string; label: string; file: string };

/** A one-segment media playlist for a WebVTT file, so hls.js and Safari list it as a subtitle track. */
export function subtitlePlaylist(vttFile: string, durationS: number): string {
  return [
    '#EXTM3U',
    '#EXT-X-VERSION:3',
    `#EXT-X-TARGETDURATION:${Math.ceil(durationS)}`,
    '#EXT-X-MEDIA-SEQUENCE:0',
    '#EXT-X-PLAYLIST-TYPE:VOD',
    `#EXTINF:${durationS.toFixed(3)},`,
    vttFile,
    '#EXT-X-ENDLIST',
    '',
  ].join('\n');
}

/** The playlist name that goes with a subtitle file: subs-en.vtt → subs-en.m3u8. */
export const subtitlePlaylistName = (vttFile: string) => vttFile.replace(/\.vtt$/, '.m3u8');

/** The master playlist: variants highest first, subtitles as an EXT-X-MEDIA group. */
export function masterPlaylist(renditions: Rendition[], subtitles: SubtitleTrack[] = []): string {
  const lines = ['#EXTM3U', '#EXT-X-VERSION:3', '#EXT-X-INDEPENDENT-SEGMENTS'];
  subtitles.forEach((s, i) => {
    lines.push(
      `#EXT-X-MEDIA:TYPE=SUBTITLES,GROUP-ID="subs",NAME="${quoted(s.label)}",LANGUAGE="${quoted(s.language)}",` +
        `DEFAULT=NO,AUTOSELECT=${i === 0 ? 'YES' : 'NO'},FORCED=NO,URI="${subtitlePlaylistName(s.file)}"`,
    );
  });
  for (const r of [...renditions].sort((a, b) => b.height - a.height || b.bandwidth - a.bandwidth)) {
    const attrs = [
      `BANDWIDTH=${r.bandwidth}`,
      `AVERAGE-BANDWIDTH=${r.averageBandwidth}`,
      `RESOLUTION=${r.width}x${r.height}`,
      ...(r.fps ? [`FRAME-RATE=${r.fps.toFixed(3)}`] : []),
      `CODECS="${r.codecs}"`,
      ...(subtitles.length > 0 ? ['SUBTITLES="subs"'] : []),
    ];
    lines.push(`#EXT-X-STREAM-INF:${attrs.join(',')}`, r.playlist);
  }
  return lines.join('\n') + '\n';
}

const quoted = (s: string) => s.replace(/["\r\n]/g, '');

/** Writes master.m3u8 into the asset folder. */
export function writeMasterPlaylist(dir: string, renditions: Rendition[], subtitles: SubtitleTrack[]): void {
  writeFileSync(join(dir, 'master.m3u8'), masterPlaylist(renditions, subtitles));
}
