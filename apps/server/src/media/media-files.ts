import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { notFound } from '../plugins/errors';

/** Content types of what an asset folder holds; anything else there is not served. */
export const MEDIA_TYPES: Record<string, string> = {
  m3u8: 'application/vnd.apple.mpegurl',
  ts: 'video/mp2t',
  m4s: 'video/iso.segment',
  mp4: 'video/mp4',
  aac: 'audio/aac',
  vtt: 'text/vtt',
  jpg: 'image/jpeg',
};

export const CACHE_IMMUTABLE = 'public, max-age=31536000, immutable';
export const CACHE_VOD_PLAYLIST = 'public, max-age=60';
export const CACHE_THUMBNAIL = 'public, max-age=604800, stale-while-revalidate=86400';
export const CACHE_NONE = 'no-cache';
/** Content keys and refusals of them (decision 0024). */
export const CACHE_PRIVATE = 'private, no-store';

/** Cache-Control for a file in a signed asset folder. */
export function mediaCacheControl(ext: string): string {
  if (ext === 'm3u8') return CACHE_VOD_PLAYLIST;
  if (ext === 'vtt' || ext === 'jpg') return 'public, max-age=86400';
  return CACHE_IMMUTABLE;
}

/** One path segment of a media URL: letters, digits, dot, dash, underscore; never '.' or '..'. */
const SEGMENT_RE = /^[A-Za-z0-9_-][A-Za-z0-9._-]{0,127}$/;
export const isSafeSegment = (s: string) => SEGMENT_RE.test(s) && s !== '.' && s !== '..';

export type FileInfo = { size: number; mtimeMs: number };

/** What `sendFile` needs of a stored file: its size and date, and a stream of a byte span. */
export type FileSource = {
  stat(): Promise<FileInfo | null>;
  /** The bytes start..end inclusive (only called for a non-empty span). */
  open(start: number, end: number): Promise<Readable>;
};

const STAT_TTL_MS = 5_000;
const STAT_LIMIT = 20_000;

/** A lookup whose answers are remembered a few seconds: published media files never change. */
export function statCache(lookup: (key: string) => Promise<FileInfo | null>) {
  const stats = new Map<string, { at: number; info: FileInfo | null }>();
  return async (key: string): Promise<FileInfo | null> => {
    const now = Date.now();
    const hit = stats.get(key);
    if (hit && now - hit.at < STAT_TTL_MS) return hit.info;
    const info = await lookup(key);
    if (stats.size >= STAT_LIMIT) stats.clear();
    stats.set(key, { at: now, info });
    return info;
  };
}

export async function statFile(file: string): Promise<FileInfo | null> {
  try {
    const s = await stat(file);
    return s.isFile() ? { size: s.size, mtimeMs: s.mtimeMs } : null;
  } catch {
    return null;
  }
}

const statCached = statCache(statFile);

/** A file on disk as a FileSource. */
export function localFile(file: string): FileSource {
  return {
    stat: () => statCached(file),
    open: async (start, end) => createReadStream(file, { start, end }),
  };
}

/** A single `bytes=` range: the inclusive span, 'unsatisfiable', or null to ignore the header (RFC 9110 §14.2). */
export function parseRange(
  header: string,
  size: number,
): { start: number; end: number } | 'unsatisfiable' | null {
  const m = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!m || (m[1] === '' && m[2] === '')) return null;
  if (m[1] === '') {
    const suffix = Number(m[2]);
    if (suffix === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(m[1]);
  const last = m[2] === '' ? size - 1 : Number(m[2]);
  if (start >= size || start > last) return 'unsatisfiable';
  return { start, end: Math.min(last, size - 1) };
}

function notModified(request: FastifyRequest, etag: string, mtimeMs: number): boolean {
  const inm = request.headers['if-none-match'];
  if (inm) return inm.split(',').some((t) => ['*', etag, `W/${etag}`].includes(t.trim()));
  const ims = request.headers['if-modified-since'];
  if (!ims) return false;
  const since = Date.parse(ims);
  return Number.isFinite(since) && Math.floor(mtimeMs / 1000) * 1000 <= since;
}

/**
 * Streams one file (a path on disk or a stored file: media/storage.ts) (GET) or just its headers (HEAD) with ETag / Last-Modified revalidation and
 * single byte ranges. The body is a read stream of the requested span; nothing is buffered.
 */
export async function sendFile(
  request: FastifyRequest,
  reply: FastifyReply,
  file: string | FileSource,
  headers: { contentType: string; cacheControl: string },
): Promise<FastifyReply> {
  const source = typeof file === 'string' ? localFile(file) : file;
  const info = await source.stat();
  if (!info) throw notFound('File');
  const etag = `"${info.size.toString(16)}-${Math.floor(info.mtimeMs).toString(16)}"`;
  reply
    .header('accept-ranges', 'bytes')
    .header('etag', etag)
    .header('last-modified', new Date(info.mtimeMs).toUTCString())
    .header('cache-control', headers.cacheControl);
  if (notModified(request, etag, info.mtimeMs)) return reply.code(304).send();

  const rangeHeader = request.headers.range;
  const range = rangeHeader ? parseRange(rangeHeader, info.size) : null;
  if (range === 'unsatisfiable') {
    const message = `Range ${rangeHeader} is outside the file (${info.size} bytes)`;
    return reply
      .code(416)
      .header('content-range', `bytes */${info.size}`)
      .send({ error: { code: 'rangeNotSatisfiable', message } });
  }
  reply.header('content-type', headers.contentType);
  const start = range?.start ?? 0;
  const end = range?.end ?? info.size - 1;
  const length = info.size === 0 ? 0 : end - start + 1;
  reply.header('content-length', length);
  if (range) reply.code(206).header('content-range', `bytes ${start}-${end}/${info.size}`);
  if (request.method === 'HEAD' || length === 0) return reply.send();
  return reply.send(await source.open(start, end));
}
