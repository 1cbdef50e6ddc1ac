import { useEffect } from 'react';
import { watchPageTitle } from '@marquee/domain';

/** Links the server put in the page for crawlers (clients.ts watchHeadLinks); the app keeps them current. */
const SERVER_LINKS = 'link[data-marquee-head]';

function upsertLink(attrs: Record<string, string>, selector: string): HTMLLinkElement {
  let el = document.head.querySelector<HTMLLinkElement>(selector);
  if (!el) {
    el = document.createElement('link');
    document.head.appendChild(el);
  }
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, v);
  return el;
}

/**
 * The watch page's head (§2.2): document.title = the video title (plus the series title for
 * episodes), the tab label and the state title joined with ' | '; `<link rel="canonical">`; the
 * oEmbed discovery link to /oembed with the current page URL. Restored when the screen closes.
 */
export function useWatchHead(input: {
  canonicalPath: string | null;
  videoTitle?: string | null;
  seriesTitle?: string | null;
  tabLabel?: string | null;
  stateTitle?: string | null;
}) {
  const { canonicalPath, videoTitle, seriesTitle, tabLabel, stateTitle } = input;
  useEffect(() => {
    if (!videoTitle) return;
    const previous = document.title;
    document.title = watchPageTitle({ videoTitle, seriesTitle, tabLabel, stateTitle });
    return () => {
      document.title = previous;
    };
  }, [videoTitle, seriesTitle, tabLabel, stateTitle]);

  useEffect(() => {
    if (!canonicalPath) return;
    const origin = window.location.origin;
    const page = `${origin}${window.location.pathname}`;
    const canonical = upsertLink(
      { rel: 'canonical', href: `${origin}${canonicalPath}`, 'data-marquee-head': '' },
      'link[rel="canonical"]',
    );
    const oembed = upsertLink(
      {
        rel: 'alternate',
        type: 'application/json+oembed',
        href: `${origin}/oembed?${new URLSearchParams({ url: page, format: 'json' })}`,
        'data-marquee-head': '',
      },
      'link[rel="alternate"][type="application/json+oembed"]',
    );
    return () => {
      canonical.remove();
      oembed.remove();
      document.head.querySelectorAll(SERVER_LINKS).forEach((el) => el.remove());
    };
  }, [canonicalPath]);
}
