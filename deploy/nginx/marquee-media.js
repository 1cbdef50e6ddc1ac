// Marquee's media token check at the edge (decision 0086), for nginx's njs (Debian's
// libnginx-mod-http-js, njs 0.7.9). It verifies a signed media path exactly as the server does
// (apps/server/src/modules/playback/media-token.ts and media.routes.ts, decision 0002), so nginx
// serves playlists and segments without asking Node. It also signs nginx's requests to an
// S3-compatible bucket (AWS Signature V4) when media live there.
//
// Environment (each named by an `env` directive in nginx's main context):
//   MEDIA_SECRET                          the server's MEDIA_SECRET (the same value, never committed)
//   S3_BUCKET, S3_ENDPOINT, S3_REGION,    the server's S3 settings, for media-store-s3.conf only
//   S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY, S3_FORCE_PATH_STYLE

import crypto from 'crypto';

const TOKEN_RE = /^[A-Za-z0-9_-]{8,2048}\.[A-Za-z0-9_-]{22}$/;
const SEGMENT_RE = /^[A-Za-z0-9_-][A-Za-z0-9._-]{0,127}$/;
const SIG_BYTES = 16;
/** The extensions an asset folder serves (media-files.ts MEDIA_TYPES). */
const MEDIA_EXTENSIONS = ['m3u8', 'ts', 'm4s', 'mp4', 'aac', 'vtt', 'jpg'];
const STORE_PREFIX = '/_marquee_media/';

const CACHE_IMMUTABLE = 'public, max-age=31536000, immutable';
const CACHE_VOD_PLAYLIST = 'public, max-age=60';
const CACHE_THUMBNAIL = 'public, max-age=604800, stale-while-revalidate=86400';
const CACHE_TEXT_IMAGE = 'public, max-age=86400';

function isSafeSegment(s) {
  return SEGMENT_RE.test(s) && s !== '.' && s !== '..';
}

function extensionOf(name) {
  const dot = name.lastIndexOf('.');
  return dot < 0 ? '' : name.slice(dot + 1).toLowerCase();
}

/** The request path as sent (not decoded, not normalised), split on '/'. */
function rawSegments(r) {
  const raw = r.variables.request_uri;
  const q = raw.indexOf('?');
  return (q < 0 ? raw : raw.slice(0, q)).split('/').slice(1);
}

/** Compares two byte strings in time that depends on their length only. */
function sameBytes(a, b) {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a[i] ^ b[i];
  return diff === 0;
}

/** The token's claims when it is signed with MEDIA_SECRET and not expired at nowMs; else null. */
function verify(token, nowMs) {
  const secret = process.env.MEDIA_SECRET;
  if (!secret || !TOKEN_RE.test(token)) return null;
  const dot = token.indexOf('.');
  const body = token.slice(0, dot);
  const given = Buffer.from(token.slice(dot + 1), 'base64url');
  const mac = crypto
    .createHmac('sha256', secret)
    .update('marquee-media.v1.' + body)
    .digest()
    .slice(0, SIG_BYTES);
  if (given.length !== SIG_BYTES || !sameBytes(given, mac)) return null;
  let claims;
  try {
    claims = JSON.parse(Buffer.from(body, 'base64url').toString());
    // eslint-disable-next-line @typescript-eslint/no-unused-vars -- njs 0.7 has no optional catch binding
  } catch (notJson) {
    return null;
  }
  if (typeof claims !== 'object' || claims === null || !Number.isFinite(claims.exp)) return null;
  return claims.exp * 1000 > nowMs ? claims : null;
}

/**
 * js_set for /media/{token}/{assetId}/{path…}: the store key `<assetId>/<path>` when the request may
 * have the file, else the status the server would answer: '400' for an unsafe path (checked on the
 * raw URI: '..', '.', empty segments, percent-encoding, backslashes), '403' for a missing, forged,
 * expired or other asset's token, '404' for a name the server does not serve.
 */
function check(r) {
  const parts = rawSegments(r);
  const token = parts[1] || '';
  const rest = parts.slice(2);
  if (rest.length === 0 || !rest.every(isSafeSegment)) return '400';
  const claims = verify(token, Date.now());
  if (!claims || claims.asset !== rest[0]) return '403';
  const path = rest.slice(1);
  if (path.length === 0 || MEDIA_EXTENSIONS.indexOf(extensionOf(path[path.length - 1])) < 0) return '404';
  return rest.join('/');
}

/** js_set: the Cache-Control the server sends for the file being served (media-files.ts). */
function cacheControl(r) {
  if (r.variables.request_uri.indexOf('/media/thumbs/') === 0) return CACHE_THUMBNAIL;
  const ext = extensionOf(r.uri);
  if (ext === 'm3u8') return CACHE_VOD_PLAYLIST;
  if (ext === 'vtt' || ext === 'jpg') return CACHE_TEXT_IMAGE;
  return CACHE_IMMUTABLE;
}

// ---- S3 (media-store-s3.conf) ----

function s3Settings() {
  const env = process.env;
  const endpoint = env.S3_ENDPOINT || 'https://s3.' + (env.S3_REGION || 'us-east-1') + '.amazonaws.com';
  const m = /^(https?):\/\/([^/]+)\/?$/.exec(endpoint);
  if (!m || !env.S3_BUCKET) throw new Error('S3_BUCKET and S3_ENDPOINT must be passed to nginx (env)');
  const pathStyle = env.S3_FORCE_PATH_STYLE === 'true';
  return {
    scheme: m[1],
    host: pathStyle ? m[2] : env.S3_BUCKET + '.' + m[2],
    prefix: pathStyle ? '/' + env.S3_BUCKET + '/' : '/',
    region: env.S3_REGION || 'us-east-1',
    accessKey: env.S3_ACCESS_KEY_ID || '',
    secretKey: env.S3_SECRET_ACCESS_KEY || '',
  };
}

/** The object's path in the bucket; the store key was checked by `check` or a thumbnail's regex. */
function s3Path(r, s) {
  return s.prefix + r.uri.slice(STORE_PREFIX.length);
}

/** nginx's clock of this request (cached per event loop turn), so every header signs one instant. */
function amzDate(r) {
  return new Date(Math.floor(Number(r.variables.msec)) * 1000).toISOString().replace(/[-:]|\.\d{3}/g, '');
}

/** js_set: the URL nginx proxies to, on the upstream named marquee_s3. */
function s3Url(r) {
  const s = s3Settings();
  return s.scheme + '://marquee_s3' + s3Path(r, s);
}

function s3Host() {
  return s3Settings().host;
}

function s3Date(r) {
  return amzDate(r);
}

const hmac = (key, text) => crypto.createHmac('sha256', key).update(text).digest();
const sha256Hex = (text) => crypto.createHash('sha256').update(text).digest('hex');

/** js_set: the Authorization header of an AWS Signature V4 GET/HEAD with an unsigned payload. */
function s3Authorization(r) {
  const s = s3Settings();
  if (!s.accessKey) return '';
  const date = amzDate(r);
  const day = date.slice(0, 8);
  const scope = day + '/' + s.region + '/s3/aws4_request';
  const signedHeaders = 'host;x-amz-content-sha256;x-amz-date';
  const canonical = [
    r.method,
    s3Path(r, s),
    '',
    'host:' + s.host,
    'x-amz-content-sha256:UNSIGNED-PAYLOAD',
    'x-amz-date:' + date,
    '',
    signedHeaders,
    'UNSIGNED-PAYLOAD',
  ].join('\n');
  const toSign = ['AWS4-HMAC-SHA256', date, scope, sha256Hex(canonical)].join('\n');
  const key = hmac(hmac(hmac(hmac('AWS4' + s.secretKey, day), s.region), 's3'), 'aws4_request');
  const signature = crypto.createHmac('sha256', key).update(toSign).digest('hex');
  return (
    'AWS4-HMAC-SHA256 Credential=' +
    s.accessKey +
    '/' +
    scope +
    ', SignedHeaders=' +
    signedHeaders +
    ', Signature=' +
    signature
  );
}

export default { check, cacheControl, s3Url, s3Host, s3Date, s3Authorization };
