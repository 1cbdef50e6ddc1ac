import { describe, expect, it } from 'vitest';
import { liveChannelFor, zapFrom, zapList } from './live-zap';

const ch = (id: string, channelNum: number, categories: string[]) => ({
  id,
  _id: `_${id}`,
  channelNum,
  categories,
});
const news = ch('news', 1, ['News']);
const sport = ch('sport', 7, ['Sport']);
const retro = ch('retro', 12, ['Entertainment']);
const biz = ch('biz', 3, ['News', 'Business']);
const all = [retro, news, sport, biz];

describe('play-live ?category&channel (decision 0078)', () => {
  it('plays the channel the path names (id or _id), else the one ?channel names', () => {
    expect(liveChannelFor(all, 'sport', null)).toBe(sport);
    expect(liveChannelFor(all, '_retro', 'news')).toBe(retro);
    // An EPG programme's asset id: the channel it is on plays.
    expect(liveChannelFor(all, 'a_d74c188b91e6360f', 'biz')).toBe(biz);
    expect(liveChannelFor(all, 'a_d74c188b91e6360f', null)).toBeNull();
    expect(liveChannelFor(all, 'nope', 'nope')).toBeNull();
  });

  it("zaps through the category's channels by number, any case; all of them without one", () => {
    expect(zapList(all, 'news', news)).toEqual([news, biz]);
    expect(zapList(all, null, news)).toEqual([news, biz, sport, retro]);
    // A category no channel has: all channels.
    expect(zapList(all, 'Cooking', news)).toEqual([news, biz, sport, retro]);
    // The playing channel is outside the category: it joins the list so zapping starts from it.
    expect(zapList(all, 'News', sport)).toEqual([news, biz, sport]);
  });

  it('Up and Down step through the list and go round its ends', () => {
    const list = zapList(all, 'News', news);
    expect(zapFrom(list, news, 1)).toBe(biz);
    expect(zapFrom(list, biz, 1)).toBe(news);
    expect(zapFrom(list, news, -1)).toBe(biz);
    expect(zapFrom([], news, 1)).toBeNull();
    expect(zapFrom(list, null, 1)).toBe(news);
  });
});
