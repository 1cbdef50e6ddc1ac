/** The spec's default page sizes (playback-and-social §7, discovery-and-site §7). */
export const PageSize = {
  videos: 30,
  episodes: 30,
  movies: 20,
  series: 20,
  liveEvents: 20,
  channels: 20,
  directory: 20,
  library: 10,
  watchList: 1000,
  queue: 20,
  queueLong: 50,
  /** Uids one favorite-flags request may name: a page of cards (rows of 20–50) fits. */
  favoriteFlags: 100,
} as const;

/** Builds the spec's paginated shape from one zero-based page of items and the total count. */
export function toPage<T>(items: T[], page: number, pageSize: number, total: number) {
  const totalPages = Math.ceil(total / pageSize);
  return {
    items,
    current_page: page,
    items_per_page: pageSize,
    next_page: page + 1 < totalPages ? page + 1 : null,
    prev_page: page > 0 ? page - 1 : null,
    total_items: total,
    total_pages: totalPages,
  };
}

/** The row offset of a zero-based page. */
export function pageOffset(page: number, pageSize: number): number {
  return page * pageSize;
}
