import { useSession } from '@marquee/api-client/react';
import { useNavigate } from 'react-router';
import { useSetFavorite } from '../api/use-set-favorite';
import { favoriteLoginHref } from '../utils/intent';
import { savePendingAction } from '../utils/pending-action';

/**
 * What a favorite click does (playback-and-social §4.11), for the toggle and the card heart alike:
 * an anonymous viewer starts the login flow (odrc fav) and the favorite is set on return; a
 * signed-in one flips `favorite` once `ready`. Clicks while busy are ignored.
 */
export function useFavoriteClick(
  uid: string,
  channel: string | null,
  state: { favorite: boolean; ready: boolean },
) {
  const { status, user } = useSession();
  const navigate = useNavigate();
  const set = useSetFavorite(uid, user?.id ?? null);
  const busy = status === 'loading' || set.isPending || (status === 'signedIn' && !state.ready);

  const onClick = () => {
    if (busy) return;
    if (status !== 'signedIn') {
      savePendingAction({ kind: 'favorite', uid });
      void navigate(favoriteLoginHref(uid, channel));
      return;
    }
    set.mutate(!state.favorite);
  };
  return { onClick, busy, error: set.isError ? set.error : null };
}
