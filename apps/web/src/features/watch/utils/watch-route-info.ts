import type { Video } from '@marquee/contract';
import {
  parseWatchFlags,
  watchFlagsQuery,
  watchVariant,
  type WatchFlags,
  type WatchRouteParams,
  type WatchVariant,
} from '@marquee/domain';

const enc = encodeURIComponent;

export type EmbedOverlay = 'info' | 'share';

/** What the watch route hands the watch screen: the §2.2 variant, the query flags and the embed overlay. */
export interface WatchRouteInfo {
  route: WatchRouteParams;
  variant: WatchVariant;
  flags: WatchFlags;
  /** /embed/info or /embed/share on top of an embedded player. */
  overlay: EmbedOverlay | null;
  /** The route's own path, without an /embed/… overlay suffix (and without /watch). */
  basePath: string;
  /** From the site config (the app layer passes it; features do not import each other). */
  site?: WatchSite;
}

export interface WatchSite {
  name: string;
  perms: {
    hideComments?: boolean;
    hideGifCreator?: boolean;
    hideChat?: boolean;
    watchParty?: boolean;
    hideEmbeds?: boolean;
    hideRightModule?: boolean;
    exactPublishedDate?: boolean;
    altResumeStyle?: boolean;
    wysiwyg?: boolean;
  };
  /** Partner origins allowed to control an embed (site config embed.allowedOrigins). */
  allowedOrigins: readonly string[];
}

/** Builds the route info of a matched watch route; throws the domain's WatchRouteError for missing ids. */
export function watchRouteInfo(
  route: WatchRouteParams,
  pathname: string,
  search: string,
  overlay: string | undefined,
): WatchRouteInfo {
  const variant = watchVariant(route);
  const flags = parseWatchFlags(search);
  const basePath = pathname.replace(/\/embed\/(info|share)\/?$/, '').replace(/^\/watch(?=\/)/, '');
  return {
    route,
    variant,
    flags,
    overlay: flags.embed && (overlay === 'info' || overlay === 'share') ? overlay : null,
    basePath,
  };
}

/** `?…` of the flags that keep an embed an embed when it moves to another video (empty otherwise). */
export function flagsSearch(flags: WatchFlags): string {
  const q = watchFlagsQuery(flags);
  return q ? `?${q}` : '';
}

/** The watch URL of a queue item in the same variant (series episodes, playlist, dynamic channel…). */
export function itemWatchPath(
  info: Pick<WatchRouteInfo, 'route' | 'variant'>,
  item: Pick<Video, 'uid' | 'series'>,
): string {
  const { route, variant } = info;
  const uid = enc(item.uid);
  const dyn = route.channelId ? null : route.dynamicType;
  const prefix = dyn ? `/${enc(dyn)}` : `/channel/${enc(variant.channelId)}`;
  switch (route.kind) {
    case 'episode': {
      const series = item.series?.uid ?? route.seriesUid ?? '';
      return `${prefix}/series/${enc(series)}/episode/${uid}`;
    }
    case 'playlist':
      return `/playlist/${enc(route.playlistUid ?? '')}/${uid}`;
    case 'one':
      return `/${enc(route.dynamicType ?? '')}/one/${uid}`;
    case 'movie':
      return `${prefix}/movie/${uid}`;
    case 'movie-extra':
      return `/movie/${enc(route.movieVuid ?? '')}/extras/${uid}`;
    case 'series-extra':
      return `/series/${enc(route.seriesUid ?? '')}/extra/${uid}`;
    case 'watch-list':
      return `/watch-list/${uid}`;
    default:
      return `${prefix}/${uid}`;
  }
}

/** The overlay routes of an embed: {route}/embed/info and {route}/embed/share, flags kept. */
export function overlayPath(info: WatchRouteInfo, overlay: EmbedOverlay | null): string {
  return `${info.basePath}${overlay ? `/embed/${overlay}` : ''}${flagsSearch(info.flags)}`;
}

/** The embed URL the Share tab offers for this watch page: none where the site hides embeds (D§2.12). */
export function shareEmbedUrl(origin: string, info: WatchRouteInfo, hideEmbeds: boolean): string | undefined {
  return hideEmbeds ? undefined : `${origin}${info.basePath}?embed=1`;
}

/**
 * The watch screen's identity (its React key): the video, and the `reload` query parameter
 * (playback-and-social §2.2), so a link with a new `?reload=` opens the same video afresh.
 */
export function watchScreenKey(videoUid: string, search: URLSearchParams): string {
  return `${videoUid}\n${search.get('reload') ?? ''}`;
}
