import { DYNAMIC_CHANNEL_IDS } from '@marquee/domain';
import { z } from 'zod';
import { ClientQuery, PageSize, pagingQuery, paginated } from './common';

// ---------- shared pieces ----------

export const Thumbnail = z.object({ url: z.string(), width: z.number().int(), height: z.number().int() });
export type Thumbnail = z.infer<typeof Thumbnail>;
/** Every size present; missing ones are filled from the best available (discovery-and-site §2.10). */
export const Thumbnails = z
  .object({ maxres: Thumbnail, high: Thumbnail, medium: Thumbnail, standard: Thumbnail, default: Thumbnail })
  .meta({ id: 'Thumbnails' });
export type Thumbnails = z.infer<typeof Thumbnails>;

export const VideoType = z.enum(['video', 'episode', 'movie', 'series', 'liveEvent', 'liveChannel']);
export type VideoType = z.infer<typeof VideoType>;

export const LiveEventState = z.enum(['ended', 'live', 'future']);
export type LiveEventState = z.infer<typeof LiveEventState>;

export const Subtitle = z.object({ language: z.string(), label: z.string(), url: z.string() });
export type Subtitle = z.infer<typeof Subtitle>;

/** A tagged moment a video is opened at (playback-and-social §3 Video `moment`). */
export const VideoMoment = z.object({ _id: z.string(), tag: z.string(), timemarker: z.number() });
export type VideoMoment = z.infer<typeof VideoMoment>;

// ---------- video ----------

/** The spec's normalized video (playback-and-social §3, discovery-and-site §3). */
export const Video = z
  .object({
    uid: z.string(),
    id: z.string(),
    _id: z.object({ source: z.string(), uid: z.string() }),
    type: VideoType,
    title: z.string(),
    description: z.string(),
    /** Best thumbnail (movies: the poster) for cards. */
    img: z.string().nullable(),
    /** Canonical web watch URL. */
    url: z.string(),
    thumbnail: z.string().nullable(),
    /** public, requiresLogin, paid, passcode… */
    accessType: z.string(),
    /** public, pending, unlisted, private… */
    status: z.string(),
    ageGate: z.number().int().nullable(),
    /** Filled per user by play-url; false in catalog reads. */
    paidAccess: z.boolean(),
    withoutAds: z.boolean(),
    /** The video's own "never show ads" setting (withoutAds adds the viewer's ad-free bundles in play-url). */
    noAds: z.boolean(),
    /** What the ad server is told of the video: its IAB content category (e.g. IAB1-5). */
    ads: z.object({ iabCategory: z.string().nullable() }),
    hybridPaywall: z.boolean(),
    isLive: z.boolean(),
    isLiveChannel: z.boolean(),
    /** ingested: its media is transcoded into our own storage (a ready media asset), not only linked (decision 0076). */
    unreel: z.object({ ingested: z.boolean() }),
    metadata: z.object({
      thumbnails: Thumbnails.nullable(),
      channel: z.string().nullable(),
      playlist: z.string().nullable(),
      publishedDate: z.string(),
      tags: z.array(z.string()),
    }),
    contentDetails: z.object({ duration: z.number() }),
    series: z
      .object({ id: z.string(), uid: z.string(), season: z.number().int(), episode: z.number().int() })
      .nullable(),
    seriesData: z
      .object({
        uid: z.string(),
        title: z.string(),
        genres: z.array(z.string()),
        mpaa: z.string().nullable(),
        ageGate: z.number().int().nullable(),
      })
      .nullable(),
    movieData: z
      .object({
        poster: z.string().nullable(),
        posterDefault: z.string().nullable(),
        genres: z.array(z.string()),
        mpaa: z.string().nullable(),
        cast: z.array(z.string()),
        creators: z.array(z.string()),
        directors: z.array(z.string()),
        background: z.string().nullable(),
      })
      .nullable(),
    liveEvent: z
      .object({
        start: z.string(),
        end: z.string().nullable(),
        ended: z.boolean(),
        /** 'link' (external link) or the stream kind. */
        type: z.string(),
        videoLink: z.string().nullable(),
        is247: z.boolean(),
        sourceType: z.string().nullable(),
        preorder: z.string().nullable(),
        freeToWatch: z.boolean(),
        /** Computed at read time (discovery-and-site §2.6). */
        state: LiveEventState,
        /** The 9999-12-31 placeholder start: show 'Not Started'. */
        notStarted: z.boolean(),
      })
      .nullable(),
    externalUrl: z.object({ link: z.string(), name: z.string() }).nullable(),
    /** For extras and trailers: the movie or series uid, and which kind. */
    extraOf: z.object({ uid: z.string(), kind: z.enum(['extra', 'trailer']) }).nullable(),
    views: z.object({ viewCount: z.number().int(), likeCount: z.number().int() }),
    favorites: z.number().int(),
    subtitles: z.array(Subtitle),
    /** Server-side (dynamic) ad insertion: never, ads are client-side (decision 0076). */
    dai: z.boolean(),
    /** id: the provider's video id when YouTube, Dailymotion or JW Player plays it; else null. */
    external: z.object({ id: z.string().nullable() }),
    /** The channels that list it (its channel, or none). */
    channels: z.array(z.string()),
    // The signed-in viewer's own (decision 0076); anonymous values without a viewer of the site.
    /** The viewer favorited it. */
    favorite: z.boolean(),
    /** The viewer's saved position in seconds; null: none. */
    progress: z.number().nullable(),
    /** The viewer's last save finished it (the finished rule of §4.8). */
    finished: z.boolean(),
    /** On the viewer's continue watching: a saved position, not finished. */
    watching: z.boolean(),
    /** In the viewer's watch history: any saved position. */
    watched: z.boolean(),
    /** The moment a shared link opens it at (GET /v1/video/uid/{uid}/info?momentId); else null. */
    moment: VideoMoment.nullable(),
    /** A display badge for its card: none in this product (decision 0076), always null. */
    badge: z.string().nullable(),
  })
  .meta({ id: 'Video' });
export type Video = z.infer<typeof Video>;

export const VideoPage = paginated(Video).meta({ id: 'VideoPage' });
export type VideoPage = z.infer<typeof VideoPage>;

/** GET movie/{uid}: the movie with its extras and trailers. */
export const MovieDetail = Video.extend({ extras: z.array(Video), trailers: z.array(Video) }).meta({
  id: 'MovieDetail',
});
export type MovieDetail = z.infer<typeof MovieDetail>;

export const FavoritesCount = z
  .object({ uid: z.string(), favorites: z.number().int() })
  .meta({ id: 'FavoritesCount' });
export type FavoritesCount = z.infer<typeof FavoritesCount>;

// ---------- channels ----------

export const Channel = z
  .object({
    channelId: z.string(),
    id: z.string(),
    name: z.string(),
    /** videos, movies, series or liveEvents: what the channel lists. */
    type: z.string(),
    description: z.string(),
    thumbnail: z.string().nullable(),
  })
  .meta({ id: 'Channel' });
export type Channel = z.infer<typeof Channel>;
export const ChannelPage = paginated(Channel).meta({ id: 'ChannelPage' });
export type ChannelPage = z.infer<typeof ChannelPage>;

// ---------- series ----------

export const Series = z
  .object({
    uid: z.string(),
    id: z.string(),
    title: z.string(),
    description: z.string(),
    /** The series poster, else the first episode's best thumbnail. */
    poster: z.string().nullable(),
    thumbnails: Thumbnails.nullable(),
    publishedDate: z.string(),
    mpaa: z.string().nullable(),
    directors: z.array(z.string()),
    cast: z.array(z.string()),
    genres: z.array(z.string()),
    defaultChannel: z.string().nullable(),
    ageGate: z.number().int().nullable(),
    seasonCount: z.number().int(),
    episodeCount: z.number().int(),
  })
  .meta({ id: 'Series' });
export type Series = z.infer<typeof Series>;
export const SeriesPage = paginated(Series).meta({ id: 'SeriesPage' });
export type SeriesPage = z.infer<typeof SeriesPage>;

export const Season = z.object({ season: z.number().int(), episodes: z.array(Video) }).meta({ id: 'Season' });
export type Season = z.infer<typeof Season>;

export const SeriesDetail = Series.extend({ seasons: z.array(Season) }).meta({ id: 'SeriesDetail' });
export type SeriesDetail = z.infer<typeof SeriesDetail>;

export const SeasonList = z
  .object({
    seriesUid: z.string(),
    items: z.array(z.object({ season: z.number().int(), episodeCount: z.number().int() })),
  })
  .meta({ id: 'SeasonList' });
export type SeasonList = z.infer<typeof SeasonList>;

// ---------- playlists ----------

export const Playlist = z
  .object({
    uid: z.string(),
    id: z.string(),
    title: z.string(),
    description: z.string(),
    items: z.array(Video),
    total: z.number().int(),
  })
  .meta({ id: 'Playlist' });
export type Playlist = z.infer<typeof Playlist>;

// ---------- live channels ----------

export const EpgEntry = z
  .object({
    id: z.number().int(),
    start: z.string(),
    stop: z.string(),
    title: z.string(),
    description: z.string(),
    assetId: z.string(),
  })
  .meta({ id: 'EpgEntry' });
export type EpgEntry = z.infer<typeof EpgEntry>;

export const LiveChannel = z
  .object({
    _id: z.string(),
    id: z.string(),
    channelNum: z.number().int(),
    /** channelNum padded to 3 digits, for display (discovery-and-site §2.5). */
    channelNumber: z.string(),
    name: z.string(),
    description: z.string(),
    categories: z.array(z.string()),
    accessType: z.string(),
    previewMinutes: z.number().int(),
    thumbnail: z.string().nullable(),
    /** Entries overlapping the requested window, by start. */
    epg: z.array(EpgEntry),
  })
  .meta({ id: 'LiveChannel' });
export type LiveChannel = z.infer<typeof LiveChannel>;

export const LiveChannelList = z
  .object({ from: z.string(), to: z.string(), items: z.array(LiveChannel) })
  .meta({ id: 'LiveChannelList' });
export type LiveChannelList = z.infer<typeof LiveChannelList>;

// ---------- site assets (tabs) ----------

export const TabKind = z.enum([
  'discover',
  'home',
  'about',
  'cast',
  'faq',
  'home-movie',
  'iframe',
  'directory',
  'live',
  'epg',
]);
export type TabKind = z.infer<typeof TabKind>;

/** GET /api/assets/{id}/about|cast|home|home-movie|iframe: the tab and its configuration. */
export const TabAsset = z
  .object({
    id: z.string(),
    kind: TabKind,
    title: z.string(),
    url: z.string(),
    pageUrl: z.string(),
    config: z.record(z.string(), z.unknown()),
  })
  .meta({ id: 'TabAsset' });
export type TabAsset = z.infer<typeof TabAsset>;

export const DiscoverRowType = z.enum([
  'featured',
  'hero',
  'continueWatching',
  'watchList',
  'channel',
  'playlist',
  'dynamic',
  'adBanner',
]);
export type DiscoverRowType = z.infer<typeof DiscoverRowType>;

/** One configured discover row with its first page of items (rows page 30). */
export const DiscoverRow = z
  .object({
    id: z.string(),
    type: DiscoverRowType,
    title: z.string(),
    /** carousel, hero, thumbs, posters… a display hint. */
    layout: z.string(),
    /** The row's source, e.g. { kind: 'channel', id: 'news' }; null for per-user and banner rows. */
    source: z.object({ kind: z.string(), id: z.string() }).nullable(),
    /** True for continue-watching and watch-list rows: the client fills them for its user from `href`. */
    perUser: z.boolean(),
    /** The call that returns this row's items page by page. */
    href: z.string().nullable(),
    items: z.array(Video),
    total_items: z.number().int(),
    next_page: z.number().int().nullable(),
  })
  .meta({ id: 'DiscoverRow' });
export type DiscoverRow = z.infer<typeof DiscoverRow>;

export const DiscoverAsset = z
  .object({ id: z.string(), title: z.string(), rows: z.array(DiscoverRow) })
  .meta({ id: 'DiscoverAsset' });
export type DiscoverAsset = z.infer<typeof DiscoverAsset>;

export const EpgAsset = z
  .object({
    id: z.string(),
    title: z.string(),
    categories: z.array(z.string()),
    from: z.string(),
    to: z.string(),
    liveChannels: z.array(LiveChannel),
  })
  .meta({ id: 'EpgAsset' });
export type EpgAsset = z.infer<typeof EpgAsset>;

// ---------- params and queries ----------

/** Catalog ids and uids: letters, digits and . _ : - (the router refuses segments over 100 characters). */
const slug = z
  .string()
  .min(1)
  .max(100)
  .regex(/^[\w.:-]+$/, 'must be letters, digits, dot, underscore, colon or dash');
export const SiteIdParams = z.object({ site: z.string().min(1).max(64), id: slug });
export type SiteIdParams = z.infer<typeof SiteIdParams>;
export const SiteUidParams = z.object({ site: z.string().min(1).max(64), uid: slug });
export type SiteUidParams = z.infer<typeof SiteUidParams>;
/** GET /v1/video/uid/{uid}/channel/{channel} (D§7, P§7): the site is `__site` or the host. */
export const VideoInChannelParams = z.object({ uid: slug, channel: slug });
export type VideoInChannelParams = z.infer<typeof VideoInChannelParams>;
export const AssetParams = z.object({ id: slug });
export type AssetParams = z.infer<typeof AssetParams>;

export const DynamicChannelId = z.enum(DYNAMIC_CHANNEL_IDS);
export type DynamicChannelId = z.infer<typeof DynamicChannelId>;
export const DynamicParams = z.object({ site: z.string().min(1).max(64), id: DynamicChannelId });
export type DynamicParams = z.infer<typeof DynamicParams>;

export const SeasonParams = SiteUidParams.extend({ n: z.coerce.number().int().min(1).max(1000) });
export type SeasonParams = z.infer<typeof SeasonParams>;

const boolQuery = z.enum(['true', 'false']).transform((v) => v === 'true');

export const VideosQuery = pagingQuery(PageSize.videos);
export type VideosQuery = z.infer<typeof VideosQuery>;
export const EpisodesQuery = pagingQuery(PageSize.episodes);
export type EpisodesQuery = z.infer<typeof EpisodesQuery>;
export const MoviesQuery = pagingQuery(PageSize.movies);
export type MoviesQuery = z.infer<typeof MoviesQuery>;
export const SeriesListQuery = pagingQuery(PageSize.series);
export type SeriesListQuery = z.infer<typeof SeriesListQuery>;
export const LiveEventsQuery = pagingQuery(PageSize.liveEvents).extend({
  user: z.string().max(128).optional(),
  device: z.string().max(128).optional(),
});
export type LiveEventsQuery = z.infer<typeof LiveEventsQuery>;
export const ChannelsQuery = pagingQuery(PageSize.channels);
export type ChannelsQuery = z.infer<typeof ChannelsQuery>;
export const DirectoryQuery = pagingQuery(PageSize.directory);
export type DirectoryQuery = z.infer<typeof DirectoryQuery>;
/** dynamic-channels/{id}/all: mixed, page size 50 (discovery-and-site §7). */
export const DynamicAllQuery = pagingQuery(PageSize.queueLong).extend({
  user: z.string().max(128).optional(),
  device: z.string().max(128).optional(),
});
export type DynamicAllQuery = z.infer<typeof DynamicAllQuery>;
export const SeriesEpisodesQuery = pagingQuery(PageSize.episodes).extend({
  season: z.coerce.number().int().min(1).max(1000).optional(),
});
export type SeriesEpisodesQuery = z.infer<typeof SeriesEpisodesQuery>;
export const SeasonsQuery = ClientQuery.extend({ skipEmpty: boolQuery.default(true) });
export type SeasonsQuery = z.infer<typeof SeasonsQuery>;
/** An EPG window; defaults to now-1h..now+6h, at most 48 h long. */
export const EpgWindowQuery = ClientQuery.extend({
  from: z.iso.datetime({ offset: true }).optional(),
  to: z.iso.datetime({ offset: true }).optional(),
});
export type EpgWindowQuery = z.infer<typeof EpgWindowQuery>;
export const EpgAssetQuery = EpgWindowQuery.extend({ simple: boolQuery.default(false) });
export type EpgAssetQuery = z.infer<typeof EpgAssetQuery>;
export const DiscoverQuery = ClientQuery.extend({ onlyEnabledChannels: boolQuery.default(false) });
export type DiscoverQuery = z.infer<typeof DiscoverQuery>;

/** Default EPG window around now, and its longest allowed span. */
export const EPG_WINDOW = { beforeMs: 3_600_000, afterMs: 6 * 3_600_000, maxSpanMs: 48 * 3_600_000 } as const;
/** Discover rows are fetched in pages of 30 (discovery-and-site §2.2). */
export const DISCOVER_ROW_PAGE = 30;

/**
 * GET /v1/video/uid/{uid}/channel/{channel}: a video as its channel shows it, for a shared link
 * that names both (decision 0060); 404 when the video is not the channel's.
 */
export const VideoInChannel = z.object({ video: Video, channel: Channel }).meta({ id: 'VideoInChannel' });
export type VideoInChannel = z.infer<typeof VideoInChannel>;
