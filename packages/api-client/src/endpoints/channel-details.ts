import { queryOptions } from '@tanstack/react-query';
import type { Channel, Paginated } from '@marquee/contract';
import { sitePath, type ApiClient } from '../client';
import { ApiError } from '../errors';
import { queryKeys } from '../query-keys';

/** The list call behind a channel, by what the channel holds (videos by default). */
const CHANNEL_LIST: Record<string, string> = {
  series: 'series',
  liveEvents: 'live-events',
  movies: 'movies',
};

/** `/v2/sites/{site}/channels/{id}/{videos|movies|series|live-events}`. */
export function channelItemsHref(api: ApiClient, channel: Pick<Channel, 'channelId' | 'type'>): string {
  return sitePath(api.site, 'channels', channel.channelId, CHANNEL_LIST[channel.type] ?? 'videos');
}

/** `/v2/sites/{site}/dynamic-channels/{order}/{list}` (list: videos, movies, episodes or all). */
export function dynamicItemsHref(api: ApiClient, order: string, list: string): string {
  return sitePath(api.site, 'dynamic-channels', order, list);
}

/**
 * One channel of the site by id (case-insensitive), from GET /v2/sites/{site}/channels (the API has
 * no single-channel read; sites hold few channels, so the largest page covers them). 404 when absent.
 */
export async function getChannel(api: ApiClient, channelId: string, signal?: AbortSignal): Promise<Channel> {
  const id = channelId.toLowerCase();
  for (let page = 0; ; page++) {
    const res = await api.get<Paginated<Channel>>(sitePath(api.site, 'channels'), {
      query: { page, pageSize: 100 },
      signal,
    });
    const found = res.items.find((c) => c.channelId.toLowerCase() === id);
    if (found) return found;
    if (res.next_page === null) throw new ApiError(404, 'not_found', `Channel '${channelId}' not found`);
  }
}

export function channelQueryOptions(api: ApiClient, channelId: string) {
  return queryOptions({
    queryKey: [...queryKeys.all(api), 'channel', channelId.toLowerCase()] as const,
    queryFn: ({ signal }) => getChannel(api, channelId, signal),
    staleTime: 5 * 60_000,
  });
}
