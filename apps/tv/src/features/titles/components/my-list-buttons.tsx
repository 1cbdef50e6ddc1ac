import { useSession } from '@marquee/api-client/react';
import type { UseMutationResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { FocusableButton } from '../../../components/focusable-button';
import { useToast } from '../../../lib/toast';
import { useFavorite, useInWatchList, useSetFavorite, useSetInWatchList } from '../api/use-my-list';
import { toggleAction } from '../utils/toggle';

/** A focusable on/off button of the viewer's (My List, Favorite); signed out, Enter goes to the TV login. */
function ToggleButton({
  on,
  change,
  labels,
  errorText,
  testId,
  onLogin,
}: {
  on: boolean | undefined;
  change: Pick<UseMutationResult<unknown, Error, boolean>, 'mutate' | 'isPending'>;
  labels: { on: string; off: string };
  errorText: string;
  testId: string;
  onLogin: () => void;
}) {
  const toast = useToast();
  const signedIn = useSession().status === 'signedIn';
  const onPress = () => {
    const action = toggleAction({ signedIn, on, busy: change.isPending });
    if (action === 'login') return onLogin();
    if (action === 'ignore') return;
    change.mutate(action === 'on', { onError: () => toast(errorText) });
  };
  return (
    <FocusableButton
      testId={testId}
      pressed={signedIn ? on === true : undefined}
      busy={change.isPending}
      onPress={onPress}
    >
      {on ? labels.on : labels.off}
    </FocusableButton>
  );
}

/**
 * My List on a movie or series screen (the web's watch-list button, discovery-and-site §2.7): shows
 * whether the title is in the viewer's watch list, and Enter adds or removes it.
 */
export function WatchListButton({
  contentId,
  type,
  onLogin,
}: {
  contentId: string;
  type: 'movie' | 'series';
  onLogin: () => void;
}) {
  const { t } = useTranslation('titles');
  return (
    <ToggleButton
      on={useInWatchList(contentId)}
      change={useSetInWatchList(contentId, type)}
      labels={{ on: t('inMyList'), off: t('addToMyList') }}
      errorText={t('myListError')}
      testId="tv-watch-list"
      onLogin={onLogin}
    />
  );
}

/** The favorite toggle of a movie (the web's, playback-and-social §4.11). */
export function FavoriteButton({ uid, onLogin }: { uid: string; onLogin: () => void }) {
  const { t } = useTranslation('titles');
  return (
    <ToggleButton
      on={useFavorite(uid)}
      change={useSetFavorite(uid)}
      labels={{ on: t('favorited'), off: t('favorite') }}
      errorText={t('favoriteError')}
      testId="tv-favorite"
      onLogin={onLogin}
    />
  );
}
