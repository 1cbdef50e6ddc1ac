import {
  discoverQueryOptions,
  getVideoPlayUrl,
  siteConfigQueryOptions,
  videoQueryOptions,
  type PlayableUrl,
} from '@marquee/api-client';
import type { DiscoverAsset, SiteConfig, Video } from '@marquee/contract';
import { firstFrameVideoUid } from '@marquee/domain';
import type { QueryClient } from '@tanstack/react-query';
// The hand-over alone, so the watch screen's code stays in its lazy chunk.
import { holdFirstPlayUrl } from '../features/watch/api/first-play-url';
import { api } from '../lib/api';

const HLS_MIME = 'application/vnd.apple.mpegurl';

type PageBootstrap = {
  config?: SiteConfig;
  discover?: { tabId: string; asset: DiscoverAsset };
  video?: Video;
};

/** The JSON of an inline block of the page, or null when absent or broken. */
function inlineJson<T>(doc: Document, id: string): T | null {
  const text = doc.getElementById(id)?.textContent;
  if (!text) return null;
  try {
    return JSON.parse(text) as T;
  } catch {
    return null; // a broken inline block: the app fetches as usual
  }
}

/**
 * Seeds the query cache with the data the server inlined in the page (`#marquee-bootstrap`: the
 * site config, the landing's discover rows, a watch page's video), so the first screen renders
 * without waiting for those calls. They are then as fresh as any other fetched answer.
 */
export function seedFromBootstrap(client: QueryClient, doc: Document = document): void {
  const data = inlineJson<PageBootstrap>(doc, 'marquee-bootstrap');
  if (!data) return;
  const ours = data.config?.uid === api.site;
  if (ours) client.setQueryData(siteConfigQueryOptions(api).queryKey, data.config);
  if (data.discover)
    client.setQueryData(discoverQueryOptions(api, data.discover.tabId).queryKey, data.discover.asset);
  if (ours && data.video?.uid)
    client.setQueryData(videoQueryOptions(api, data.video.uid).queryKey, data.video);
}

export type FirstScreenViewer = {
  /** The page holds a session: the server's anonymous answer is not this viewer's. */
  signedIn: boolean;
  /** The session's access token, refreshed first when due (a signed-in call waits for it). */
  validToken: () => Promise<string | null>;
};

/** The anonymous play-url answer the server inlined for `uid` (`#marquee-first-frame`), if any. */
function inlinedPlayUrl(doc: Document, uid: string): PlayableUrl | null {
  const first = inlineJson<{ videoUid?: string; playUrl?: PlayableUrl }>(doc, 'marquee-first-frame');
  const answer = first?.videoUid === uid ? first.playUrl : null;
  if (!answer?.url) return null;
  // An answer kept past its token's life (a page restored long after) is asked afresh.
  return answer.expiresAt && Date.parse(answer.expiresAt) <= Date.now() ? null : answer;
}

/**
 * When the page opens on a watch screen, starts what its first frame needs at once, while the
 * watch screen's code is still loading (decision 0085): the play-url answer (the server's inlined
 * one for an anonymous viewer, else a call with the viewer's token), the video unless inlined, and
 * hls.js where HLS is not native. Returns whether the path is a watch screen (the caller then loads
 * its code early too).
 */
export function prefetchFirstScreen(
  client: QueryClient,
  viewer: FirstScreenViewer,
  path: string = location.pathname,
  doc: Document = document,
): boolean {
  const uid = firstFrameVideoUid(path);
  if (!uid) return false;
  const inlined = viewer.signedIn ? null : inlinedPlayUrl(doc, uid);
  holdFirstPlayUrl(uid, inlined ?? viewer.validToken().then(() => getVideoPlayUrl(api, uid)));
  if (client.getQueryData(videoQueryOptions(api, uid).queryKey) === undefined)
    void client.prefetchQuery(videoQueryOptions(api, uid));
  if (typeof document !== 'undefined' && !document.createElement('video').canPlayType(HLS_MIME))
    void import('hls.js').catch(() => undefined);
  return true;
}
