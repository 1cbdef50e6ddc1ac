// A§6 flag whitelabel: the left menu's 'built by' credit shows on every site but a whitelabel one.
import type { SiteConfig } from '@marquee/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { beforeAll, describe, expect, it } from 'vitest';
import { initTestI18n } from '../../../lib/render-static';
import { en } from '../locales';
import { LeftMenu } from './left-menu';

const config = (whitelabel: boolean) =>
  ({
    perms: { whitelabel },
    menus: { left: [], social: {}, privacyChoices: [] },
  }) as unknown as SiteConfig;

const render = (whitelabel: boolean) =>
  renderToStaticMarkup(
    createElement(
      QueryClientProvider,
      { client: new QueryClient() },
      createElement(
        MemoryRouter,
        null,
        createElement(LeftMenu, { config: config(whitelabel), userId: null, open: true, onClose: () => {} }),
      ),
    ),
  );

beforeAll(() => initTestI18n({ en: { site: en, common: {} } }));

describe('LeftMenu credit (A§6 whitelabel)', () => {
  it('shows "built by" on a site that is not whitelabel', () => {
    expect(render(false)).toContain(`data-testid="built-by">${en.builtBy}`);
  });

  it('hides it on a whitelabel site', () => {
    expect(render(true)).not.toContain('built-by');
  });
});
