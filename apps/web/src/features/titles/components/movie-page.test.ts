// D§2.7 movie page "watch or restart": Watch from the start when the viewer has no unfinished
// position; Resume (at the saved second) and Restart (t=0) when there is one; Watch again once the
// movie is finished. The movie and the positions are answers already in the query cache.
import { movieQueryOptions, progressQueryKey } from '@marquee/api-client';
import { QueryClient } from '@tanstack/react-query';
import { createElement } from 'react';
import { beforeAll, describe, expect, it } from 'vitest';
import { api } from '../../../lib/api';
import { initTestI18n, renderInApp } from '../../../lib/render-static';
import { en } from '../locales';
import { MoviePage } from './movie-page';

beforeAll(() => initTestI18n({ en: { titles: en } }));

const movie = {
  uid: 'm1',
  id: 'm1',
  title: 'The Long Night',
  type: 'movie',
  description: null,
  img: null,
  metadata: { channel: 'films', publishedDate: '2020-01-01T00:00:00.000Z', thumbnails: null },
  contentDetails: { duration: 6000 },
  movieData: null,
  externalUrl: null,
  trailers: [],
  extras: [],
};

type Saved = { id: string; progress: number; duration: number; finished: boolean };
const render = (positions: Saved[] | null) => {
  const client = new QueryClient();
  client.setQueryData(movieQueryOptions(api, 'm1').queryKey, movie as never);
  if (positions) client.setQueryData(progressQueryKey(api, false, 0), { items: positions } as never);
  return renderInApp(
    createElement(MoviePage, {
      uid: 'm1',
      channel: null,
      externalUrls: false,
      allowGifts: false,
      signedIn: positions !== null,
    }),
    { client },
  );
};
const link = (html: string, testId: string) =>
  new RegExp(`<a[^>]*data-testid="${testId}"[^>]*>([^<]*)</a>`).exec(html);

describe('MoviePage watch or restart', () => {
  it('signed out: Watch from the start, no Resume or Restart', () => {
    const html = render(null);
    expect(link(html, 'title-watch')?.[0]).toContain('href="/channel/films/m1"');
    expect(html).not.toContain('title-resume');
    expect(html).not.toContain('title-restart');
  });

  it('with an unfinished position: Resume at that second and Restart from 0, no Watch', () => {
    const html = render([{ id: 'm1', progress: 1234, duration: 6000, finished: false }]);
    const resume = link(html, 'title-resume');
    expect(resume?.[1]).toBe('Resume');
    expect(resume?.[0]).toContain('href="/channel/films/m1?t=1234"');
    const restart = link(html, 'title-restart');
    expect(restart?.[1]).toBe('Restart');
    expect(restart?.[0]).toContain('href="/channel/films/m1?t=0"');
    expect(html).not.toContain('title-watch');
  });

  it('finished (or another movie in progress): Watch again from the start', () => {
    expect(render([{ id: 'm1', progress: 5990, duration: 6000, finished: true }])).toContain(
      'data-testid="title-watch"',
    );
    const other = render([{ id: 'm2', progress: 100, duration: 6000, finished: false }]);
    expect(other).toContain('data-testid="title-watch"');
    expect(other).not.toContain('title-resume');
  });
});
