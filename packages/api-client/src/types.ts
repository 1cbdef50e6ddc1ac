/** The play-url response (playback-and-social §3), from the contract. */
export type { PlayableUrl } from '@marquee/contract';

export interface PageQuery {
  page?: number;
  pageSize?: number;
}

/**
 * Default page sizes (playback-and-social §7). Mirrors `PageSize` in @marquee/contract, kept here
 * so the browser bundles import only types from the contract (its values pull in zod).
 */
export const PAGE_SIZE = { videos: 30, channels: 20 } as const;
