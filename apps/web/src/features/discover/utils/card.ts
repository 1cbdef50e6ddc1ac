import type { DiscoverRow, Video } from '@marquee/contract';

/** Card titles truncate at 50 characters (discovery-and-site §2.10). */
export const CARD_TITLE_MAX = 50;
/** Landscape card size (discovery-and-site §2.10). */
export const LANDSCAPE_CARD = { width: 320, height: 180 } as const;
/** Rows show 3 at first, then 3 more on demand (discovery-and-site §2.2). */
export const INITIAL_ROWS = 3;
export const MORE_ROWS = 3;

const PREFERENCE = ['maxres', 'high', 'medium', 'standard', 'default'] as const;

/** Cuts a title to `max` characters, ending with an ellipsis when it was longer. */
export function truncateTitle(title: string, max = CARD_TITLE_MAX): string {
  const chars = Array.from(title.trim());
  if (chars.length <= max) return chars.join('');
  return (
    chars
      .slice(0, max - 1)
      .join('')
      .trimEnd() + '…'
  );
}

/**
 * The card image: `src` by the spec's preference (maxres, high, medium, standard, default) and a
 * `srcSet` of every size so the browser fetches the one that fits a 320 px card.
 */
export function cardImage(
  video: Pick<Video, 'metadata' | 'thumbnail' | 'img'>,
): { src: string; srcSet?: string } | null {
  const thumbs = video.metadata?.thumbnails;
  if (thumbs) {
    const best = PREFERENCE.map((size) => thumbs[size]).find((t) => t?.url);
    const seen = new Set<string>();
    const entries: string[] = [];
    for (const size of PREFERENCE) {
      const t = thumbs[size];
      if (!t?.url || !t.width || seen.has(t.url)) continue;
      seen.add(t.url);
      entries.push(`${t.url} ${t.width}w`);
    }
    if (best) return { src: best.url, srcSet: entries.length > 1 ? entries.join(', ') : undefined };
  }
  const fallback = video.thumbnail ?? video.img;
  return fallback ? { src: fallback } : null;
}

/** The channel a card opens the video in: the video's channel, else the row's channel source. */
export function cardChannelId(video: Pick<Video, 'metadata'>, row?: Pick<DiscoverRow, 'source'>): string {
  return video.metadata?.channel || row?.source?.id || 'featured';
}

/** h:mm:ss or m:ss (durations are shown as h/m/s). */
export function formatDuration(totalSeconds: number): string {
  if (!Number.isFinite(totalSeconds) || totalSeconds <= 0) return '';
  const s = Math.round(totalSeconds);
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = String(s % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${sec}` : `${m}:${sec}`;
}

/** Rows a viewer can see: banner rows and rows with no items are left out. */
export function visibleRows(rows: DiscoverRow[]): DiscoverRow[] {
  return rows.filter((row) => row.type !== 'adBanner' && row.items.length > 0);
}
