import { ENDED_MESSAGE, countdown, countdownClock, countdownWords, playbackLiveState } from '@marquee/domain';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../components/error-message';
import { StatusMessage } from '../../../components/status-message';
import { useLiveEvent, useLiveEventPlayUrl } from '../api/use-live-event';
import { useCountdownNow } from '../hooks/use-countdown-now';
import { playbackProblem } from '../utils/playback-problem';
import './not-live.css';

interface NotLiveViewProps {
  liveEventUid: string;
  /** The event is on (play-url answered with something other than "not live"): show the live watch screen. */
  onLive: () => void;
  onBack: () => void;
}

/**
 * The not-live screen (playback-and-social §2.2, §4.7): the event's title, thumbnail and start, a
 * countdown ticking every second with its long-form text refreshed every 60 s ('Not Started' for
 * 9999-12-31). At the start it asks play-url again and, when the event plays, replaces itself with
 * the live watch screen. An ended event says so.
 */
export function NotLiveView({ liveEventUid, onLive, onBack }: NotLiveViewProps) {
  const { t, i18n } = useTranslation('notLive');
  const event = useLiveEvent(liveEventUid);
  const live = event.data?.liveEvent ?? null;
  const { tick, text } = useCountdownNow(live?.start ?? null);
  const state = live ? playbackLiveState(live, tick) : null;
  const playUrl = useLiveEventPlayUrl(liveEventUid, state === 'live');
  const problem = playUrl.data || playUrl.error ? playbackProblem(playUrl) : undefined;
  const serverSaysEnded =
    playUrl.isFetchedAfterMount && problem?.kind === 'notLive' && playUrl.data?.message === ENDED_MESSAGE;
  // A stream, or any other refusal or error: the watch screen plays it or explains it. Only an answer
  // this page asked for counts: the watch screen's cached one may predate the end.
  const isOn =
    state === 'live' &&
    playUrl.isFetchedAfterMount &&
    (playUrl.isSuccess || playUrl.isError) &&
    problem?.kind !== 'notLive';

  useEffect(() => {
    if (isOn) onLive();
  }, [isOn, onLive]);

  if (event.isError) {
    return (
      <StatusMessage kind="error" title={t('loadError')} onRetry={() => void event.refetch()}>
        {errorMessage(event.error)}
      </StatusMessage>
    );
  }
  if (!event.data) {
    return <div className="watch__placeholder" aria-busy="true" aria-label={t('upcoming')} />;
  }

  const video = event.data;
  const ended = state === 'ended' || serverSaysEnded;
  const start = live?.start ?? '9999-12-31';
  const c = countdown(start, tick);
  const words = countdownWords(start, text);
  const startLabel =
    c.kind === 'notStarted'
      ? t('notStarted')
      : t('startsAt', {
          when: new Date(start).toLocaleString(i18n.language, {
            weekday: 'short',
            month: 'short',
            day: 'numeric',
            hour: 'numeric',
            minute: '2-digit',
          }),
        });
  const longText =
    words.kind === 'until'
      ? t('startsIn', {
          time: [
            words.days ? t('days', { count: words.days }) : null,
            words.hours ? t('hours', { count: words.hours }) : null,
            words.minutes ? t('minutes', { count: words.minutes }) : null,
          ]
            .filter(Boolean)
            .join(' '),
        })
      : null;

  return (
    <article
      className="not-live"
      data-testid="not-live"
      data-state={ended ? 'ended' : c.kind}
      data-video-uid={liveEventUid}
    >
      <div className="not-live__media">
        {video.thumbnail ? <img src={video.thumbnail} alt="" width={640} height={360} /> : null}
      </div>
      <div className="not-live__info">
        <p className="not-live__kicker">{ended ? t('endedTitle') : t('upcoming')}</p>
        <h1 className="not-live__title" data-testid="not-live-title">
          {video.title}
        </h1>
        {ended ? (
          <p data-testid="not-live-ended">{t('endedText')}</p>
        ) : (
          <>
            <p className="not-live__start" data-testid="not-live-start">
              {startLabel}
            </p>
            {c.kind === 'until' ? (
              <>
                <p
                  className="not-live__clock"
                  role="timer"
                  aria-label={t('countdown')}
                  data-testid="not-live-clock"
                >
                  {countdownClock(c)}
                </p>
                {longText ? <p data-testid="not-live-text">{longText}</p> : null}
              </>
            ) : c.kind === 'started' ? (
              <p className="not-live__clock" role="status" data-testid="not-live-starting">
                {t('starting')}
              </p>
            ) : null}
          </>
        )}
        <button type="button" className="button" onClick={onBack}>
          {t('back')}
        </button>
      </div>
    </article>
  );
}
