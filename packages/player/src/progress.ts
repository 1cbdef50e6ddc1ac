import { PROGRESS_FLUSH_AT, PROGRESS_RETRY_DELAYS_MS } from '@marquee/domain';
import type { Player } from './player';

/** One position report: a video uid and the playhead in seconds. */
export type ProgressEntry = { id: string; progress: number };

/** Sends a batch; resolves when the server accepted it. `keepalive` while the page unloads. */
export type SendProgress = (batch: ProgressEntry[], options: { keepalive: boolean }) => Promise<unknown>;

export type Timers = {
  setTimeout: (fn: () => void, ms: number) => unknown;
  clearTimeout: (handle: unknown) => void;
};

const realTimers: Timers = {
  setTimeout: (fn, ms) => globalThis.setTimeout(fn, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
};

export interface ProgressRecorder {
  /** Queues a position; the queue is sent once PROGRESS_FLUSH_AT reports have accumulated. */
  report(entry: ProgressEntry): void;
  /** Sends what is queued now (on stop, login, logout; `keepalive` on page unload). */
  flush(options?: { keepalive?: boolean }): void;
  /** Reports not yet accepted by the server. */
  pending(): number;
  /** Stops retrying. What is queued stays unsent: flush first. */
  dispose(): void;
}

/**
 * Batches watch progress (playback-and-social §4.8): "items flush when 5 have accumulated", and a
 * batch the server did not accept is retried by "the retry helper [that] waits 15000 ms first, then
 * backs off 5000 ms until the result is accepted". Reports that arrive meanwhile join the retry, and
 * only the newest position of each video is sent.
 */
export function createProgressRecorder(send: SendProgress, timers: Timers = realTimers): ProgressRecorder {
  let queued: ProgressEntry[] = [];
  let inFlight: ProgressEntry[] = [];
  let retry: unknown = null;
  let attempt = 0;
  let disposed = false;

  const latestPerVideo = (entries: ProgressEntry[]) => [
    ...new Map(entries.map((e) => [e.id, e] as const)).values(),
  ];

  function scheduleRetry() {
    if (disposed || retry !== null) return;
    const delay = attempt === 1 ? PROGRESS_RETRY_DELAYS_MS.first : PROGRESS_RETRY_DELAYS_MS.next;
    retry = timers.setTimeout(() => {
      retry = null;
      flush();
    }, delay);
  }

  function flush({ keepalive = false }: { keepalive?: boolean } = {}) {
    if (disposed || (queued.length === 0 && inFlight.length === 0)) return;
    if (retry !== null && !keepalive) return; // the retry timer sends it
    if (retry !== null) {
      timers.clearTimeout(retry);
      retry = null;
    }
    const batch = latestPerVideo([...inFlight, ...queued]);
    inFlight = batch;
    queued = [];
    attempt++;
    send(batch, { keepalive }).then(
      () => {
        if (inFlight === batch) inFlight = [];
        attempt = 0;
      },
      () => scheduleRetry(),
    );
  }

  return {
    report(entry) {
      if (disposed) return;
      queued.push(entry);
      if (queued.length >= PROGRESS_FLUSH_AT) flush();
    },
    flush,
    pending: () => queued.length + inFlight.length,
    dispose() {
      disposed = true;
      if (retry !== null) timers.clearTimeout(retry);
      retry = null;
    },
  };
}

/** The page events that mean "the viewer may be gone" (window in browsers). */
export type PageLifecycle = Pick<Window, 'addEventListener' | 'removeEventListener'> & {
  document: Pick<Document, 'visibilityState'>;
};

/** How often a playing video reports its position (the spec leaves the sampling to us: decision 0017). */
export const PROGRESS_SAMPLE_S = 10;

/**
 * Reports `videoUid`'s position to the recorder every PROGRESS_SAMPLE_S seconds of playback, on pause
 * and at the end; flushes with keepalive when the page is hidden or unloads. Returns the unbind,
 * which reports and flushes the last position; with `pause` (the viewer stopped or switched
 * videos) it pauses the player first and saves the position it paused at (§4.1 "Before the
 * switch, the previous video stops, is paused and has its state saved").
 */
export function trackProgress(
  player: Pick<Player, 'on'> & Partial<Pick<Player, 'pause' | 'video'>>,
  recorder: ProgressRecorder,
  videoUid: string,
  page: PageLifecycle = window,
): (opts?: { pause?: boolean }) => void {
  let position = 0;
  let lastReported = 0;
  const report = () => {
    recorder.report({ id: videoUid, progress: position });
    lastReported = position;
  };
  const offs = [
    player.on('timeupdate', ({ currentTime }) => {
      position = currentTime;
      if (Math.abs(position - lastReported) >= PROGRESS_SAMPLE_S) report();
    }),
    player.on('pause', ({ currentTime }) => {
      position = currentTime;
      report();
    }),
    player.on('ended', ({ duration }) => {
      position = duration;
      report();
      recorder.flush();
    }),
  ];
  const leave = () => {
    if (position > 0 && position !== lastReported) report();
    recorder.flush({ keepalive: true });
  };
  const onVisibility = () => {
    if (page.document.visibilityState === 'hidden') leave();
  };
  page.addEventListener('pagehide', leave);
  page.addEventListener('visibilitychange', onVisibility);
  return ({ pause = false } = {}) => {
    for (const off of offs) off();
    page.removeEventListener('pagehide', leave);
    page.removeEventListener('visibilitychange', onVisibility);
    if (pause) {
      player.pause?.();
      // The paused frame, not the last timeupdate (up to a quarter second behind).
      const at = player.video?.currentTime;
      if (typeof at === 'number' && Number.isFinite(at) && at > 0) position = at;
    }
    if (position > 0 && position !== lastReported) report();
    recorder.flush();
  };
}
