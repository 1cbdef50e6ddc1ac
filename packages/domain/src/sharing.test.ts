import { describe, expect, it } from 'vitest';
import { readableUrl, sharedContentOfPath, shareTargetUrl, withScheme } from './sharing';

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
