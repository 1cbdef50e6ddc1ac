// The share panel (decision 0049): one panel for videos, gifs and moments. The network buttons carry
// each target's short link with the title's readable URL after it (§5); the embed code only where
// given (videos, unless hideEmbeds); the copy field keeps the page's own link.
import { shortLinksQueryOptions } from '@marquee/api-client';
import { ApiProvider } from '@marquee/api-client/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { beforeAll, describe, expect, it } from 'vitest';
import { api } from '../lib/api';
import { initTestI18n } from '../lib/render-static';
import { en } from '../locales/common';
import { SharePanel, type ShareSubject } from './share-panel';

const links = {
  facebook: '/s/fffffff',
  x: '/s/xxxxxxx',
  whatsapp: '/s/wwwwwww',
  reddit: '/s/rrrrrrr',
  email: '/s/eeeeeee',
  copy: '/s/ccccccc',
};

const render = (
  props: { pageUrl: string; title: string; subject: ShareSubject; embedUrl?: string },
  made = true,
) => {
  const client = new QueryClient();
  const path = new URL(props.pageUrl);
  if (made)
    client.setQueryData(shortLinksQueryOptions(api, `${path.pathname}${path.search}`).queryKey, { links });
  return renderToStaticMarkup(
    createElement(
      QueryClientProvider,
      { client },
      createElement(ApiProvider, { api, children: createElement(SharePanel, props) }),
    ),
  );
};
const hrefOf = (html: string, testId: string) =>
  /href="([^"]+)"/
    .exec(html.slice(html.lastIndexOf('<a', html.indexOf(`data-testid="${testId}"`))))![1]!
    .replace(/&amp;/g, '&');

beforeAll(() => initTestI18n({ en: { common: en } }));

describe('SharePanel', () => {
  it("a gif: the gif's link to copy, each network's short link reading as the title, no embed code", () => {
    const html = render({
      pageUrl: 'https://tv.test/gif/g_1',
      title: 'Breaking … news!',
      subject: { type: 'gif', id: 'g_1', videoUid: 'v1' },
    });
    expect(html).toContain('Link to this gif');
    expect(html).toMatch(/data-testid="share-link" value="https:\/\/tv\.test\/gif\/g_1"/);
    const x = new URL(hrefOf(html, 'share-x'));
    expect(x.searchParams.get('url')).toBe('https://tv.test/s/xxxxxxx/breaking--news');
    const facebook = new URL(hrefOf(html, 'share-facebook'));
    expect(facebook.searchParams.get('u')).toBe('https://tv.test/s/fffffff/breaking--news');
    expect(hrefOf(html, 'share-email')).toContain(
      encodeURIComponent('https://tv.test/s/eeeeeee/breaking--news'),
    );
    expect(html).not.toContain('share-embed-code');
  });

  it('a moment: its ?tag= link; a title with nothing readable shares the bare short link', () => {
    const html = render({
      pageUrl: 'https://tv.test/channel/news/v1?tag=m_1',
      title: 'ニュース',
      subject: { type: 'moment', id: 'm_1', videoUid: 'v1', channelId: 'news' },
    });
    expect(html).toContain('Link to this moment');
    expect(new URL(hrefOf(html, 'share-reddit')).searchParams.get('url')).toBe('https://tv.test/s/rrrrrrr');
  });

  it('a video: the embed code when given; the page link on the buttons until the short links are made', () => {
    const props = {
      pageUrl: 'https://tv.test/channel/news/v1',
      title: 'The "Big" Show',
      subject: { type: 'video', id: 'v1', videoUid: 'v1', channelId: 'news' } as const,
    };
    const html = render({ ...props, embedUrl: 'https://tv.test/channel/news/v1?embed=1' }, false);
    expect(html).toContain('Link to this video');
    expect(html).toContain('data-testid="share-embed-code"');
    // The title is an attribute of the code: its quotes are escaped there.
    expect(html).toContain('title=&quot;The &amp;quot;Big&amp;quot; Show&quot;');
    expect(new URL(hrefOf(html, 'share-x')).searchParams.get('url')).toBe('https://tv.test/channel/news/v1');
    expect(render(props)).not.toContain('share-embed-code');
  });
});
