import { verify } from '@node-rs/argon2';
import { liveEventState } from '@marquee/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/db/database';
import { demoAssetSpecs, ensureDemoSite, seedDemoCatalog } from '../../src/seed/demo-catalog';
import { DEMO_BRANDS, DEMO_EVENTS } from '../../src/seed/demo-content';
import { assetRow } from '../fixtures';
import { createHarness, type Harness } from '../harness';

let h: Harness;
let assetIds: Map<string, string>;
const now = new Date();

/** Fake media assets standing in for ensureDemoAssets (no ffmpeg in this test). */
async function fakeAssets(db: Db) {
  await ensureDemoSite(db, now);
  const ids = new Map(demoAssetSpecs().map((s) => [s.key, `fake-${s.key}`]));
  await db
    .insertInto('media_assets')
    .values([...ids.values()].map((id) => assetRow('demo', id)))
    .execute();
  return ids;
}

const TABLES = [
  'channels',
  'videos',
  'series',
  'playlists',
  'playlist_items',
  'live_channels',
  'epg_entries',
  'pages',
  'tabs',
  'bundles',
  'coupons',
  'users',
] as const;
async function counts(db: Db) {
  const out: Record<string, number> = {};
  for (const t of TABLES) {
    const row = await db
      .selectFrom(t)
      .where('site_uid', '=', 'demo')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    out[t] = Number(row.n);
  }
  return out;
}
const countWhere = async (db: Db, type: string, extra = false) =>
  Number(
    (
      await db
        .selectFrom('videos')
        .where('site_uid', '=', 'demo')
        .where('type', '=', type)
        .where('extra_of', extra ? 'is not' : 'is', null)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

beforeAll(async () => {
  h = await createHarness();
  assetIds = await fakeAssets(h.db);
});
afterAll(() => h.close());

describe('demo seed', () => {
  it('refuses to seed without media assets for the EPG', async () => {
    await expect(seedDemoCatalog(h.db, new Map())).rejects.toThrow(/media assets/);
  });

  it('asks for 20–40 s clips and one long feature, mostly 480p, a couple 720p, subtitles on a few, one per playable item', () => {
    const specs = demoAssetSpecs();
    expect(new Set(specs.map((s) => s.key)).size).toBe(specs.length);
    // Short clips keep the encode cheap; one feature runs past the 120 s finished rule.
    expect(specs.filter((s) => s.seconds > 120).map((s) => s.key)).toEqual(['demo-movie-last-train']);
    for (const s of specs.filter((s) => s.key !== 'demo-movie-last-train')) {
      expect(s.seconds % 2).toBe(0);
      expect(s.seconds).toBeGreaterThanOrEqual(20);
      expect(s.seconds).toBeLessThanOrEqual(40);
    }
    const heights = specs.map((s) => s.height);
    expect(heights.filter((x) => x === 480).length).toBeGreaterThan(specs.length / 2);
    expect(heights.filter((x) => x === 720).length).toBeGreaterThanOrEqual(2);
    expect(specs.filter((s) => s.subtitles).length).toBeGreaterThanOrEqual(2);
  });

  it('meets the minimums and gives the same counts when run twice', async () => {
    const summary = await seedDemoCatalog(h.db, assetIds, now);
    const first = await counts(h.db);
    await seedDemoCatalog(h.db, assetIds, now);
    expect(await counts(h.db)).toEqual(first);

    expect(summary).toMatchObject({ site: 'demo', epgEntries: 96, liveEvents: 8 });
    expect(first.channels).toBeGreaterThanOrEqual(3);
    expect(await countWhere(h.db, 'video')).toBeGreaterThanOrEqual(20);
    expect(await countWhere(h.db, 'episode')).toBe(12);
    expect(await countWhere(h.db, 'movie')).toBe(3);
    expect(await countWhere(h.db, 'video', true)).toBe(8); // 3 trailers + 3 movie extras + 2 series extras
    expect(first.series).toBe(2);
    expect(first.playlists).toBe(1);
    expect(first.live_channels).toBe(2);
    // monthly, annual, rental, pre-order PPV, channels, no-ads, passcode pass, shipped product
    expect(first.bundles).toBe(8);
    expect(first.coupons).toBeGreaterThanOrEqual(2);
    expect(first.users).toBe(3);
    expect(first.tabs).toBeGreaterThanOrEqual(5);
  });

  it('gives each movie an extra and a trailer, and each series 2 seasons of 3 episodes', async () => {
    for (const uid of ['demo-movie-lighthouse', 'demo-movie-paper-moon', 'demo-movie-last-train']) {
      const m = (await h.app.inject(`/v2/sites/demo/movie/${uid}`)).json();
      expect(m.extras).toHaveLength(1);
      expect(m.trailers).toHaveLength(1);
      expect(m.metadata.thumbnails.maxres.url).toBe(`/media/thumbs/fake-${uid}/thumb-maxres.jpg`);
    }
    for (const uid of ['demo-series-orbit', 'demo-series-kitchen']) {
      const s = (await h.app.inject(`/v2/sites/demo/series/${uid}/seasons`)).json();
      expect(s.items).toEqual([
        { season: 1, episodeCount: 3 },
        { season: 2, episodeCount: 3 },
      ]);
    }
  });

  it('lays 24 h of 30-minute EPG from the current UTC hour minus 2 h, each entry on a media asset', async () => {
    const rows = await h.db
      .selectFrom('epg_entries')
      .selectAll()
      .where('site_uid', '=', 'demo')
      .where('live_channel_id', '=', 'demo-live-news')
      .orderBy('start')
      .execute();
    expect(rows).toHaveLength(48);
    const hourStart = Math.floor(now.getTime() / 3_600_000) * 3_600_000;
    expect(rows[0]!.start).toBe(new Date(hourStart - 2 * 3_600_000).toISOString());
    expect(rows.at(-1)!.stop).toBe(new Date(hourStart + 22 * 3_600_000).toISOString());
    for (const r of rows) {
      expect(Date.parse(r.stop) - Date.parse(r.start)).toBe(30 * 60_000);
      expect([...assetIds.values()]).toContain(r.asset_id);
    }
  });

  it('has live events live now, later today, tomorrow, ended and not started (9999-12-31)', async () => {
    const rows = await h.db
      .selectFrom('videos')
      .select(['uid', 'live_event'])
      .where('site_uid', '=', 'demo')
      .where('type', '=', 'liveEvent')
      .execute();
    const byUid = new Map(rows.map((r) => [r.uid, JSON.parse(r.live_event!)]));
    const state = (uid: string) => liveEventState(byUid.get(uid), now);
    expect(state(DEMO_EVENTS.liveNow)).toBe('live');
    expect(state(DEMO_EVENTS.laterToday)).toBe('future');
    expect(byUid.get(DEMO_EVENTS.laterToday).start.slice(0, 10)).toBe(now.toISOString().slice(0, 10));
    expect(state(DEMO_EVENTS.tomorrow)).toBe('future');
    expect(byUid.get(DEMO_EVENTS.tomorrow).start.slice(0, 10)).toBe(
      new Date(now.getTime() + 86_400_000).toISOString().slice(0, 10),
    );
    expect(state(DEMO_EVENTS.ended)).toBe('ended');
    expect(byUid.get(DEMO_EVENTS.notStarted).start.startsWith('9999-12-31')).toBe(true);
    expect(state(DEMO_EVENTS.notStarted)).toBe('future');
  });

  it("has a round-the-clock YouTube event that play-url hands to YouTube's player (the source map)", async () => {
    const res = await h.app.inject(`/v2/sites/demo/videos/${DEMO_EVENTS.youtube}/play-url`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      url: 'https://www.youtube.com/watch?v=aqz-KE-bpKQ',
      provider: { source: 'yt', videoId: 'aqz-KE-bpKQ', scriptUrl: h.config.playerScripts.yt },
    });
  });

  it("has round-the-clock Dailymotion and JW Player events: Dailymotion's Web SDK plays its; JW's waits for PLAYER_SCRIPT_JW", async () => {
    const dm = await h.app.inject(`/v2/sites/demo/videos/${DEMO_EVENTS.dailymotion}/play-url`);
    expect(dm.statusCode).toBe(200);
    expect(dm.json()).toMatchObject({
      url: 'https://www.dailymotion.com/video/xf02xp',
      provider: { source: 'dm', videoId: 'xf02xp', scriptUrl: h.config.playerScripts.dm },
    });
    // The harness sets no JW Player library (it has no default): the event is not ready to play.
    expect(h.config.playerScripts.jw).toBeUndefined();
    const jw = await h.app.inject(`/v2/sites/demo/videos/${DEMO_EVENTS.jwplayer}/play-url`);
    expect(jw.statusCode).toBe(409);
    expect(jw.json().error).toMatchObject({ code: 'mediaNotReady' });
  });

  it('creates the demo site, its pages and tabs, bundles and users with argon2id hashes', async () => {
    const config = (await h.app.inject('/v2/sites/demo/config')).json();
    expect(config.name).toBe('Marquee Demo');
    expect(config.theme.colors.primary).toBe('#7c5cff');
    expect(config.pages[0].tabs.map((t: { kind: string }) => t.kind)).toEqual([
      'discover',
      'live',
      'epg',
      'directory',
      'about',
    ]);
    const discover = (
      await h.app.inject({ url: '/api/assets/demo-discover/discover', headers: { host: 'localhost' } })
    ).json();
    expect(discover.rows.length).toBeGreaterThan(5);
    expect(discover.rows[0].items.length).toBe(6);

    const bundles = await h.db.selectFrom('bundles').selectAll().where('site_uid', '=', 'demo').execute();
    const byId = new Map(bundles.map((b) => [b.id, b]));
    expect(byId.get('demo-monthly')).toMatchObject({
      plan_type: 'month',
      recurring: 1,
      trial_duration_days: 7,
    });
    expect(byId.get('demo-annual')).toMatchObject({ plan_type: 'year', recurring: 1 });
    expect(byId.get('demo-rental-48h')).toMatchObject({
      type: 'RENTAL',
      duration: 48,
      duration_unit: 'hours',
    });
    expect(byId.get('demo-ppv-final')).toMatchObject({ type: 'PRODUCT', plan_type: 'single' });

    const users = await h.db
      .selectFrom('users')
      .selectAll()
      .where('site_uid', '=', 'demo')
      .orderBy('email')
      .execute();
    expect(users.map((u) => [u.email, JSON.parse(u.roles)])).toEqual([
      ['admin@marquee.test', ['admin']],
      ['staff@marquee.test', ['staff']],
      ['viewer@marquee.test', []],
    ]);
    expect(users[2]!.password_hash).toMatch(/^\$argon2id\$/);
    expect(await verify(users[2]!.password_hash, 'marquee-viewer')).toBe(true);
    expect(await verify(users[0]!.password_hash, 'marquee-admin')).toBe(true);
    expect(await verify(users[1]!.password_hash, 'marquee-staff')).toBe(true);
  });

  it('clears the in-process read cache when it re-seeds', async () => {
    const url = '/v2/sites/demo/live-events/demo-event-live-now';
    const before = (await h.app.inject(url)).json();
    expect((await h.app.inject(url)).json()).toEqual(before);
    const later = new Date(now.getTime() + 3_600_000);
    await seedDemoCatalog(h.db, assetIds, later);
    const after = (await h.app.inject(url)).json();
    expect(Date.parse(after.liveEvent.start) - Date.parse(before.liveEvent.start)).toBe(3_600_000);
  });

  it('gives every protected title media of its own: no public title or public channel plays it', async () => {
    await seedDemoCatalog(h.db, assetIds, now);
    const videos = await h.db
      .selectFrom('videos')
      .select(['uid', 'access_type', 'status', 'asset_id', 'live_event'])
      .where('site_uid', '=', 'demo')
      .execute();
    const bundles = await h.db
      .selectFrom('bundles')
      .select('video_uids')
      .where('site_uid', '=', 'demo')
      .execute();
    // Protected: not public to everyone (members-only, paid, private), sold by a bundle (rental,
    // pay-per-view, product) or by pre-order.
    const sold = new Set(bundles.flatMap((b) => JSON.parse(b.video_uids) as string[]));
    const isProtected = (v: (typeof videos)[number]) =>
      v.access_type !== 'public' ||
      v.status !== 'public' ||
      sold.has(v.uid) ||
      Boolean((JSON.parse(v.live_event ?? '{}') as { preorderBundleId?: string }).preorderBundleId);
    const protectedAsset = new Map(
      videos.filter((v) => isProtected(v) && v.asset_id).map((v) => [v.asset_id!, v.uid]),
    );
    expect([...protectedAsset.values()]).toEqual(
      expect.arrayContaining([
        'demo-members-01',
        'demo-premium-01',
        'demo-premium-02',
        DEMO_EVENTS.tomorrow,
        'demo-movie-lighthouse',
      ]),
    );
    const shared = videos
      .filter((v) => !isProtected(v) && v.asset_id && protectedAsset.has(v.asset_id))
      .map((v) => `${v.uid} plays the media of ${protectedAsset.get(v.asset_id!)}`);
    expect(shared).toEqual([]);
    const aired = await h.db
      .selectFrom('epg_entries as e')
      .innerJoin('live_channels as c', (j) =>
        j.onRef('c.site_uid', '=', 'e.site_uid').onRef('c.id', '=', 'e.live_channel_id'),
      )
      .select('e.asset_id')
      .where('e.site_uid', '=', 'demo')
      .where('c.access_type', '=', 'public')
      .execute();
    expect(aired.length).toBeGreaterThan(0);
    expect(aired.filter((e) => protectedAsset.has(e.asset_id))).toEqual([]);
  });

  it('seeds the second brand beside the first: its own theme, host, rows and accounts, the same media', async () => {
    const demoBefore = await counts(h.db);
    await ensureDemoSite(h.db, now, DEMO_BRANDS.classics);
    const summary = await seedDemoCatalog(h.db, assetIds, now, DEMO_BRANDS.classics);
    expect(summary.site).toBe('classics');
    expect(await counts(h.db)).toEqual(demoBefore);

    const config = (await h.app.inject('/v2/sites/classics/config')).json();
    const demo = (await h.app.inject('/v2/sites/demo/config')).json();
    expect(config.name).toBe('Northwind Classics');
    expect(config.theme.colors.background).toBe('#fbf7ee');
    expect(config.theme.font).toMatch(/serif/);
    expect(config.theme.logo).toMatch(/^data:image\/svg\+xml,/);
    expect(config.theme.colors).not.toEqual(demo.theme.colors);
    // Rentals are labelled Tickets on this site, not on the main one (decision 0034).
    expect(config.perms.rentalsAsTickets).toBe(true);
    expect(demo.perms.rentalsAsTickets).toBe(false);

    // The same tab id, resolved by host name: each site gets its own rows.
    const discoverOf = async (host: string) =>
      (await h.app.inject({ url: '/api/assets/demo-discover/discover', headers: { host } })).json();
    const films = await discoverOf('classics.localhost:3000');
    expect(films.rows[0]).toMatchObject({ type: 'hero', title: 'Tonight’s Feature' });
    expect(films.rows[0].items.length).toBeGreaterThan(0);
    expect((await discoverOf('localhost:3000')).rows[0]).toMatchObject({
      type: 'featured',
      title: 'Staff Picks',
    });

    const users = await h.db
      .selectFrom('users')
      .select(['id', 'email'])
      .where('site_uid', '=', 'classics')
      .execute();
    expect(users.map((u) => u.id).sort()).toEqual(['classics-admin', 'classics-staff', 'classics-viewer']);
    const play = await h.app.inject('/v2/sites/classics/videos/demo-movie-lighthouse/play-url');
    expect(play.statusCode).toBe(200);
  });
});
