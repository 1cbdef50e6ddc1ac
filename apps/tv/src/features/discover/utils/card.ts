import type { DiscoverRow } from '@marquee/contract';
import type { cardLinks } from '@marquee/domain';

/** A card's play and details targets. */
export type CardLinks = ReturnType<typeof cardLinks>;

/** The rows a TV shows: ad banners have no place on the 10-foot grid, nor do empty rows. */
export function visibleRows(rows: DiscoverRow[]): DiscoverRow[] {
  return rows.filter((row) => row.type !== 'adBanner' && row.items.length > 0);
}

/** The channel a row's cards open in when the video names none: the row's source. */
export function rowChannelId(row: Pick<DiscoverRow, 'source'>): string | null {
  return row.source?.id ?? null;
}
