import { Link, NavLink } from 'react-router';
import type { SiteConfig } from '@marquee/contract';

export interface NavItem {
  to: string;
  label: string;
  end?: boolean;
}

interface SiteHeaderProps {
  config: SiteConfig | undefined;
  nav: NavItem[];
}

/** The header: logo (or the site name) linking home, and the main navigation. */
export function SiteHeader({ config, nav }: SiteHeaderProps) {
  const name = config?.name ?? '';
  return (
    <header className="site-header" data-testid="site-header">
      <Link to="/" className="site-header__brand" aria-label={name ? `${name} home` : 'Home'}>
        {config?.theme.logo ? (
          <img className="site-header__logo" src={config.theme.logo} alt="" height={32} />
        ) : null}
        <span className="site-header__name" data-testid="site-name">
          {name}
        </span>
      </Link>
      <nav className="site-header__nav" aria-label="Main">
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
    </header>
  );
}
