import {
  discoverQueryOptions,
  siteConfigQueryOptions,
  videoPlayUrlQueryOptions,
  videoQueryOptions,
} from '@marquee/api-client';
import type { DiscoverAsset, SiteConfig } from '@marquee/contract';
import type { QueryClient } from '@tanstack/react-query';
import { api } from '../lib/api';

type PageBootstrap = { config?: SiteConfig; discover?: { tabId: string; asset: DiscoverAsset } };

/**
 * Seeds the query cache with the data the server inlined in the page (`#marquee-bootstrap`: the
 * site config, and the landing's discover rows), so the first screen renders without waiting for
 * those calls. They are then as fresh as any other fetched answer.
 */
export function seedFromBootstrap(client: QueryClient, doc: Document = document): void {
  const text = doc.getElementById('marquee-bootstrap')?.textContent;
  if (!text) return;
  let data: PageBootstrap;
  try {
    data = JSON.parse(text) as PageBootstrap;
  } catch {
    return; // a broken inline block: the app fetches as usual
  }
  if (data.config?.uid === api.site) client.setQueryData(siteConfigQueryOptions(api).queryKey, data.config);
  if (data.discover)
    client.setQueryData(discoverQueryOptions(api, data.discover.tabId).queryKey, data.discover.asset);
}

const WATCH_PATH = /^\/channel\/[^/]+\/([^/]+)\/?$/;

/**
 * When the page opens on a watch screen, asks for the video and its play URL at once, while the
 * watch screen's code is still loading: the first frame does not wait for one after the other.
 * Returns whether the path is a watch screen (the caller then loads its code early too).
 */
export function prefetchFirstScreen(client: QueryClient, path: string = location.pathname): boolean {
  const uid = WATCH_PATH.exec(path)?.[1];
  if (!uid) return false;
  const videoUid = decodeURIComponent(uid);
  void client.prefetchQuery(videoQueryOptions(api, videoUid));
  void client.prefetchQuery(videoPlayUrlQueryOptions(api, videoUid));
  return true;
}
