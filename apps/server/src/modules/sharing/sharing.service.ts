import { randomInt } from 'node:crypto';
import type { FacebookScrape, Gif, ShortLinks, ShortLinkStats, Video } from '@marquee/contract';
import { isShortLinkSlug, SHARE_TARGETS, sharedContentOfPath, type ShareTarget } from '@marquee/domain';
import type { AuthUser } from '../../plugins/auth';
import { FacebookGraphError, type FacebookGraph } from '../../infra/facebook-graph';
import { AppError, badRequest, notFound } from '../../plugins/errors';
import { ownSite, type Site } from '../sites';
import type { RolesService } from '../roles';
import type { SharingRepository } from './sharing.repository';

export type SharingService = ReturnType<typeof createSharingService>;

const ALPHABET = '23456789abcdefghjkmnpqrstuvwxyz';
const newCode = () => Array.from({ length: 7 }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');

/** What a pasted link previews (Open Graph / Twitter card): absolute URLs are made by the page. */
export type LinkPreview = {
  title: string;
  description: string;
  image: string | null;
  type: 'video.other' | 'website';
};

export function createSharingService(deps: {
  repo: SharingRepository;
  roles: Pick<RolesService, 'require'>;
  video: (siteUid: string, uid: string) => Promise<Video>;
  series: (
    siteUid: string,
    uid: string,
  ) => Promise<{ title: string; description: string; poster: string | null }>;
  gif: (siteUid: string, gifId: string) => Promise<Gif>;
  /** The Graph API client, or null when no Facebook app token is configured. */
  facebook?: FacebookGraph | null;
  now: () => number;
}) {
  const { repo, now } = deps;

  return {
    /**
     * POST /api/scrape/facebook: asks Facebook to scrape a URL of the site again, so its shares show
     * the current title and image. A signed-in user of the site; the URL must be on one of the
     * site's hosts or the request's own (our token is never spent on another site's pages).
     */
    async scrapeFacebook(
      site: Site,
      user: AuthUser,
      url: string,
      requestHost: string,
    ): Promise<FacebookScrape> {
      ownSite(site, user);
      const target = new URL(url);
      const hosts = new Set([...site.hosts, requestHost.toLowerCase()]);
      if (!hosts.has(target.host.toLowerCase()) && !hosts.has(target.hostname.toLowerCase()))
        throw badRequest('url', 'url must be a page of this site (one of its hosts)');
      if (!deps.facebook)
        throw new AppError(
          503,
          'facebookScrapeOff',
          'Facebook re-scrape is not configured on this server (FACEBOOK_APP_TOKEN)',
        );
      try {
        return await deps.facebook.rescrape(target.href);
      } catch (err) {
        if (err instanceof FacebookGraphError) throw new AppError(502, 'facebookScrapeFailed', err.message);
        throw err;
      }
    },

    /** A short link for each share target of a path of the site; the same ones every time. */
    async links(siteUid: string, path: string): Promise<ShortLinks> {
      let known = await repo.codesOf(siteUid, path);
      const missing = SHARE_TARGETS.filter((t) => !known.some((k) => k.target === t));
      if (missing.length > 0) {
        const created_at = new Date(now()).toISOString();
        for (const target of missing)
          await repo.insert({ code: newCode(), site_uid: siteUid, path, target, created_at });
        // A request that raced this one may have won some targets: read what is stored.
        known = await repo.codesOf(siteUid, path);
      }
      const links = Object.fromEntries(known.map((k) => [k.target, `/s/${k.code}`])) as Record<
        ShareTarget,
        string
      >;
      return { links };
    },

    /**
     * Where a short link leads (counted), or 404. The link must be of the request's site. A readable
     * tail (`/s/{code}/{slug}`) is ignored, but one we could not have made is a 404 like an unknown link.
     */
    async follow(siteUid: string, code: string, slug?: string): Promise<string> {
      if (slug !== undefined && !isShortLinkSlug(slug)) throw notFound('Link');
      const link = await repo.find(code);
      if (!link || link.site_uid !== siteUid) throw notFound('Link');
      await repo.hit(code);
      return link.path;
    },

    /** A short link's follows, for whoever may read the site's analytics. */
    async stats(siteUid: string, user: AuthUser, code: string): Promise<ShortLinkStats> {
      await deps.roles.require(
        user,
        siteUid,
        'analytics.read',
        "Only the site's admins may read its share counts",
      );
      const link = await repo.find(code);
      if (!link || link.site_uid !== siteUid) throw notFound('Link');
      return { code: link.code, path: link.path, target: link.target, hits: link.hits };
    },

    /** What a page of the site shows when its link is pasted, or null (not a title's page, or gone). */
    async preview(siteUid: string, path: string): Promise<LinkPreview | null> {
      const content = sharedContentOfPath(path);
      if (!content) return null;
      try {
        if (content.kind === 'gif') {
          const gif = await deps.gif(siteUid, content.id);
          if (!gif.url) return null;
          const video = await deps.video(siteUid, gif.videoUid);
          const text = [gif.memeTopText, gif.memeBottomText].filter(Boolean).join(' … ');
          return { title: text || video.title, description: video.title, image: gif.url, type: 'website' };
        }
        if (content.kind === 'series') {
          const series = await deps.series(siteUid, content.uid);
          return {
            title: series.title,
            description: series.description,
            image: series.poster,
            type: 'website',
          };
        }
        const video = await deps.video(siteUid, content.uid);
        const thumbs = video.metadata.thumbnails;
        const image = thumbs?.maxres.url ?? video.thumbnail ?? null;
        return { title: video.title, description: video.description, image, type: 'video.other' };
      } catch {
        return null;
      }
    },
  };
}
