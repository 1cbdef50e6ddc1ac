import {
  directoryInfiniteQueryOptions,
  externalTextQueryOptions,
  movieQueryOptions,
  tabAssetQueryOptions,
  type TabAssetKind,
} from '@marquee/api-client';
import type { ExternalTextType } from '@marquee/contract';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** A tab and its configuration (GET /api/assets/{id}/{kind}). */
export function useTabAsset(id: string, kind: TabAssetKind) {
  return useQuery(tabAssetQueryOptions(api, id, kind));
}

/** One legal text, terms or privacy (GET external-text/{type}). */
export function useExternalText(type: ExternalTextType) {
  return useQuery(externalTextQueryOptions(api, type));
}

/** A directory tab's channels: 40 first, then 20 at a time. */
export function useDirectory(tabId: string) {
  return useInfiniteQuery(directoryInfiniteQueryOptions(api, tabId));
}

/** A movie (cast and home-movie tabs); off until the tab names one. */
export function useMovie(uid: string) {
  return useQuery({ ...movieQueryOptions(api, uid), enabled: uid !== '' });
}
