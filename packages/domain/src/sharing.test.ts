import { describe, expect, it } from 'vitest';
import {
  isShortLinkSlug,
  readableShortLink,
  readableUrl,
  sharedContentOfPath,
  shareTargetUrl,
  SHORT_LINK_SLUG_MAX,
  withScheme,
} from './sharing';

describe('sharing (discovery-and-site §5)', () => {
  it('"A URL without http or https gets http:// added"', () => {
    expect(withScheme('example.com/a')).toBe('http://example.com/a');
    expect(withScheme('https://example.com')).toBe('https://example.com');
    expect(withScheme('HTTP://x.test')).toBe('HTTP://x.test');
  });

  it('"A readable URL keeps a-z, 0-9, _, - and space; spaces become dashes"', () => {
    expect(readableUrl('The Big Show: Part 2!')).toBe('the-big-show-part-2');
    expect(readableUrl('a_b-c d')).toBe('a_b-c-d');
  });

  it('a short link reads as its title: /s/{code}/{readable title}, cut to the longest tail', () => {
    expect(readableShortLink('https://tv.test/s/abc2345', 'The <Big> Show')).toBe(
      'https://tv.test/s/abc2345/the-big-show',
    );
    expect(readableShortLink('/s/abc2345', 'ニュース')).toBe('/s/abc2345');
    const long = readableShortLink('/s/abc2345', 'word '.repeat(60));
    expect(long.length).toBe('/s/abc2345/'.length + SHORT_LINK_SLUG_MAX);
    expect(isShortLinkSlug(long.slice('/s/abc2345/'.length))).toBe(true);
  });

  it('a short link tail is any readable slug up to 100 characters, capitals allowed', () => {
    for (const ok of ['the-big-show', 'The_Big-Show', '2', '-'.repeat(SHORT_LINK_SLUG_MAX)])
      expect(isShortLinkSlug(ok), ok).toBe(true);
    for (const bad of ['', 'a b', 'a.b', 'é', '../x', 'a/b', '%2F', 'x'.repeat(SHORT_LINK_SLUG_MAX + 1)])
      expect(isShortLinkSlug(bad), bad).toBe(false);
  });

  it('each target shares the link (and the title where it takes one)', () => {
    const link = 'https://tv.test/s/abc2345';
    expect(shareTargetUrl('facebook', link, 'T')).toBe(
      'https://www.facebook.com/sharer/sharer.php?u=https%3A%2F%2Ftv.test%2Fs%2Fabc2345',
    );
    expect(shareTargetUrl('x', link, 'A & B')).toContain('text=A%20%26%20B');
    expect(shareTargetUrl('whatsapp', link, 'T')).toBe(
      `https://wa.me/?text=${encodeURIComponent(`T ${link}`)}`,
    );
    expect(shareTargetUrl('reddit', link, 'T')).toContain('reddit.com/submit?url=');
    expect(shareTargetUrl('email', link, 'T')).toMatch(/^mailto:\?subject=T&body=/);
  });

  it('knows what a watch, movie, series or gif page is about', () => {
    expect(sharedContentOfPath('/channel/news/v1')).toEqual({ kind: 'video', uid: 'v1' });
    expect(sharedContentOfPath('/watch/channel/news/movie/m1')).toEqual({ kind: 'video', uid: 'm1' });
    expect(sharedContentOfPath('/movie/m1')).toEqual({ kind: 'video', uid: 'm1' });
    expect(sharedContentOfPath('/series/s1/seasons/1/episodes/2')).toEqual({ kind: 'series', uid: 's1' });
    expect(sharedContentOfPath('/gif/g_0123456789abcdef')).toEqual({ kind: 'gif', id: 'g_0123456789abcdef' });
    expect(sharedContentOfPath('/')).toBeNull();
    expect(sharedContentOfPath('/library')).toBeNull();
    expect(sharedContentOfPath('/movie/%E0%A4%A')).toBeNull();
  });
});
