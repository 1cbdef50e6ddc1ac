import { useSession } from '@marquee/api-client/react';
import { FocusContext, useFocusable } from '@noriginmedia/norigin-spatial-navigation';
import { FocusableLink } from '../components/focusable-link';
import { paths } from '../config/paths';
import { useTranslation } from 'react-i18next';

/** The site's logo or name, the Menu entry and Sign in / Profile (reached with Up from the first row). */
export function TopBar({ type, name, logo }: { type: string; name?: string; logo?: string }) {
  const { ref, focusKey } = useFocusable({ focusKey: 'TOP_BAR', trackChildren: true });
  const signedIn = useSession().status === 'signedIn';
  const { t } = useTranslation();
  return (
    <FocusContext.Provider value={focusKey}>
      <header ref={ref} className="tv-topbar">
        <div className="tv-topbar__brand">
          {logo ? <img src={logo} alt="" height={48} /> : null}
          <span data-testid="site-name">{name}</span>
        </div>
        <nav aria-label={t('mainNav')} className="tv-topbar__nav">
          <FocusableLink to={paths.discover.getHref(type)} focusKey="nav-discover" className="tv-pill">
            {t('discover')}
          </FocusableLink>
          <FocusableLink to={paths.menu.getHref(type)} focusKey="nav-menu" className="tv-pill">
            {t('menu')}
          </FocusableLink>
          <FocusableLink
            to={signedIn ? paths.profile.getHref(type) : paths.login.getHref(type)}
            focusKey="nav-account"
            className="tv-pill"
            attrs={{ 'data-testid': 'nav-account' }}
          >
            {signedIn ? t('profile') : t('signIn')}
          </FocusableLink>
        </nav>
      </header>
    </FocusContext.Provider>
  );
}
