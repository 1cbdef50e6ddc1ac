import { describe, expect, it } from 'vitest';
import { KNOWN_INTENTS, carriedQuery, returnPath } from './return-intent';

const to = (query: string) => returnPath(new URLSearchParams(query));

describe('returnPath', () => {
  it('goes home without an intent or with an unknown one', () => {
    expect(to('')).toBe('/');
    expect(to('odrc=nope&videoUid=v1')).toBe('/');
  });

  it('maps the account intents', () => {
    expect(to('odrc=activate')).toBe('/activate');
    expect(to('odrc=activate&source=vizio')).toBe('/activate?source=vizio');
    expect(to('odrc=library')).toBe('/library');
    expect(to('odrc=delete-account')).toBe('/delete-account');
    expect(to('odrc=contribute')).toBe('/contribute');
  });

  it('returns to the video, movie or series the viewer acted on', () => {
    expect(to('odrc=watch&channel=c1&videoUid=v1')).toBe('/channel/c1/v1');
    expect(to('odrc=watch&channelId=c 1&videoUid=v/1')).toBe('/channel/c%201/v%2F1');
    expect(to('odrc=fav&channel=c1&videoUid=v1')).toBe('/channel/c1/v1');
    expect(to('odrc=watch')).toBe('/');
    expect(to('odrc=watchListMovie&videoUid=m1&channel=c1')).toBe('/movie/m1?channel=c1');
    expect(to('odrc=watchListSeries&seriesUid=s1')).toBe('/series/s1');
  });

  it('maps live, watch-party and commerce intents with their parameters', () => {
    expect(to('odrc=liveChannel&channel=ch')).toBe('/live-tv/ch');
    expect(to('odrc=liveChannel&channel=ch&pageUrl=p&tabUrl=t')).toBe('/pages/p/e/t?channel=ch');
    expect(to('odrc=liveEventWatch&channel=c&liveEventUid=e')).toBe('/channel/c/live/e');
    expect(to('odrc=liveEventWatch&channel=c&liveEventUid=e&hostId=h')).toBe(
      '/channel/c/live/e/watch-party/h',
    );
    expect(to('odrc=notLiveEvent&liveEventUid=e&channel=c')).toBe('/not-live/e?channel=c');
    expect(to('odrc=watchPartyLobby&pid=p1')).toBe('/watch-party?pid=p1');
    // A live party's route (decision 0051: its last segment is the pid).
    expect(to('odrc=watchParty&channel=c&liveEventUid=e&hostId=p1')).toBe('/channel/c/live/e/watch-party/p1');
    expect(to('odrc=subscribe')).toBe('/subscribe');
    expect(to('odrc=subscribe-one&bundle=b1&couponCode=X')).toBe('/subscribe/b1?couponCode=X');
    expect(to('odrc=subscribe-item&contentType=movie&contentUid=m1')).toBe('/subscribe/movie/m1');
    expect(to('odrc=gift&bundle=b1')).toBe('/gift/b1');
    expect(to('odrc=gift&pageUrl=p&videoUid=v')).toBe('/gift?pageUrl=p&videoUid=v');
    expect(to('odrc=redeem-gift&purchase=p1&loginAs=a%40b.c')).toBe('/redeem-gift/p1?loginAs=a%40b.c');
  });

  it('keeps every commerce parameter (§2 "the original intent in odrc and its parameters kept")', () => {
    const data = encodeURIComponent('{"videoUid":"v1","bundleIds":["b1"]}');
    expect(to(`odrc=subscribe&purchaseVideo=v1&data=${data}&channel=c1&resume=true`)).toBe(
      `/subscribe?odrc=watch&purchaseVideo=v1&data=${data}&channel=c1`,
    );
    expect(to('odrc=subscribe&pageUrl=p&tabUrl=t&isHybrid=true&platform=web&couponCode=X')).toBe(
      '/subscribe?pageUrl=p&tabUrl=t&isHybrid=true&platform=web&couponCode=X',
    );
    expect(to('odrc=subscribe&bundle=b1&upgradesPurchase=p1')).toBe('/subscribe/b1?upgradesPurchase=p1');
    expect(
      to('odrc=subscribe-one&bundle=b1&couponCode=X&upgradesPurchase=p1&purchaseVideo=v1&resume=true'),
    ).toBe('/subscribe/b1?odrc=watch&purchaseVideo=v1&couponCode=X&upgradesPurchase=p1');
    expect(to('odrc=subscribe-item&contentType=movie&contentUid=m1&channel=c1&resume=true')).toBe(
      '/subscribe/movie/m1?odrc=watch&channel=c1',
    );
    expect(to('odrc=gift&bundle=b1&couponCode=X')).toBe('/gift/b1?couponCode=X');
    expect(to('odrc=gift&channel=c&pid=p&seriesUid=s')).toBe('/gift?channel=c&pid=p&seriesUid=s');
    expect(to('odrc=redeem-gift&purchase=p1&loginAs=a%40b.c&code=K9')).toBe(
      '/redeem-gift/p1?loginAs=a%40b.c&code=K9',
    );
    expect(to('odrc=contribute&channel=c')).toBe('/contribute');
  });

  it('knows every intent the spec lists', () => {
    expect(KNOWN_INTENTS).toHaveLength(20);
    for (const intent of ['activate', 'library', 'delete-account', 'contribute', 'subscribe']) {
      expect(to(`odrc=${intent}`)).not.toBe('/');
    }
  });

  it('never builds a path to another origin', () => {
    expect(to('odrc=watch&channel=//evil.test&videoUid=x').startsWith('//')).toBe(false);
    expect(to('odrc=redeem-gift&purchase=//evil.test')).toBe('/redeem-gift/%2F%2Fevil.test');
  });
});

describe('carriedQuery', () => {
  it('keeps only the shared parameters of the not-logged-in group', () => {
    expect(carriedQuery(new URLSearchParams('odrc=watch&videoUid=v&evil=1'))).toBe('?odrc=watch&videoUid=v');
    expect(carriedQuery(new URLSearchParams(''))).toBe('');
    expect(carriedQuery(new URLSearchParams('odrc=subscribe&data=%7B%7D&upgradesPurchase=p1'))).toBe(
      '?odrc=subscribe&data=%7B%7D&upgradesPurchase=p1',
    );
  });
});
