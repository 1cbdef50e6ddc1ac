import type { AdBanner } from '@marquee/contract';
import { sitePath, type ApiClient } from '../client';

/**
 * GET /v2/sites/{site}/ads/banner?placement&cb: one banner, asked of the site's ad server by our
 * server with the viewer's IP and user agent (discovery-and-site §7, decision 0063).
 */
export function getAdBanner(api: ApiClient, placement: string, cacheBuster: string) {
  return api.get<AdBanner>(sitePath(api.site, 'ads', 'banner'), { query: { placement, cb: cacheBuster } });
}
