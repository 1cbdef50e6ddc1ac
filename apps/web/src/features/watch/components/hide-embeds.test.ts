// D§1 / D§2.12 hideEmbeds: a site with the flag hides its embed features — the embed code in the
// Share tab (and the /embed/share overlay) and the Share button inside an embed. Without the flag
// both are there.
import { createApiClient } from '@marquee/api-client';
import { createElement, type ReactElement } from 'react';
import { beforeAll, describe, expect, it } from 'vitest';
import { SharePanel } from '../../../components/share-panel';
import { initTestI18n, renderInApp } from '../../../lib/render-static';
import { en as common } from '../../../locales/common';
import { en } from '../routes-locales';
import { shareEmbedUrl, watchRouteInfo } from '../utils/watch-route-info';
import { EmbedActions } from './embed-actions';

beforeAll(() => initTestI18n({ en: { watchRoutes: en, common } }));

const api = createApiClient({ baseUrl: 'http://marquee.test', site: 'demo', source: 'web' });
const wrap = (child: ReactElement) => renderInApp(child, { api });

const route = watchRouteInfo(
  { kind: 'video', channelId: 'c1', videoUid: 'v1' },
  '/channel/c1/v1',
  '?embed=1',
  undefined,
);
// The Share tab as the watch screen builds it (the shared panel, given the embed URL this page offers).
const share = (hideEmbeds: boolean) =>
  wrap(
    createElement(SharePanel, {
      pageUrl: 'http://marquee.test/channel/c1/v1',
      title: 'Night "Train"',
      subject: { type: 'video', id: 'v1', videoUid: 'v1', channelId: 'c1' },
      embedUrl: shareEmbedUrl('http://marquee.test', route, hideEmbeds),
    }),
  );
const embedActions = (hideEmbeds: boolean) =>
  wrap(
    createElement(EmbedActions, {
      route,
      siteName: 'Demo',
      pageUrl: 'http://marquee.test/channel/c1/v1',
      hideEmbeds,
    }),
  );

describe('hideEmbeds', () => {
  it('off: the Share tab offers the embed code of the video, with its copy button', () => {
    const html = share(false);
    expect(html).toContain('data-testid="share-link"');
    expect(html).toContain('data-testid="share-embed-code"');
    expect(html).toContain('&lt;iframe src=&quot;http://marquee.test/channel/c1/v1?embed=1&quot;');
    expect(html).toContain('data-testid="share-copy-embed"');
  });

  it('on: the Share tab keeps the page link and drops the embed code', () => {
    const html = share(true);
    expect(html).toContain('data-testid="share-link"');
    expect(html).not.toContain('share-embed-code');
    expect(html).not.toContain('share-copy-embed');
    expect(html).not.toContain('iframe');
  });

  it('off: an embed shows Info, Share (its overlay, flags kept) and the site link', () => {
    const html = embedActions(false);
    expect(html).toContain('data-testid="embed-info-button"');
    expect(html).toMatch(/data-testid="embed-share-button" href="\/channel\/c1\/v1\/embed\/share\?embed=1"/);
    expect(html).toContain('Watch on Demo');
  });

  it('on: an embed has no Share button', () => {
    const html = embedActions(true);
    expect(html).toContain('data-testid="embed-info-button"');
    expect(html).not.toContain('embed-share-button');
  });
});
