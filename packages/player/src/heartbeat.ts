import type { PlayerPayload } from '@marquee/domain';
import type { Player } from './player';

/** Interval timers (the heartbeat's clock); tests pass fake ones. */
export type IntervalTimers = {
  setTimeout: (fn: () => void, ms: number) => unknown;
  clearTimeout: (handle: unknown) => void;
  now: () => number;
};

const realTimers: IntervalTimers = {
  setTimeout: (fn, ms) => globalThis.setTimeout(fn, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
  now: () => Date.now(),
};

export type HeartbeatOptions = {
  /** The site config's `heartbeat.url`; null posts nothing there (the beats only go to `sink`). */
  url: string | null;
  /** The site config's `heartbeat.intervalSeconds`, in ms. */
  intervalMs: number;
  /** The body of each beat, built when it is sent. */
  payload: () => unknown;
  /** Delay of the first beat (default 0: at once). */
  firstDelayMs?: number;
  fetch?: typeof fetch;
  timers?: IntervalTimers;
  /** Called after each beat is handed to fetch, with its time. */
  onBeat?: (at: number) => void;
  /** Also queues each beat here: the batched heartbeat analytics to our server (decision 0060). */
  sink?: { track(payload: unknown): void };
};

/**
 * Posts `payload()` to `url` every `intervalMs` until the returned stop is called
 * (playback-and-social §7: "a heartbeat is posted to a URL from site config at a configured
 * interval, without credentials"). Each beat is `fetch(url, { method: 'POST', credentials: 'omit',
 * keepalive: true, mode: 'no-cors' })` with the JSON as `text/plain`: a CORS-safelisted request, so
 * any collector can receive it without a preflight, and no cookie or token goes with it. Failures
 * are ignored: a missed beat is followed by the next one.
 */
export function startHeartbeat(options: HeartbeatOptions): () => void {
  const timers = options.timers ?? realTimers;
  const doFetch = options.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => fetch(input, init));
  let handle: unknown = null;
  let stopped = false;

  const beat = () => {
    handle = null;
    if (stopped) return;
    const payload = options.payload();
    options.sink?.track(payload);
    if (options.url !== null) postBeat(options.url, payload);
    options.onBeat?.(timers.now());
    handle = timers.setTimeout(beat, options.intervalMs);
  };
  const postBeat = (url: string, payload: unknown) => {
    try {
      doFetch(url, {
        method: 'POST',
        credentials: 'omit',
        keepalive: true,
        mode: 'no-cors',
        headers: { 'content-type': 'text/plain;charset=UTF-8' },
        body: JSON.stringify(payload),
      }).catch(() => {});
    } catch {
      // fetch can throw at once (a keepalive over the browser's quota); the next beat tries again.
    }
  };
  handle = timers.setTimeout(beat, Math.max(0, options.firstDelayMs ?? 0));

  return () => {
    stopped = true;
    if (handle !== null) timers.clearTimeout(handle);
    handle = null;
  };
}

/**
 * The spec's heartbeat payload: "player info, video summary, channel (_id, name, channelId), user
 * id, user agent".
 */
export type HeartbeatPayload = {
  player: { engine: string; currentTime: number; duration: number | null; paused: boolean; muted: boolean };
  video: { uid: string; title: string; type: string; duration: number };
  channel: { _id: string; name: string; channelId: string };
  userId: string | null;
  userAgent: string;
  siteUid: string;
  sentAt: string;
  /** The player payload of §3 (consent and title data included; decision 0064), null until known. */
  payload: PlayerPayload | null;
};

export type TrackHeartbeatOptions = {
  url: string | null;
  intervalMs: number;
  siteUid: string;
  video: HeartbeatPayload['video'];
  channel: HeartbeatPayload['channel'];
  userId: string | null;
  userAgent?: string;
  payload?: PlayerPayload | null;
  fetch?: typeof fetch;
  timers?: IntervalTimers;
  /** The batched heartbeat queue (decision 0060): every beat is queued here too. */
  sink?: { track(payload: HeartbeatPayload): void };
};

/**
 * Runs the heartbeat while `player` plays: it starts on `playing` and stops on pause, at the end and
 * on the returned unbind. Resuming does not beat early: the next beat comes one interval after the
 * last one.
 */
export function trackHeartbeat(
  player: Pick<Player, 'on' | 'video' | 'engine'>,
  options: TrackHeartbeatOptions,
): () => void {
  const timers = options.timers ?? realTimers;
  const userAgent = options.userAgent ?? (typeof navigator === 'undefined' ? '' : navigator.userAgent);
  let stop: (() => void) | null = null;
  let lastBeat = -Infinity;

  const payload = (): HeartbeatPayload => {
    const { currentTime, duration, paused, muted } = player.video;
    return {
      player: {
        engine: player.engine,
        currentTime,
        duration: Number.isFinite(duration) ? duration : null,
        paused,
        muted,
      },
      video: options.video,
      channel: options.channel,
      userId: options.userId,
      userAgent,
      siteUid: options.siteUid,
      sentAt: new Date(timers.now()).toISOString(),
      payload: options.payload ?? null,
    };
  };
  const start = () => {
    if (stop) return;
    stop = startHeartbeat({
      url: options.url,
      intervalMs: options.intervalMs,
      payload,
      firstDelayMs: lastBeat + options.intervalMs - timers.now(),
      fetch: options.fetch,
      timers,
      sink: options.sink as HeartbeatOptions['sink'],
      onBeat: (at) => (lastBeat = at),
    });
  };
  const halt = () => {
    stop?.();
    stop = null;
  };
  const offs = [player.on('playing', start), player.on('pause', halt), player.on('ended', halt)];
  if (!player.video.paused) start();
  return () => {
    for (const off of offs) off();
    halt();
  };
}
