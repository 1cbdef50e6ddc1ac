/** Typed fetchers and TanStack Query options for the Marquee API, shared by web and TV. */
export { createApiClient, buildUrl, apiPath, sitePath } from './client';
export type { ApiClient, ApiClientOptions, Query, QueryValue, RequestOptions } from './client';
export { ApiError, parseApiError, networkError, shouldRetry, DEFAULT_ERROR_MESSAGE } from './errors';
export { resolveSiteUid, readSiteUid, DEFAULT_SITE_UID, SITE_META_NAME } from './site';
export { queryKeys } from './query-keys';
export type { PlayableUrl, PageQuery } from './types';
export * from './endpoints/site-config';
export * from './endpoints/discover';
export * from './endpoints/channels';
export * from './endpoints/channel-videos';
export * from './endpoints/video';
export * from './endpoints/video-play-url';
export * from './endpoints/live-channels';
export * from './endpoints/live-channel-play-url';
export * from './endpoints/auth';
export * from './endpoints/profile';
export * from './endpoints/second-screens';
