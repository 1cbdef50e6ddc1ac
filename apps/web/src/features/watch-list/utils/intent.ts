// What a watch-list or favorite click does for an anonymous viewer (discovery-and-site §2.10,
// playback-and-social §4.11, accounts-and-commerce §2 Return after login).
import type { VideoType } from '@marquee/contract';
import { paths } from '../../../config/paths';

/** What a watch-list button adds or removes: a video uid or a series uid. */
export type WatchListTarget = {
  contentId: string;
  contentType: 'video' | 'series';
  /** The item's own type (movie, episode, video…; 'series' for a series). */
  videoType: VideoType;
  /** The channel the viewer found it in, to come back to it. */
  channel: string | null;
};

/** A card's item, as far as the watch-list button needs it. */
export type WatchListCardItem = {
  uid: string;
  type: VideoType;
  metadata?: { channel: string | null } | null;
  /** On a watch-list card: what the list holds (a series item's card shows its next episode). */
  listContent?: { id: string; type: 'video' | 'series' };
};

/** The target of a card's button; null for what a watch list cannot hold (live channels). */
export function cardTarget(item: WatchListCardItem, rowChannelId: string | null): WatchListTarget | null {
  if (item.type === 'liveChannel') return null;
  const contentType = item.listContent?.type ?? (item.type === 'series' ? 'series' : 'video');
  return {
    contentId: item.listContent?.id ?? item.uid,
    contentType,
    videoType: contentType === 'series' ? 'series' : item.type,
    channel: item.metadata?.channel ?? rowChannelId,
  };
}

/**
 * "Signup from a watch-list action carries odrc = watchListSeries, watchListMovie or watch, plus
 * videoUid, seriesUid, channel": a series, a movie, anything else is watched.
 */
export function watchListIntent(target: WatchListTarget): Record<string, string> {
  const channel: Record<string, string> = target.channel ? { channel: target.channel } : {};
  if (target.contentType === 'series')
    return { odrc: 'watchListSeries', seriesUid: target.contentId, ...channel };
  if (target.videoType === 'movie') return { odrc: 'watchListMovie', videoUid: target.contentId, ...channel };
  // odrc watch returns to the watch screen, which needs a channel.
  return { odrc: 'watch', videoUid: target.contentId, channel: target.channel ?? 'featured' };
}

/** /signup?odrc=…: where an anonymous viewer's watch-list click goes. */
export function watchListSignupHref(target: WatchListTarget): string {
  return `${paths.signup.getHref()}?${new URLSearchParams(watchListIntent(target))}`;
}

/**
 * /login?odrc=fav&videoUid…: "anonymous users start the login flow". Without a channel the viewer
 * comes back to the movie page; with one, to the video playing in it.
 */
export function favoriteLoginHref(uid: string, channel: string | null): string {
  return paths.login.getHref({ odrc: 'fav', videoUid: uid, ...(channel ? { channel } : {}) });
}
