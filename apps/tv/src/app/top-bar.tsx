import { FocusContext, useFocusable } from '@noriginmedia/norigin-spatial-navigation';
import { FocusableLink } from '../components/focusable-link';
import { paths } from '../config/paths';

/** The site's logo or name, and the Menu entry (reached with Up from the first row). */
export function TopBar({ type, name, logo }: { type: string; name?: string; logo?: string }) {
  const { ref, focusKey } = useFocusable({ focusKey: 'TOP_BAR', trackChildren: true });
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
        </nav>
      </header>
    </FocusContext.Provider>
  );
}
