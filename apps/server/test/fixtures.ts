import type { Insertable } from 'kysely';
import type { Db } from '../src/db/database';
import type {
  ChannelsTable,
  EpgEntriesTable,
  LiveChannelsTable,
  MediaAssetsTable,
  PagesTable,
  PlaylistItemsTable,
  PlaylistsTable,
  SeriesTable,
  TabsTable,
  VideosTable,
} from '../src/db/schema';
import { newSiteRow } from '../src/modules/sites/site-defaults';
import { newVideoRow } from '../src/db/video-row';

const HOUR = 3_600_000;
const iso = (ms: number) => new Date(ms).toISOString();

/** A media asset row as the media pipeline would leave it, with the given thumbnail sizes. */
export function assetRow(
  siteUid: string,
  id: string,
  over: Partial<Insertable<MediaAssetsTable>> = {},
): Insertable<MediaAssetsTable> {
  return {
    id,
    site_uid: siteUid,
    status: 'ready',
    source_name: `${id}.mp4`,
    duration_s: 30,
    width: 854,
    height: 480,
    renditions: '[]',
    thumbnails: JSON.stringify({
      maxres: 'thumb-maxres.jpg',
      high: 'thumb-high.jpg',
      medium: 'thumb-medium.jpg',
      standard: 'thumb-standard.jpg',
      default: 'thumb-default.jpg',
    }),
    subtitles: '[]',
    segment_seconds: 4,
    created_at: new Date().toISOString(),
    ...over,
  };
}

/** A video row with neutral defaults. */
export function videoRow(
  siteUid: string,
  uid: string,
  over: Partial<Insertable<VideosTable>> = {},
): Insertable<VideosTable> {
  return newVideoRow(siteUid, uid, {
    title: `Video ${uid}`,
    published_at: '2026-01-01T00:00:00.000Z',
    duration_s: 30,
    ...over,
  });
}

/**
 * Collects catalog rows and inserts them in dependency order. Tests describe just the rows they
 * need; `insert()` writes them through the real database.
 */
export class CatalogFixture {
  readonly assets: Insertable<MediaAssetsTable>[] = [];
  readonly channels: Insertable<ChannelsTable>[] = [];
  readonly videos: Insertable<VideosTable>[] = [];
  readonly series: Insertable<SeriesTable>[] = [];
  readonly playlists: Insertable<PlaylistsTable>[] = [];
  readonly playlistItems: Insertable<PlaylistItemsTable>[] = [];
  readonly liveChannels: Insertable<LiveChannelsTable>[] = [];
  readonly epg: Insertable<EpgEntriesTable>[] = [];
  readonly pages: Insertable<PagesTable>[] = [];
  readonly tabs: Insertable<TabsTable>[] = [];

  constructor(
    readonly siteUid: string,
    readonly hosts: string[] = [],
  ) {}

  asset(id: string, over: Partial<Insertable<MediaAssetsTable>> = {}) {
    this.assets.push(assetRow(this.siteUid, id, over));
    return this;
  }
  channel(id: string, type: string, over: Partial<Insertable<ChannelsTable>> = {}) {
    this.channels.push({
      site_uid: this.siteUid,
      id,
      name: `Channel ${id}`,
      type,
      description: '',
      position: this.channels.length,
      ...over,
    });
    return this;
  }
  video(uid: string, over: Partial<Insertable<VideosTable>> = {}) {
    this.videos.push(videoRow(this.siteUid, uid, over));
    return this;
  }
  seriesRow(uid: string, over: Partial<Insertable<SeriesTable>> = {}) {
    this.series.push({
      site_uid: this.siteUid,
      uid,
      title: `Series ${uid}`,
      description: '',
      published_at: '2026-01-01T00:00:00.000Z',
      directors: '[]',
      cast: '[]',
      genres: '[]',
      ...over,
    });
    return this;
  }
  playlist(uid: string, videoUids: string[]) {
    this.playlists.push({ site_uid: this.siteUid, uid, title: `Playlist ${uid}`, description: '' });
    videoUids.forEach((v, i) =>
      this.playlistItems.push({ site_uid: this.siteUid, playlist_uid: uid, video_uid: v, position: i }),
    );
    return this;
  }
  liveChannel(id: string, channelNum: number, over: Partial<Insertable<LiveChannelsTable>> = {}) {
    this.liveChannels.push({
      site_uid: this.siteUid,
      id,
      channel_num: channelNum,
      name: `Live ${id}`,
      description: '',
      categories: '["News"]',
      access_type: 'public',
      preview_minutes: 0,
      ...over,
    });
    return this;
  }
  /** Back-to-back programmes of `minutes` on a live channel, starting at `fromMs`. */
  programmes(channelId: string, assetId: string, fromMs: number, count: number, minutes = 30) {
    for (let i = 0; i < count; i++)
      this.epg.push({
        site_uid: this.siteUid,
        live_channel_id: channelId,
        start: iso(fromMs + i * minutes * 60_000),
        stop: iso(fromMs + (i + 1) * minutes * 60_000),
        title: `${channelId} show ${i}`,
        description: '',
        asset_id: assetId,
      });
    return this;
  }
  page(url: string, tabs: { id: string; kind: string; url?: string; config?: unknown }[]) {
    this.pages.push({
      site_uid: this.siteUid,
      url,
      title: url,
      position: this.pages.length,
      enabled: 1,
      overlay_toggle: 0,
    });
    tabs.forEach((t, i) =>
      this.tabs.push({
        site_uid: this.siteUid,
        id: t.id,
        page_url: url,
        url: t.url ?? t.kind,
        title: `Tab ${t.id}`,
        kind: t.kind,
        position: i,
        config: JSON.stringify(t.config ?? {}),
      }),
    );
    return this;
  }

  async insert(db: Db) {
    await db
      .insertInto('sites')
      .values(newSiteRow(this.siteUid, `Site ${this.siteUid}`, { hosts: JSON.stringify(this.hosts) }))
      .execute();
    if (this.assets.length) await db.insertInto('media_assets').values(this.assets).execute();
    if (this.channels.length) await db.insertInto('channels').values(this.channels).execute();
    if (this.series.length) await db.insertInto('series').values(this.series).execute();
    if (this.videos.length) await db.insertInto('videos').values(this.videos).execute();
    if (this.playlists.length) await db.insertInto('playlists').values(this.playlists).execute();
    if (this.playlistItems.length) await db.insertInto('playlist_items').values(this.playlistItems).execute();
    if (this.liveChannels.length) await db.insertInto('live_channels').values(this.liveChannels).execute();
    if (this.epg.length) await db.insertInto('epg_entries').values(this.epg).execute();
    if (this.pages.length) await db.insertInto('pages').values(this.pages).execute();
    if (this.tabs.length) await db.insertInto('tabs').values(this.tabs).execute();
  }
}

/**
 * The small catalog most catalog tests share, on site `acme` (host tv.acme.test), relative to `now`:
 * channels news (videos), cinema (movies), shows (series), events (live events); four public videos
 * with distinct views, likes and favorites, one unlisted and one private; two movies, one with an
 * extra and a trailer; series s1 (seasons 1 and 2) and s2 (season 3 only) with an extra; playlist pl1;
 * live channels 7 and 12 with 30-min programmes; eight live events covering every listing rule;
 * a home page with one tab of each kind.
 */
export function acmeCatalog(now = Date.now()): CatalogFixture {
  const f = new CatalogFixture('acme', ['tv.acme.test']);
  f.asset('a-full')
    .asset('a-small', { thumbnails: JSON.stringify({ medium: 'm.jpg', default: 'd.jpg' }) })
    .asset('a-subs', { subtitles: JSON.stringify([{ language: 'en', label: 'English', file: 'en.vtt' }]) });
  f.channel('news', 'videos')
    .channel('cinema', 'movies')
    .channel('shows', 'series')
    .channel('events', 'liveEvents');

  // Views: v1 < v2 < v3 < v4; recommended score (likes + 2 × favorites): v1 = 10, v2 = 4, v3 = 1, v4 = 0.
  f.video('v1', {
    channel_id: 'news',
    asset_id: 'a-full',
    published_at: '2026-01-04T00:00:00.000Z',
    view_count: 1,
    like_count: 4,
    favorites_count: 3,
    tags: '["a","b"]',
  })
    .video('v2', {
      channel_id: 'news',
      asset_id: 'a-small',
      published_at: '2026-01-03T00:00:00.000Z',
      view_count: 20,
      like_count: 4,
    })
    .video('v3', {
      channel_id: 'news',
      asset_id: 'a-subs',
      published_at: '2026-01-02T00:00:00.000Z',
      view_count: 300,
      like_count: 1,
    })
    .video('v4', { channel_id: 'news', published_at: '2026-01-01T00:00:00.000Z', view_count: 4000 })
    .video('v-unlisted', { channel_id: 'news', status: 'unlisted', published_at: '2026-01-05T00:00:00.000Z' })
    .video('v-private', { channel_id: 'news', status: 'private', published_at: '2026-01-05T00:00:00.000Z' });

  f.video('m1', {
    type: 'movie',
    channel_id: 'cinema',
    asset_id: 'a-full',
    published_at: '2026-01-02T00:00:00.000Z',
    view_count: 50,
    movie: JSON.stringify({ genres: ['Drama'], mpaa: 'PG', cast: ['Ann'], directors: ['Bo'], creators: [] }),
    external_url: JSON.stringify({ link: 'https://example.com/m1', name: 'Buy' }),
  })
    .video('m2', {
      type: 'movie',
      channel_id: 'cinema',
      asset_id: 'a-small',
      published_at: '2026-01-03T00:00:00.000Z',
      movie: JSON.stringify({ poster: '/posters/m2.jpg', genres: ['Comedy'] }),
    })
    .video('m1-extra', { extra_of: 'm1', extra_kind: 'extra', published_at: '2026-01-02T00:00:00.000Z' })
    .video('m1-trailer', {
      extra_of: 'm1',
      extra_kind: 'trailer',
      asset_id: 'a-full',
      published_at: '2026-01-01T00:00:00.000Z',
    });

  f.seriesRow('s1', {
    default_channel: 'shows',
    mpaa: 'TV-14',
    genres: '["Sci-Fi"]',
    published_at: '2026-01-02T00:00:00.000Z',
  })
    .seriesRow('s2', {
      default_channel: 'shows',
      poster: '/posters/s2.jpg',
      published_at: '2026-01-01T00:00:00.000Z',
    })
    .seriesRow('s-empty', { default_channel: 'other' });
  f.video('s1e1', {
    type: 'episode',
    series_uid: 's1',
    season: 1,
    episode: 1,
    asset_id: 'a-small',
    published_at: '2026-01-06T00:00:00.000Z',
  })
    .video('s1e2', {
      type: 'episode',
      series_uid: 's1',
      season: 1,
      episode: 2,
      published_at: '2026-01-07T00:00:00.000Z',
    })
    .video('s1e3', {
      type: 'episode',
      series_uid: 's1',
      season: 2,
      episode: 1,
      published_at: '2026-01-08T00:00:00.000Z',
    })
    .video('s2e1', {
      type: 'episode',
      series_uid: 's2',
      season: 3,
      episode: 1,
      published_at: '2026-01-09T00:00:00.000Z',
    })
    .video('s1-extra', { series_uid: 's1', extra_of: 's1', extra_kind: 'extra' });

  f.playlist('pl1', ['v2', 'v1', 'v-private', 'm1']);

  f.liveChannel('lc-a', 7).liveChannel('lc-b', 12, { access_type: 'requiresLogin', preview_minutes: 5 });
  const hourStart = Math.floor(now / HOUR) * HOUR;
  f.programmes('lc-a', 'a-full', hourStart - 2 * HOUR, 24).programmes(
    'lc-b',
    'a-small',
    hourStart - 2 * HOUR,
    24,
  );

  const le = (uid: string, liveEvent: object, over: Partial<Insertable<VideosTable>> = {}) =>
    f.video(uid, { type: 'liveEvent', channel_id: 'events', live_event: JSON.stringify(liveEvent), ...over });
  le('le-live', { start: iso(now - HOUR / 2), end: iso(now + HOUR), ended: false, type: 'stream' });
  le('le-future', { start: iso(now + 3 * HOUR), end: iso(now + 4 * HOUR), ended: false, type: 'stream' });
  le(
    'le-tomorrow',
    { start: iso(now + 26 * HOUR), end: null, ended: false, type: 'stream' },
    { access_type: 'requiresLogin', status: 'pending' },
  );
  le('le-notstarted', { start: '9999-12-31T00:00:00.000Z', end: null, ended: false, type: 'stream' });
  le('le-ended', { start: iso(now - 5 * HOUR), end: iso(now - 4 * HOUR), ended: true, type: 'stream' });
  le('le-link-past', {
    start: iso(now - 3 * HOUR),
    end: iso(now - HOUR),
    ended: false,
    type: 'link',
    videoLink: 'https://example.com/live',
  });
  le('le-paid', { start: iso(now + HOUR), end: null, ended: false, type: 'stream' }, { access_type: 'paid' });
  le(
    'le-unlisted',
    { start: iso(now + HOUR), end: null, ended: false, type: 'stream' },
    { status: 'unlisted' },
  );

  f.page('home', [
    {
      id: 'tab-discover',
      kind: 'discover',
      url: 'discover',
      config: {
        rows: [
          {
            type: 'featured',
            title: 'Featured',
            layout: 'carousel',
            source: { kind: 'playlist', id: 'pl1' },
          },
          { type: 'continueWatching', title: 'Continue watching' },
          { type: 'watchList', title: 'My list' },
          { type: 'channel', title: 'News', source: { kind: 'channel', id: 'news' } },
          { type: 'channel', title: 'Shows', source: { kind: 'channel', id: 'shows' } },
          { type: 'channel', title: 'Gone', source: { kind: 'channel', id: 'gone' } },
          { type: 'dynamic', title: 'Popular', source: { kind: 'dynamic', id: 'popular' }, list: 'videos' },
          { type: 'adBanner' },
          { type: 'dynamic', title: 'Recent movies', source: { kind: 'dynamic', id: 'recent-movies' } },
        ],
      },
    },
    { id: 'tab-about', kind: 'about', config: { html: '<p>About Acme</p>' } },
    { id: 'tab-cast', kind: 'cast' },
    { id: 'tab-home', kind: 'home' },
    { id: 'tab-home-movie', kind: 'home-movie' },
    { id: 'tab-iframe', kind: 'iframe', config: { url: 'https://example.com/[USER_ID]' } },
    { id: 'tab-dir', kind: 'directory', config: { channelIds: ['news', 'cinema', 'shows'] } },
    { id: 'tab-epg', kind: 'epg', config: {} },
    { id: 'tab-live', kind: 'live', config: { channelIds: ['events'] } },
  ]);
  return f;
}
