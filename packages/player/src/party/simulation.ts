import type { IntervalTimers } from '../heartbeat';
import type { PartyMedia } from './media';

/**
 * A simulated world for party sync, used by its tests and by `bench/party.ts`: one true clock that
 * jumps from event to event (so a 2-minute party runs in milliseconds and exactly the same each
 * time), clocks that run ahead or behind it, and media elements that play at their rate.
 */
export type SimWorld = {
  /** True time, ms. */
  now(): number;
  /** Runs `fn` at true time `at`. */
  schedule(at: number, fn: () => void): void;
  /** A device clock `offsetMs` ahead of true time, with its timers. */
  clock(offsetMs?: number): IntervalTimers;
  media(options?: SimMediaOptions): SimMedia;
  /** Runs every event up to true time `until`, playing the media in between. */
  runUntil(until: number): void;
  /** Runs for `ms` more. */
  advance(ms: number): void;
};

export type SimMediaOptions = {
  /** How long each seek buffers, ms (called per seek). */
  seekMs?: () => number;
  /** How long play() takes to start, ms. */
  startMs?: () => number;
  /** The device's clock error: 0.001 plays 0.1 % fast. */
  speedError?: number;
  /** A stuck element ignores seeks and never plays (a stalled network). */
  stuck?: boolean;
};

export type SimMedia = PartyMedia & { seeks: number; plays: number };

export function createSimWorld(): SimWorld {
  let time = 0;
  let order = 0;
  let events: { at: number; order: number; fn: () => void; cancelled: boolean }[] = [];
  const players: { advanceTo(t: number): void }[] = [];

  const schedule = (at: number, fn: () => void) => {
    const event = { at: Math.max(at, time), order: order++, fn, cancelled: false };
    events.push(event);
    return event;
  };

  const runUntil = (until: number) => {
    for (;;) {
      events = events.filter((e) => !e.cancelled);
      const next = events.reduce<(typeof events)[number] | null>(
        (a, e) => (a === null || e.at < a.at || (e.at === a.at && e.order < a.order) ? e : a),
        null,
      );
      if (!next || next.at > until) break;
      for (const p of players) p.advanceTo(next.at);
      time = next.at;
      next.cancelled = true;
      next.fn();
    }
    for (const p of players) p.advanceTo(until);
    time = until;
  };

  const media = (options: SimMediaOptions = {}): SimMedia => {
    let position = 0;
    let playing = false;
    // Seek buffering and play start both hold the position still until then.
    let stalledUntil = 0;
    let seekingUntil = 0;
    let at = time;
    const speed = 1 + (options.speedError ?? 0);
    const element: SimMedia = {
      get currentTime() {
        return position;
      },
      get paused() {
        return !playing;
      },
      get seeking() {
        return time < seekingUntil;
      },
      playbackRate: 1,
      seeks: 0,
      plays: 0,
      play() {
        if (playing || options.stuck) return;
        playing = true;
        element.plays++;
        stalledUntil = Math.max(stalledUntil, time + (options.startMs?.() ?? 0));
      },
      pause() {
        playing = false;
      },
      seek(seconds) {
        element.seeks++;
        if (options.stuck) return;
        position = seconds;
        seekingUntil = time + (options.seekMs?.() ?? 0);
        stalledUntil = Math.max(stalledUntil, seekingUntil);
      },
    };
    players.push({
      advanceTo(t) {
        const from = Math.max(at, stalledUntil);
        if (playing && t > from) position += ((t - from) / 1000) * element.playbackRate * speed;
        at = t;
      },
    });
    return element;
  };

  return {
    now: () => time,
    schedule: (at, fn) => void schedule(at, fn),
    clock: (offsetMs = 0) => ({
      now: () => time + offsetMs,
      setTimeout: (fn, ms) => schedule(time + ms, fn),
      clearTimeout: (handle) => {
        (handle as { cancelled: boolean }).cancelled = true;
      },
    }),
    media,
    runUntil,
    advance: (ms) => runUntil(time + ms),
  };
}
