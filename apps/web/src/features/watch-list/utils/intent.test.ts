import { describe, expect, it } from 'vitest';
import { cardTarget, favoriteLoginHref, watchListIntent, watchListSignupHref } from './intent';

describe('watch-list intents (accounts-and-commerce §2: odrc watchListSeries, watchListMovie or watch)', () => {
  it('carries seriesUid for a series, videoUid for a movie, and watch for anything else', () => {
    expect(
      watchListIntent({ contentId: 's1', contentType: 'series', videoType: 'series', channel: 'shows' }),
    ).toEqual({ odrc: 'watchListSeries', seriesUid: 's1', channel: 'shows' });
    expect(
      watchListIntent({ contentId: 'm1', contentType: 'video', videoType: 'movie', channel: null }),
    ).toEqual({
      odrc: 'watchListMovie',
      videoUid: 'm1',
    });
    expect(
      watchListIntent({ contentId: 'v1', contentType: 'video', videoType: 'video', channel: null }),
    ).toEqual({
      odrc: 'watch',
      videoUid: 'v1',
      channel: 'featured',
    });
  });

  it('sends anonymous viewers to signup, and favorites to login', () => {
    expect(
      watchListSignupHref({ contentId: 'm 1', contentType: 'video', videoType: 'movie', channel: 'cinema' }),
    ).toBe('/signup?odrc=watchListMovie&videoUid=m+1&channel=cinema');
    expect(favoriteLoginHref('m1', null)).toBe('/login?odrc=fav&videoUid=m1');
    expect(favoriteLoginHref('v1', 'news')).toBe('/login?odrc=fav&videoUid=v1&channel=news');
  });

  it('acts on what a watch-list card holds: the series, not the episode it shows', () => {
    const episode = { uid: 'e2', type: 'episode' as const, metadata: { channel: null } };
    expect(cardTarget({ ...episode, listContent: { id: 's1', type: 'series' } }, null)).toEqual({
      contentId: 's1',
      contentType: 'series',
      videoType: 'series',
      channel: null,
    });
    expect(cardTarget(episode, 'shows')).toMatchObject({
      contentId: 'e2',
      contentType: 'video',
      channel: 'shows',
    });
    expect(cardTarget({ uid: 's1', type: 'series' }, null)).toMatchObject({ contentType: 'series' });
    expect(cardTarget({ uid: 'lc', type: 'liveChannel' }, null)).toBeNull();
  });
});
