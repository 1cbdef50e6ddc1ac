import type { PlaybackQualityReport } from '@marquee/contract';
import {
  QUALITY_LIMITS,
  QUALITY_REPORT_INTERVAL_MS,
  randomString,
  type PlaybackEngine,
} from '@marquee/domain';
import type { PlayerError } from './errors';
import type { IntervalTimers } from './heartbeat';
import type { EngineKind } from './options';
import { monotonicNow } from './now';
import type { Player } from './player';
import type { PageLifecycle } from './progress';

/** Sends one report; `beacon` when the page or the video is going away (decision 0083). */
export type SendQualityReport = (report: PlaybackQualityReport, options: { beacon: boolean }) => void;

export type TrackPlaybackQualityOptions = {
  videoUid: string;
  send: SendQualityReport;
  /** How often a long session sends its running totals (default 60 s). */
  intervalMs?: number;
  timers?: IntervalTimers;
  /** pagehide / visibilitychange to hidden send at once (default: the window, where there is one). */
  page?: PageLifecycle | null;
  sessionId?: string;
  /**
   * Whether the page is handling the viewer's gesture (default: `navigator.userActivation.isActive`,
   * false where the browser does not tell): a play the viewer asks for.
   */
  userActivated?: () => boolean;
};

const pageUserActivated = () =>
  typeof navigator !== 'undefined' &&
  (navigator as Navigator & { userActivation?: { isActive: boolean } }).userActivation?.isActive === true;

/** HAVE_FUTURE_DATA: the element could play at once, so a later play() is the viewer's own start. */
const READY_TO_PLAY = 3;

const engineOf = (kind: EngineKind): PlaybackEngine =>
  kind === 'hls.js' ? 'hls.js' : kind === 'native' || kind === 'progressive' ? 'native' : 'provider';

/** `network` or `network.manifestLoadError`: the error's kind, with hls.js's detail where it is a token. */
export function qualityErrorCode(error: PlayerError): string {
  const detail = error.detail && /^[\w.:-]{1,40}$/.test(error.detail) ? `.${error.detail}` : '';
  return `${error.kind}${detail}`;
}

/** A listener that never throws into the player or the element: measuring is best effort. */
const guarded =
  <T extends unknown[]>(fn: (...args: T) => void) =>
  (...args: T) => {
    try {
      fn(...args);
    } catch {
      // Playback goes on whatever happens here.
    }
  };

const clamp = (n: number, max: number) => Math.min(max, Math.max(0, Math.round(n)));

/**
 * Measures one playback session of `player` from its media events and sends its running totals
 * (decision 0083): startup from the play intent (the player's `createdAt`, as it starts loading its
 * source, or the viewer's own play — a gesture — when the media could already play) to the first
 * `playing`; time watched; stalls (`waiting`
 * while playing, not seeking) and their time; rendition switches (hls.js LEVEL_SWITCHED after the
 * first; elsewhere a change of the picture's size) with the time-weighted and last bitrate; and a
 * fatal error. A report goes out every `intervalMs` while something changed, at the end, on a fatal
 * error, when the page is hidden or left, and on the returned unbind (leaving the video), each with
 * the next `seq`. Nothing is sent before a first frame or a fatal error. It only listens: a failure
 * in here never reaches playback.
 */
export function trackPlaybackQuality(
  player: Pick<Player, 'on' | 'video' | 'engine' | 'createdAt'>,
  options: TrackPlaybackQualityOptions,
): () => void {
  const { video } = player;
  // On the player's clock: `createdAt` is a monotonicNow().
  const timers = options.timers ?? {
    setTimeout: (fn: () => void, ms: number) => globalThis.setTimeout(fn, ms),
    clearTimeout: (h: unknown) => globalThis.clearTimeout(h as ReturnType<typeof setTimeout>),
    now: monotonicNow,
  };
  const sessionId = options.sessionId ?? randomString();
  const intervalMs = options.intervalMs ?? QUALITY_REPORT_INTERVAL_MS;
  const userActivated = options.userActivated ?? pageUserActivated;

  // The player starts loading its source as it is made (hls.js's own download included): that is
  // the play intent, unless the viewer presses play once the media is ready. It may be bound a few
  // renders later, when events from before are still queued. An autoplay held by a gate (age, ad
  // blocker) counts from here: the viewer waited for it too.
  let intentAt = player.createdAt;
  let startupMs: number | null = null;
  let playingSince: number | null = null;
  let watchedMs = 0;
  let stallSince: number | null = null;
  let stalledMs = 0;
  let stallCount = 0;
  let seeking = false;
  let switches = 0;
  let bitrate: number | null = null;
  let bitrateMs = 0;
  let bitrateWeighted = 0;
  let levelSeen = false;
  let height = 0;
  let errorCode: string | null = null;
  let seq = 0;
  let lastSent = '';

  /** Moves the open playing and stalled spans into the totals, up to now. */
  const settle = () => {
    const now = timers.now();
    if (playingSince !== null) {
      const span = now - playingSince;
      watchedMs += span;
      if (bitrate !== null) {
        bitrateMs += span;
        bitrateWeighted += span * bitrate;
      }
      playingSince = now;
    }
    if (stallSince !== null) {
      stalledMs += now - stallSince;
      stallSince = now;
    }
  };

  const report = (): PlaybackQualityReport => ({
    sessionId,
    seq,
    videoUid: options.videoUid,
    engine: engineOf(player.engine),
    startupMs: startupMs === null ? null : clamp(startupMs, QUALITY_LIMITS.startupMs),
    watchedMs: clamp(watchedMs, QUALITY_LIMITS.sessionMs),
    stalledMs: clamp(stalledMs, QUALITY_LIMITS.sessionMs),
    stallCount: clamp(stallCount, QUALITY_LIMITS.count),
    bitrateSwitches: clamp(switches, QUALITY_LIMITS.count),
    averageBitrate:
      bitrateMs > 0 ? clamp(bitrateWeighted / bitrateMs, QUALITY_LIMITS.bitrate) || null : bitrate,
    lastBitrate: bitrate === null ? null : clamp(bitrate, QUALITY_LIMITS.bitrate) || null,
    errorCode,
  });

  const send = guarded((beacon: boolean) => {
    if (startupMs === null && errorCode === null) return;
    settle();
    const figures = report();
    const key = JSON.stringify({ ...figures, seq: 0 });
    if (key === lastSent) return;
    lastSent = key;
    seq += 1;
    options.send({ ...figures, seq }, { beacon });
  });

  let timer: unknown = null;
  const tick = () => {
    send(false);
    timer = timers.setTimeout(tick, intervalMs);
  };
  timer = timers.setTimeout(tick, intervalMs);

  const startPlaying = () => {
    const now = timers.now();
    if (startupMs === null) startupMs = now - intentAt;
    if (stallSince !== null) {
      stalledMs += now - stallSince;
      stallSince = null;
    }
    if (playingSince === null) playingSince = now;
  };
  const resumeIfPlaying = () => {
    if (playingSince === null && startupMs !== null && stallSince === null && !seeking && !video.paused)
      if (video.readyState >= READY_TO_PLAY) startPlaying();
  };
  const stopPlaying = () => {
    settle();
    playingSince = null;
  };

  const media: Array<[string, () => void]> = [
    [
      'play',
      () => {
        // The viewer's own play once the media could already play: startup counts from here.
        if (startupMs === null && video.readyState >= READY_TO_PLAY && userActivated())
          intentAt = timers.now();
      },
    ],
    ['playing', startPlaying],
    [
      'waiting',
      () => {
        if (startupMs === null || seeking || video.paused || stallSince !== null) return;
        stopPlaying();
        stallSince = timers.now();
        stallCount += 1;
      },
    ],
    ['seeking', () => ((seeking = true), stopPlaying())],
    [
      'seeked',
      () => {
        seeking = false;
        resumeIfPlaying();
      },
    ],
    // A seek within the buffer resumes without a 'playing': the next timeupdate says it plays.
    ['timeupdate', () => resumeIfPlaying()],
    [
      'pause',
      () => {
        stopPlaying();
        if (stallSince !== null) settle();
        stallSince = null;
      },
    ],
    [
      'resize',
      () => {
        // Native HLS tells of a rendition change only by the picture's size.
        const next = video.videoHeight;
        if (!levelSeen && startupMs !== null && height > 0 && next > 0 && next !== height) switches += 1;
        if (next > 0) height = next;
      },
    ],
    [
      'ended',
      () => {
        stopPlaying();
        send(true);
      },
    ],
  ];
  const listeners = media.map(([name, fn]) => [name, guarded(fn)] as const);
  for (const [name, fn] of listeners) video.addEventListener(name, fn);

  const offs = [
    player.on(
      'error',
      guarded((error: PlayerError) => {
        if (!error.fatal || errorCode !== null) return;
        stopPlaying();
        errorCode = qualityErrorCode(error);
        send(true);
      }),
    ),
    player.on(
      'levelswitch',
      guarded(({ bitrate: next }: { bitrate: number }) => {
        settle();
        if (levelSeen && next !== bitrate) switches += 1;
        levelSeen = true;
        bitrate = next;
      }),
    ),
  ];

  const page = options.page === undefined ? (typeof window === 'undefined' ? null : window) : options.page;
  const leave = () => send(true);
  const onVisibility = () => {
    if (page?.document.visibilityState === 'hidden') leave();
  };
  page?.addEventListener('pagehide', leave);
  page?.addEventListener('visibilitychange', onVisibility);

  return () => {
    if (timer !== null) timers.clearTimeout(timer);
    timer = null;
    page?.removeEventListener('pagehide', leave);
    page?.removeEventListener('visibilitychange', onVisibility);
    for (const [name, fn] of listeners) video.removeEventListener(name, fn);
    for (const off of offs) off();
    stopPlaying();
    send(true);
  };
}
