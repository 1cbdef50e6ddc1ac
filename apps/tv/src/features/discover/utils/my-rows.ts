import type { DiscoverRow, ProgressList, Video, WatchList } from '@marquee/contract';
import { progressPercent } from '@marquee/domain';

/** A card of a TV row: its video and, where the viewer's progress is known, the percent watched. */
export interface TvRowCard {
  video: Video;
  progress: number | null;
}

/** A row as the TV grid shows it. `resume`: Enter plays the card (continue watching) instead of opening its page. */
export interface TvRow {
  id: string;
  title: string;
  channelId: string | null;
  resume: boolean;
  cards: TvRowCard[];
}

/** A per-user row's own items: still loading, or its cards (none when signed out or its call failed). */
export type MyRowState = 'pending' | TvRowCard[];

/** Continue Watching: the unfinished items, newest first, each with its bar. */
export function continueWatchingCards(list: ProgressList): TvRowCard[] {
  return list.items
    .filter((item) => !item.finished)
    .map((item) => ({
      video: item.video,
      progress: progressPercent(item.progress, item.duration || item.video.contentDetails.duration),
    }));
}

/** Watch List: each item's video (a series: its next episode), with its bar where it has a position. */
export function watchListCards(list: WatchList): TvRowCard[] {
  return list.items.map((item) => ({
    video: item.video,
    progress: progressPercent(item.progress, item.video.contentDetails.duration),
  }));
}

/**
 * The rows a TV shows, or null while a per-user row is still loading (the grid waits, so rows never
 * shift under the focus). Ad banners have no place on the 10-foot grid; empty rows are dropped,
 * per-user ones included (signed out, failed or nothing in them); catalog cards get the bar of the
 * viewer's progress where it is known.
 */
export function tvRows(
  rows: readonly DiscoverRow[],
  mine: ReadonlyMap<string, MyRowState>,
  progress: ReadonlyMap<string, number>,
): TvRow[] | null {
  const out: TvRow[] = [];
  for (const row of rows) {
    if (row.type === 'adBanner') continue;
    let cards: TvRowCard[];
    if (row.perUser) {
      const state = mine.get(row.type) ?? [];
      if (state === 'pending') return null;
      cards = state;
    } else {
      cards = row.items.map((video) => ({ video, progress: progress.get(video.uid) ?? null }));
    }
    if (cards.length === 0) continue;
    out.push({
      id: row.id,
      title: row.title,
      channelId: row.source?.id ?? null,
      resume: row.type === 'continueWatching',
      cards,
    });
  }
  return out;
}
