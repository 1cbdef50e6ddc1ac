// D§2.10 thumb rows (and D§1 modernTheme): the title's 'More' link reads 'See More' in the modern
// theme, the row without items says so, and a row with items draws its scrollers and items instead.
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { beforeAll, describe, expect, it } from 'vitest';
import { initTestI18n } from '../../../lib/render-static';
import { en } from '../locales';
import { ThumbRow } from './thumb-row';

beforeAll(() => initTestI18n({ en: { discover: en } }));

type Props = Partial<Parameters<typeof ThumbRow<string>>[0]>;
const render = (props: Props) =>
  renderToStaticMarkup(
    createElement(
      MemoryRouter,
      null,
      createElement(ThumbRow<string>, {
        title: 'New releases',
        rowId: 'r1',
        items: [],
        itemKey: (item: string) => item,
        renderItem: (item: string) => createElement('span', { 'data-testid': 'item' }, item),
        ...props,
      }),
    ),
  );

const moreLink = (html: string) => /<a[^>]*data-testid="row-more"[^>]*>([^<]*)<\/a>/.exec(html);

describe('ThumbRow title link', () => {
  it("reads 'More' and leads to the row's channel details page", () => {
    const link = moreLink(render({ moreHref: '/channels/details/c1', items: ['a'] }));
    expect(link?.[1]).toBe('More');
    expect(link?.[0]).toContain('href="/channels/details/c1"');
    expect(link?.[0]).toContain('aria-label="More: New releases"');
  });

  it("reads 'See More' in the modern theme (site flag modernTheme)", () => {
    const link = moreLink(render({ moreHref: '/channels/details/c1', modernTheme: true, items: ['a'] }));
    expect(link?.[1]).toBe('See More');
    expect(link?.[0]).toContain('aria-label="See More: New releases"');
  });

  it('is absent when the row has no details page', () => {
    expect(render({ moreHref: null, modernTheme: true, items: ['a'] })).not.toContain('row-more');
  });
});

describe('ThumbRow items', () => {
  it('shows the no-data text when the row has no items, and no scroller', () => {
    const html = render({ items: [] });
    expect(html).toContain('<p class="row__empty" data-testid="row-empty">Nothing here yet.</p>');
    expect(html).not.toContain('row__scroller');
    expect(render({ items: [], noData: 'Add titles to your list.' })).toContain(
      '>Add titles to your list.</p>',
    );
  });

  it('draws the items between the left and right scrollers, and no no-data text', () => {
    const html = render({ items: ['a', 'b'] });
    expect(html).not.toContain('row-empty');
    expect(html.match(/data-testid="item"/g)).toHaveLength(2);
    const left = html.indexOf('aria-label="Scroll New releases left"');
    const right = html.indexOf('aria-label="Scroll New releases right"');
    expect(left).toBeGreaterThan(-1);
    expect(right).toBeGreaterThan(html.indexOf('data-testid="item"'));
    expect(left).toBeLessThan(html.indexOf('data-testid="item"'));
  });
});
