import { useQueryClient } from '@tanstack/react-query';
import { favoritesCountQueryKey, setFavorite, userFavoriteQueryKey } from '@marquee/api-client';
import type { VideoType } from '@marquee/contract';
import { useEffect, useRef } from 'react';
import { api } from '../../../lib/api';
import { useSession } from '@marquee/api-client/react';
import { useAddToWatchList } from '../api/use-add-to-watch-list';
import { takePendingAction } from '../utils/pending-action';

/**
 * Completes what an anonymous viewer asked for (add to the watch list, favorite) once they sign in
 * in this page: mounted once in the layout; does nothing on a page load that starts signed in.
 */
export function PendingActions() {
  const { status, user } = useSession();
  const previous = useRef(status);
  const queryClient = useQueryClient();
  const add = useAddToWatchList();
  const addToList = add.mutate;

  useEffect(() => {
    const was = previous.current;
    previous.current = status;
    if (status !== 'signedIn' || was !== 'anonymous') return;
    const action = takePendingAction();
    if (!action) return;
    if (action.kind === 'watchList') {
      addToList({ contentId: action.contentId, video: { type: action.videoType as VideoType } });
      return;
    }
    void setFavorite(api, action.uid, true)
      .then((state) => {
        queryClient.setQueryData(userFavoriteQueryKey(api, action.uid, user?.id ?? null), state);
        queryClient.setQueryData(favoritesCountQueryKey(api, action.uid), {
          uid: action.uid,
          favorites: state.favorites,
        });
      })
      .catch(() => {
        // The toggle still shows the server's state; the viewer can favorite again.
      });
  }, [status, user, addToList, queryClient]);

  return null;
}
