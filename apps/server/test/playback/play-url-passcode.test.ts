import { PASSCODE_REQUIRES_LOGIN_MESSAGE } from '@marquee/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMediaSigner } from '../../src/modules/playback/media-token';
import { createPlaybackRepository } from '../../src/modules/playback/playback.repository';
import { createPlaybackService } from '../../src/modules/playback/playback.service';
import { createHarness, type Harness } from '../harness';
import { acmeWithAsset } from './fixtures';

// playback-and-social §4.1 "code 30, passcode requires login → go to login with the passcode state"
// (decision 0028): paid content sold only through passcode bundles (commerce's bundles.passcode).
let h: Harness;
beforeAll(async () => {
  h = await createHarness();
  await acmeWithAsset(h, {
    'v-vip': { access_type: 'paid' },
    'v-mixed': { access_type: 'paid' },
    'v-open': {},
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
  // Other columns of the commerce migration keep their database defaults.
  await h.db
    .insertInto('bundles')
    .values([
      bundle('vip', { passcode: 'VIP-1', video_uids: '["v-vip","v-mixed","v-open"]' }),
      bundle('plain', { video_uids: '["v-mixed"]' }),
    ] as never)
    .execute();
});
afterAll(() => h.close());

const playUrl = (uid: string) => h.app.inject(`/v2/sites/acme/videos/${uid}/play-url`);

describe('play-url code 30 (passcode requires login)', () => {
  it('anonymous viewers of content sold only with a passcode get code 30 and no url', async () => {
    const res = await playUrl('v-vip');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      code: 30,
      url: null,
      passcodeRequiresLogin: true,
      requiresLogin: true,
      message: PASSCODE_REQUIRES_LOGIN_MESSAGE,
    });
  });
  it('content also sold without a passcode is the paywall (no url, its bundles), not code 30', async () => {
    const body = (await playUrl('v-mixed')).json();
    expect(body.code).toBeUndefined();
    expect(body).toMatchObject({ url: null, passcodeRequiresLogin: false });
    expect(body.bundleIds).toEqual(expect.arrayContaining(['vip', 'plain']));
  });
  it('existsPasscodeBoth: true only where the content is sold both with and without a passcode', async () => {
    expect((await playUrl('v-mixed')).json().existsPasscodeBoth).toBe(true);
    expect((await playUrl('v-vip')).json().existsPasscodeBoth).toBe(false);
    expect((await playUrl('v-open')).json().existsPasscodeBoth).toBe(false);
  });
  it('open content in a passcode bundle still plays', async () => {
    expect((await playUrl('v-open')).json().url).toMatch(/master\.m3u8$/);
  });
  it('a signed-in viewer without the bundle gets the paywall with its hints, not code 30', async () => {
    const service = createPlaybackService({
      repo: createPlaybackRepository(h.db),
      signer: createMediaSigner(h.config.mediaSecret),
      ttlSeconds: 600,
      now: () => Date.now(),
    });
    const body = await service.videoPlayUrl('acme', 'v-vip', { id: 'u1' });
    expect(body.code).toBeUndefined();
    expect(body).toMatchObject({ url: null, passcodeRequiresLogin: false, bundleIds: ['vip'] });
  });
});
