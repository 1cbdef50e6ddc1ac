import { useSession } from '@marquee/api-client/react';
import { useParams } from 'react-router';
import { paths } from '../../config/paths';
import { Menu } from '../../features/menu';
import { useTranslation } from 'react-i18next';

/** /tvn/{type}/menu. */
export function MenuRoute() {
  const { type = 'generic' } = useParams();
  const signedIn = useSession().status === 'signedIn';
  const { t } = useTranslation();
  return (
    <Menu
      discoverHref={paths.discover.getHref(type)}
      liveHref={(id) => paths.playLive.getHref(type, id)}
      joinPartyHref={paths.joinParty.getHref(type)}
      account={
        signedIn
          ? { href: paths.profile.getHref(type), label: t('profile') }
          : { href: paths.login.getHref(type), label: t('signIn') }
      }
    />
  );
}
