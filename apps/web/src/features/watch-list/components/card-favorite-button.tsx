import { useTranslation } from 'react-i18next';
import { useSession } from '@marquee/api-client/react';
import { useFavoriteFlag } from '../api/use-favorite-flag';
import { useFavoriteClick } from '../hooks/use-favorite-click';
import { FavoriteError } from './favorite-error';
import { HeartIcon } from './icons';
import './watch-list.css';

interface CardFavoriteButtonProps {
  uid: string;
  title: string;
  /** The row's channel: where the login flow returns the viewer (null → the movie page). */
  channel: string | null;
}

/**
 * The favorite toggle on a card (playback-and-social §4.11): a heart over the image. Its flag comes
 * from one request for the whole page of cards; a click flips it at once and the server's answer
 * settles it. Until the session and the flag are known a click waits instead of guessing.
 */
export function CardFavoriteButton({ uid, title, channel }: CardFavoriteButtonProps) {
  const { t } = useTranslation('watchList');
  const { status, user } = useSession();
  const signedIn = status === 'signedIn';
  const flag = useFavoriteFlag(uid, user?.id ?? null, signedIn);
  const favorite = signedIn && flag.data === true;
  const click = useFavoriteClick(uid, channel, { favorite, ready: flag.data !== undefined });

  return (
    <span className="wl wl--card">
      <button
        type="button"
        className="wl-button wl-button--card"
        aria-pressed={favorite}
        aria-disabled={click.busy || undefined}
        aria-label={t('cardFavoriteLabel', { title })}
        title={signedIn ? undefined : t('signInToFavorite')}
        data-testid="card-favorite"
        data-favorite={favorite}
        onClick={click.onClick}
      >
        <HeartIcon filled={favorite} />
      </button>
      <FavoriteError error={click.error} />
    </span>
  );
}
