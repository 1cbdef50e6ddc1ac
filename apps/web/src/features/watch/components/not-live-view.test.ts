// §8 "Live-event load: the server's msg or message": the not-live screen's failed event read shows
// the server's own words under its title.
import { parseApiError, videoQueryOptions, type ApiError } from '@marquee/api-client';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { beforeAll, describe, expect, it } from 'vitest';
import { api } from '../../../lib/api';
import { initTestI18n } from '../../../lib/render-static';
import { en } from '../not-live-locales';
import { NotLiveView } from './not-live-view';

beforeAll(() => initTestI18n({ en: { notLive: en } }));

/** The not-live screen with the event's read already failed with `error`. */
function renderFailed(error: ApiError) {
  // A static render of the failed state: no retry when the screen mounts.
  const client = new QueryClient({ defaultOptions: { queries: { retryOnMount: false } } });
  const { queryKey } = videoQueryOptions(api, 'ev1');
  client.getQueryCache().build(client, { queryKey }).setState({
    status: 'error',
    error,
    fetchStatus: 'idle',
    errorUpdatedAt: Date.now(),
  });
  return renderToStaticMarkup(
    createElement(
      QueryClientProvider,
      { client },
      createElement(NotLiveView, { liveEventUid: 'ev1', onLive: () => {}, onBack: () => {} }),
    ),
  );
}

describe('NotLiveView when the live event cannot be loaded', () => {
  it("shows the server's msg, or its message, under the load error title", () => {
    const msg = renderFailed(parseApiError(404, { msg: 'This event is no longer available' }));
    expect(msg).toContain('We couldn&#x27;t load this live event');
    expect(msg).toContain('This event is no longer available');
    const message = renderFailed(parseApiError(500, { error: { code: 'x', message: 'Event store down' } }));
    expect(message).toContain('Event store down');
  });
});
