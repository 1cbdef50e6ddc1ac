import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import { badRequest, forbidden, notFound } from '../../plugins/errors';
import { CONTENT_KEY_FILE } from '../../media/hls';
import {
  CACHE_NONE,
  CACHE_PRIVATE,
  CACHE_THUMBNAIL,
  isSafeSegment,
  MEDIA_TYPES,
  mediaCacheControl,
  sendFile,
} from '../../media/media-files';
import { mediaStorage } from '../../media/storage';
import { requestUser } from './playback.routes';

const THUMB_RE = /^thumb-(maxres|high|medium|standard|default)\.jpg$/;
const SUBTITLE_RE = /^[\w-]+\.vtt$/;

/** The request path as sent (not decoded, not normalised), split on '/'. */
function rawSegments(request: FastifyRequest): string[] {
  const raw = request.raw.url ?? request.url;
  const q = raw.indexOf('?');
  return (q < 0 ? raw : raw.slice(0, q)).split('/').slice(1);
}

/** Rejects '..', '.', empty segments, percent-encoding (so no encoded separators) and backslashes: 400. */
function safePath(segments: string[]): string[] {
  if (segments.length === 0 || !segments.every(isSafeSegment)) throw badRequest('path', 'Invalid media path');
  return segments;
}

function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot < 0 ? '' : name.slice(dot + 1).toLowerCase();
}

/**
 * Media serving (docs/decisions/0002-signed-media-paths.md):
 * - GET|HEAD /media/{token}/{assetId}/{path…}: files of an asset folder behind a signed token;
 * - GET|HEAD /media/{token}/{assetId}/content.key: an encrypted asset's AES-128 key, only for a
 *   token whose user may play the video now (decision 0024);
 * - GET|HEAD /media/thumbs/{assetId}/thumb-{size}.jpg: public thumbnails, unsigned;
 * - GET|HEAD /media/subs/{assetId}/{name}.vtt: a free asset's subtitles (the catalog's
 *   `subtitles[].url`), unsigned; a paid asset's only through its signed path;
 * - GET|HEAD /live/{token}/{site}/{channel}/{master|rendition}.m3u8: linear live playlists.
 * The hot path does no database query: the token carries what a segment request needs.
 */
export const mediaRoutes =
  (ctx: Pick<AppContext, 'config' | 'live' | 'mediaSigner' | 'now' | 'playback'>): FastifyPluginAsync =>
  async (app) => {
    // The local media folder or the S3 bucket (media/storage.ts, decision 0086).
    const storage = mediaStorage(ctx.config);

    app.route({
      method: ['GET', 'HEAD'],
      url: '/media/thumbs/:assetId/:file',
      schema: { hide: true },
      handler: async (req, reply) => {
        const [, , assetId, file, ...rest] = rawSegments(req);
        if (!assetId || !file || rest.length > 0 || !isSafeSegment(assetId) || !THUMB_RE.test(file)) {
          throw notFound('Thumbnail');
        }
        return sendFile(req, reply, storage.file(`${assetId}/${file}`), {
          contentType: MEDIA_TYPES.jpg!,
          cacheControl: CACHE_THUMBNAIL,
        });
      },
    });

    app.route({
      method: ['GET', 'HEAD'],
      url: '/media/subs/:assetId/:file',
      schema: { hide: true },
      handler: async (req, reply) => {
        const [, , assetId, file, ...rest] = rawSegments(req);
        if (!assetId || !file || rest.length > 0 || !isSafeSegment(assetId) || !SUBTITLE_RE.test(file)) {
          throw notFound('Subtitles');
        }
        if (!(await ctx.playback.subtitlesArePublic(assetId))) throw notFound('Subtitles');
        return sendFile(req, reply, storage.file(`${assetId}/${file}`), {
          contentType: MEDIA_TYPES.vtt!,
          cacheControl: mediaCacheControl('vtt'),
        });
      },
    });

    app.route({
      method: ['GET', 'HEAD'],
      url: '/media/:token/:assetId/*',
      schema: { hide: true },
      handler: async (req, reply) => {
        const [, token = '', ...rest] = rawSegments(req);
        const [assetId, ...path] = safePath(rest);
        const claims = ctx.mediaSigner.verify(token, ctx.now());
        if (path.length === 1 && path[0] === CONTENT_KEY_FILE) {
          // The content key (decision 0024): never cached, refused without key bytes.
          reply.header('cache-control', CACHE_PRIVATE);
          const key = await ctx.playback.contentKey(assetId!, claims, requestUser(req));
          reply.header('content-type', 'application/octet-stream').header('content-length', key.length);
          return req.method === 'HEAD' ? reply.send() : reply.send(key);
        }
        if (!claims || claims.asset !== assetId) throw forbidden('Invalid or expired playback token');
        const user = requestUser(req);
        if (claims.user && user && claims.user !== user.id)
          throw forbidden('Playback token belongs to another user');
        const ext = extensionOf(path.at(-1) ?? '');
        const contentType = MEDIA_TYPES[ext];
        if (path.length === 0 || !contentType) throw notFound('File');
        return sendFile(req, reply, storage.file([assetId!, ...path].join('/')), {
          contentType,
          cacheControl: mediaCacheControl(ext),
        });
      },
    });

    app.route({
      method: ['GET', 'HEAD'],
      url: '/live/:token/:site/:channel/:file',
      schema: { hide: true },
      handler: async (req, reply) => {
        const [, token = '', ...rest] = rawSegments(req);
        const [site, channel, file] = safePath(rest) as [string, string, string];
        const claims = ctx.live.verify(token, site, channel);
        if (!file.endsWith('.m3u8')) throw notFound('File');
        const name = file.slice(0, -'.m3u8'.length);
        const body =
          name === 'master'
            ? await ctx.live.master(site, channel)
            : await ctx.live.variant(site, channel, name, claims);
        reply.header('content-type', MEDIA_TYPES.m3u8!).header('cache-control', CACHE_NONE);
        return req.method === 'HEAD' ? reply.header('content-length', Buffer.byteLength(body)).send() : body;
      },
    });
  };
