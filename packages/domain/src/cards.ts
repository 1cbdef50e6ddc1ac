/**
 * Cards (discovery-and-site §2.10): "Card kinds: all/mixed, episode, featured channel, featured video,
 * generic, live event, movie, series, video, watch-list; each has play and details links. Sizes:
 * poster 240x360, landscape 320x180, thumbs 480x270, featured channel 180x180. Titles truncate at 50
 * characters (35 in poster footers). Thumbnail preference: maxres, high, medium, standard, default."
 */
import { THUMBNAIL_PREFERENCE, type Thumbnails } from './thumbnails';

export const CARD_KINDS = [
  'all',
  'episode',
  'featuredChannel',
  'featuredVideo',
  'generic',
  'liveEvent',
  'movie',
  'series',
  'video',
  'watchList',
] as const;
export type CardKind = (typeof CARD_KINDS)[number];

export type CardShape = 'poster' | 'landscape' | 'thumbs' | 'featuredChannel';
/** Pixel sizes of each card shape (width x height). */
export const CARD_SIZES: Record<CardShape, { width: number; height: number }> = {
  poster: { width: 240, height: 360 },
  landscape: { width: 320, height: 180 },
  thumbs: { width: 480, height: 270 },
  featuredChannel: { width: 180, height: 180 },
};

/** "Titles truncate at 50 characters (35 in poster footers)." */
export const CARD_TITLE_MAX = 50;
export const POSTER_FOOTER_TITLE_MAX = 35;

/** The fields of a catalog video a card needs. */
export interface CardItem {
  uid: string;
  type: 'video' | 'episode' | 'movie' | 'series' | 'liveEvent' | 'liveChannel';
  title: string;
  img?: string | null;
  thumbnail?: string | null;
  metadata?: { channel: string | null; thumbnails: Thumbnails | null } | null;
  series?: { uid: string; season: number; episode: number } | null;
  seriesData?: { uid: string } | null;
  movieData?: { poster: string | null } | null;
}

/** Where a card link leads; the app maps each screen to its own route. */
export type CardTarget =
  | { screen: 'watch'; channelId: string; videoUid: string }
  | { screen: 'movie'; uid: string; channel: string | null }
  | { screen: 'series'; uid: string; channel: string | null }
  | {
      screen: 'episode';
      seriesUid: string;
      season: number;
      episode: number;
      episodeUid: string;
      channel: string | null;
    }
  | { screen: 'channel'; type: 'details'; channelId: string };

/** A card's two links. */
export type CardLinks = { play: CardTarget; details: CardTarget };

/** Where a card sits: the row's kind and layout hint, and the row's channel when it has one. */
export interface CardContext {
  row?: 'featured' | 'hero' | 'continueWatching' | 'watchList' | 'channel' | 'playlist' | 'dynamic';
  /** The row mixes item types (a dynamic "all" list, a playlist). */
  mixed?: boolean;
}

const KIND_BY_TYPE: Record<CardItem['type'], CardKind> = {
  video: 'video',
  episode: 'episode',
  movie: 'movie',
  series: 'series',
  liveEvent: 'liveEvent',
  liveChannel: 'generic',
};

/** The kind of card an item gets in a row: the row decides first, then the item's own type. */
export function cardKind(item: Pick<CardItem, 'type'>, context: CardContext = {}): CardKind {
  if (context.row === 'featured' || context.row === 'hero') return 'featuredVideo';
  if (context.row === 'watchList') return 'watchList';
  if (context.mixed) return 'all';
  return KIND_BY_TYPE[item.type];
}

/** The card shape: posters for movies and series in a poster row, a square for channels, else 16:9. */
export function cardShape(kind: CardKind, itemType: CardItem['type'], layout?: string): CardShape {
  if (kind === 'featuredChannel') return 'featuredChannel';
  if (kind === 'featuredVideo') return 'thumbs';
  if (layout === 'posters' && (itemType === 'movie' || itemType === 'series')) return 'poster';
  return 'landscape';
}

/** Cuts a title to `max` characters (ellipsis included) when it is longer. */
export function truncateTitle(title: string, max: number = CARD_TITLE_MAX): string {
  const chars = Array.from(title.trim());
  if (chars.length <= max) return chars.join('');
  return (
    chars
      .slice(0, max - 1)
      .join('')
      .trimEnd() + '…'
  );
}

/** The title limit of a card: 35 under a poster, else 50. */
export function cardTitleMax(shape: CardShape): number {
  return shape === 'poster' ? POSTER_FOOTER_TITLE_MAX : CARD_TITLE_MAX;
}

/** The channel a card opens its video in: the video's own channel, else the row's, else 'featured'. */
export function cardChannelId(item: Pick<CardItem, 'metadata'>, rowChannelId?: string | null): string {
  return item.metadata?.channel || rowChannelId || 'featured';
}

/**
 * The play and details links of a card. Movies and series have their own pages; an episode's details
 * are its series page on that episode; videos and live events have no page of their own, so both
 * links open the watch screen (the watch screen carries the video info).
 */
export function cardLinks(item: CardItem, rowChannelId?: string | null): CardLinks {
  const channelId = cardChannelId(item, rowChannelId);
  const channel = item.metadata?.channel ?? rowChannelId ?? null;
  const watch: CardTarget = { screen: 'watch', channelId, videoUid: item.uid };
  switch (item.type) {
    case 'movie':
      return { play: watch, details: { screen: 'movie', uid: item.uid, channel } };
    case 'series': {
      // A series card has no episode of its own: both links open the series page, which plays.
      const series: CardTarget = { screen: 'series', uid: item.uid, channel };
      return { play: series, details: series };
    }
    case 'episode': {
      const s = item.series;
      if (!s) return { play: watch, details: watch };
      return {
        play: watch,
        details: {
          screen: 'episode',
          seriesUid: s.uid,
          season: s.season,
          episode: s.episode,
          episodeUid: item.uid,
          channel,
        },
      };
    }
    default:
      return { play: watch, details: watch };
  }
}

/**
 * The card image by the spec's preference, with a `srcSet` of every distinct size so the browser
 * fetches the one that fits. Posters use the movie poster first. Null when the item has no image.
 */
export function cardImage(
  item: Pick<CardItem, 'metadata' | 'thumbnail' | 'img' | 'movieData'>,
  shape: CardShape = 'landscape',
): { src: string; srcSet?: string } | null {
  if (shape === 'poster') {
    const poster = item.movieData?.poster ?? item.img;
    if (poster) return { src: poster };
  }
  const thumbs = item.metadata?.thumbnails;
  if (thumbs) {
    const best = THUMBNAIL_PREFERENCE.map((size) => thumbs[size]).find((t) => t?.url);
    const seen = new Set<string>();
    const entries: string[] = [];
    for (const size of THUMBNAIL_PREFERENCE) {
      const t = thumbs[size];
      if (!t?.url || !t.width || seen.has(t.url)) continue;
      seen.add(t.url);
      entries.push(`${t.url} ${t.width}w`);
    }
    if (best) return { src: best.url, srcSet: entries.length > 1 ? entries.join(', ') : undefined };
  }
  const fallback = item.thumbnail ?? item.img;
  return fallback ? { src: fallback } : null;
}

/** Durations are shown as h/m/s: h:mm:ss, or m:ss under an hour; '' for none. */
export function formatDuration(totalSeconds: number): string {
  if (!Number.isFinite(totalSeconds) || totalSeconds <= 0) return '';
  const s = Math.round(totalSeconds);
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = String(s % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${sec}` : `${m}:${sec}`;
}

/** Progress as a 0–100 percentage for a progress bar; null when there is none to show. */
export function progressPercent(
  progressSeconds: number | null | undefined,
  durationSeconds: number,
): number | null {
  if (!progressSeconds || progressSeconds <= 0 || !(durationSeconds > 0)) return null;
  return Math.min(100, Math.round((progressSeconds / durationSeconds) * 100));
}

/** What a series brings to its card (the contract's Series has these fields and more). */
export interface SeriesCardSource {
  uid: string;
  title: string;
  description: string;
  poster: string | null;
  thumbnails: { maxres: { url: string } } | null;
  ageGate: unknown;
  defaultChannel: unknown;
  publishedDate: unknown;
  genres: unknown;
  mpaa: unknown;
}

/**
 * A video's viewer fields (playback-and-social §3 engagement) when no viewer of its site is signed
 * in: catalog reads are shared, the catalog routes fill these per viewer (decision 0076).
 */
export const NO_VIEWER_ENGAGEMENT = {
  favorite: false,
  progress: null,
  finished: false,
  watching: false,
  watched: false,
} as const;

/**
 * A series as a card in a mixed or series row: the Video shape with type 'series', its poster and
 * thumbnails, no duration and no episode. The server's mixed rows and the client's series lists
 * both use it, so a series card looks the same wherever it comes from.
 */
export function seriesAsCard<S extends SeriesCardSource>(s: S) {
  return {
    uid: s.uid,
    id: s.uid,
    _id: { source: 'marquee' as const, uid: s.uid },
    type: 'series' as const,
    title: s.title,
    description: s.description,
    img: s.poster,
    url: `/series/${s.uid}`,
    thumbnail: s.thumbnails?.maxres.url ?? null,
    accessType: 'public' as const,
    status: 'public' as const,
    ageGate: s.ageGate as S['ageGate'],
    paidAccess: false,
    withoutAds: false,
    noAds: false,
    ads: { iabCategory: null as string | null },
    hybridPaywall: false,
    isLive: false,
    isLiveChannel: false,
    unreel: { ingested: false },
    metadata: {
      thumbnails: s.thumbnails as S['thumbnails'],
      channel: s.defaultChannel as S['defaultChannel'],
      playlist: null,
      publishedDate: s.publishedDate as S['publishedDate'],
      tags: [] as string[],
    },
    contentDetails: { duration: 0 },
    series: null,
    seriesData: {
      uid: s.uid,
      title: s.title,
      genres: s.genres as S['genres'],
      mpaa: s.mpaa as S['mpaa'],
      ageGate: s.ageGate as S['ageGate'],
    },
    movieData: null,
    liveEvent: null,
    externalUrl: null,
    extraOf: null,
    views: { viewCount: 0, likeCount: 0 },
    favorites: 0,
    subtitles: [] as never[],
    dai: false,
    external: { id: null as string | null },
    channels: typeof s.defaultChannel === 'string' ? [s.defaultChannel] : [],
    ...NO_VIEWER_ENGAGEMENT,
    moment: null,
    badge: null as string | null,
  };
}
