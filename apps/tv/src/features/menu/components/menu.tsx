import { FocusContext, useFocusable } from '@noriginmedia/norigin-spatial-navigation';
import { FocusableLink } from '../../../components/focusable-link';
import { useFocusRestore } from '../../../lib/use-focus-restore';
import { useLiveChannels } from '../api/use-live-channels';
import { useTranslation } from 'react-i18next';

interface MenuProps {
  discoverHref: string;
  liveHref: (channelId: string) => string;
  /** The watch party join screen (decision 0050). */
  joinPartyHref: string;
  /** Sign in, or the profile when signed in. */
  account: { href: string; label: string };
}

/** The menu: back to discover, sign in or profile, and the live channels. */
export function Menu({ discoverHref, liveHref, joinPartyHref, account }: MenuProps) {
  const channels = useLiveChannels();
  const { t } = useTranslation(['menu', 'common']);
  const { ref, focusKey } = useFocusable({ focusKey: 'MENU', trackChildren: true });

  // Discover first; back from a live channel, that channel (once the list is in).
  useFocusRestore(channels.isPending ? null : 'menu-discover');

  return (
    <FocusContext.Provider value={focusKey}>
      <nav ref={ref} className="tv-menu" aria-label={t('common:menu')} data-testid="tv-menu">
        <h1>{t('common:menu')}</h1>
        <ul>
          <li>
            <FocusableLink to={discoverHref} focusKey="menu-discover" className="tv-menu__item">
              {t('common:discover')}
            </FocusableLink>
          </li>
          <li>
            <FocusableLink
              to={account.href}
              focusKey="menu-account"
              className="tv-menu__item"
              attrs={{ 'data-testid': 'menu-account' }}
            >
              {account.label}
            </FocusableLink>
          </li>
          <li>
            <FocusableLink
              to={joinPartyHref}
              focusKey="menu-join-party"
              className="tv-menu__item"
              attrs={{ 'data-testid': 'menu-join-party' }}
            >
              {t('joinParty')}
            </FocusableLink>
          </li>
        </ul>
        {channels.data?.items.length ? (
          <>
            <h2>{t('liveChannels')}</h2>
            <ul>
              {channels.data.items.map((channel) => (
                <li key={channel._id}>
                  <FocusableLink
                    to={liveHref(channel.id)}
                    focusKey={`menu-live-${channel.id}`}
                    className="tv-menu__item"
                    attrs={{ 'data-testid': 'live-channel' }}
                  >
                    <span className="tv-menu__num">{channel.channelNumber}</span> {channel.name}
                  </FocusableLink>
                </li>
              ))}
            </ul>
          </>
        ) : null}
      </nav>
    </FocusContext.Provider>
  );
}
