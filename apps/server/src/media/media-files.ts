import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
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

type FileInfo = { size: number; mtimeMs: number };
const STAT_TTL_MS = 5_000;
const STAT_LIMIT = 20_000;
const stats = new Map<string, { at: number; info: FileInfo | null }>();

/** fs.stat, remembered a few seconds: VOD files never change once written. */
async function statCached(file: string): Promise<FileInfo | null> {
  const now = Date.now();
  const hit = stats.get(file);
  if (hit && now - hit.at < STAT_TTL_MS) return hit.info;
  let info: FileInfo | null = null;
  try {
    const s = await stat(file);
    info = s.isFile() ? { size: s.size, mtimeMs: s.mtimeMs } : null;
  } catch {
    info = null;
  }
  if (stats.size >= STAT_LIMIT) stats.clear();
  stats.set(file, { at: now, info });
  return info;
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
 * Streams one file (GET) or just its headers (HEAD) with ETag / Last-Modified revalidation and
 * single byte ranges. The body is a read stream of the requested span; nothing is buffered.
 */
export async function sendFile(
  request: FastifyRequest,
  reply: FastifyReply,
  file: string,
  headers: { contentType: string; cacheControl: string },
): Promise<FastifyReply> {
  const info = await statCached(file);
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
  return reply.send(createReadStream(file, { start, end }));
}
