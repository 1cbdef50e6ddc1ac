import { countsAsWatched, watchedStep } from '@marquee/domain';
import type { AnalyticsSink } from './analytics';
import type { Player } from './player';
import type { PageLifecycle } from './progress';

/** The events a live channel sends (the contract's `liveChannel` and `liveChannelWatch` bodies, with their kind). */
export type LiveChannelAnalyticsEvent =
  | { kind: 'liveChannel'; liveChannelId: string; type: 'view' | 'skip' }
  | { kind: 'liveChannelWatch'; liveChannelId: string; duration: number };

const round3 = (s: number) => Math.round(s * 1000) / 1000;

/**
 * Sends a live channel's analytics (playback-and-social §7): `liveChannel` view as soon as more than
 * 5 s have played (the watched threshold of §4.8, so a long viewing counts while it lasts), or skip
 * when the viewer leaves before that; and `liveChannelWatch` with the seconds played since the last
 * report whenever watching stops (leaving the channel, the page hidden or going away).
 */
export function trackLiveChannelAnalytics(
  player: Pick<Player, 'on'>,
  sink: AnalyticsSink<LiveChannelAnalyticsEvent>,
  liveChannelId: string,
  page: PageLifecycle = window,
): () => void {
  let previous: number | null = null;
  let watched = 0;
  let reported = 0;
  let counted = false;

  const stop = () => {
    if (watched <= 0) return;
    if (!counted) {
      counted = true;
      sink.track({ kind: 'liveChannel', liveChannelId, type: 'skip' });
      return;
    }
    const seconds = watched - reported;
    if (seconds <= 0) return;
    sink.track({ kind: 'liveChannelWatch', liveChannelId, duration: round3(seconds) });
    reported = watched;
  };

  const off = player.on('timeupdate', ({ currentTime }) => {
    if (previous !== null) watched += watchedStep(previous, currentTime);
    previous = currentTime;
    if (!counted && countsAsWatched(watched)) {
      counted = true;
      sink.track({ kind: 'liveChannel', liveChannelId, type: 'view' });
    }
  });
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
    off();
    page.removeEventListener('pagehide', leave);
    page.removeEventListener('visibilitychange', onVisibility);
    stop();
    sink.flush();
  };
}
