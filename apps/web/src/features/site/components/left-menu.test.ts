// D§2.9 / A§6 whitelabel: the left menu's 'built by' credit shows on ordinary sites and is hidden on
// whitelabel ones; the rest of the menu (language select, social links) stays.
import type { SiteConfig } from '@marquee/contract';
import { DEFAULT_PERMS } from '@marquee/domain';
import { createElement } from 'react';
import { beforeAll, describe, expect, it } from 'vitest';
import { initTestI18n, renderInApp } from '../../../lib/render-static';
import { en } from '../locales';
import { LeftMenu } from './left-menu';

beforeAll(() => initTestI18n({ en: { site: en } }));

const config = (whitelabel: boolean) =>
  ({
    name: 'Demo',
    perms: { ...DEFAULT_PERMS, whitelabel },
    menus: { left: [], privacyChoices: [], social: { instagram: 'https://instagram.test/demo' } },
  }) as unknown as SiteConfig;

const render = (whitelabel: boolean) =>
  renderInApp(
    createElement(LeftMenu, { config: config(whitelabel), userId: null, open: true, onClose: () => {} }),
  );

describe("LeftMenu 'built by' credit", () => {
  it('shows on a site that is not whitelabel', () => {
    expect(render(false)).toContain(
      '<p class="left-menu__credit" data-testid="built-by">Built with Marquee</p>',
    );
  });

  it('is hidden on a whitelabel site, the rest of the menu kept', () => {
    const html = render(true);
    expect(html).not.toContain('built-by');
    expect(html).not.toContain('Built with Marquee');
    expect(html).toContain('data-testid="language-select"');
    expect(html).toContain('data-social="instagram"');
  });
});
