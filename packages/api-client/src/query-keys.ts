import type { ApiClient } from './client';

/** Query keys, scoped by site and source so two sites never share a cache entry. */
export const queryKeys = {
  all: (api: ApiClient) => ['marquee', api.site, api.source] as const,
  siteConfig: (api: ApiClient) => [...queryKeys.all(api), 'site-config'] as const,
  discover: (api: ApiClient, tabId: string) => [...queryKeys.all(api), 'discover', tabId] as const,
  channels: (api: ApiClient, page: number, pageSize: number) =>
    [...queryKeys.all(api), 'channels', page, pageSize] as const,
  channelVideos: (api: ApiClient, channelId: string, pageSize: number) =>
    [...queryKeys.all(api), 'channel-videos', channelId, pageSize] as const,
  video: (api: ApiClient, uid: string) => [...queryKeys.all(api), 'video', uid] as const,
  videoPlayUrl: (api: ApiClient, uid: string) => [...queryKeys.all(api), 'video-play-url', uid] as const,
  liveChannels: (api: ApiClient) => [...queryKeys.all(api), 'live-channels'] as const,
  liveChannelPlayUrl: (api: ApiClient, id: string) =>
    [...queryKeys.all(api), 'live-channel-play-url', id] as const,
};
