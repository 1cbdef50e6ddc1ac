import { withScheme } from '@marquee/domain';

/**
 * A title's external link (discovery-and-site §2.7, the `externalUrls` flag) as the page shows it:
 * the href with http:// added when the stored link has no http(s) scheme (§5 "A URL without http
 * or https gets http:// added"), labelled by its name or else the link.
 */
export function externalLink(external: { link: string; name: string | null }): {
  href: string;
  label: string;
} {
  return { href: withScheme(external.link), label: external.name || external.link };
}
