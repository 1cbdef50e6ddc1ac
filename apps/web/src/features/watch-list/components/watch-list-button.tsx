import { useCallback, useReducer } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { errorMessage } from '../../../components/error-message';
import { useSession } from '@marquee/api-client/react';
import { useAddToWatchList } from '../api/use-add-to-watch-list';
import { useInWatchList } from '../api/use-watch-list';
import { useRemoveFromWatchList } from '../api/use-remove-from-watch-list';
import { useWatchListChanged } from '../hooks/use-watch-list-changed';
import { IDLE_WATCH_LIST_BUTTON, watchListButtonReducer, watchListClick } from '../utils/button-state';
import { watchListSignupHref, type WatchListTarget } from '../utils/intent';
import { savePendingAction } from '../utils/pending-action';
import { ListIcon } from './icons';
import './watch-list.css';

interface WatchListButtonProps {
  target: WatchListTarget;
  title: string;
  /** `card`: a small icon button over a card's image; `hero`: a labelled button on a title page. */
  variant: 'card' | 'hero';
}

/**
 * The watch-list button (discovery-and-site §2.10, playback-and-social §4.11): toggles add and
 * remove, ignores clicks while busy, resets on the watchListChanged event. An anonymous viewer goes
 * to signup with the intended action (odrc watchListSeries, watchListMovie or watch), and the add
 * happens when they come back signed in.
 */
export function WatchListButton({ target, title, variant }: WatchListButtonProps) {
  const { t } = useTranslation('watchList');
  const { status } = useSession();
  const navigate = useNavigate();
  const inList = useInWatchList(target.contentId) === true;
  const add = useAddToWatchList();
  const remove = useRemoveFromWatchList();
  const [{ busy, error }, dispatch] = useReducer(watchListButtonReducer, IDLE_WATCH_LIST_BUTTON);
  useWatchListChanged(useCallback(() => dispatch({ type: 'changed' }), []));

  const onClick = () => {
    const action = watchListClick({ busy, error }, { signedIn: status === 'signedIn', inList });
    if (action === 'ignore') return;
    if (action === 'signup') {
      savePendingAction({ kind: 'watchList', ...target });
      void navigate(watchListSignupHref(target));
      return;
    }
    dispatch({ type: 'start' });
    const call =
      action === 'remove'
        ? remove.mutateAsync(target.contentId)
        : add.mutateAsync({ contentId: target.contentId, video: { type: target.videoType } });
    call.catch((e: unknown) => dispatch({ type: 'failed', message: errorMessage(e) || t('error') }));
  };

  const action = status !== 'signedIn' ? t('signUpToAdd') : inList ? t('remove') : t('add');
  return (
    <span className={`wl wl--${variant}`}>
      <button
        type="button"
        className={variant === 'hero' ? 'button button--ghost wl-button' : 'wl-button wl-button--card'}
        aria-pressed={inList}
        aria-disabled={busy || undefined}
        aria-busy={busy || undefined}
        aria-label={variant === 'card' ? t('cardLabel', { title }) : undefined}
        title={action}
        data-testid="watch-list-button"
        data-content-id={target.contentId}
        data-in-list={inList}
        onClick={onClick}
      >
        <ListIcon inList={inList} />
        {variant === 'hero' ? <span>{t('myList')}</span> : null}
      </button>
      {error ? (
        <span className="wl-error" role="alert" data-testid="watch-list-error">
          {error}
        </span>
      ) : null}
    </span>
  );
}
