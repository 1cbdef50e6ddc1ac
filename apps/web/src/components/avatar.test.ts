// D§9 "Default avatar images 1 to 11" (decision 0061): eleven real SVG files ship with the app, and a
// user's avatar is the one their id picks, the same on every render.
import { defaultAvatarNumber } from '@marquee/domain';
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Avatar, defaultAvatarUrl } from './avatar';

const dir = fileURLToPath(new URL('../../public/avatars/', import.meta.url));

describe('default avatars', () => {
  it('ships avatar-1.svg to avatar-11.svg, each a distinct SVG image', () => {
    const files = readdirSync(dir).filter((f) => f.endsWith('.svg'));
    expect(files.sort()).toEqual(Array.from({ length: 11 }, (_, i) => `avatar-${i + 1}.svg`).sort());
    const bodies = files.map((f) => readFileSync(`${dir}${f}`, 'utf8'));
    for (const body of bodies)
      expect(body).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"[^>]*>.*<\/svg>\s*$/s);
    expect(new Set(bodies).size).toBe(11);
    // No scripts or outside references in an image the page embeds.
    for (const body of bodies) expect(body).not.toMatch(/<script|href=|on\w+=/i);
  });

  it('gives each of 1 to 11 a URL of its own file', () => {
    const urls = Array.from({ length: 11 }, (_, i) => defaultAvatarUrl(i + 1));
    urls.forEach((url, i) => expect(url).toBe(`/avatars/avatar-${i + 1}.svg`));
    for (const url of urls) expect(readdirSync(dir)).toContain(url.slice('/avatars/'.length));
    expect(() => defaultAvatarUrl(12)).toThrow();
    expect(() => defaultAvatarUrl(0)).toThrow();
  });

  it('renders the user’s own default avatar, stably', () => {
    const html = renderToStaticMarkup(createElement(Avatar, { userId: 'user-1' }));
    const n = defaultAvatarNumber('user-1');
    expect(html).toContain(`data-avatar="${n}"`);
    expect(html).toContain(`avatar-${n}.svg`);
    expect(html).toContain('alt=""');
    expect(renderToStaticMarkup(createElement(Avatar, { userId: 'user-1' }))).toBe(html);
  });
});
