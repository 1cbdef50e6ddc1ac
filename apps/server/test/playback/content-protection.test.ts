import { createDecipheriv, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMediaSigner } from '../../src/modules/playback/media-token';
import { entitlementsHarness, insertPurchase, purchaseRow } from '../entitlements/fixtures';
import { videoRow } from '../fixtures';
import { bearer, DAY, PASSWORD, SECOND, START } from '../support/accounts';
import { filesUnder, forgedToken, grantSite, ingestPaidVideo, revokeGrant } from './encrypted-asset';

// Paid content is AES-128 encrypted at ingest; the key is served only to entitled viewers
// (decision 0024). A real ffmpeg encode of a 4-s clip.

let t: Awaited<ReturnType<typeof entitlementsHarness>>;
let assetId: string;
let realKey: Buffer;
let playlistIv: Buffer;
let segmentPath: string;
const TTL = 600;
const iso = (ms: number) => new Date(ms).toISOString();

/** Every 188-byte packet of an MPEG-TS starts with the sync byte 0x47. */
const isTransportStream = (data: Buffer) => {
  if (data.length === 0 || data.length % 188 !== 0) return false;
  for (let i = 0; i < data.length; i += 188) if (data[i] !== 0x47) return false;
  return true;
};
const decrypt = (data: Buffer, key: Buffer, iv: Buffer): Buffer | null => {
  try {
    const d = createDecipheriv('aes-128-cbc', key, iv);
    return Buffer.concat([d.update(data), d.final()]);
  } catch {
    return null; // bad padding: the wrong key
  }
};

const playUrl = async (headers: Record<string, string>) =>
  (await t.h.app.inject({ url: '/v2/sites/acme/videos/v-paid/play-url', headers })).json();
const keyUrl = (token: string) => `/media/${token}/${assetId}/content.key`;
const signer = () => createMediaSigner(t.h.config.mediaSecret);
/** A media token; a user's carries a session of theirs that was never revoked (as the harness signs). */
const tokenFor = (claims: { user?: string; video?: string; asset?: string }, exp = START / 1000 + TTL) =>
  signer().sign({
    exp,
    asset: assetId,
    video: 'v-paid',
    ...claims,
    ...(claims.user ? { sid: `session-${claims.user}` } : {}),
  });

beforeAll(async () => {
  t = await entitlementsHarness({ PLAY_URL_TTL_SECONDS: String(TTL) });
  const made = await ingestPaidVideo(t, 'v-paid', true);
  assetId = made.assetId;
  realKey = Buffer.from(made.key.key_hex, 'hex');
  const playlist = readFileSync(join(t.h.config.mediaDir, assetId, '360p/index.m3u8'), 'utf8');
  playlistIv = Buffer.from(/IV=0x([0-9a-fA-F]{32})/.exec(playlist)![1]!, 'hex');
  segmentPath = '360p/seg_00000.ts';
}, 120_000);
afterAll(() => t.h.close());

describe('encrypted ingest', () => {
  it('writes AES-128 media playlists pointing at our key path, with the IV the database keeps', async () => {
    const playlist = readFileSync(join(t.h.config.mediaDir, assetId, '360p/index.m3u8'), 'utf8');
    expect(playlist).toMatch(/#EXT-X-KEY:METHOD=AES-128,URI="\.\.\/content\.key",IV=0x[0-9a-f]{32}/i);
    const row = await t.h.db
      .selectFrom('media_asset_keys')
      .selectAll()
      .where('asset_id', '=', assetId)
      .executeTakeFirstOrThrow();
    expect(row.key_hex).toMatch(/^[0-9a-f]{32}$/);
    expect(playlistIv.toString('hex')).toBe(row.iv_hex);
  });

  it('keeps no key in the media folder: no file holds the key bytes', () => {
    for (const file of filesUnder(t.h.config.mediaDir)) {
      const data = readFileSync(file);
      expect(data.includes(realKey), file).toBe(false);
      expect(data.toString('latin1').includes(realKey.toString('hex')), file).toBe(false);
    }
  });

  it('the master playlist still names the codec of the clear stream', () => {
    const master = readFileSync(join(t.h.config.mediaDir, assetId, 'master.m3u8'), 'utf8');
    expect(master).toMatch(/CODECS="avc1\.[0-9a-f]{6},mp4a\.40\.2"/);
  });
});

describe('segments without the key', () => {
  it('a viewer without an entitlement gets no url, yet a leaked segment URL serves ciphertext only', async () => {
    expect((await playUrl(t.tokens.viewer)).url).toBeNull();
    const res = await t.h.app.inject(`/media/${tokenFor({ user: 'viewer' })}/${assetId}/${segmentPath}`);
    expect(res.statusCode).toBe(200);
    const data = res.rawPayload;
    expect(isTransportStream(data)).toBe(false);
    for (let i = 0; i < 5; i++) {
      const clear = decrypt(data, randomBytes(16), playlistIv);
      expect(clear !== null && isTransportStream(clear)).toBe(false);
    }
    // The real key with the playlist's IV gives MPEG-TS back.
    expect(isTransportStream(decrypt(data, realKey, playlistIv)!)).toBe(true);
  });
});

describe('GET /media/{token}/{asset}/content.key — refused', () => {
  const refused = async (url: string, status: number, code: string, headers: Record<string, string> = {}) => {
    const res = await t.h.app.inject({ url, headers });
    expect(res.statusCode, url).toBe(status);
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.json().error.code).toBe(code);
    expect(res.rawPayload.includes(realKey)).toBe(false);
  };

  it('401 for a malformed, forged, tampered or expired token, or one for another asset', async () => {
    await refused(keyUrl('not-a-token'), 401, 'invalidPlaybackToken');
    const forged = forgedToken(assetId, 'v-paid', 'admin', START / 1000 + TTL);
    await refused(keyUrl(forged), 401, 'invalidPlaybackToken');
    const good = tokenFor({ user: 'viewer' });
    const [body, sig] = good.split('.') as [string, string];
    const claims = JSON.parse(Buffer.from(body, 'base64url').toString());
    const tampered = Buffer.from(JSON.stringify({ ...claims, user: 'admin' })).toString('base64url');
    await refused(keyUrl(`${tampered}.${sig}`), 401, 'invalidPlaybackToken');
    await refused(keyUrl(tokenFor({ user: 'viewer' }, START / 1000 - 1)), 401, 'invalidPlaybackToken');
    await refused(keyUrl(tokenFor({ user: 'viewer', asset: 'other-asset' })), 401, 'invalidPlaybackToken');
  });

  it('401 for an anonymous token, 403 for a viewer who is not entitled', async () => {
    await refused(keyUrl(tokenFor({})), 401, 'loginRequired');
    await refused(keyUrl(tokenFor({ user: 'viewer' })), 403, 'notEntitled');
  });

  it("403 when the request's signed-in user is not the token's", async () => {
    await refused(keyUrl(tokenFor({ user: 'viewer' })), 403, 'forbidden', t.tokens.viewer2);
  });
});

describe('grant → key → decrypt; revoke → refused', () => {
  it('after a grant the viewer gets the key from play-url’s token and the segment decrypts; the revoke stops it', async () => {
    const grant = await grantSite(t, 'viewer');
    expect(grant.statusCode).toBe(201);
    const play = await playUrl(t.tokens.viewer);
    expect(play.url).toMatch(new RegExp(`^/media/[^/]+/${assetId}/master\\.m3u8$`));

    // The player's path: master → media playlist → key (relative ../content.key) and segment.
    const base = new URL(play.url, 'http://x');
    const media = new URL('360p/index.m3u8', base);
    const playlist = (await t.h.app.inject(media.pathname)).body;
    const keyUri = /URI="([^"]+)"/.exec(playlist)![1]!;
    const keyPath = new URL(keyUri, media).pathname;
    expect(keyPath).toBe(keyUrl(play.token));
    const key = await t.h.app.inject(keyPath);
    expect(key.statusCode).toBe(200);
    expect(key.headers['cache-control']).toBe('private, no-store');
    expect(key.headers['content-type']).toBe('application/octet-stream');
    expect(key.rawPayload.equals(realKey)).toBe(true);
    const head = await t.h.app.inject({ method: 'HEAD', url: keyPath });
    expect(head.statusCode).toBe(200);
    expect(head.rawPayload.length).toBe(0);

    const segment = (await t.h.app.inject(new URL(segmentPath.replace('360p/', ''), media).pathname))
      .rawPayload;
    expect(isTransportStream(decrypt(segment, key.rawPayload, playlistIv)!)).toBe(true);

    const revoke = await revokeGrant(t, 'viewer', grant.json().id);
    expect(revoke.statusCode).toBe(204);
    const again = await t.h.app.inject(keyPath);
    expect(again.statusCode).toBe(403);
    expect(again.rawPayload.includes(realKey)).toBe(false);
  });

  it('a rental’s key stops at the end of its window, with the same token', async () => {
    await t.insertUser({ id: 'renter', site_uid: 'acme', email: 'renter@acme.test' }, null);
    await insertPurchase(
      t.h.db,
      purchaseRow('renter', 'b-rental', {
        type: 'RENTAL',
        available_from: iso(START),
        available_to: iso(START + DAY),
      }),
    );
    const token = tokenFor({ user: 'renter' }, (START + 2 * DAY) / 1000);
    expect((await t.h.app.inject(keyUrl(token))).statusCode).toBe(200);
    t.clock.now = START + DAY;
    try {
      expect((await t.h.app.inject(keyUrl(token))).statusCode).toBe(403);
    } finally {
      t.clock.now = START;
    }
  });

  it('404 for an asset that is not encrypted', async () => {
    await t.h.db
      .insertInto('videos')
      .values(videoRow('acme', 'v-other', { asset_id: null }))
      .execute();
    const token = signer().sign({
      exp: START / 1000 + TTL,
      asset: 'clear-asset',
      video: 'v-other',
      user: 'viewer',
    });
    const res = await t.h.app.inject(`/media/${token}/clear-asset/content.key`);
    expect(res.statusCode).toBe(404);
    expect(res.headers['cache-control']).toBe('private, no-store');
  });
});

describe("a key URL is the viewer's session's (decision 0037)", () => {
  let n = 0;
  /** A new viewer, signed in with a password, granted the whole site by acme's admin. */
  async function entitledSession() {
    const id = `keyholder-${++n}`;
    await t.insertUser({ id, site_uid: 'acme', email: `${id}@acme.test` });
    const login = await t.login({ email: `${id}@acme.test`, password: PASSWORD, site: 'acme' });
    expect(login.statusCode).toBe(200);
    const { token, refreshToken } = login.json() as { token: string; refreshToken: string };
    const grant = await t.h.app.inject({
      method: 'POST',
      url: `/v2/admin/sites/acme/users/${id}/grants`,
      headers: t.tokens.admin,
      payload: { bundleId: 'b-site' },
    });
    expect(grant.statusCode).toBe(201);
    const play = await playUrl(bearer(token));
    const key = keyUrl(play.token as string);
    expect((await t.h.app.inject(key)).rawPayload.equals(realKey)).toBe(true);
    return { id, token, refreshToken, key, grantId: (grant.json() as { id: string }).id };
  }
  const keyStatus = async (url: string, headers: Record<string, string> = {}) => {
    const res = await t.h.app.inject({ url, headers });
    expect(res.rawPayload.includes(realKey)).toBe(false);
    return { status: res.statusCode, code: res.statusCode >= 400 ? res.json().error.code : null };
  };

  it('is refused as soon as the viewer signs out', async () => {
    const s = await entitledSession();
    const out = await t.h.app.inject({
      method: 'POST',
      url: '/v2/me/auth/logout',
      payload: { token: s.refreshToken },
    });
    expect(out.statusCode).toBeLessThan(300);
    expect(await keyStatus(s.key)).toEqual({ status: 401, code: 'sessionEnded' });
  });

  it('is refused after the play-url TTL, and play-url hands out a new one', async () => {
    const s = await entitledSession();
    try {
      // exp is rounded up to the minute: a minute past the TTL is past it in every case.
      t.clock.now = START + (TTL + 60) * SECOND;
      expect(await keyStatus(s.key)).toEqual({ status: 401, code: 'invalidPlaybackToken' });
      // The renewal: play-url again in the same session (the access token lives 15 min > TTL).
      const again = await playUrl(bearer(s.token));
      expect(again.token).not.toBe(s.key.split('/')[2]);
      expect((await t.h.app.inject(keyUrl(again.token as string))).rawPayload.equals(realKey)).toBe(true);
    } finally {
      t.clock.now = START;
    }
  });

  it("is refused with another user's session, and a token cannot be moved to another session", async () => {
    const s = await entitledSession();
    const other = await entitledSession();
    expect(await keyStatus(s.key, bearer(other.token))).toEqual({ status: 403, code: 'forbidden' });
    // Claims are signed: changing the session (or the user) breaks the signature.
    const [body, sig] = s.key.split('/')[2]!.split('.') as [string, string];
    const claims = JSON.parse(Buffer.from(body, 'base64url').toString()) as Record<string, unknown>;
    const moved = Buffer.from(JSON.stringify({ ...claims, sid: 'another-session' })).toString('base64url');
    expect(await keyStatus(keyUrl(`${moved}.${sig}`))).toEqual({ status: 401, code: 'invalidPlaybackToken' });
    // A token naming a user but no session is not one play-url issues.
    const noSession = signer().sign({ exp: START / 1000 + TTL, asset: assetId, video: 'v-paid', user: s.id });
    expect(await keyStatus(keyUrl(noSession))).toEqual({ status: 401, code: 'sessionEnded' });
  });

  it('is refused once the grant is revoked (canceled), with the same token and session', async () => {
    const s = await entitledSession();
    const revoke = await t.h.app.inject({
      method: 'DELETE',
      url: `/v2/admin/sites/acme/users/${s.id}/grants/${s.grantId}`,
      headers: t.tokens.admin,
    });
    expect(revoke.statusCode).toBe(204);
    expect(await keyStatus(s.key)).toEqual({ status: 403, code: 'notEntitled' });
  });
});
