import type { Video } from '@marquee/contract';
import {
  COUNTDOWN_REFRESH_MS,
  LIVE_STATE_REFRESH_MS,
  NOT_STARTED_DATE,
  groupLiveEventsByDay,
  liveEventState,
  timeTill,
  visibleLiveEvents,
} from '@marquee/domain';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { errorMessage } from '../../../components/error-message';
import { StatusMessage } from '../../../components/status-message';
import { useLiveEvents } from '../api/use-live-events';
import { useNow } from '../hooks/use-now';
import './live-events.css';

/** The listing fields of an event, next to the event itself. */
type EventRow = {
  video: Video;
  start: string;
  end: string | null;
  ended: boolean;
  type: string;
  accessType: string;
  status: string;
};

/**
 * The /l/ list (§2.6): events grouped by day with Today first; each shows its state (refreshed every
 * 5 s) and its time-till (NOW, or day and time; refreshed every 60 s). Ended and unlisted events, and
 * those outside the access filter, are hidden.
 */
export function LiveEventsList({
  tabId,
  title,
  hrefFor,
}: {
  tabId: string;
  title: string;
  hrefFor: (event: Video) => string;
}) {
  const { t, i18n } = useTranslation('liveEvents');
  const events = useLiveEvents(tabId);
  const now = useNow(LIVE_STATE_REFRESH_MS);
  const countdownNow = useNow(COUNTDOWN_REFRESH_MS);

  const groups = useMemo(() => {
    const rows: EventRow[] = (events.data ?? [])
      .filter((v) => v.liveEvent)
      .map((v) => ({ video: v, ...v.liveEvent!, accessType: v.accessType, status: v.status }));
    return groupLiveEventsByDay(visibleLiveEvents(rows, now), now);
  }, [events.data, now]);

  if (events.isPending) {
    return (
      <p className="tab-screen__loading" role="status" data-testid="live-events-loading">
        {t('title')}…
      </p>
    );
  }
  if (events.isError) {
    return (
      <StatusMessage
        kind="error"
        title={t('loadError')}
        onRetry={() => void events.refetch()}
        testId="live-events-error"
      >
        {errorMessage(events.error)}
      </StatusMessage>
    );
  }

  const dayLabel = (day: string, isToday: boolean) => {
    if (isToday) return t('today');
    if (day === NOT_STARTED_DATE) return t('notStarted');
    const [y, m, d] = day.split('-').map(Number);
    return new Date(y!, m! - 1, d!).toLocaleDateString(i18n.language, {
      weekday: 'long',
      month: 'long',
      day: 'numeric',
    });
  };
  const till = (start: string) => {
    const tt = timeTill(start, countdownNow);
    if (tt.kind === 'notStarted') return t('notStarted');
    if (tt.kind === 'now') return t('now');
    return tt.start.toLocaleString(i18n.language, {
      weekday: 'short',
      month: 'short',
      day: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
    });
  };

  return (
    <section className="tab-screen live-events" data-testid="live-events">
      <h1>{title || t('title')}</h1>
      {groups.length === 0 ? <p data-testid="live-events-empty">{t('empty')}</p> : null}
      {groups.map((g) => (
        <section key={g.day} className="live-events__day" data-testid="live-events-day" data-day={g.day}>
          <h2>{dayLabel(g.day, g.isToday)}</h2>
          <ul>
            {g.events.map((e) => {
              const state = liveEventState(e, now);
              return (
                <li
                  key={e.video.uid}
                  className={`live-event live-event--${state}`}
                  data-testid="live-event"
                  data-state={state}
                >
                  <Link to={hrefFor(e.video)}>
                    <span className="live-event__title">{e.video.title}</span>
                    <span className="live-event__badge">{state === 'live' ? t('live') : t('upcoming')}</span>
                    <span className="live-event__till" data-testid="live-event-till">
                      {till(e.start)}
                    </span>
                  </Link>
                </li>
              );
            })}
          </ul>
        </section>
      ))}
    </section>
  );
}
