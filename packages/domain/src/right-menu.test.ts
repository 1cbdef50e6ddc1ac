import { describe, expect, it } from 'vitest';
import {
  RIGHT_MENU_TABS,
  RIGHT_MENU_TAB_LABELS,
  RIGHT_MENU_BESIDE_MIN_WIDTH_PX,
  RIGHT_MENU_WIDTH_PX,
  isRightMenuBeside,
  rightMenuTabs,
  visibleTabCount,
} from './right-menu';

const all = RIGHT_MENU_TABS;
const base = { embed: false, lite: false, perms: { watchParty: true }, available: all, widthPx: 2000 };

describe('right-menu tabs (§2.3; discovery-and-site "Right menu")', () => {
  it('"Video Info, Comments, Gifs, Queue, Share, Chat, Watch Party"; width 350 px', () => {
    expect(RIGHT_MENU_TABS.map((t) => RIGHT_MENU_TAB_LABELS[t])).toEqual([
      'Video Info',
      'Comments',
      'Gifs',
      'Queue',
      'Share',
      'Chat',
      'Watch Party',
    ]);
    expect(RIGHT_MENU_WIDTH_PX).toBe(350);
  });
  it('"At most 5 tabs show; overflow collapses into a More dropdown"', () => {
    expect(rightMenuTabs(base)).toEqual({
      shown: ['info', 'comments', 'gifs', 'queue', 'share'],
      more: ['chat', 'watchParty'],
    });
  });
  it('"each tab 160 px, 500 px reserved": the width decides how many fit (1 to 5)', () => {
    expect(visibleTabCount(500 + 160 * 3)).toBe(3);
    expect(visibleTabCount(500 + 160 * 3 - 1)).toBe(2);
    expect(visibleTabCount(320)).toBe(1);
    expect(visibleTabCount(5000)).toBe(5);
    expect(rightMenuTabs({ ...base, widthPx: 820 })).toEqual({
      shown: ['info', 'comments'],
      more: ['gifs', 'queue', 'share', 'chat', 'watchParty'],
    });
  });
  it('disabled in embed (the /embed overlays replace them) and in lite mode (Video Info only)', () => {
    expect(rightMenuTabs({ ...base, embed: true })).toEqual({ shown: [], more: [] });
    expect(rightMenuTabs({ ...base, lite: true })).toEqual({ shown: ['info'], more: [] });
  });
  it('disabled by the perms hideComments, hideGifCreator, hideChat and watchParty', () => {
    const perms = { hideComments: true, hideGifCreator: true, hideChat: true, watchParty: false };
    expect(rightMenuTabs({ ...base, perms })).toEqual({ shown: ['info', 'queue', 'share'], more: [] });
  });
  it('none at all on a site with hideRightModule (D§1, decision 0056), even in lite mode', () => {
    const perms = { watchParty: true, hideRightModule: true };
    expect(rightMenuTabs({ ...base, perms })).toEqual({ shown: [], more: [] });
    expect(rightMenuTabs({ ...base, lite: true, perms })).toEqual({ shown: [], more: [] });
    expect(
      rightMenuTabs({ ...base, perms: { watchParty: true, hideRightModule: false } }).shown,
    ).toHaveLength(5);
  });
  it('only tabs whose panel exists', () => {
    expect(rightMenuTabs({ ...base, available: ['info', 'share'] })).toEqual({
      shown: ['info', 'share'],
      more: [],
    });
  });
});

describe('the right menu beside the player (decision 0062)', () => {
  it('stands beside the player from a 1024 px window, under it below', () => {
    expect(RIGHT_MENU_BESIDE_MIN_WIDTH_PX).toBe(1024);
    expect(isRightMenuBeside(1280)).toBe(true);
    expect(isRightMenuBeside(1024)).toBe(true);
    expect(isRightMenuBeside(1023)).toBe(false);
    // At 1280×800 the bar fits 4 tabs (1280 − 500 reserved = 780 px of 160 px tabs), the rest in More.
    expect(visibleTabCount(1280)).toBe(4);
  });
});
