// D§2.9 "a close button outside watch states" (decision 0061), as the header renders it per route;
// which paths count is showsHeaderClose in packages/domain (watch-routes.test.ts).
import { createElement, createRef } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { beforeAll, describe, expect, it } from 'vitest';
import { initTestI18n } from '../../../lib/render-static';
import { en } from '../locales';
import { SiteHeader } from './site-header';

beforeAll(() => initTestI18n({ en: { site: en } }));

const render = (path: string) =>
  renderToStaticMarkup(
    createElement(
      MemoryRouter,
      { initialEntries: [path] },
      createElement(SiteHeader, {
        config: undefined,
        nav: [],
        menuOpen: false,
        onMenuToggle: () => {},
        menuToggleRef: createRef<HTMLButtonElement>(),
      }),
    ),
  );

describe('SiteHeader close button', () => {
  it('shows outside watch states, labelled Close', () => {
    expect(render('/movie/m1')).toMatch(/<button[^>]*aria-label="Close"[^>]*data-testid="header-close"/);
    expect(render('/searchs?q=x')).toContain('data-testid="header-close"');
  });

  it('is absent in a watch state and on the home page', () => {
    expect(render('/channel/shows/v1')).not.toContain('header-close');
    expect(render('/')).not.toContain('header-close');
  });
});
