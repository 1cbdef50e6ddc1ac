import {
  ANALYTICS_BATCH_MAX,
  ANALYTICS_CLIENT_FLUSH_AT,
  ANALYTICS_CLIENT_FLUSH_MS,
  countsAsWatched,
  reachedEightyPercent,
  rewardAt,
  watchedStep,
} from '@marquee/domain';
import type { Player } from './player';
import type { PageLifecycle, Timers } from './progress';

const realTimers: Timers = {
  setTimeout: (fn, ms) => globalThis.setTimeout(fn, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
};

/** Sends one batch (at most ANALYTICS_BATCH_MAX events); `keepalive` while the page goes away. */
export type SendAnalytics<E> = (events: E[], options: { keepalive: boolean }) => Promise<unknown>;

/** Where events go: the queue, or anything with the same two calls. */
export interface AnalyticsSink<E> {
  track(event: E): void;
  flush(options?: { keepalive?: boolean }): void;
}

export interface AnalyticsQueue<E> extends AnalyticsSink<E> {
  /** Events queued and not yet handed to `send`. */
  pending(): number;
  /** Flushes with keepalive when the page is hidden or unloads; returns the unbind. */
  bindPage(page?: PageLifecycle): () => void;
  /** Stops the timer; what is queued stays unsent (flush first). */
  dispose(): void;
}

export type AnalyticsQueueOptions = {
  /** Send what is queued this long after the first event (default 5 s). */
  flushMs?: number;
  /** …or as soon as this many are queued (default 20). */
  flushAt?: number;
  timers?: Timers;
};

/**
 * A client-side analytics queue (decision 0021): events are sent together in one POST
 * …/analytics/batch 5 s after the first one queued, at once when 20 are queued, and with keepalive
 * when the page is hidden or unloads. A batch that fails is not retried: analytics are best effort,
 * and a retry of a request the server may have taken would count its events twice.
 */
export function createAnalyticsQueue<E>(
  send: SendAnalytics<E>,
  options: AnalyticsQueueOptions = {},
): AnalyticsQueue<E> {
  const flushMs = options.flushMs ?? ANALYTICS_CLIENT_FLUSH_MS;
  const flushAt = options.flushAt ?? ANALYTICS_CLIENT_FLUSH_AT;
  const timers = options.timers ?? realTimers;
  let queued: E[] = [];
  let timer: unknown = null;
  let disposed = false;

  function flush({ keepalive = false }: { keepalive?: boolean } = {}) {
    if (timer !== null) timers.clearTimeout(timer);
    timer = null;
    while (queued.length > 0) {
      const batch = queued.slice(0, ANALYTICS_BATCH_MAX);
      queued = queued.slice(ANALYTICS_BATCH_MAX);
      try {
        send(batch, { keepalive }).catch(() => {});
      } catch {
        // A keepalive fetch over the browser's quota throws at once; the events are lost either way.
      }
    }
  }

  return {
    track(event) {
      if (disposed) return;
      queued.push(event);
      if (queued.length >= flushAt) flush();
      else if (timer === null)
        timer = timers.setTimeout(() => {
          timer = null;
          flush();
        }, flushMs);
    },
    flush,
    pending: () => queued.length,
    bindPage(page: PageLifecycle = window) {
      const leave = () => flush({ keepalive: true });
      const onVisibility = () => {
        if (page.document.visibilityState === 'hidden') leave();
      };
      page.addEventListener('pagehide', leave);
      page.addEventListener('visibilitychange', onVisibility);
      return () => {
        page.removeEventListener('pagehide', leave);
        page.removeEventListener('visibilitychange', onVisibility);
      };
    },
    dispose() {
      disposed = true;
      if (timer !== null) timers.clearTimeout(timer);
      timer = null;
    },
  };
}

/** The events a playing VOD item sends (the contract's `video` and `watch` bodies, with their kind). */
export type PlaybackAnalyticsEvent =
  | { kind: 'video'; channelId: string; videoUid: string; type: 'eightyPercent' | 'reward' | 'end' | 'skip' }
  | {
      kind: 'watch';
      channelId: string;
      videoUid: string;
      contentDuration: number;
      contentProgress: number;
      duration: number;
    };

const round3 = (s: number) => Math.round(s * 1000) / 1000;
const finiteOrZero = (s: number) => (Number.isFinite(s) && s > 0 ? s : 0);

/**
 * Sends a VOD item's analytics (playback-and-social §4.8, §7): `video` eightyPercent once the
 * playhead reaches 80 %, `video` reward at 90 % ("a reward event fires at 90%"), `video` end at the end, and on stop — the end, leaving the item (the
 * returned unbind), or the page going away — "the watch-time event … with the position, duration
 * and seconds watched". Seconds watched are forward playback steps (seeks do not count). "A video
 * counts as watched once more than 5 s have been watched. Otherwise it counts as a skip": a stop
 * before that sends `video` skip instead, once. A stop after more watching sends only the seconds
 * watched since the last stop, so the watch events of one viewing add up to its watch time.
 */
export function trackPlaybackAnalytics(
  player: Pick<Player, 'on'>,
  sink: AnalyticsSink<PlaybackAnalyticsEvent>,
  item: { channelId: string; videoUid: string },
  page: PageLifecycle = window,
): () => void {
  const { channelId, videoUid } = item;
  let position = 0;
  let duration = 0;
  let previous: number | null = null;
  let watched = 0;
  let reported = 0;
  let eightySent = false;
  let rewardSent = false;
  let endSent = false;
  let skipSent = false;

  const stop = () => {
    if (watched <= 0) return;
    if (!countsAsWatched(watched)) {
      if (!skipSent) sink.track({ kind: 'video', channelId, videoUid, type: 'skip' });
      skipSent = true;
      return;
    }
    const seconds = watched - reported;
    if (seconds <= 0) return;
    sink.track({
      kind: 'watch',
      channelId,
      videoUid,
      contentDuration: round3(duration),
      contentProgress: round3(Math.min(position, duration || position)),
      duration: round3(seconds),
    });
    reported = watched;
  };

  const offs = [
    player.on('timeupdate', ({ currentTime, duration: d }) => {
      duration = finiteOrZero(d) || duration;
      if (previous !== null) watched += watchedStep(previous, currentTime);
      previous = currentTime;
      position = currentTime;
      if (!eightySent && reachedEightyPercent(position, duration)) {
        eightySent = true;
        sink.track({ kind: 'video', channelId, videoUid, type: 'eightyPercent' });
      }
      if (!rewardSent && duration > 0 && position >= rewardAt(duration)) {
        rewardSent = true;
        sink.track({ kind: 'video', channelId, videoUid, type: 'reward' });
      }
    }),
    player.on('ended', ({ duration: d }) => {
      duration = finiteOrZero(d) || duration;
      position = duration;
      if (!endSent) sink.track({ kind: 'video', channelId, videoUid, type: 'end' });
      endSent = true;
      stop();
    }),
  ];
  const leave = () => {
    stop();
    sink.flush({ keepalive: true });
  };
  const onVisibility = () => {
    if (page.document.visibilityState === 'hidden') leave();
  };
  page.addEventListener('pagehide', leave);
  page.addEventListener('visibilitychange', onVisibility);
  return () => {
    for (const off of offs) off();
    page.removeEventListener('pagehide', leave);
    page.removeEventListener('visibilitychange', onVisibility);
    stop();
    sink.flush();
  };
}
