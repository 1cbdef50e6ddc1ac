import type { OembedVideo, Video } from '@marquee/contract';
import { matchWatchPath, watchPageTitle, watchVariant } from '@marquee/domain';
import type { Site } from '../sites';
import { AppError, badRequest, notFound } from '../../plugins/errors';

export type OembedService = ReturnType<typeof createOembedService>;

/** The player's frame is 16:9 (playback-and-social §9 aspect ratio 0.5625). */
const ASPECT = 0.5625;
const DEFAULT_WIDTH = 640;

const escapeAttr = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The largest 16:9 frame within maxwidth × maxheight (640 × 360 when unbounded). */
export function frameSize(maxwidth?: number, maxheight?: number): { width: number; height: number } {
  let width = Math.min(DEFAULT_WIDTH, maxwidth ?? DEFAULT_WIDTH);
  if (maxheight !== undefined && width * ASPECT > maxheight) width = Math.floor(maxheight / ASPECT);
  width = Math.max(1, width);
  return { width, height: Math.max(1, Math.round(width * ASPECT)) };
}

/**
 * oEmbed for this site's watch URLs (decision 0028): the iframe plays the same route with ?embed=1.
 * `requestHost` is the Host the consumer called us on; a URL on it or on one of the site's hosts is ours.
 */
export function createOembedService(deps: { video: (siteUid: string, uid: string) => Promise<Video> }) {
  return {
    async describe(
      site: Pick<Site, 'uid' | 'name' | 'hosts'>,
      requestHost: string | undefined,
      q: { url: string; format?: string; maxwidth?: number; maxheight?: number },
    ): Promise<OembedVideo> {
      if (q.format !== undefined && q.format !== 'json') {
        // oEmbed 1.0 §2.3.4.2: an unsupported format is 501 Not Implemented.
        throw new AppError(
          501,
          'notImplemented',
          `format '${q.format}' is not supported; use json`,
          'format',
        );
      }
      let url: URL;
      try {
        url = new URL(q.url);
      } catch {
        throw badRequest('url', 'url must be an absolute http(s) URL');
      }
      if (url.protocol !== 'http:' && url.protocol !== 'https:')
        throw badRequest('url', 'url must be an absolute http(s) URL');
      const ours =
        (requestHost !== undefined && url.host.toLowerCase() === requestHost.toLowerCase()) ||
        site.hosts.includes(url.hostname.toLowerCase());
      if (!ours) throw badRequest('url', `url is not a page of ${site.name}`);

      const route = matchWatchPath(url.pathname);
      if (!route) throw notFound(`Video at '${url.pathname}'`);
      let videoUid: string;
      try {
        videoUid = watchVariant(route).videoUid;
      } catch {
        throw notFound(`Video at '${url.pathname}'`);
      }
      const video = await deps.video(site.uid, videoUid);

      const { width, height } = frameSize(q.maxwidth, q.maxheight);
      const path = url.pathname.replace(/^\/watch(?=\/)/, '');
      const src = `${url.origin}${path}?embed=1`;
      const title = watchPageTitle({ videoTitle: video.title, seriesTitle: video.seriesData?.title });
      const thumb = video.thumbnail ?? video.img;
      return {
        version: '1.0',
        type: 'video',
        title,
        provider_name: site.name,
        provider_url: `${url.origin}/`,
        ...(thumb
          ? { thumbnail_url: new URL(thumb, url.origin).href, thumbnail_width: 1280, thumbnail_height: 720 }
          : {}),
        html: `<iframe src="${escapeAttr(src)}" width="${width}" height="${height}" title="${escapeAttr(
          title,
        )}" frameborder="0" allow="autoplay; fullscreen; picture-in-picture" allowfullscreen></iframe>`,
        width,
        height,
      };
    },
  };
}
