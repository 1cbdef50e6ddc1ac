import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { binaries } from '../../src/media/ffmpeg';
import { createMediaSigner } from '../../src/modules/playback/media-token';
import { entitlementsHarness } from '../entitlements/fixtures';
import { START } from '../support/accounts';
import { filesUnder, forgedToken, grantSite, ingestPaidVideo, revokeGrant } from './encrypted-asset';

// A paid asset packaged for EME Clear Key (CENC fMP4) and its licence endpoint (decision 0081): the
// licence goes only where the AES-128 key would (decision 0024). A real ffmpeg encode of a 4-s clip.

let t: Awaited<ReturnType<typeof entitlementsHarness>>;
let assetId: string;
let realKey: Buffer;
let kid: Buffer;
const TTL = 600;
const b64url = (b: Buffer) => b.toString('base64url');

const signer = () => createMediaSigner(t.h.config.mediaSecret);
/** A media token; a user's carries a session of theirs that was never revoked (as the harness signs). */
const tokenFor = (claims: { user?: string; asset?: string }) =>
  signer().sign({
    exp: START / 1000 + TTL,
    asset: assetId,
    video: 'v-ck',
    ...claims,
    ...(claims.user ? { sid: `session-${claims.user}` } : {}),
  });
const licenseUrl = (token: string) => `/media/${token}/${assetId}/clearkey-license`;
const askLicense = (url: string, kids: unknown = [b64url(kid)], headers: Record<string, string> = {}) =>
  t.h.app.inject({ method: 'POST', url, headers, payload: { kids, type: 'temporary' } });

/** Whether ffmpeg decodes init + first segment, with this key or none, without a single error. */
function decodesCleanly(key: Buffer | null): boolean {
  const dir = join(t.h.config.mediaDir, assetId, '360p');
  const joined = join(t.h.config.dataDir, 'joined.mp4');
  writeFileSync(
    joined,
    Buffer.concat([readFileSync(join(dir, 'init.mp4')), readFileSync(join(dir, 'seg_00000.m4s'))]),
  );
  const keyArgs = key ? ['-decryption_key', key.toString('hex')] : [];
  const run = spawnSync(binaries().ffmpeg, ['-v', 'error', ...keyArgs, '-i', joined, '-f', 'null', '-'], {
    encoding: 'utf8',
  });
  return run.status === 0 && run.stderr.trim() === '';
}

beforeAll(async () => {
  t = await entitlementsHarness({ PLAY_URL_TTL_SECONDS: String(TTL) });
  const made = await ingestPaidVideo(t, 'v-ck', 'clearkey');
  assetId = made.assetId;
  realKey = Buffer.from(made.key.key_hex, 'hex');
  kid = Buffer.from(made.key.kid_hex!, 'hex');
}, 120_000);
afterAll(() => t.h.close());

describe('Clear Key ingest', () => {
  it('writes CENC fMP4 media playlists whose key tag names the key id the database keeps, never the key', () => {
    expect(realKey.length).toBe(16);
    expect(kid.length).toBe(16);
    const playlist = readFileSync(join(t.h.config.mediaDir, assetId, '360p/index.m3u8'), 'utf8');
    expect(playlist).toContain(
      `#EXT-X-KEY:METHOD=SAMPLE-AES-CTR,KEYFORMAT="org.w3.clearkey",KEYFORMATVERSIONS="1",URI="data:text/plain;base64,${kid.toString('base64')}"`,
    );
    expect(playlist.indexOf('#EXT-X-KEY')).toBeLessThan(playlist.indexOf('#EXT-X-MAP:URI="init.mp4"'));
    expect(playlist).toContain('seg_00000.m4s');
    const master = readFileSync(join(t.h.config.mediaDir, assetId, 'master.m3u8'), 'utf8');
    expect(master).toMatch(/CODECS="avc1\.[0-9a-f]{6},mp4a\.40\.2"/);
    for (const file of filesUnder(join(t.h.config.mediaDir, assetId))) {
      const data = readFileSync(file);
      expect(data.includes(realKey), file).toBe(false);
      expect(data.toString('latin1').includes(realKey.toString('hex')), file).toBe(false);
    }
  });

  it('packages CENC for MSE: a protected init naming the kid, each fragment with its own senc, saiz and saio', () => {
    const dir = join(t.h.config.mediaDir, assetId, '360p');
    const init = readFileSync(join(dir, 'init.mp4'));
    for (const type of ['encv', 'enca', 'frma', 'schm', 'tenc']) expect(init.includes(type), type).toBe(true);
    expect(init.includes(Buffer.concat([Buffer.from([0, 0, 1, 8]), kid]))).toBe(true);
    const segment = readFileSync(join(dir, 'seg_00000.m4s'));
    const moof = segment.indexOf('moof');
    const mdat = segment.indexOf('mdat');
    for (const type of ['senc', 'saiz', 'saio']) {
      const at = segment.indexOf(type);
      expect(at > moof && at < mdat, type).toBe(true);
    }
  });

  it('the segments really are encrypted: ffmpeg decodes them cleanly only with the key', () => {
    expect(decodesCleanly(null)).toBe(false);
    expect(decodesCleanly(Buffer.alloc(16, 7))).toBe(false);
    expect(decodesCleanly(realKey)).toBe(true);
  });
});

describe('POST /media/{token}/{asset}/clearkey-license — refused', () => {
  const refused = async (
    url: string,
    status: number,
    code: string,
    opts: { kids?: unknown; headers?: Record<string, string> } = {},
  ) => {
    const res = await askLicense(url, opts.kids, opts.headers);
    expect(res.statusCode, url).toBe(status);
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.json().error.code).toBe(code);
    expect(res.body.includes(b64url(realKey))).toBe(false);
    return res.json().error;
  };

  it('401 without a valid token: malformed, forged, or for another asset', async () => {
    await refused(licenseUrl('not-a-token'), 401, 'invalidPlaybackToken');
    const forged = forgedToken(assetId, 'v-ck', 'viewer', START / 1000 + TTL);
    await refused(licenseUrl(forged), 401, 'invalidPlaybackToken');
    await refused(
      licenseUrl(tokenFor({ user: 'viewer', asset: 'other-asset' })),
      401,
      'invalidPlaybackToken',
    );
  });

  it('401 for an anonymous token, 403 for a viewer who is not entitled', async () => {
    await refused(licenseUrl(tokenFor({})), 401, 'loginRequired');
    await refused(licenseUrl(tokenFor({ user: 'viewer' })), 403, 'notEntitled');
  });

  it("403 when the request's signed-in user is not the token's", async () => {
    await refused(licenseUrl(tokenFor({ user: 'viewer' })), 403, 'forbidden', { headers: t.tokens.viewer2 });
  });

  it('400 naming kids for a malformed licence request', async () => {
    const error = await refused(licenseUrl(tokenFor({ user: 'viewer' })), 400, 'invalid', {
      kids: ['not a key id'],
    });
    expect(JSON.stringify(error)).toContain('kids');
  });
});

describe('grant → licence → decrypt', () => {
  it('an entitled viewer gets the licence from play-url’s licenseUrl, and its key decrypts the segment', async () => {
    const grant = await grantSite(t, 'viewer');
    expect(grant.statusCode).toBe(201);
    const play = (
      await t.h.app.inject({ url: '/v2/sites/acme/videos/v-ck/play-url', headers: t.tokens.viewer })
    ).json();
    expect(play).toMatchObject({
      url: `/media/${play.token}/${assetId}/master.m3u8`,
      drmType: 'clearkey',
      licenseUrl: licenseUrl(play.token),
      drmTokenAuthHeader: null,
      drmVersion: null,
      certificateUrl: null,
    });

    // An unknown key id is refused by name, even for the entitled viewer.
    const unknown = await askLicense(play.licenseUrl, [b64url(Buffer.alloc(16, 1))], t.tokens.viewer);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.message).toContain('kids');

    const res = await askLicense(play.licenseUrl, [b64url(kid)], t.tokens.viewer);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    const license = res.json();
    expect(license).toEqual({
      keys: [{ kty: 'oct', kid: b64url(kid), k: b64url(realKey) }],
      type: 'temporary',
    });
    expect(decodesCleanly(Buffer.from(license.keys[0].k, 'base64url'))).toBe(true);

    // No gif is cut from DRM media, even by an entitled viewer.
    const gif = await t.h.app.inject({
      method: 'POST',
      url: '/api/gifs/video/v-ck?__site=acme',
      headers: t.tokens.viewer,
      payload: { start: 0, end: 2 },
    });
    expect(gif.statusCode).toBe(409);
    expect(gif.json().error.message).toContain('DRM');

    // The raw AES-128 key route does not hand out a Clear Key asset's key.
    const raw = await t.h.app.inject(`/media/${play.token}/${assetId}/content.key`);
    expect(raw.statusCode).toBe(404);

    const revoke = await revokeGrant(t, 'viewer', grant.json().id);
    expect(revoke.statusCode).toBe(204);
    const again = await askLicense(play.licenseUrl, [b64url(kid)], t.tokens.viewer);
    expect(again.statusCode).toBe(403);
    expect(again.body.includes(b64url(realKey))).toBe(false);
  });
});
