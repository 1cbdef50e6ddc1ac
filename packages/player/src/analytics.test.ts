import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createAnalyticsQueue, trackPlaybackAnalytics, type PlaybackAnalyticsEvent } from './analytics';
import { createEmitter } from './events';
import type { PlayerEvents } from './player';
import type { PageLifecycle } from './progress';

type Event = { n: number };

/** A send that records each batch; `failing` makes it reject. */
function fakeSend<E>() {
  const batches: { events: E[]; keepalive: boolean }[] = [];
  let fail = false;
  const send = vi.fn(async (events: E[], { keepalive }: { keepalive: boolean }) => {
    batches.push({ events, keepalive });
    if (fail) throw new Error('offline');
  });
  return { send, batches, failing: (v: boolean) => (fail = v) };
}

function fakePage() {
  return Object.assign(new EventTarget(), {
    document: { visibilityState: 'visible' as DocumentVisibilityState },
  });
}

describe('analytics queue', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('sends what is queued 5 s after the first event, in one batch', async () => {
    const { send, batches } = fakeSend<Event>();
    const queue = createAnalyticsQueue(send);
    queue.track({ n: 1 });
    await vi.advanceTimersByTimeAsync(3_000);
    queue.track({ n: 2 });
    await vi.advanceTimersByTimeAsync(1_999);
    expect(send).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(batches).toEqual([{ events: [{ n: 1 }, { n: 2 }], keepalive: false }]);
    expect(queue.pending()).toBe(0);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(send).toHaveBeenCalledTimes(1); // no timer without events
  });

  it('sends at once when 20 are queued', () => {
    const { send, batches } = fakeSend<Event>();
    const queue = createAnalyticsQueue(send);
    for (let n = 0; n < 19; n++) queue.track({ n });
    expect(send).not.toHaveBeenCalled();
    queue.track({ n: 19 });
    expect(batches).toHaveLength(1);
    expect(batches[0]!.events).toHaveLength(20);
    vi.advanceTimersByTime(10_000);
    expect(send).toHaveBeenCalledTimes(1); // the 5-second timer was cleared
  });

  it('splits a flush into batches of at most 50 (the server limit)', () => {
    const { batches, send } = fakeSend<Event>();
    const queue = createAnalyticsQueue(send, { flushAt: 1000 });
    for (let n = 0; n < 120; n++) queue.track({ n });
    queue.flush();
    expect(batches.map((b) => b.events.length)).toEqual([50, 50, 20]);
  });

  it('flushes with keepalive when the page is hidden or unloads', () => {
    const { send, batches } = fakeSend<Event>();
    const queue = createAnalyticsQueue(send);
    const page = fakePage();
    const unbind = queue.bindPage(page as unknown as PageLifecycle);
    queue.track({ n: 1 });
    page.document.visibilityState = 'hidden';
    page.dispatchEvent(new Event('visibilitychange'));
    expect(batches).toEqual([{ events: [{ n: 1 }], keepalive: true }]);
    queue.track({ n: 2 });
    page.dispatchEvent(new Event('pagehide'));
    expect(batches[1]).toEqual({ events: [{ n: 2 }], keepalive: true });
    unbind();
    queue.track({ n: 3 });
    page.dispatchEvent(new Event('pagehide'));
    expect(batches).toHaveLength(2);
  });

  it('drops a failed batch without retrying (and without an unhandled rejection)', async () => {
    const { send, batches, failing } = fakeSend<Event>();
    failing(true);
    const queue = createAnalyticsQueue(send);
    queue.track({ n: 1 });
    queue.flush();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(batches).toHaveLength(1);
    const throwing = createAnalyticsQueue<Event>(() => {
      throw new TypeError('keepalive quota');
    });
    throwing.track({ n: 1 });
    expect(() => throwing.flush({ keepalive: true })).not.toThrow();
  });

  it('sends nothing after dispose', async () => {
    const { send } = fakeSend<Event>();
    const queue = createAnalyticsQueue(send);
    queue.track({ n: 1 });
    queue.dispose();
    queue.track({ n: 2 });
    await vi.advanceTimersByTimeAsync(10_000);
    expect(send).not.toHaveBeenCalled();
  });
});

describe('trackPlaybackAnalytics (playback-and-social §4.8)', () => {
  function setup(duration = 100) {
    const player = createEmitter<PlayerEvents>();
    const events: PlaybackAnalyticsEvent[] = [];
    const flushes: boolean[] = [];
    const sink = {
      track: (e: PlaybackAnalyticsEvent) => void events.push(e),
      flush: (o?: { keepalive?: boolean }) => void flushes.push(o?.keepalive ?? false),
    };
    const page = fakePage();
    const stop = trackPlaybackAnalytics(
      player,
      sink,
      { channelId: 'news', videoUid: 'v1' },
      page as unknown as PageLifecycle,
    );
    /** Plays from `from` to `to` in 250 ms steps. */
    const play = (from: number, to: number) => {
      for (let t = from; t <= to + 1e-9; t += 0.25) player.emit('timeupdate', { currentTime: t, duration });
    };
    return { player, events, flushes, page, stop, play };
  }
  const kinds = (events: PlaybackAnalyticsEvent[]) =>
    events.map((e) => (e.kind === 'video' ? `video:${e.type}` : `watch:${e.duration}`));

  it('sends the watch event on stop: position, duration and seconds watched', () => {
    const { events, flushes, stop, play } = setup();
    play(0, 30);
    stop();
    expect(events).toEqual([
      {
        kind: 'watch',
        channelId: 'news',
        videoUid: 'v1',
        contentDuration: 100,
        contentProgress: 30,
        duration: 30,
      },
    ]);
    expect(flushes).toEqual([false]);
  });

  it('does not count seeks as watched', () => {
    const { events, player, stop, play } = setup(600);
    play(0, 10);
    player.emit('timeupdate', { currentTime: 300, duration: 600 }); // seek
    play(300, 310);
    stop();
    expect(events).toEqual([expect.objectContaining({ kind: 'watch', contentProgress: 310, duration: 20 })]);
  });

  it('"counts as a skip" when 5 s or less were watched, and sends nothing when nothing played', () => {
    const skipped = setup();
    skipped.play(0, 5);
    skipped.stop();
    expect(kinds(skipped.events)).toEqual(['video:skip']);

    const idle = setup();
    idle.stop();
    expect(idle.events).toEqual([]);
  });

  it('sends eightyPercent once at 80 %, the reward at 90 %, then end, with the watch time at the end', () => {
    const { events, player, stop, play } = setup(100);
    play(0, 79.75);
    expect(kinds(events)).toEqual([]);
    play(80, 89.75);
    expect(kinds(events)).toEqual(['video:eightyPercent']);
    play(90, 100);
    expect(kinds(events)).toEqual(['video:eightyPercent', 'video:reward']);
    player.emit('ended', { duration: 100 });
    stop();
    expect(kinds(events)).toEqual(['video:eightyPercent', 'video:reward', 'video:end', 'watch:100']);
    expect(events[3]).toMatchObject({ contentProgress: 100, contentDuration: 100 });
  });

  it('sends the watch time so far with keepalive when the page goes away, and only the rest later', () => {
    const { events, flushes, page, stop, play } = setup(600);
    play(0, 20);
    page.document.visibilityState = 'hidden';
    page.dispatchEvent(new Event('visibilitychange'));
    expect(kinds(events)).toEqual(['watch:20']);
    expect(flushes).toEqual([true]);
    page.document.visibilityState = 'visible';
    play(20, 50);
    stop();
    expect(kinds(events)).toEqual(['watch:20', 'watch:30']);
    page.dispatchEvent(new Event('pagehide')); // unbound: nothing more
    expect(events).toHaveLength(2);
  });

  it('ignores a duration the player does not know yet (NaN) and live streams (Infinity)', () => {
    const { events, player, stop } = setup();
    for (let t = 0; t <= 10; t += 0.25) player.emit('timeupdate', { currentTime: t, duration: Number.NaN });
    stop();
    expect(events).toEqual([expect.objectContaining({ kind: 'watch', contentDuration: 0, duration: 10 })]);
  });
});
