import type { Channel, EpgEntry, LiveChannel, Series, Video, VideoType } from '@marquee/contract';
import {
  NO_VIEWER_ENGAGEMENT,
  seriesAsCard,
  assetThumbnails,
  bestThumbnail,
  isNotStarted,
  liveEventState,
  normalizeThumbnails,
  padChannelNumber,
  posterOrFallback,
  providerSource,
  providerVideoId,
} from '@marquee/domain';
import type { Selectable } from 'kysely';
import type { ChannelsTable, EpgEntriesTable, LiveChannelsTable, SeriesTable } from '../../db/schema';
import type { VideoRow } from './catalog.repository';

/** Row → response shapes. Pure; JSON columns are parsed here and nowhere else. */

const VIDEO_TYPES = new Set<string>(['video', 'episode', 'movie', 'series', 'liveEvent', 'liveChannel']);

function json<T>(text: string | null | undefined, fallback: T): T {
  if (!text) return fallback;
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
}

const strings = (v: unknown): string[] => (Array.isArray(v) ? v.filter((x) => typeof x === 'string') : []);
const str = (v: unknown): string | null => (typeof v === 'string' && v ? v : null);

/** Canonical watch URL (playback-and-social §2.2): /watch/channel/{channel}/… */
export function watchUrl(v: {
  type: string;
  uid: string;
  channel_id: string | null;
  series_uid: string | null;
}): string {
  const channel = v.channel_id ?? 'none';
  if (v.type === 'episode' && v.series_uid)
    return `/watch/channel/${channel}/series/${v.series_uid}/episode/${v.uid}`;
  if (v.type === 'liveEvent') return `/watch/channel/${channel}/live/${v.uid}`;
  if (v.type === 'video') return `/watch/channel/${channel}/${v.uid}`;
  return `/watch/channel/${channel}/${v.type}/${v.uid}`;
}

type MovieJson = {
  poster?: unknown;
  genres?: unknown;
  mpaa?: unknown;
  cast?: unknown;
  creators?: unknown;
  directors?: unknown;
  background?: unknown;
};
type LiveEventJson = {
  start?: unknown;
  end?: unknown;
  ended?: unknown;
  type?: unknown;
  videoLink?: unknown;
  is247?: unknown;
  sourceType?: unknown;
  preorderBundleId?: unknown;
  freeToWatch?: unknown;
};

export function toVideo(row: NonNullable<VideoRow>, now: Date): Video {
  const available = row.asset_id ? assetThumbnails(row.asset_id, json(row.asset_thumbnails, {})) : {};
  const thumbnails = normalizeThumbnails(available);
  const best = bestThumbnail(available)?.url ?? null;
  const type = (VIDEO_TYPES.has(row.type) ? row.type : 'video') as VideoType;

  const movie = row.movie ? json<MovieJson>(row.movie, {}) : null;
  const poster = movie ? posterOrFallback(str(movie.poster), available) : null;
  const le = row.live_event ? json<LiveEventJson>(row.live_event, {}) : null;
  let liveEvent: Video['liveEvent'] = null;
  if (le) {
    const timing = {
      start: str(le.start) ?? '9999-12-31T00:00:00.000Z',
      end: str(le.end),
      ended: le.ended === true,
      type: str(le.type) ?? 'stream',
    };
    liveEvent = {
      ...timing,
      videoLink: str(le.videoLink),
      is247: le.is247 === true,
      sourceType: str(le.sourceType),
      preorder: str(le.preorderBundleId),
      freeToWatch: le.freeToWatch === true,
      state: liveEventState(timing, now),
      notStarted: isNotStarted(timing.start),
    };
  }
  const ext = row.external_url ? json<{ link?: unknown; name?: unknown }>(row.external_url, {}) : null;
  const subtitles = json<{ language?: string; label?: string; file?: string }[]>(row.asset_subtitles, []);
  const provider = providerSource(str(le?.sourceType));

  return {
    uid: row.uid,
    id: row.uid,
    _id: { source: 'marquee', uid: row.uid },
    type,
    title: row.title,
    description: row.description,
    img: poster ?? best,
    url: watchUrl(row),
    thumbnail: best,
    accessType: row.access_type,
    status: row.status,
    ageGate: row.age_gate ?? row.series_age_gate ?? null,
    paidAccess: false,
    withoutAds: row.without_ads === 1,
    noAds: row.without_ads === 1,
    ads: { iabCategory: row.iab_category ?? null },
    hybridPaywall: row.hybrid_paywall === 1,
    isLive: liveEvent?.state === 'live',
    isLiveChannel: type === 'liveChannel',
    unreel: { ingested: row.asset_status === 'ready' },
    metadata: {
      thumbnails,
      channel: row.channel_id,
      playlist: null,
      publishedDate: row.published_at,
      tags: strings(json(row.tags, [])),
    },
    contentDetails: { duration: row.duration_s },
    series:
      row.series_uid && row.season != null && row.episode != null
        ? { id: row.series_uid, uid: row.series_uid, season: row.season, episode: row.episode }
        : null,
    seriesData:
      row.series_uid && row.series_title != null
        ? {
            uid: row.series_uid,
            title: row.series_title,
            genres: strings(json(row.series_genres, [])),
            mpaa: row.series_mpaa ?? null,
            ageGate: row.series_age_gate ?? null,
          }
        : null,
    movieData: movie
      ? {
          poster,
          posterDefault: best,
          genres: strings(movie.genres),
          mpaa: str(movie.mpaa),
          cast: strings(movie.cast),
          creators: strings(movie.creators),
          directors: strings(movie.directors),
          background: str(movie.background) ?? best,
        }
      : null,
    liveEvent,
    externalUrl: ext && str(ext.link) ? { link: str(ext.link)!, name: str(ext.name) ?? '' } : null,
    extraOf:
      row.extra_of && (row.extra_kind === 'extra' || row.extra_kind === 'trailer')
        ? { uid: row.extra_of, kind: row.extra_kind }
        : null,
    views: { viewCount: row.view_count, likeCount: row.like_count },
    favorites: row.favorites_count,
    subtitles: row.asset_id
      ? subtitles
          .filter((s) => s.file && s.language)
          .map((s) => ({
            language: s.language!,
            label: s.label ?? s.language!,
            url: `/media/subs/${encodeURIComponent(row.asset_id!)}/${s.file}`,
          }))
      : [],
    dai: false,
    external: { id: provider ? providerVideoId(provider, str(le?.videoLink)) : null },
    channels: row.channel_id ? [row.channel_id] : [],
    ...NO_VIEWER_ENGAGEMENT,
    moment: null,
    badge: null,
  };
}

export type SeriesStats = {
  seasonCount: number;
  episodeCount: number;
  firstAssetId: string | null;
  firstAssetThumbnails: string | null;
};

export function toSeries(row: SeriesTable, stats: SeriesStats | undefined): Series {
  const available =
    stats?.firstAssetId != null
      ? assetThumbnails(stats.firstAssetId, json(stats.firstAssetThumbnails, {}))
      : {};
  return {
    uid: row.uid,
    id: row.uid,
    title: row.title,
    description: row.description,
    poster: posterOrFallback(row.poster, available),
    thumbnails: normalizeThumbnails(available),
    publishedDate: row.published_at,
    mpaa: row.mpaa,
    directors: strings(json(row.directors, [])),
    cast: strings(json(row.cast, [])),
    genres: strings(json(row.genres, [])),
    defaultChannel: row.default_channel,
    ageGate: row.age_gate,
    seasonCount: stats?.seasonCount ?? 0,
    episodeCount: stats?.episodeCount ?? 0,
  };
}

/** A series as a card in mixed rows (Video type 'series'). */
export const seriesCard = (s: Series): Video => seriesAsCard(s);

export function toChannel(row: ChannelsTable): Channel {
  return {
    channelId: row.id,
    id: row.id,
    name: row.name,
    type: row.type,
    description: row.description,
    thumbnail: row.thumbnail,
  };
}

export function toEpgEntry(row: Selectable<EpgEntriesTable>): EpgEntry {
  return {
    id: row.id,
    start: row.start,
    stop: row.stop,
    title: row.title,
    description: row.description,
    assetId: row.asset_id,
  };
}

export function toLiveChannel(row: LiveChannelsTable, epg: EpgEntry[]): LiveChannel {
  return {
    _id: row.id,
    id: row.id,
    channelNum: row.channel_num,
    channelNumber: padChannelNumber(row.channel_num),
    name: row.name,
    description: row.description,
    categories: strings(json(row.categories, [])),
    accessType: row.access_type,
    previewMinutes: row.preview_minutes,
    thumbnail: row.thumbnail,
    epg,
  };
}
