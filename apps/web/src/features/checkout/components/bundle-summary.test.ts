// §3 Bundle hideChannelDetails, unlistedDescription, unlistedRedirect (decision 0068): what the
// checkout shows and where it continues for them.
import { channelsQueryOptions } from '@marquee/api-client';
import type { Bundle } from '@marquee/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { beforeAll, describe, expect, it } from 'vitest';
import { api } from '../../../lib/api';
import { initTestI18n } from '../../../lib/render-static';
import { en } from '../locales';
import { bundleDescription, includedChannelIds, unlistedRedirectPath } from '../utils/checkout-rules';
import { monthly } from '../utils/test-fixtures';
import { BundleSummary } from './bundle-summary';

const channelsBundle: Bundle = {
  ...monthly,
  type: 'CHANNELS',
  channels: ['news', 'sports'],
  description: 'Two channels, monthly.',
};

function render(bundle: Bundle): string {
  const client = new QueryClient();
  client.setQueryData(channelsQueryOptions(api, { page: 0, pageSize: 100 }).queryKey, {
    items: [
      { id: 'c1', channelId: 'news', name: 'Newsroom' },
      { id: 'c2', channelId: 'sports', name: 'Sports Live' },
    ],
  } as never);
  return renderToStaticMarkup(
    createElement(
      QueryClientProvider,
      { client },
      createElement(BundleSummary, { bundle, quote: null, showTotals: false }),
    ),
  );
}

beforeAll(() => initTestI18n({ en: { checkout: en } }));

describe('hideChannelDetails', () => {
  it('the summary lists a CHANNELS bundle’s channels by name', () => {
    expect(render(channelsBundle)).toContain(
      'data-testid="bundle-channels">Includes: Newsroom, Sports Live</p>',
    );
  });

  it('lists none when the bundle hides its channel details', () => {
    expect(render({ ...channelsBundle, hideChannelDetails: true })).not.toContain('bundle-channels');
    expect(includedChannelIds({ ...channelsBundle, hideChannelDetails: true })).toEqual([]);
    expect(includedChannelIds({ ...monthly, channels: ['news'] })).toEqual([]);
  });
});

describe('unlistedDescription', () => {
  const unlisted = { ...channelsBundle, unlisted: true, unlistedDescription: 'For members given the link.' };

  it('describes an unlisted bundle by its unlistedDescription', () => {
    const html = render(unlisted);
    expect(html).toContain('For members given the link.');
    expect(html).not.toContain('Two channels, monthly.');
  });

  it('keeps the description of a listed bundle, or of an unlisted one without it', () => {
    expect(bundleDescription({ ...unlisted, unlisted: false })).toBe('Two channels, monthly.');
    expect(bundleDescription({ ...unlisted, unlistedDescription: null })).toBe('Two channels, monthly.');
  });
});

describe('unlistedRedirect', () => {
  const unlisted = { unlisted: true, unlistedRedirect: '/pages/members' };

  it('continues an unlisted bundle’s checkout on its page of this site', () => {
    // The route goes there (apps/web/src/app/routes/commerce-return.test.ts "afterPurchaseHref").
    expect(unlistedRedirectPath(unlisted)).toBe('/pages/members');
  });

  it('ignores it on a listed bundle and anything not a path of this site', () => {
    expect(unlistedRedirectPath({ ...unlisted, unlisted: false })).toBeNull();
    for (const to of [
      'https://elsewhere.test/',
      '//elsewhere.test',
      '/\\elsewhere.test',
      'javascript:alert(1)',
      '',
    ])
      expect(unlistedRedirectPath({ unlisted: true, unlistedRedirect: to })).toBeNull();
  });
});
