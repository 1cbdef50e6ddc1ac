import { describe, expect, it } from 'vitest';
import { createEmitter } from './events';
import { trackLiveChannelAnalytics, type LiveChannelAnalyticsEvent } from './live-analytics';
import type { PlayerEvents } from './player';

function setup() {
  const emitter = createEmitter<PlayerEvents>();
  const events: LiveChannelAnalyticsEvent[] = [];
  const flushes: boolean[] = [];
  const sink = {
    track: (e: LiveChannelAnalyticsEvent) => events.push(e),
    flush: (o?: { keepalive?: boolean }) => flushes.push(!!o?.keepalive),
  };
  const page = Object.assign(new EventTarget(), {
    document: { visibilityState: 'visible' as DocumentVisibilityState },
  });
  const stop = trackLiveChannelAnalytics(emitter, sink, 'news', page);
  /** Plays from `from` to `to` seconds in 1 s timeupdates. */
  const play = (from: number, to: number) => {
    for (let t = from; t <= to; t++)
      emitter.emit('timeupdate', { currentTime: t, duration: Infinity } as PlayerEvents['timeupdate']);
  };
  return { events, flushes, stop, play, page };
}

describe('live channel analytics (playback-and-social §7)', () => {
  it('counts a view once more than 5 s have played, and sends the seconds watched on stop', () => {
    const { events, stop, play } = setup();
    play(100, 105);
    expect(events).toEqual([]);
    play(106, 130);
    expect(events).toEqual([{ kind: 'liveChannel', liveChannelId: 'news', type: 'view' }]);
    stop();
    expect(events.at(-1)).toEqual({ kind: 'liveChannelWatch', liveChannelId: 'news', duration: 30 });
  });

  it('counts a skip when the viewer leaves within 5 s, and nothing when nothing played', () => {
    const a = setup();
    a.play(100, 104);
    a.stop();
    expect(a.events).toEqual([{ kind: 'liveChannel', liveChannelId: 'news', type: 'skip' }]);
    const b = setup();
    b.stop();
    expect(b.events).toEqual([]);
  });

  it('reports only new seconds on each stop: the page hidden, then leaving', () => {
    const { events, flushes, stop, play, page } = setup();
    play(0, 20);
    page.document.visibilityState = 'hidden';
    page.dispatchEvent(new Event('visibilitychange'));
    expect(flushes).toEqual([true]);
    page.document.visibilityState = 'visible';
    play(21, 30);
    stop();
    expect(events.filter((e) => e.kind === 'liveChannelWatch').map((e) => e.duration)).toEqual([20, 10]);
  });

  it('does not count jumps (a seek back to the live edge) as watching', () => {
    const { events, stop, play } = setup();
    play(0, 3);
    play(600, 601);
    stop();
    expect(events).toEqual([{ kind: 'liveChannel', liveChannelId: 'news', type: 'skip' }]);
  });
});
