import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { VASTParser } from '@dailymotion/vast-client';
import { DOMParser } from '@xmldom/xmldom';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newSiteRow } from '../../src/modules/sites/site-defaults';
import { createHarness, type Harness } from '../harness';

// Our VAST server (playback-and-social §4.3; decision 0026): GET /v2/sites/{site}/ads/vast, the
// tracking pixels at …/ads/track recorded as `video` analytics, the creatives' media, and the bait.
let h: Harness;

const creative = {
  id: 'spring-sale',
  title: 'Spring <Sale> & more',
  file: 'spring-sale.mp4',
  mediaUrl: null,
  durationS: 6,
  width: 640,
  height: 360,
  skipOffsetS: 3,
  clickThrough: '/subscribe',
  positions: ['pre', 'mid'],
};
const ads = (over: object = {}) =>
  JSON.stringify({
    enabled: true,
    status: 'approved',
    type: 'vast',
    url: '/v2/sites/acme/ads/vast?videoUid=[VIDEO_UID]&channelId=[CHANNEL_ID]&position=[POSITION]',
    adBlockerDetection: true,
    video: { preRoll: true, midRollOffsets: [10], frequency: 1 },
    banners: { frequency: 5, offset: 0, refreshMs: 30_000 },
    creatives: [
      creative,
      {
        ...creative,
        id: 'mid-only',
        positions: ['mid'],
        file: null,
        mediaUrl: 'https://cdn.example.com/a.mp4',
      },
    ],
    ...over,
  });

beforeAll(async () => {
  h = await createHarness();
  await h.db
    .insertInto('sites')
    .values([
      newSiteRow('acme', 'Acme', { ads: ads() }),
      newSiteRow('pending', 'Pending', { ads: ads({ status: 'pending' }) }),
      newSiteRow('off', 'Off', { ads: ads({ enabled: false }) }),
      // Written before the video schedule and creatives existed.
      newSiteRow('legacy', 'Legacy', {
        ads: JSON.stringify({
          enabled: true,
          status: 'approved',
          type: 'vast',
          url: 'https://ads.example.com/tag',
          adBlockerDetection: false,
          banners: { frequency: 3, offset: 1, refreshMs: 10_000 },
        }),
      }),
    ])
    .execute();
  mkdirSync(join(h.config.dataDir, 'ads'), { recursive: true });
  writeFileSync(join(h.config.dataDir, 'ads', 'spring-sale.mp4'), Buffer.alloc(1000, 7));
});
afterAll(() => h.close());

const get = (url: string) => h.app.inject({ method: 'GET', url, headers: { host: 'ads.test:8080' } });
const parse = (xml: string) =>
  new VASTParser().parseVAST(new DOMParser().parseFromString(xml, 'text/xml') as unknown as Document);
const rows = () => h.db.selectFrom('analytics_events').selectAll().orderBy('id').execute();

describe('VAST refuses', () => {
  it('404s an unknown site', async () => {
    const res = await get('/v2/sites/nope/ads/vast');
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('notFound');
  });

  it('400s bad parameters, naming them', async () => {
    for (const [query, field] of [
      ['position=later', 'position'],
      ['position=-5', 'position'],
      ['videoUid=a%20b', 'videoUid'],
      [`channelId=${'x'.repeat(200)}`, 'channelId'],
    ] as const) {
      const res = await get(`/v2/sites/acme/ads/vast?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().error.message, query).toContain(field);
    }
  });

  it('answers an empty VAST when ads are off or not approved', async () => {
    for (const site of ['off', 'pending']) {
      const res = await get(`/v2/sites/${site}/ads/vast`);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('application/xml');
      expect(res.body).toContain('<VAST version="4.0"/>');
      expect(res.body).not.toContain('<Ad');
      expect((await parse(res.body)).ads).toEqual([]);
    }
  });

  it('answers an empty VAST when no creative serves the break', async () => {
    // legacy has no creatives at all.
    expect((await get('/v2/sites/legacy/ads/vast')).body).not.toContain('<Ad');
  });
});

describe('VAST serves', () => {
  it('an InLine linear ad the vast-client parses: media, duration, skip offset, trackers', async () => {
    const res = await get('/v2/sites/acme/ads/vast?videoUid=v1&channelId=news&position=pre&cb=123');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const vast = await parse(res.body);
    expect(vast.version).toBe('4.0');
    expect(vast.ads).toHaveLength(1);
    const ad = vast.ads[0]!;
    expect(ad.title).toBe('Spring <Sale> & more');
    const linear = ad.creatives.find((c: { type: string }) => c.type === 'linear') as unknown as {
      duration: number;
      skipDelay: number;
      mediaFiles: { fileURL: string; mimeType: string }[];
      trackingEvents: Record<string, string[]>;
      videoClickThroughURLTemplate: { url: string };
    };
    expect(linear.duration).toBe(6);
    expect(linear.skipDelay).toBe(3);
    const base = 'http://ads.test:8080/v2/sites/acme/ads';
    expect(linear.mediaFiles[0]).toMatchObject({
      fileURL: `${base}/creatives/spring-sale/media.mp4`,
      mimeType: 'video/mp4',
    });
    expect(linear.videoClickThroughURLTemplate.url).toBe('http://ads.test:8080/subscribe');
    const context = 'creative=spring-sale&videoUid=v1&channelId=news&position=pre';
    expect(ad.impressionURLTemplates.map((t: { url: string }) => t.url)).toEqual([
      `${base}/track?event=impression&${context}`,
    ]);
    expect(ad.errorURLTemplates).toEqual([`${base}/track?event=error&${context}&code=[ERRORCODE]`]);
    for (const event of ['loaded', 'start', 'firstQuartile', 'midpoint', 'thirdQuartile', 'complete', 'skip'])
      expect(linear.trackingEvents[event], event).toEqual([`${base}/track?event=${event}&${context}`]);
  });

  it('mid-rolls draw from the creatives allowed mid-roll', async () => {
    const ids = new Set<string>();
    for (let i = 0; i < 30; i++) {
      const vast = await parse((await get('/v2/sites/acme/ads/vast?position=10')).body);
      ids.add(vast.ads[0]!.id!);
    }
    expect([...ids].sort()).toEqual(['mid-only', 'spring-sale']);
    const pre = await parse((await get('/v2/sites/acme/ads/vast?position=pre')).body);
    expect(pre.ads[0]!.id).toBe('spring-sale');
  });

  it('the config shows the schedule but not the creatives; older rows get the defaults', async () => {
    const acme = (await get('/v2/sites/acme/config')).json();
    expect(acme.ads.video).toEqual({ preRoll: true, midRollOffsets: [10], frequency: 1 });
    expect(acme.ads).not.toHaveProperty('creatives');
    const legacy = (await get('/v2/sites/legacy/config')).json();
    // "Ad banner refresh is at least 30000 ms": a lower stored value is raised, not refused.
    expect(legacy.ads.banners).toEqual({
      frequency: 3,
      offset: 1,
      refreshMs: 30_000,
      url: null,
      slot: '',
      size: { width: 728, height: 90 },
      fallback: null,
    });
    expect(legacy.ads).toMatchObject({
      enabled: true,
      video: { preRoll: true, midRollOffsets: [], frequency: 1 },
    });
  });
});

describe('tracking pixels', () => {
  it('refuse an unknown site or creative (404) and a bad event (400)', async () => {
    expect((await get('/v2/sites/nope/ads/track?event=start&creative=spring-sale')).statusCode).toBe(404);
    const unknown = await get('/v2/sites/acme/ads/track?event=start&creative=other');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.message).toContain('other');
    const bad = await get('/v2/sites/acme/ads/track?event=explode&creative=spring-sale');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toContain('event');
    expect((await get('/v2/sites/acme/ads/track?event=start')).statusCode).toBe(400);
  });

  it('record impression, load, quartiles, completion, skip and error as video events', async () => {
    const before = (await rows()).length;
    const events = [
      'impression',
      'loaded',
      'start',
      'firstQuartile',
      'midpoint',
      'thirdQuartile',
      'complete',
      'skip',
      'error',
    ];
    for (const event of events) {
      const res = await get(
        `/v2/sites/acme/ads/track?event=${event}&creative=spring-sale&videoUid=v1&channelId=news&position=pre&code=405`,
      );
      expect(res.statusCode, event).toBe(200);
      expect(res.headers['content-type']).toBe('image/gif');
    }
    // Written by the analytics batch (decision 0021) within a second.
    await expect.poll(async () => (await rows()).length - before, { timeout: 5_000 }).toBe(events.length);
    const stored = (await rows()).slice(before);
    expect(stored.map((r) => r.type)).toEqual([
      'adImpression',
      'adLoad',
      'adStart',
      'adFirstQuartile',
      'adMidpoint',
      'adThirdQuartile',
      'adComplete',
      'adSkip',
      'adError',
    ]);
    expect(stored[0]).toMatchObject({ site_uid: 'acme', kind: 'video', video_uid: 'v1' });
    expect(JSON.parse(stored[0]!.payload)).toMatchObject({
      channelId: 'news',
      videoUid: 'v1',
      type: 'adImpression',
    });
  });
});

describe('creative media and the bait', () => {
  it('serves a hosted creative with byte ranges; 404 for unknown or external ones', async () => {
    const full = await get('/v2/sites/acme/ads/creatives/spring-sale/media.mp4');
    expect(full.statusCode).toBe(200);
    expect(full.headers['content-type']).toBe('video/mp4');
    expect(full.rawPayload.length).toBe(1000);
    const part = await h.app.inject({
      method: 'GET',
      url: '/v2/sites/acme/ads/creatives/spring-sale/media.mp4',
      headers: { range: 'bytes=0-99' },
    });
    expect(part.statusCode).toBe(206);
    expect(part.rawPayload.length).toBe(100);
    expect((await get('/v2/sites/acme/ads/creatives/nope/media.mp4')).statusCode).toBe(404);
    expect((await get('/v2/sites/acme/ads/creatives/mid-only/media.mp4')).statusCode).toBe(404);
    expect((await get('/v2/sites/acme/ads/creatives/..%2F..%2Fetc/media.mp4')).statusCode).toBe(400);
  });

  it('serves the ad-blocker bait script', async () => {
    const res = await get('/ads/prebid-ads.js');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('javascript');
    expect(res.body).toContain('__marqueeAdBait');
  });
});
