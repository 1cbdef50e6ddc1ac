/**
 * The placeholders an iframe tab's URL may carry (discovery-and-site §2.1 "The iframe kind supports
 * placeholder replacement in its URL; the replacement values are not shown"; decision 0015). Values
 * are URL-encoded; a signed-out viewer's user values are empty.
 */
export const IFRAME_PLACEHOLDERS = [
  '[USER_ID]',
  '[USER_EMAIL]',
  '[FIRST_NAME]',
  '[SITE_ID]',
  '[LANGUAGE]',
  '[SOURCE]',
] as const;
export type IframePlaceholder = (typeof IFRAME_PLACEHOLDERS)[number];

export type IframeContext = {
  user: { id: string; email: string; firstName: string } | null;
  siteUid: string;
  language: string;
  source: string;
};

/** The URL with every known placeholder replaced; unknown bracketed text is left as it is. */
export function iframeUrl(template: string, ctx: IframeContext): string {
  const values: Record<IframePlaceholder, string> = {
    '[USER_ID]': ctx.user?.id ?? '',
    '[USER_EMAIL]': ctx.user?.email ?? '',
    '[FIRST_NAME]': ctx.user?.firstName ?? '',
    '[SITE_ID]': ctx.siteUid,
    '[LANGUAGE]': ctx.language,
    '[SOURCE]': ctx.source,
  };
  let url = template;
  for (const p of IFRAME_PLACEHOLDERS) url = url.split(p).join(encodeURIComponent(values[p]));
  return url;
}

/** Only http(s) pages may be framed (no javascript: or data: URLs from a misconfigured tab). */
export function isFramableUrl(url: string): boolean {
  return /^https?:\/\//i.test(url) || url.startsWith('/');
}
