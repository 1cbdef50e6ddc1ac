import type { AdBanner, AdBannerQuery } from '@marquee/contract';
import { adBannerUrl } from '@marquee/domain';
import { notFound } from '../../plugins/errors';
import { escapeHtml } from '../../plugins/html';
import type { Site } from '../sites';

/** How long one ad server may take, and how much markup it may send, before we give up on it. */
export const AD_BANNER_TIMEOUT_MS = 2500;
export const AD_BANNER_MAX_BYTES = 64 * 1024;

/** Who the banner is for: the ad server targets and counts by the viewer's address and browser. */
export type BannerViewer = { ip: string; userAgent: string };

/**
 * Ad banners requested by our server for the viewer (discovery-and-site §7, decision 0063): the ad
 * server gets the placement key, a cache-buster, the viewer's IP and user agent and the slot's size,
 * as URL macros and as the request's own User-Agent and X-Forwarded-For. When it fails, times out,
 * or has no ad, the config's `fallback` server is asked the same way. A path (no scheme) is our own
 * house ad server, asked over loopback (`selfOrigin`), never a host the request names.
 */
export function createBannerService(deps: { selfOrigin: string; fetch?: typeof fetch }) {
  const doFetch = deps.fetch ?? fetch;

  const ask = async (url: string, viewer: BannerViewer): Promise<string | null> => {
    const target = new URL(url, deps.selfOrigin);
    if (target.protocol !== 'http:' && target.protocol !== 'https:') return null;
    try {
      const res = await doFetch(target, {
        headers: { 'user-agent': viewer.userAgent, 'x-forwarded-for': viewer.ip, accept: 'text/html' },
        redirect: 'follow',
        signal: AbortSignal.timeout(AD_BANNER_TIMEOUT_MS),
      });
      if (!res.ok) return null;
      const markup = await readCapped(res, AD_BANNER_MAX_BYTES);
      return markup?.trim() ? markup : null;
    } catch {
      return null;
    }
  };

  return {
    async banner({ ads, perms }: Site, query: AdBannerQuery, viewer: BannerViewer): Promise<AdBanner> {
      const { banners } = ads;
      if (!perms.adBanners || !ads.enabled || ads.status !== 'approved' || !banners.url)
        throw notFound('Ad banners on this site');
      const macros = {
        placement: query.placement ?? banners.slot,
        cacheBuster: query.cb ?? String(Date.now()),
        ...viewer,
        ...banners.size,
      };
      let markup: string | null = null;
      for (const template of [banners.url, banners.fallback]) {
        if (!template || markup) continue;
        const url = adBannerUrl(template, macros);
        markup = URL.canParse(url, deps.selfOrigin) ? await ask(url, viewer) : null;
      }
      return { markup, ...banners.size };
    },

    /** Our own banner for the site: an ad for going ad-free, in its colours (the demo's ad server). */
    house({ name, theme, ads }: Site, placement: string): string {
      const colors = theme?.colors ?? { primary: '#7c5cff', surface: '#1b1730', text: '#f4f2ff' };
      const { width, height } = ads.banners.size;
      return [
        '<!doctype html><meta charset="utf-8">',
        `<style>body{margin:0}a{box-sizing:border-box;display:flex;align-items:center;justify-content:space-between;`,
        `gap:12px;width:${width}px;max-width:100%;height:${height}px;padding:0 20px;font:600 16px system-ui,sans-serif;`,
        `text-decoration:none;background:${colors.surface};color:${colors.text};border-left:6px solid ${colors.primary}}`,
        `span{background:${colors.primary};color:#fff;padding:8px 14px;border-radius:4px}</style>`,
        `<a href="/subscribe" target="_blank" rel="noopener" data-placement="${escapeHtml(placement)}">`,
        `${escapeHtml(name)} Premium: every film, no ads<span>Subscribe</span></a>`,
      ].join('');
    },
  };
}

export type BannerService = ReturnType<typeof createBannerService>;

/** The body as text, or null when it is larger than `max` bytes (the stream is cancelled). */
async function readCapped(res: Response, max: number): Promise<string | null> {
  if (!res.body) return '';
  const reader = res.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > max) {
      await reader.cancel();
      return null;
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}
