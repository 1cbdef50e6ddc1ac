import { basename } from 'node:path';
import { runFfprobe } from './ffmpeg';

export type ProbeResult = {
  durationS: number;
  width: number;
  height: number;
  hasAudio: boolean;
  /** Codec of the first audio stream, e.g. 'aac'. */
  audioCodec: string | undefined;
  /** Video codec name as ffprobe spells it, e.g. 'h264'. */
  codec: string;
  /** Frames per second of the video stream, when known. */
  fps: number | undefined;
  /** H.264 profile and level of the video stream, when known (e.g. 'High', 31). */
  profile: string | undefined;
  level: number | undefined;
  /** Start time of the container in seconds (MPEG-TS starts near 1.4 s). */
  startS: number;
};

type FfprobeStream = {
  codec_type?: string;
  codec_name?: string;
  width?: number;
  height?: number;
  duration?: string;
  avg_frame_rate?: string;
  r_frame_rate?: string;
  profile?: string;
  level?: number;
  disposition?: { attached_pic?: number };
};
type FfprobeDoc = {
  streams?: FfprobeStream[];
  format?: { duration?: string; start_time?: string; format_name?: string };
};

/** ffprobe reads still images (and text, as 'tty') through these demuxers; none of them is a video file. */
const STILL_FORMATS = /^(image2|.*_pipe|tty)$/;

/**
 * Duration, size, audio presence and codec of a media file. Throws
 * "Not a video file: <name> (ffprobe: …)" when ffprobe cannot read it or it has no moving picture.
 */
export async function probe(file: string): Promise<ProbeResult> {
  const name = basename(file);
  let doc: FfprobeDoc;
  try {
    doc = (await runFfprobe(['-show_format', '-show_streams', file])) as FfprobeDoc;
  } catch (err) {
    throw new Error(`Not a video file: ${name} (ffprobe: ${(err as Error).message})`);
  }
  const streams = doc.streams ?? [];
  const video = streams.find((s) => s.codec_type === 'video' && !s.disposition?.attached_pic);
  if (STILL_FORMATS.test(doc.format?.format_name ?? '')) {
    throw new Error(`Not a video file: ${name} (ffprobe: a still image, format ${doc.format?.format_name})`);
  }
  if (!video || !video.width || !video.height) {
    const found = streams.map((s) => `${s.codec_type}/${s.codec_name}`).join(', ') || 'no streams';
    throw new Error(`Not a video file: ${name} (ffprobe: no video stream; found ${found})`);
  }
  const durationS = Number(doc.format?.duration ?? video.duration);
  if (!Number.isFinite(durationS) || durationS <= 0) {
    throw new Error(`Not a video file: ${name} (ffprobe: unknown duration)`);
  }
  return {
    durationS,
    width: video.width,
    height: video.height,
    hasAudio: streams.some((s) => s.codec_type === 'audio'),
    audioCodec: streams.find((s) => s.codec_type === 'audio')?.codec_name,
    codec: video.codec_name ?? 'unknown',
    fps: rate(video.avg_frame_rate) ?? rate(video.r_frame_rate),
    profile: video.profile,
    level: video.level,
    startS: Number(doc.format?.start_time ?? 0) || 0,
  };
}

function rate(fraction: string | undefined): number | undefined {
  if (!fraction) return undefined;
  const [n, d] = fraction.split('/').map(Number);
  const value = d ? n! / d : n!;
  return Number.isFinite(value) && value > 0 ? value : undefined;
}
