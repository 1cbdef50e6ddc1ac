/** Where the clients learn their site uid: `<meta name="marquee-site">`, else `?__site=`, else 'demo'. */
export const DEFAULT_SITE_UID = 'demo';
export const SITE_META_NAME = 'marquee-site';

const SITE_UID = /^[A-Za-z0-9_-]{1,64}$/;

/** Pure resolution from the meta tag content and the page's query string. */
export function resolveSiteUid(input: { meta?: string | null; search?: string | null }): string {
  const meta = input.meta?.trim();
  if (meta && SITE_UID.test(meta)) return meta;
  const fromQuery = new URLSearchParams(input.search ?? '').get('__site')?.trim();
  if (fromQuery && SITE_UID.test(fromQuery)) return fromQuery;
  return DEFAULT_SITE_UID;
}

/** Reads the site uid from the current document (the one place both apps take it from). */
export function readSiteUid(): string {
  if (typeof document === 'undefined') return DEFAULT_SITE_UID;
  const meta = document.querySelector<HTMLMetaElement>(`meta[name="${SITE_META_NAME}"]`)?.content;
  return resolveSiteUid({ meta, search: typeof location === 'undefined' ? '' : location.search });
}
