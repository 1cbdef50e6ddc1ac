import { PlayableUrl } from '@marquee/contract';
import { OWNER_PAID_NOTICE, OWNER_PRIVATE_NOTICE } from '@marquee/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccessTokens } from '../../src/modules/auth/access-token';
import { createMediaSigner } from '../../src/modules/playback/media-token';
import { createPlaybackRepository } from '../../src/modules/playback/playback.repository';
import { createPlaybackService } from '../../src/modules/playback/playback.service';
import { newSiteRow } from '../../src/modules/sites/site-defaults';
import { createHarness, type Harness } from '../harness';
import { insertAsset, insertVideo, liveChannelRow, makeHlsAsset } from './fixtures';

const NOW = Date.UTC(2026, 10, 22, 12, 0, 0);
const HOUR = 3_600_000;
const clock = { now: NOW };
let h: Harness;

const playUrl = (uid: string, query = '') => h.app.inject(`/v2/sites/acme/videos/${uid}/play-url${query}`);

beforeAll(async () => {
  h = await createHarness({ context: { now: () => clock.now }, env: { PLAY_URL_TTL_SECONDS: '600' } });
  await h.db.insertInto('sites').values(newSiteRow('acme', 'Acme TV')).execute();
  await h.db.insertInto('sites').values(newSiteRow('other', 'Other TV')).execute();
  const renditions = makeHlsAsset(
    h.config.mediaDir,
    'asset1',
    [{ name: '360p', width: 640, height: 360 }],
    4,
  );
  await insertAsset(h.db, 'acme', 'asset1', renditions, 4);
  await insertAsset(h.db, 'acme', 'asset-encoding', renditions, 4, 'processing');
  const ev = (start: number, end: number, extra: object = {}) =>
    JSON.stringify({
      start: new Date(start).toISOString(),
      end: new Date(end).toISOString(),
      ended: false,
      ...extra,
    });
  await insertVideo(h.db, 'acme', 'v-public', { asset_id: 'asset1', without_ads: 1 });
  await insertVideo(h.db, 'acme', 'v-login', { asset_id: 'asset1', access_type: 'requiresLogin' });
  await insertVideo(h.db, 'acme', 'v-paid', {
    asset_id: 'asset1',
    access_type: 'paid',
    channel_id: 'ch-movies',
  });
  await insertVideo(h.db, 'acme', 'v-preorder', { asset_id: 'asset1', access_type: 'paid' });
  await insertVideo(h.db, 'acme', 'v-private', {
    asset_id: 'asset1',
    access_type: 'private',
    owner_user_id: 'u-own',
  });
  await insertVideo(h.db, 'acme', 'v-own-paid', {
    asset_id: 'asset1',
    access_type: 'paid',
    owner_user_id: 'u-own',
  });
  await insertVideo(h.db, 'acme', 'v-archived', { asset_id: 'asset1', status: 'archived' });
  await insertVideo(h.db, 'acme', 'v-no-asset');
  await insertVideo(h.db, 'acme', 'v-encoding', { asset_id: 'asset-encoding' });
  await insertVideo(h.db, 'acme', 'v-soon', {
    type: 'liveEvent',
    asset_id: 'asset1',
    live_event: ev(NOW + HOUR, NOW + 2 * HOUR),
  });
  await insertVideo(h.db, 'acme', 'v-over', {
    type: 'liveEvent',
    asset_id: 'asset1',
    live_event: ev(NOW - 2 * HOUR, NOW - HOUR),
  });
  await insertVideo(h.db, 'acme', 'v-onair', {
    type: 'liveEvent',
    asset_id: 'asset1',
    live_event: ev(NOW - HOUR, NOW + HOUR),
  });
  await insertVideo(h.db, 'acme', 'v-link', {
    type: 'liveEvent',
    live_event: ev(NOW - HOUR, NOW + HOUR, { type: 'link', videoLink: 'https://example.test/live.m3u8' }),
  });
  const bundle = (id: string, over: object) => ({
    site_uid: 'acme',
    id,
    name: id,
    type: 'CHANNELS',
    plan_type: 'month',
    description: '',
    amount_cents: 999,
    recurring: 0,
    trial_duration_days: 0,
    duration: null,
    duration_unit: null,
    enabled: 1,
    is_deleted: 0,
    unlisted: 0,
    preorder_date: null,
    channels: '[]',
    live_channels: '[]',
    video_uids: '[]',
    upgrades_to: '[]',
    ...over,
  });
  await h.db
    .insertInto('bundles')
    .values([
      bundle('b-video', { video_uids: '["v-paid","v-own-paid"]' }),
      bundle('r-channel', { type: 'RENTAL', plan_type: 'rental', channels: '["ch-movies"]' }),
      bundle('p-merch', { type: 'PRODUCT', plan_type: 'single', video_uids: '["v-paid"]' }),
      bundle('no-ads', { type: 'DISABLE_ADS', video_uids: '["v-paid"]' }),
      bundle('b-disabled', { enabled: 0, video_uids: '["v-paid"]' }),
      bundle('b-deleted', { is_deleted: 1, video_uids: '["v-paid"]' }),
      bundle('b-elsewhere', { video_uids: '["v-public"]' }),
      bundle('pre-1', {
        type: 'PRODUCT',
        plan_type: 'single',
        preorder_date: '12/25/2026',
        video_uids: '["v-preorder"]',
      }),
    ])
    .execute();
  await h.db
    .insertInto('live_channels')
    .values([
      liveChannelRow('acme', 'news', 1),
      liveChannelRow('acme', 'members', 2, { access_type: 'requiresLogin' }),
      liveChannelRow('acme', 'premium', 3, { access_type: 'paid', preview_minutes: 2 }),
    ])
    .execute();
});
afterAll(() => h.close());

describe('GET /v2/sites/{site}/videos/{uid}/play-url — bad requests', () => {
  it('404s for an unknown site and an unknown video, naming them', async () => {
    const site = await h.app.inject('/v2/sites/nope/videos/v-public/play-url');
    expect(site.statusCode).toBe(404);
    expect(site.json()).toEqual({ error: { code: 'notFound', message: "Site 'nope' not found" } });
    const video = await playUrl('nope');
    expect(video.statusCode).toBe(404);
    expect(video.json()).toEqual({ error: { code: 'notFound', message: "Video 'nope' not found" } });
  });

  it("404s for another site's video", async () => {
    expect((await h.app.inject('/v2/sites/other/videos/v-public/play-url')).statusCode).toBe(404);
  });

  it('400s for a bad protocol, tv or embed flag, or a too-long uid, naming the field', async () => {
    for (const [query, field] of [
      ['?protocol=rtmp', 'protocol'],
      ['?tv=maybe', 'tv'],
      ['?embed=2', 'embed'],
      ['?__site=', '__site'],
    ] as const) {
      const res = await playUrl('v-public', query);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().error).toMatchObject({ code: 'invalid', field });
    }
    const long = await playUrl('x'.repeat(65));
    expect(long.statusCode).toBe(400);
    expect(long.json().error.field).toBe('uid');
  });

  it('409s for a video without a ready media asset', async () => {
    for (const uid of ['v-no-asset', 'v-encoding']) {
      const res = await playUrl(uid);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({
        error: { code: 'mediaNotReady', message: `Video '${uid}' has no playable media yet` },
      });
    }
  });

  it('403s private and archived content for everyone but the owner (privateContent / archivedContent)', async () => {
    const priv = await playUrl('v-private');
    expect(priv.statusCode).toBe(403);
    expect(priv.json().error.code).toBe('privateContent');
    expect((await playUrl('v-archived')).json().error.code).toBe('archivedContent');
  });
});

describe('GET /v2/sites/{site}/videos/{uid}/play-url — outcomes', () => {
  it('gives open content a signed, expiring HLS url in the spec shape', async () => {
    const res = await playUrl('v-public', '?protocol=hls&tv=true&embed=0&__source=web');
    expect(res.statusCode).toBe(200);
    const body = PlayableUrl.parse(res.json());
    expect(body.url).toMatch(/^\/media\/[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{22}\/asset1\/master\.m3u8$/);
    expect(body.stream.url).toBe(body.url);
    expect(body.url).toContain(`/media/${body.token}/`);
    expect(body).toMatchObject({ type: 'hls', withoutAds: true, paidAccess: false, message: null });
    // §3's DRM fields are in the shape and empty: the stream is AES-128 HLS instead (decision 0024).
    expect(body).toMatchObject({
      drmType: null,
      drmVersion: null,
      drmTokenAuthHeader: null,
      licenseUrl: null,
      certificateUrl: null,
    });
    expect('code' in body).toBe(false);
    const exp = Date.parse(body.expiresAt!);
    expect(exp - NOW).toBeGreaterThanOrEqual(600_000);
    expect(exp - NOW).toBeLessThan(660_000);
    // The players time the renewal by the server's clock, learned from this header (decision 0037).
    expect(Date.parse(String(res.headers.date))).toBeGreaterThan(Date.now() - 60_000);
    expect(JSON.parse(Buffer.from(body.token!.split('.')[0]!, 'base64url').toString())).toEqual({
      exp: exp / 1000,
      asset: 'asset1',
      video: 'v-public',
    });
    const master = await h.app.inject(body.url!);
    expect(master.statusCode).toBe(200);
    expect(master.headers['content-type']).toBe('application/vnd.apple.mpegurl');
    expect(master.body).toContain('360p/index.m3u8');
  });

  it('requiresLogin, anonymous → code 10 and no url', async () => {
    const body = (await playUrl('v-login')).json();
    expect(body).toMatchObject({ code: 10, url: null, requiresLogin: true, stream: { url: null } });
  });

  it('paid without an entitlement → no url, with the bundles and rentals of the bundles table that unlock it', async () => {
    const body = PlayableUrl.parse((await playUrl('v-paid')).json());
    expect(body.url).toBeNull();
    expect(body.code).toBeUndefined();
    expect(body).toMatchObject({
      isPreorder: false,
      bundleId: 'b-video',
      bundleIds: ['b-video'],
      rentalId: 'r-channel',
      rentalIds: ['r-channel'],
      productIds: ['p-merch'],
    });
  });

  it('a pre-order bundle (release 12/25/2026 still ahead) → isPreorder', async () => {
    const body = (await playUrl('v-preorder')).json();
    expect(body).toMatchObject({ url: null, isPreorder: true, bundleId: 'pre-1' });
  });

  it('a live event not started or already ended → code 20; on air → url', async () => {
    expect((await playUrl('v-soon')).json()).toMatchObject({ code: 20, url: null });
    expect((await playUrl('v-over')).json()).toMatchObject({ code: 20, url: null });
    expect((await playUrl('v-onair')).json().url).toMatch(/^\/media\/.+\/asset1\/master\.m3u8$/);
  });

  it('a link-type live event on air plays its external link', async () => {
    expect((await playUrl('v-link')).json().url).toBe('https://example.test/live.m3u8');
  });

  it('documents both play-url calls with the PlayableUrl response in the OpenAPI document', async () => {
    const doc = (await h.app.inject('/api/docs/json')).json();
    expect(doc.paths['/v2/sites/{site}/videos/{uid}/play-url']).toBeDefined();
    expect(doc.paths['/v2/sites/{site}/live-channels/{id}/play-url']).toBeDefined();
    const ok = doc.paths['/v2/sites/{site}/videos/{uid}/play-url'].get.responses['200'];
    expect(JSON.stringify(ok)).toContain('PlayableUrl');
  });
});

describe('play-url for a signed-in viewer (request.user, set by the auth plugin)', () => {
  it('reads the viewer from the bearer access token; a bad token plays as anonymous', async () => {
    const token = await createAccessTokens(h.config.authSecret, 900, () => clock.now).sign({
      id: 'u1',
      siteUid: 'acme',
      email: 'u1@acme.test',
      roles: [],
      sessionId: 'session-u1',
    });
    const signedIn = await h.app.inject({
      url: '/v2/sites/acme/videos/v-login/play-url',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(signedIn.json().url).toBeTruthy();
    const forged = await h.app.inject({
      url: '/v2/sites/acme/videos/v-login/play-url',
      headers: { authorization: `Bearer ${token}x` },
    });
    expect(forged.statusCode).toBe(200);
    expect(forged.json()).toMatchObject({ code: 10, url: null });
  });

  const service = () =>
    createPlaybackService({
      repo: createPlaybackRepository(h.db),
      signer: createMediaSigner(h.config.mediaSecret),
      ttlSeconds: 600,
      now: () => clock.now,
    });

  it("lets the owner view a private video with the spec's notice and binds the url to the user", async () => {
    const body = await service().videoPlayUrl('acme', 'v-private', { id: 'u-own' });
    expect(body).toMatchObject({ message: OWNER_PRIVATE_NOTICE, skipPrivate: true, skipLock: true });
    const claims = JSON.parse(Buffer.from(body.token!.split('.')[0]!, 'base64url').toString());
    expect(claims).toMatchObject({ asset: 'asset1', video: 'v-private', user: 'u-own' });
    await expect(service().videoPlayUrl('acme', 'v-private', { id: 'someone' })).rejects.toMatchObject({
      statusCode: 403,
      code: 'privateContent',
    });
  });

  it("lets the owner view a paid video for free with the spec's notice", async () => {
    const body = await service().videoPlayUrl('acme', 'v-own-paid', { id: 'u-own' });
    expect(body).toMatchObject({ message: OWNER_PAID_NOTICE, paidAccess: true });
    expect(body.url).toContain('/asset1/master.m3u8');
  });

  it('plays requiresLogin content for any signed-in viewer', async () => {
    expect((await service().videoPlayUrl('acme', 'v-login', { id: 'u1' })).url).toBeTruthy();
  });
});

describe('GET /v2/sites/{site}/live-channels/{id}/play-url', () => {
  it('404s for an unknown live channel and 400s for a bad query', async () => {
    const res = await h.app.inject('/v2/sites/acme/live-channels/nope/play-url');
    expect(res.statusCode).toBe(404);
    expect(res.json().error.message).toBe("Live channel 'nope' not found");
    expect((await h.app.inject('/v2/sites/acme/live-channels/news/play-url?protocol=dash')).statusCode).toBe(
      400,
    );
  });

  it('returns a signed live playlist url for an open channel', async () => {
    const body = PlayableUrl.parse((await h.app.inject('/v2/sites/acme/live-channels/news/play-url')).json());
    expect(body.url).toMatch(/^\/live\/[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{22}\/acme\/news\/master\.m3u8$/);
    expect(body.type).toBe('hls');
  });

  it("§6 a 'requires login' channel → code 10 for anonymous viewers", async () => {
    const body = (await h.app.inject('/v2/sites/acme/live-channels/members/play-url')).json();
    expect(body).toMatchObject({ code: 10, url: null });
  });

  it('a paid channel with preview minutes plays a preview whose url expires with it', async () => {
    const body = (await h.app.inject('/v2/sites/acme/live-channels/premium/play-url')).json();
    expect(body.preview).toEqual({ seconds: 120 });
    expect(body.url).toContain('/acme/premium/master.m3u8');
    expect(Date.parse(body.expiresAt) - NOW).toBeLessThanOrEqual(180_000);
  });
});
