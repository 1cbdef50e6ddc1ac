import type { SiteConfig } from '@marquee/contract';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { bottomMenuCount, tabHref } from '../utils/pages';

type Page = SiteConfig['pages'][number];

/** The bottom menu on small screens (§2.9): the current page's tabs, sized by their count. */
export function BottomMenu({ page }: { page: Page | null }) {
  const { t } = useTranslation('site');
  if (!page || page.tabs.length < 2) return null;
  return (
    <nav
      className={`bottom-menu bottom-menu--${bottomMenuCount(page.tabs.length)}`}
      aria-label={t('pageTabs')}
      data-testid="bottom-menu"
    >
      <ul>
        {page.tabs.map((tab) => (
          <li key={tab.id}>
            <NavLink to={tabHref(page.url, tab)}>{tab.title}</NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
