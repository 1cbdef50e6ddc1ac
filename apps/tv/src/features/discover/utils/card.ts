import type { DiscoverRow, Video } from '@marquee/contract';

/** Titles truncate at 50 characters (discovery-and-site §2.10). */
export function truncateTitle(title: string, max = 50): string {
  const chars = Array.from(title.trim());
  return chars.length <= max
    ? chars.join('')
    : chars
        .slice(0, max - 1)
        .join('')
        .trimEnd() + '…';
}

const PREFERENCE = ['maxres', 'high', 'medium', 'standard', 'default'] as const;

/** Thumbnail by the spec's preference, with every size in srcset. */
export function cardImage(video: Pick<Video, 'metadata' | 'thumbnail' | 'img'>) {
  const thumbs = video.metadata?.thumbnails;
  if (thumbs) {
    const best = PREFERENCE.map((s) => thumbs[s]).find((t) => t?.url);
    const srcSet = [
      ...new Map(
        PREFERENCE.map((s) => thumbs[s])
          .filter((t) => t?.url && t.width)
          .map((t) => [t.url, t]),
      ),
    ]
      .map(([url, t]) => `${url} ${t.width}w`)
      .join(', ');
    if (best) return { src: best.url, srcSet: srcSet || undefined };
  }
  const src = video.thumbnail ?? video.img;
  return src ? { src, srcSet: undefined } : null;
}

export function cardChannelId(video: Pick<Video, 'metadata'>, row?: Pick<DiscoverRow, 'source'>): string {
  return video.metadata?.channel || row?.source?.id || 'featured';
}

export function visibleRows(rows: DiscoverRow[]): DiscoverRow[] {
  return rows.filter((row) => row.type !== 'adBanner' && row.items.length > 0);
}
