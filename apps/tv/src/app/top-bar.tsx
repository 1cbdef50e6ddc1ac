import { FocusContext, useFocusable } from '@noriginmedia/norigin-spatial-navigation';
import { FocusableLink } from '../components/focusable-link';
import { paths } from '../config/paths';
import { useSession } from '../lib/session';

/** The site's logo or name, the Menu entry and Sign in / Profile (reached with Up from the first row). */
export function TopBar({ type, name, logo }: { type: string; name?: string; logo?: string }) {
  const { ref, focusKey } = useFocusable({ focusKey: 'TOP_BAR', trackChildren: true });
  const signedIn = useSession() !== null;
  return (
    <FocusContext.Provider value={focusKey}>
      <header ref={ref} className="tv-topbar">
        <div className="tv-topbar__brand">
          {logo ? <img src={logo} alt="" height={48} /> : null}
          <span data-testid="site-name">{name}</span>
        </div>
        <nav aria-label="Main" className="tv-topbar__nav">
          <FocusableLink to={paths.discover.getHref(type)} focusKey="nav-discover" className="tv-pill">
            Discover
          </FocusableLink>
          <FocusableLink to={paths.menu.getHref(type)} focusKey="nav-menu" className="tv-pill">
            Menu
          </FocusableLink>
          <FocusableLink
            to={signedIn ? paths.profile.getHref(type) : paths.login.getHref(type)}
            focusKey="nav-account"
            className="tv-pill"
            attrs={{ 'data-testid': 'nav-account' }}
          >
            {signedIn ? 'Profile' : 'Sign in'}
          </FocusableLink>
        </nav>
      </header>
    </FocusContext.Provider>
  );
}
