import type { Video } from '@marquee/contract';
import { groupBySeason } from '@marquee/domain';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import type { WatchQueue } from '../api/use-watch-queue';
import './queue-panel.css';

export interface QueuePanelProps {
  /** From `useWatchQueue(ctx)`. */
  queue: WatchQueue;
  /** The channel the links open in; a video's own channel when absent. */
  channelId?: string | null;
  /** The watch URL of an item; the channel watch route by default (watch-route variants pass theirs). */
  hrefFor?: (video: Video) => string;
  /** Called when the viewer picks an item (e.g. to close a panel). */
  onPick?: (video: Video) => void;
  /** A heading above the list (the tab bar may show its own). */
  heading?: boolean;
}

/**
 * The play queue panel (playback-and-social §2.3 "The queue panel lists episodes by season for
 * series"; discovery-and-site "play queue (episodes by season; limit 20, +20)"). Items are links
 * (keyboard reachable in order); the current one carries aria-current. Used on the watch screen
 * and in the right-menu Queue tab.
 */
export function QueuePanel({ queue, channelId, hrefFor, onPick, heading = true }: QueuePanelProps) {
  const { t } = useTranslation('watch');
  const href = (v: Video) =>
    hrefFor?.(v) ?? paths.watch.getHref(channelId || v.metadata.channel || '', v.uid);
  const item = (v: Video) => {
    const current = v.uid === queue.currentUid;
    return (
      <li key={v.uid} className="queue-panel__item">
        <Link
          to={href(v)}
          className="queue-panel__link"
          data-testid="queue-item"
          data-uid={v.uid}
          data-current={current || undefined}
          aria-current={current ? 'true' : undefined}
          onClick={() => onPick?.(v)}
        >
          <span className="queue-panel__thumb" aria-hidden="true">
            {v.thumbnail ? <img src={v.thumbnail} alt="" loading="lazy" /> : null}
          </span>
          <span className="queue-panel__text">
            {v.series ? (
              <span className="queue-panel__meta">{t('queue.episode', { episode: v.series.episode })}</span>
            ) : null}
            <span className="queue-panel__title">{v.title}</span>
            {current ? <span className="queue-panel__now">{t('queue.nowPlaying')}</span> : null}
          </span>
        </Link>
      </li>
    );
  };

  let body;
  if (queue.isLoading) {
    body = (
      <div className="skeleton" style={{ height: 120 }} aria-busy="true" aria-label={t('queue.loading')} />
    );
  } else if (queue.isError) {
    body = <p className="queue-panel__empty">{t('queue.error')}</p>;
  } else if (queue.items.length === 0) {
    body = (
      <p className="queue-panel__empty" data-testid="queue-empty">
        {t('queue.empty')}
      </p>
    );
  } else if (queue.bySeason) {
    body = groupBySeason(
      queue.items.map((v) => ({ season: v.series?.season ?? 0, episode: v.series?.episode ?? 0, video: v })),
    ).map((g) => (
      <section key={g.season} className="queue-panel__season" aria-labelledby={`queue-season-${g.season}`}>
        <h3 id={`queue-season-${g.season}`} className="queue-panel__season-title">
          {t('queue.season', { season: g.season })}
        </h3>
        <ol className="queue-panel__list">{g.episodes.map((e) => item(e.video))}</ol>
      </section>
    ));
  } else {
    body = <ol className="queue-panel__list">{queue.items.map(item)}</ol>;
  }

  return (
    <section
      className="queue-panel"
      data-testid="queue-panel"
      data-kind={queue.kind}
      aria-label={t('queue.title')}
    >
      {heading ? <h2 className="queue-panel__heading">{t('queue.title')}</h2> : null}
      {body}
      {queue.hasMore && !queue.isLoading ? (
        <button type="button" className="queue-panel__more" data-testid="queue-more" onClick={queue.loadMore}>
          {t('queue.showMore')}
        </button>
      ) : null}
    </section>
  );
}
