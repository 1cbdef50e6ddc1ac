import { useTranslation } from 'react-i18next';
import { useSession } from '@marquee/api-client/react';
import { useFavoritesCount } from '../api/use-favorites-count';
import { useUserFavorite } from '../api/use-user-favorite';
import { useFavoriteClick } from '../hooks/use-favorite-click';
import { FavoriteError } from './favorite-error';
import { HeartIcon } from './icons';
import './watch-list.css';

interface FavoriteToggleProps {
  uid: string;
  /** Where the login flow returns: null → the movie page; a channel → the video playing in it. */
  channel: string | null;
}

/**
 * The favorite toggle (playback-and-social §4.11): flips the flag and changes the count by one;
 * anonymous viewers see the count and start the login flow (odrc fav), and the favorite is set
 * when they come back signed in. Its name is its visible text ("Favorite, 12 favorites") and
 * aria-pressed its state.
 */
export function FavoriteToggle({ uid, channel }: FavoriteToggleProps) {
  const { t } = useTranslation('watchList');
  const { status, user } = useSession();
  const signedIn = status === 'signedIn';
  const mine = useUserFavorite(uid, user?.id ?? null, signedIn);
  const count = useFavoritesCount(uid, status === 'anonymous');
  const favorite = signedIn ? (mine.data?.favorite ?? false) : false;
  const favorites = signedIn ? mine.data?.favorites : count.data?.favorites;
  const click = useFavoriteClick(uid, channel, { favorite, ready: mine.data !== undefined });

  return (
    <span className="wl wl--hero">
      <button
        type="button"
        className="button button--ghost wl-button wl-favorite"
        aria-pressed={favorite}
        aria-disabled={click.busy || undefined}
        title={signedIn ? undefined : t('signInToFavorite')}
        data-testid="favorite-toggle"
        data-favorite={favorite}
        onClick={click.onClick}
      >
        <HeartIcon filled={favorite} />
        <span>{t('favorite')}</span>{' '}
        {favorites !== undefined ? (
          <span className="wl-count" data-testid="favorites-count" data-count={favorites}>
            {t('favoritesCount', { count: favorites })}
          </span>
        ) : null}
      </button>
      <FavoriteError error={click.error} />
    </span>
  );
}
