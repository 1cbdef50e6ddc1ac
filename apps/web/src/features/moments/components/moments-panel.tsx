import { useCallback, useId, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Moment } from '@marquee/contract';
import type { Player as CorePlayer } from '@marquee/player';
import { ApiError } from '@marquee/api-client';
import { useSession } from '@marquee/api-client/react';
import {
  formatTimeInput,
  groupMoments,
  INVALID_TIME,
  MOMENT_LOGIN_MESSAGE,
  MOMENT_TAG_MAX,
  MOMENTS_BUFFER_S,
  MOMENTS_PAGE,
  MOMENTS_PER_GROUP,
  momentAddedMessage,
  parseTimeInput,
} from '@marquee/domain';
import { showToast } from '../../../lib/toast';
import { useCreateMoment, useMomentsWindow } from '../api/use-moments';
import './moments.css';

/** The player's position in whole seconds, following it as it plays. */
export function usePlayerSecond(player: CorePlayer | null): number {
  const subscribe = useCallback(
    (changed: () => void) => (player ? player.on('timeupdate', changed) : () => {}),
    [player],
  );
  return useSyncExternalStore(subscribe, () => Math.floor(player?.video.currentTime ?? 0));
}

/**
 * The Comments tab (§2.3; discovery-and-site §5, §8, §9): the moments of the next 400 s from the
 * player's position, grouped by second (5 a group, then 10 more each time), each time a button
 * that seeks there, and a Share button opening the moment's share panel; and the form (login) that
 * adds one at a time typed as seconds or h:m:s.
 */
export function MomentsPanel({
  videoUid,
  channelId,
  player,
  openMomentId,
  loginHref,
  actions,
  share,
}: {
  videoUid: string;
  channelId: string;
  player: CorePlayer | null;
  /** The moment a `?tag=` link names: highlighted. */
  openMomentId: string | null;
  loginHref: string;
  /** What the app adds after each moment (Report, decision 0054). */
  actions?: (moment: Moment) => React.ReactNode;
  /** A moment's share panel, opened by its Share button (decision 0049). */
  share?: (moment: Moment) => React.ReactNode;
}) {
  const { t } = useTranslation('moments');
  const { status } = useSession();
  const second = usePlayerSecond(player);
  const from = Math.floor(second / MOMENTS_BUFFER_S) * MOMENTS_BUFFER_S;
  const moments = useMomentsWindow(videoUid, from, from + MOMENTS_BUFFER_S);
  const create = useCreateMoment(videoUid, channelId);
  const [time, setTime] = useState<string | null>(null);
  const [tag, setTag] = useState('');
  const [shown, setShown] = useState<Record<number, number>>({});
  const [sharing, setSharing] = useState<string | null>(null);
  const ids = { time: useId(), tag: useId(), share: useId() };
  const typedTime = time ?? formatTimeInput(second);
  const seconds = parseTimeInput(typedTime);

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    if (seconds === INVALID_TIME || tag.trim() === '') return;
    create.mutate(
      { timemarker: seconds, tag: tag.trim(), videoId: videoUid },
      {
        onSuccess: (m) => {
          showToast(momentAddedMessage(formatTimeInput(m.timemarker)), 'success');
          setTag('');
          setTime(null);
        },
      },
    );
  };
  const refused = create.error instanceof ApiError ? create.error.message : create.error ? t('failed') : null;

  return (
    <div className="moments-panel" data-testid="moments-panel">
      {status === 'signedIn' ? (
        <form className="moments-panel__form" onSubmit={submit} data-testid="moment-form">
          <label htmlFor={ids.time}>{t('time')}</label>
          <input
            id={ids.time}
            value={typedTime}
            inputMode="numeric"
            aria-invalid={seconds === INVALID_TIME}
            onChange={(e) => setTime(e.target.value)}
            data-testid="moment-time"
          />
          {seconds === INVALID_TIME ? (
            <p role="alert" className="moments-panel__error">
              {t('badTime')}
            </p>
          ) : null}
          <label htmlFor={ids.tag}>{t('tag')}</label>
          <textarea
            id={ids.tag}
            value={tag}
            maxLength={MOMENT_TAG_MAX}
            rows={2}
            onChange={(e) => setTag(e.target.value.replace(/\s*\n\s*/g, ' '))}
            data-testid="moment-tag"
          />
          {refused ? (
            <p role="alert" className="moments-panel__error" data-testid="moment-refused">
              {refused}
            </p>
          ) : null}
          <button
            type="submit"
            className="button button--primary"
            disabled={create.isPending || seconds === INVALID_TIME || tag.trim() === ''}
            data-testid="moment-submit"
          >
            {t('add')}
          </button>
        </form>
      ) : status === 'anonymous' ? (
        <p className="moments-panel__login" data-testid="moment-login">
          {MOMENT_LOGIN_MESSAGE}. <Link to={loginHref}>{t('login')}</Link>
        </p>
      ) : null}
      {moments.isPending ? (
        <p role="status">{t('loading')}</p>
      ) : moments.isError ? (
        <p role="alert">{t('error')}</p>
      ) : moments.data.items.length === 0 ? (
        <p className="moments-panel__empty" data-testid="moments-empty">
          {t('empty', { from: formatTimeInput(from), to: formatTimeInput(from + MOMENTS_BUFFER_S) })}
        </p>
      ) : (
        <ol className="moments-panel__groups">
          {groupMoments(moments.data.items).map((group) => {
            const limit = shown[group.at] ?? MOMENTS_PER_GROUP;
            return (
              <li key={group.at} className="moments-panel__group" data-testid="moment-group">
                <button
                  type="button"
                  className="moments-panel__time"
                  onClick={() => player?.seek(group.at)}
                  aria-label={t('seek', { time: formatTimeInput(group.at) })}
                >
                  {formatTimeInput(group.at)}
                </button>
                <ul>
                  {group.items.slice(0, limit).map((m: Moment) => (
                    <li
                      key={m._id}
                      className={m._id === openMomentId ? 'moments-panel__moment--open' : undefined}
                      data-testid="moment"
                    >
                      {m.tag}
                      {share ? (
                        <button
                          type="button"
                          className="text-action"
                          aria-expanded={sharing === m._id}
                          aria-controls={sharing === m._id ? ids.share : undefined}
                          aria-label={t('shareMoment', { time: formatTimeInput(m.timemarker) })}
                          onClick={() => setSharing((open) => (open === m._id ? null : m._id))}
                          data-testid="moment-share"
                        >
                          {t('share')}
                        </button>
                      ) : null}
                      {actions?.(m)}
                      {share && sharing === m._id ? (
                        <div id={ids.share} className="moments-panel__share-panel">
                          {share(m)}
                        </div>
                      ) : null}
                    </li>
                  ))}
                </ul>
                {group.items.length > limit ? (
                  <button
                    type="button"
                    className="button button--small"
                    onClick={() => setShown((s) => ({ ...s, [group.at]: limit + MOMENTS_PAGE }))}
                  >
                    {t('more', { count: Math.min(MOMENTS_PAGE, group.items.length - limit) })}
                  </button>
                ) : null}
              </li>
            );
          })}
        </ol>
      )}
    </div>
  );
}
