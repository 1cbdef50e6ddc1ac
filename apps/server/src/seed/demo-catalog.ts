import { hash } from '@node-rs/argon2';
import type { Insertable, Kysely, Transaction } from 'kysely';
import type { Db } from '../db/database';
import type { Database, VideosTable } from '../db/schema';
import type { DemoAssetSpec } from '../media/demo-media';
import { invalidateResponseCaches } from '../modules/catalog/response-cache';
import { newSiteRow } from '../modules/sites/site-defaults';
import {
  DEMO_CHANNELS,
  DEMO_EVENTS,
  DEMO_YOUTUBE_LINK,
  DEMO_DAILYMOTION_LINK,
  DEMO_JWPLAYER_LINK,
  DEMO_LIVE_CHANNELS,
  DEMO_MEMBERS_VIDEO,
  DEMO_MOVIES,
  DEMO_PAID_VIDEOS,
  DEMO_PLAYLIST,
  DEMO_SERIES,
  DEMO_BRANDS,
  DEMO_USERS,
  type DemoBrand,
  DEMO_VIDEOS,
} from './demo-content';
import { newBundleRow } from '../db/bundle-row';
import { newVideoRow } from '../db/video-row';
import { seedDemoSiteStructure } from './demo-site-structure';
import { demoAdSettings, demoWithoutAds } from './demo-ads';
import { seedDemoHistory } from './demo-history';

const MINUTE = 60_000;
/** Demo tax table: basis points by country and state ('' = the whole country). */
const DEMO_TAX_RATES = [
  { country: 'US', state: 'NY', rateBp: 888 },
  { country: 'US', state: 'CA', rateBp: 725 },
  { country: 'CA', state: '', rateBp: 500 },
  { country: 'GB', state: '', rateBp: 2000 },
];
const HOUR = 60 * MINUTE;
const EPG_SLOT_MS = 30 * MINUTE;
const EPG_HOURS = 24;

const DEMO_PPV_EVENT_TITLE = 'Championship Final (Pay-per-view)';

const episodeUid = (seriesUid: string, season: number, episode: number) =>
  `${seriesUid}-s${season}e${episode}`;

/**
 * One media spec per playable catalog item (videos, episodes, movies, their extras and trailers,
 * series extras): 20–40 s test patterns, mostly 480p, movies at 720p, subtitles on a few. The key is
 * the item's uid.
 */
export function demoAssetSpecs(): DemoAssetSpec[] {
  const specs: DemoAssetSpec[] = DEMO_VIDEOS.map((v) => ({
    key: v.uid,
    title: v.title,
    seconds: v.seconds,
    height: v.height,
    subtitles: v.subtitles,
  }));
  for (const v of DEMO_PAID_VIDEOS)
    specs.push({ key: v.uid, title: v.title, seconds: v.seconds, height: v.height, encrypted: true });
  // Protected titles get short clips of their own, never a public title's media (decision 0036).
  const m = DEMO_MEMBERS_VIDEO;
  specs.push({ key: m.uid, title: m.title, seconds: m.seconds, height: m.height });
  specs.push({ key: DEMO_EVENTS.tomorrow, title: DEMO_PPV_EVENT_TITLE, seconds: 20, height: 360 });
  for (const s of DEMO_SERIES) {
    s.seasons.forEach((titles, si) =>
      titles.forEach((title, ei) =>
        specs.push({
          key: episodeUid(s.uid, si + 1, ei + 1),
          title: `${s.title} S${si + 1}E${ei + 1}: ${title}`,
          seconds: 24 + ei * 4,
          height: 480,
          subtitles: si === 0 && ei === 0,
        }),
      ),
    );
    specs.push({ key: `${s.uid}-extra`, title: `${s.title}: Behind the Scenes`, seconds: 20, height: 360 });
  }
  for (const m of DEMO_MOVIES) {
    specs.push({ key: m.uid, title: m.title, seconds: m.seconds ?? 40, height: m.height, subtitles: true });
    specs.push({ key: `${m.uid}-trailer`, title: `${m.title} (Trailer)`, seconds: 20, height: 480 });
    specs.push({ key: `${m.uid}-extra`, title: `${m.title}: Making Of`, seconds: 20, height: 360 });
  }
  return specs;
}

export type SeedSummary = {
  site: string;
  channels: number;
  videos: number;
  movies: number;
  extras: number;
  series: number;
  episodes: number;
  playlists: number;
  liveChannels: number;
  epgEntries: number;
  liveEvents: number;
  pages: number;
  tabs: number;
  bundles: number;
  coupons: number;
  users: number;
};

/** The discover tab's rows: Marquee Demo leads with picks and clips, Northwind Classics with films. */
function discoverRows(brand: DemoBrand) {
  if (brand.discover === 'films')
    return [
      { type: 'hero', title: 'Tonight’s Feature', layout: 'hero', source: { kind: 'channel', id: 'cinema' } },
      { type: 'channel', title: 'Films', layout: 'posters', source: { kind: 'channel', id: 'cinema' } },
      { type: 'continueWatching', title: 'Pick Up Where You Left Off' },
      { type: 'channel', title: 'Series', layout: 'posters', source: { kind: 'channel', id: 'shows' } },
      {
        type: 'dynamic',
        title: 'Recommended for You',
        source: { kind: 'dynamic', id: 'recommended' },
        list: 'all',
      },
      { type: 'watchList', title: 'Saved for Later' },
      { type: 'dynamic', title: 'Most Watched', source: { kind: 'dynamic', id: 'popular' }, list: 'videos' },
      { type: 'channel', title: 'Shorts', source: { kind: 'channel', id: 'originals' } },
    ];
  return [
    {
      type: 'featured',
      title: 'Staff Picks',
      layout: 'carousel',
      source: { kind: 'playlist', id: DEMO_PLAYLIST.uid },
    },
    { type: 'continueWatching', title: 'Continue Watching' },
    { type: 'watchList', title: 'My List' },
    { type: 'dynamic', title: 'Popular', source: { kind: 'dynamic', id: 'popular' }, list: 'videos' },
    { type: 'channel', title: 'Marquee Originals', source: { kind: 'channel', id: 'originals' } },
    { type: 'channel', title: 'Movies', layout: 'posters', source: { kind: 'channel', id: 'cinema' } },
    { type: 'adBanner' },
    { type: 'channel', title: 'Shows', layout: 'posters', source: { kind: 'channel', id: 'shows' } },
    { type: 'dynamic', title: 'New Episodes', source: { kind: 'dynamic', id: 'recent-episodes' } },
    { type: 'channel', title: 'Newsroom', source: { kind: 'channel', id: 'newsroom' } },
    {
      type: 'dynamic',
      title: 'Recommended',
      source: { kind: 'dynamic', id: 'recommended' },
      list: 'all',
    },
    {
      type: 'dynamic',
      title: 'Recently Added',
      source: { kind: 'dynamic', id: 'recent' },
      list: 'videos',
    },
    { type: 'playlist', title: 'Staff Picks', source: { kind: 'playlist', id: DEMO_PLAYLIST.uid } },
  ];
}

/** Fixed hours of the day (UTC) so 'later today' stays today and 'tomorrow' is tomorrow. */
function eventTimes(now: Date) {
  const t = now.getTime();
  const endOfDay = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1);
  const laterToday = t + Math.min(3 * HOUR, (endOfDay - t) / 2);
  const tomorrow = endOfDay + 18 * HOUR;
  return { t, laterToday, tomorrow };
}

/**
 * Writes the demo site and its whole catalog: the site row is upserted, users are upserted by
 * email (their ids and data survive), and every other demo row (channels, videos, series,
 * playlists, live channels and EPG, pages and tabs, bundles, coupons) is deleted and re-inserted in
 * one transaction. The EPG and live-event times are relative to `now`, so a re-run refreshes them.
 * `assetIds` maps each `demoAssetSpecs()` key to a media_assets id; items without one get no asset.
 */
export async function seedDemoCatalog(
  db: Db,
  assetIds: Map<string, string>,
  now: Date = new Date(),
  brand: DemoBrand = DEMO_BRANDS.main,
): Promise<SeedSummary> {
  const site = brand.uid;
  const asset = (key: string) => assetIds.get(key) ?? null;
  const epgAssets = DEMO_VIDEOS.map((v) => asset(v.uid)).filter((a): a is string => a !== null);
  if (epgAssets.length === 0)
    throw new Error('seedDemoCatalog needs media assets for the demo videos (EPG entries)');
  const passwordHashes = {
    viewer: await hash(DEMO_USERS.viewer.password),
    admin: await hash(DEMO_USERS.admin.password),
    staff: await hash(DEMO_USERS.staff.password),
  };

  const v = (uid: string, over: Partial<Insertable<VideosTable>>): Insertable<VideosTable> =>
    newVideoRow(site, uid, {
      title: uid,
      asset_id: asset(uid),
      without_ads: demoWithoutAds(site, uid),
      // The ad-supported demo video tells the ad server its category (IAB1-5: Movies).
      iab_category: demoWithoutAds(site, uid) ? null : 'IAB1-5',
      published_at: '2026-01-01T00:00:00.000Z',
      ...over,
    });
  const specSeconds = new Map(demoAssetSpecs().map((s) => [s.key, s.seconds]));
  const secondsOf = (uid: string) => specSeconds.get(uid) ?? 0;

  // ---------- videos, movies, extras, episodes ----------
  const paid = new Set(DEMO_PAID_VIDEOS.map((d) => d.uid));
  const videos: Insertable<VideosTable>[] = [...DEMO_VIDEOS, ...DEMO_PAID_VIDEOS].map((d) =>
    v(d.uid, {
      access_type: paid.has(d.uid) ? 'paid' : 'public',
      title: d.title,
      description: `${d.title}: a Marquee demo video.`,
      channel_id: d.channelId,
      published_at: d.publishedAt,
      duration_s: d.seconds,
      tags: JSON.stringify(d.tags),
      like_count: d.likes,
      favorites_count: d.favorites,
      // One 18+ video, so the age gate has something to guard (decision 0022, e2e/age-gate.test.ts).
      age_gate: d.uid === 'demo-video-20' ? 18 : null,
    }),
  );
  videos.push(
    v(DEMO_MEMBERS_VIDEO.uid, {
      access_type: 'requiresLogin',
      asset_id: asset(DEMO_MEMBERS_VIDEO.uid),
      title: DEMO_MEMBERS_VIDEO.title,
      description: `${DEMO_MEMBERS_VIDEO.title}: sign in to watch.`,
      channel_id: DEMO_MEMBERS_VIDEO.channelId,
      published_at: DEMO_MEMBERS_VIDEO.publishedAt,
      duration_s: secondsOf(DEMO_MEMBERS_VIDEO.uid),
    }),
  );
  DEMO_MOVIES.forEach((m, i) => {
    videos.push(
      v(m.uid, {
        type: 'movie',
        title: m.title,
        description: m.description,
        channel_id: 'cinema',
        published_at: new Date(Date.UTC(2025, 11, 1 + i * 7)).toISOString(),
        duration_s: secondsOf(m.uid),
        like_count: 30 - i * 10,
        favorites_count: 5 + i,
        movie: JSON.stringify({
          genres: m.genres,
          mpaa: m.mpaa,
          cast: m.cast,
          directors: m.directors,
          creators: [],
        }),
        external_url:
          i === 0 ? JSON.stringify({ link: 'https://example.com/lighthouse', name: 'Official site' }) : null,
      }),
      v(`${m.uid}-trailer`, {
        title: `${m.title} (Trailer)`,
        extra_of: m.uid,
        extra_kind: 'trailer',
        duration_s: secondsOf(`${m.uid}-trailer`),
      }),
      v(`${m.uid}-extra`, {
        title: `${m.title}: Making Of`,
        extra_of: m.uid,
        extra_kind: 'extra',
        duration_s: secondsOf(`${m.uid}-extra`),
      }),
    );
  });
  for (const s of DEMO_SERIES) {
    s.seasons.forEach((titles, si) =>
      titles.forEach((title, ei) => {
        const uid = episodeUid(s.uid, si + 1, ei + 1);
        videos.push(
          v(uid, {
            type: 'episode',
            title,
            description: `${s.title}, season ${si + 1}, episode ${ei + 1}.`,
            channel_id: 'shows',
            series_uid: s.uid,
            season: si + 1,
            episode: ei + 1,
            published_at: new Date(Date.UTC(2025, 8 + si, 1 + ei * 7)).toISOString(),
            duration_s: secondsOf(uid),
          }),
        );
      }),
    );
    videos.push(
      v(`${s.uid}-extra`, {
        title: `${s.title}: Behind the Scenes`,
        series_uid: s.uid,
        extra_of: s.uid,
        extra_kind: 'extra',
        duration_s: secondsOf(`${s.uid}-extra`),
      }),
    );
  }

  // ---------- live events ----------
  const { t, laterToday, tomorrow } = eventTimes(now);
  const iso = (ms: number) => new Date(ms).toISOString();
  const event = (
    uid: string,
    title: string,
    live: Record<string, unknown>,
    over: Partial<Insertable<VideosTable>> = {},
  ) =>
    videos.push(
      v(uid, {
        type: 'liveEvent',
        title,
        description: `${title}: a Marquee demo live event.`,
        channel_id: 'events',
        asset_id: epgAssets[videos.length % epgAssets.length]!,
        published_at: iso(t - 7 * 24 * HOUR),
        live_event: JSON.stringify({
          type: 'stream',
          sourceType: 'vjs',
          is247: false,
          freeToWatch: false,
          ...live,
        }),
        ...over,
      }),
    );
  event(DEMO_EVENTS.liveNow, 'Morning Concert', {
    start: iso(t - 20 * MINUTE),
    end: iso(t + 2 * HOUR),
    ended: false,
  });
  event(DEMO_EVENTS.laterToday, 'Evening Talk: The Future of TV', {
    start: iso(laterToday),
    end: iso(laterToday + HOUR),
    ended: false,
  });
  // Sold by pre-order and members-only: on media of its own, not a public video's.
  event(
    DEMO_EVENTS.tomorrow,
    DEMO_PPV_EVENT_TITLE,
    { start: iso(tomorrow), end: iso(tomorrow + 2 * HOUR), ended: false, preorderBundleId: 'demo-ppv-final' },
    { access_type: 'requiresLogin', asset_id: asset(DEMO_EVENTS.tomorrow) },
  );
  event(DEMO_EVENTS.ended, 'Yesterday’s Keynote', {
    start: iso(t - 26 * HOUR),
    end: iso(t - 25 * HOUR),
    ended: true,
  });
  event(DEMO_EVENTS.notStarted, 'Reunion Tour (date to be announced)', {
    start: '9999-12-31T00:00:00.000Z',
    end: null,
    ended: false,
  });
  // Another company's player, round the clock (decision 0059): the page loads the provider's API
  // (PLAYER_SCRIPT_YT, _DM or _JW) to play it, and says the provider could not be reached when that
  // fails (offline). PLAYER_SCRIPT_JW has no default: without it play-url says the media is not ready.
  const providerEvent = (uid: string, title: string, sourceType: string, videoLink: string) =>
    event(
      uid,
      title,
      { start: iso(t - 7 * 24 * HOUR), end: null, ended: false, is247: true, sourceType, videoLink },
      { asset_id: null, access_type: 'public' },
    );
  providerEvent(DEMO_EVENTS.youtube, 'Big Buck Bunny, round the clock on YouTube', 'yt', DEMO_YOUTUBE_LINK);
  providerEvent(DEMO_EVENTS.dailymotion, 'Round the clock on Dailymotion', 'dm', DEMO_DAILYMOTION_LINK);
  providerEvent(DEMO_EVENTS.jwplayer, 'Round the clock on JW Player', 'jw', DEMO_JWPLAYER_LINK);

  // ---------- EPG: 30-min programmes for 24 h from the current UTC hour minus 2 h ----------
  const epgStart = Math.floor(t / HOUR) * HOUR - 2 * HOUR;
  const programmes = DEMO_VIDEOS.map((d) => ({
    title: d.title,
    description: `${d.title}, on air.`,
    asset: asset(d.uid),
  })).filter((p): p is { title: string; description: string; asset: string } => p.asset !== null);
  const epg = DEMO_LIVE_CHANNELS.flatMap((c, ci) =>
    Array.from({ length: (EPG_HOURS * HOUR) / EPG_SLOT_MS }, (_, i) => {
      const p = programmes[(i + ci * 7) % programmes.length]!;
      return {
        site_uid: site,
        live_channel_id: c.id,
        start: iso(epgStart + i * EPG_SLOT_MS),
        stop: iso(epgStart + (i + 1) * EPG_SLOT_MS),
        title: p.title,
        description: p.description,
        asset_id: p.asset,
      };
    }),
  );

  // ---------- pages and tabs ----------
  const tabs = [
    {
      id: 'demo-discover',
      page_url: 'home',
      url: 'discover',
      title: 'Discover',
      kind: 'discover',
      config: { rows: discoverRows(brand) },
    },
    {
      id: 'demo-live',
      page_url: 'home',
      url: 'live',
      title: 'Live Events',
      kind: 'live',
      config: { channelIds: ['events'] },
    },
    { id: 'demo-epg', page_url: 'home', url: 'guide', title: 'TV Guide', kind: 'epg', config: {} },
    {
      id: 'demo-directory',
      page_url: 'home',
      url: 'channels',
      title: 'Channels',
      kind: 'directory',
      config: { channelIds: ['originals', 'newsroom', 'cinema', 'shows', 'events'] },
    },
    {
      id: 'demo-about',
      page_url: 'home',
      url: 'about',
      title: 'About',
      kind: 'about',
      config: {
        html: `<h2>${brand.name}</h2><p>${brand.about}</p>`,
      },
    },
    {
      id: 'demo-home-movie',
      page_url: 'movies',
      url: 'featured',
      title: 'Featured Movie',
      kind: 'home-movie',
      config: { videoUid: DEMO_MOVIES[0]!.uid },
    },
    {
      id: 'demo-cast',
      page_url: 'movies',
      url: 'cast',
      title: 'Cast',
      kind: 'cast',
      config: { videoUid: DEMO_MOVIES[0]!.uid },
    },
    {
      id: 'demo-faq',
      page_url: 'help',
      url: 'faq',
      title: 'FAQ',
      kind: 'iframe',
      config: { url: 'https://example.com/faq?user=[USER_ID]' },
    },
  ];
  const pages = [
    { url: 'home', title: 'Home' },
    { url: 'movies', title: 'Movies' },
    { url: 'help', title: 'Help' },
  ];

  // ---------- commerce ----------
  const allMovies = DEMO_MOVIES.map((m) => m.uid);
  const bundle = (
    b: Partial<Insertable<Database['bundles']>> & {
      id: string;
      name: string;
      type: string;
      plan_type: string;
      amount_cents: number;
    },
  ) => newBundleRow(site, b.id, b);
  const bundles = [
    bundle({
      id: 'demo-monthly',
      name: 'Marquee Monthly',
      description: `Everything on ${brand.name}, billed monthly. 7-day free trial.`,
      type: 'ENTIRE_SITE',
      plan_type: 'month',
      recurring: 1,
      amount_cents: 799,
      trial_duration_days: 7,
      upgrades_to: JSON.stringify(['demo-annual']),
      giftable: 1,
    }),
    bundle({
      id: 'demo-annual',
      name: 'Marquee Annual',
      description: `Everything on ${brand.name}, billed yearly: two months free.`,
      type: 'ENTIRE_SITE',
      plan_type: 'year',
      recurring: 1,
      amount_cents: 7_990,
      original_amount_cents: 9_588,
      giftable: 1,
    }),
    bundle({
      id: 'demo-rental-48h',
      name: '48-hour Movie Rental',
      description: 'Watch any one movie for 48 hours.',
      type: 'RENTAL',
      plan_type: 'rental',
      amount_cents: 399,
      duration: 48,
      duration_unit: 'hours',
      video_uids: JSON.stringify(allMovies),
    }),
    bundle({
      id: 'demo-ppv-final',
      name: 'Championship Final (Pay-per-view)',
      description: 'Live access to the championship final, with pre-order.',
      type: 'PRODUCT',
      plan_type: 'single',
      amount_cents: 1_499,
      preorder_date: iso(tomorrow),
      video_uids: JSON.stringify([DEMO_EVENTS.tomorrow]),
    }),
    // Commerce demo offers (decision 0029): one of each remaining type and feature.
    bundle({
      id: 'demo-channels',
      name: 'Cinema & Shows',
      description: 'The Cinema and Shows channels, billed monthly.',
      type: 'CHANNELS',
      plan_type: 'month',
      recurring: 1,
      amount_cents: 499,
      channels: JSON.stringify(['cinema', 'shows']),
    }),
    bundle({
      id: 'demo-no-ads',
      name: 'Ad-free',
      description: 'Watch without ads, billed monthly.',
      type: 'DISABLE_ADS',
      plan_type: 'month',
      recurring: 1,
      amount_cents: 199,
    }),
    bundle({
      id: 'demo-vip-pass',
      name: 'VIP 30-day Pass',
      description: 'Everything for 30 days, for members with the VIP passcode.',
      type: 'ENTIRE_SITE',
      plan_type: 'period',
      amount_cents: 299,
      period_duration: 30,
      duration_unit: 'days',
      unlisted: 1,
      passcode: 'VIP-2026',
      unlisted_description: 'Ask the box office for the VIP passcode.',
      unlisted_redirect: '/subscribe',
    }),
    bundle({
      id: 'demo-poster-pack',
      name: 'Collector Poster Pack',
      description: 'Three printed posters, shipped to you, and the championship final.',
      type: 'PRODUCT',
      plan_type: 'single',
      amount_cents: 2_500,
      requires_shipping_address: 1,
      premium: 1,
      purchased_text: 'Your posters ship within 5 business days.',
      video_uids: JSON.stringify([DEMO_EVENTS.tomorrow]),
    }),
  ];
  const coupons = [
    {
      site_uid: site,
      code: 'WELCOME20',
      discount_kind: 'percent',
      discount_value: 20,
      billing_cycles: 'FIRST',
      bundle_ids: JSON.stringify(['demo-monthly', 'demo-annual']),
      applies_to: 'any',
      expires_at: null,
    },
    {
      site_uid: site,
      code: 'FIVEOFF',
      discount_kind: 'amount',
      discount_value: 500,
      billing_cycles: 'ALL',
      bundle_ids: JSON.stringify(['demo-annual']),
      applies_to: 'any',
      expires_at: null,
    },
    {
      site_uid: site,
      code: 'RENT1',
      discount_kind: 'amount',
      discount_value: 100,
      billing_cycles: 'FIRST',
      bundle_ids: JSON.stringify(['demo-rental-48h']),
      applies_to: 'rental',
      expires_at: iso(t + 365 * 24 * HOUR),
    },
    {
      site_uid: site,
      code: 'EXPIRED10',
      discount_kind: 'percent',
      discount_value: 10,
      billing_cycles: 'FIRST',
      bundle_ids: '[]',
      applies_to: 'any',
      expires_at: '2025-01-01T00:00:00.000Z',
    },
    {
      // 100 % off every cycle: the free gateway.
      site_uid: site,
      code: 'FREECHANNELS',
      discount_kind: 'percent',
      discount_value: 100,
      billing_cycles: 'ALL',
      bundle_ids: JSON.stringify(['demo-channels']),
      applies_to: 'bundle',
      expires_at: null,
    },
  ];

  await db.transaction().execute(async (trx) => {
    await upsertSite(trx, brand, now);
    for (const table of [
      'epg_entries',
      'live_channels',
      'playlist_items',
      'playlists',
      'videos',
      'series',
      'channels',
      'tabs',
      'pages',
      'coupons',
      'bundles',
    ] as const)
      await trx.deleteFrom(table).where('site_uid', '=', site).execute();

    await trx
      .insertInto('channels')
      .values(
        DEMO_CHANNELS.map((c, i) => ({
          site_uid: site,
          id: c.id,
          name: c.name,
          type: c.type,
          description: c.description,
          thumbnail: null,
          position: i,
        })),
      )
      .execute();
    await trx
      .insertInto('series')
      .values(
        DEMO_SERIES.map((s, i) => ({
          site_uid: site,
          uid: s.uid,
          title: s.title,
          description: s.description,
          poster: null,
          published_at: new Date(Date.UTC(2025, 8, 1 + i)).toISOString(),
          mpaa: s.mpaa,
          directors: JSON.stringify(s.directors),
          cast: JSON.stringify(s.cast),
          genres: JSON.stringify(s.genres),
          default_channel: 'shows',
          age_gate: null,
        })),
      )
      .execute();
    for (let i = 0; i < videos.length; i += 100)
      await trx
        .insertInto('videos')
        .values(videos.slice(i, i + 100))
        .execute();
    await trx
      .insertInto('playlists')
      .values({
        site_uid: site,
        uid: DEMO_PLAYLIST.uid,
        title: DEMO_PLAYLIST.title,
        description: DEMO_PLAYLIST.description,
      })
      .execute();
    await trx
      .insertInto('playlist_items')
      .values(
        DEMO_PLAYLIST.items.map((video_uid, position) => ({
          site_uid: site,
          playlist_uid: DEMO_PLAYLIST.uid,
          video_uid,
          position,
        })),
      )
      .execute();
    await trx
      .insertInto('live_channels')
      .values(
        DEMO_LIVE_CHANNELS.map((c) => ({
          site_uid: site,
          id: c.id,
          channel_num: c.channelNum,
          name: c.name,
          description: c.description,
          categories: JSON.stringify(c.categories),
          access_type: c.accessType,
          preview_minutes: c.previewMinutes,
          thumbnail: null,
          // The 24 h guide repeats every day, so a server left running stays on air (decision 0036).
          epg_repeat_hours: EPG_HOURS,
        })),
      )
      .execute();
    await trx.insertInto('epg_entries').values(epg).execute();
    await trx
      .insertInto('pages')
      .values(
        pages.map((p, i) => ({
          site_uid: site,
          url: p.url,
          title: p.title,
          position: i,
          enabled: 1,
          overlay_toggle: 0,
        })),
      )
      .execute();
    await trx
      .insertInto('tabs')
      .values(
        tabs.map((tab, i) => ({ site_uid: site, ...tab, position: i, config: JSON.stringify(tab.config) })),
      )
      .execute();
    await seedDemoSiteStructure(trx, site);
    await trx.insertInto('bundles').values(bundles).execute();
    await trx.insertInto('coupons').values(coupons).execute();
    // The operator's tax table (used on sites with allowAvalara; decision 0029).
    await trx.deleteFrom('tax_rates').where('site_uid', '=', site).execute();
    await trx
      .insertInto('tax_rates')
      .values(
        DEMO_TAX_RATES.map((r) => ({
          site_uid: site,
          country_code: r.country,
          state: r.state,
          rate_bp: r.rateBp,
        })),
      )
      .execute();
    for (const [key, user] of Object.entries(DEMO_USERS) as [
      keyof typeof DEMO_USERS,
      (typeof DEMO_USERS)[keyof typeof DEMO_USERS],
    ][])
      await upsertUser(trx, site, { ...user, id: `${site}-${key}` }, passwordHashes[key], now);
  });
  await seedDemoHistory(db, site, now);
  invalidateResponseCaches();

  return {
    site,
    channels: DEMO_CHANNELS.length,
    videos: DEMO_VIDEOS.length,
    movies: DEMO_MOVIES.length,
    extras: DEMO_MOVIES.length * 2 + DEMO_SERIES.length,
    series: DEMO_SERIES.length,
    episodes: DEMO_SERIES.reduce((n, s) => n + s.seasons.flat().length, 0),
    playlists: 1,
    liveChannels: DEMO_LIVE_CHANNELS.length,
    epgEntries: epg.length,
    liveEvents: Object.keys(DEMO_EVENTS).length,
    pages: pages.length,
    tabs: tabs.length,
    bundles: bundles.length,
    coupons: coupons.length,
    users: Object.keys(DEMO_USERS).length,
  };
}

/** The gateways the demo sites enable, the embedded test gateway first. */
export const DEMO_PAYMENT_GATEWAYS = ['test', 'stripe', 'paypal', 'paypal-sub'];

const DEMO_TERMS_UPDATED_AT = '2026-01-01T00:00:00.000Z';
const demoTerms = (brand: DemoBrand) =>
  [
    `${brand.name} terms of use`,
    '',
    'This is a demonstration site. Watch, sign up and try every feature; accounts and purchases here',
    'are not real and may be reset at any time. Do not upload anything you do not own.',
  ].join('\n');

/** Creates or refreshes a demo site's row (media assets need it before the catalog exists). */
export async function ensureDemoSite(
  db: Kysely<Database>,
  now: Date = new Date(),
  brand: DemoBrand = DEMO_BRANDS.main,
): Promise<void> {
  await upsertSite(db, brand, now);
}

async function upsertSite(trx: Kysely<Database>, brand: DemoBrand, now: Date) {
  const row = newSiteRow(brand.uid, brand.name, {
    hosts: JSON.stringify(brand.hosts),
    theme: JSON.stringify(brand.theme),
    default_page: 'home',
    perms: JSON.stringify(brand.perms),
    ads: JSON.stringify(demoAdSettings(brand.uid)),
    created_at: now.toISOString(),
    terms_text: demoTerms(brand),
    terms_updated_at: DEMO_TERMS_UPDATED_AT,
    embed: JSON.stringify({ allowedOrigins: brand.embedOrigins ?? [] }),
    // The demo sites take test-card orders (decision 0036): a production server refuses to start
    // with them unless ALLOW_TEST_PAYMENTS_IN_PRODUCTION says so. stripe and paypal join when configured.
    payment_gateways: JSON.stringify(DEMO_PAYMENT_GATEWAYS),
    // The tip jar (decision 0033): on, with one survey question.
    tip_jar: JSON.stringify({
      enabled: true,
      options: [5, 10, 25, 50, 100],
      defaultOption: 25,
      plans: ['single', 'month'],
      survey: [{ q: 'What should we make more of?' }],
    }),
  });
  const existing = await trx
    .selectFrom('sites')
    .select('uid')
    .where('uid', '=', brand.uid)
    .executeTakeFirst();
  if (!existing) {
    await trx.insertInto('sites').values(row).execute();
    return;
  }
  const { uid: _uid, created_at: _created, ...update } = row;
  await trx.updateTable('sites').set(update).where('uid', '=', brand.uid).execute();
}

async function upsertUser(
  trx: Transaction<Database>,
  site: string,
  user: (typeof DEMO_USERS)[keyof typeof DEMO_USERS],
  passwordHash: string,
  now: Date,
) {
  const existing = await trx
    .selectFrom('users')
    .select('id')
    .where('site_uid', '=', site)
    .where('email', '=', user.email)
    .executeTakeFirst();
  const fields = {
    password_hash: passwordHash,
    first_name: user.firstName,
    last_name: user.lastName,
    roles: JSON.stringify(user.roles),
    verified: 1,
    // A reseed leaves the demo accounts usable: terms accepted, not locked, password current.
    terms_accepted_at: now.toISOString(),
    locked_at: null,
    password_expires_at: null,
  };
  if (existing) {
    await trx.updateTable('users').set(fields).where('id', '=', existing.id).execute();
    return;
  }
  await trx
    .insertInto('users')
    .values({
      id: user.id,
      site_uid: site,
      email: user.email,
      dob: null,
      gender: null,
      created_at: now.toISOString(),
      ...fields,
    })
    .execute();
}
