import { useState, type ReactNode, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink, useLocation, useNavigate } from 'react-router';
import type { SiteConfig } from '@marquee/contract';
import { showsHeaderClose } from '@marquee/domain';

export interface NavItem {
  to: string;
  label: string;
  end?: boolean;
}

interface SiteHeaderProps {
  config: SiteConfig | undefined;
  nav: NavItem[];
  menuOpen: boolean;
  onMenuToggle: () => void;
  /** The menu toggle, so focus can return to it when the menu closes. */
  menuToggleRef: RefObject<HTMLButtonElement | null>;
  /** The search box (features/search); the header shows a toggle for it when given. */
  search?: ReactNode;
}

/**
 * The header (§2.9): left-menu toggle, logo (or the site name) linking home, navigation, search
 * toggle, and a close button outside watch states (back where the viewer came from, else home).
 */
export function SiteHeader({ config, nav, menuOpen, onMenuToggle, menuToggleRef, search }: SiteHeaderProps) {
  const { t } = useTranslation('site');
  const [searchOpen, setSearchOpen] = useState(false);
  const name = config?.name ?? '';
  const location = useLocation();
  const navigate = useNavigate();
  // A page opened directly (no earlier entry in this app) closes to the home page.
  const close = () => void (location.key === 'default' ? navigate('/') : navigate(-1));
  return (
    <header className="site-header" data-testid="site-header">
      <button
        ref={menuToggleRef}
        type="button"
        className="site-header__menu-toggle"
        aria-expanded={menuOpen}
        aria-controls="left-menu"
        aria-label={menuOpen ? t('closeMenu') : t('openMenu')}
        data-testid="menu-toggle"
        onClick={onMenuToggle}
      >
        <span aria-hidden="true">☰</span>
      </button>
      <Link to="/" className="site-header__brand" aria-label={name ? t('brandHome', { name }) : t('home')}>
        {config?.theme.logo ? (
          <img className="site-header__logo" src={config.theme.logo} alt="" height={32} />
        ) : null}
        <span className="site-header__name" data-testid="site-name">
          {name}
        </span>
      </Link>
      <nav className="site-header__nav" aria-label={t('mainNav')}>
        <ul>
          {nav.map((item) => (
            <li key={item.to}>
              <NavLink to={item.to} end={item.end}>
                {item.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      {search ? (
        <div className="site-header__search">
          <button
            type="button"
            className="site-header__search-toggle"
            aria-expanded={searchOpen}
            aria-label={searchOpen ? t('closeSearch') : t('search')}
            data-testid="search-toggle"
            onClick={() => setSearchOpen((o) => !o)}
          >
            <span aria-hidden="true">{searchOpen ? '✕' : '⌕'}</span>
          </button>
          {searchOpen ? search : null}
        </div>
      ) : null}
      {showsHeaderClose(location.pathname) ? (
        <button
          type="button"
          className="site-header__close"
          aria-label={t('close')}
          data-testid="header-close"
          onClick={close}
        >
          <span aria-hidden="true">✕</span>
        </button>
      ) : null}
    </header>
  );
}
