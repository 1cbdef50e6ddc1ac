import type { VASTTracker } from '@dailymotion/vast-client';
import { VAST_TIMEOUT_MS } from '@marquee/domain';

/**
 * Video ads (playback-and-social §4.3, §4.4; decision 0026): an ad break is fetched and parsed
 * with @dailymotion/vast-client, and its linear creative is played in a media element of its own
 * while the VASTTracker fires the impression, quartile, completion, skip and error URLs.
 */

/** The parts of vast-client's URL handler we pass through (tests answer without the network). */
export type VastUrlHandler = {
  get: (
    url: string,
    options: object,
  ) => Promise<{ xml?: unknown; error?: Error; statusCode?: number | null }>;
};

type LinearCreative = {
  type: string;
  duration: number;
  skipDelay: number | null;
  mediaFiles: { fileURL: string | null; mimeType: string | null; width: number; height: number }[];
  videoClickThroughURLTemplate: { url: string } | null;
};

/** One ad of a break, ready to play. */
export type AdBreak = {
  adId: string | null;
  title: string | null;
  mediaUrl: string;
  mimeType: string;
  durationS: number;
  /** Seconds after which 'Skip' is offered; null when the creative is not skippable. */
  skipOffsetS: number | null;
  clickThrough: string | null;
  tracker: VASTTracker;
};

export type LoadAdBreakOptions = {
  timeoutMs?: number;
  /** Which media types this browser plays (`video.canPlayType`); MP4 is assumed otherwise. */
  canPlay?: (mimeType: string) => boolean;
  urlHandler?: VastUrlHandler;
};

/** A VAST document requested ahead of `loadAdBreak` (see `prefetchVast`). */
export type VastPrefetch = { url: string; text: Promise<string> };

type FetchText = (
  url: string,
  init: { credentials: 'omit'; signal: AbortSignal },
) => Promise<{
  ok: boolean;
  status: number;
  text: () => Promise<string>;
}>;

function fetchVastText(url: string, timeoutMs: number, fetchFn: FetchText): Promise<string> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  return fetchFn(url, { credentials: 'omit', signal: controller.signal })
    .then((res) => {
      if (!res.ok) throw new Error(`VAST request failed (${res.status})`);
      return res.text();
    })
    .finally(() => clearTimeout(timer));
}

/**
 * Starts fetching a VAST document now, as plain text: the network part of an ad check runs
 * alongside play-url (§4.1) while the VAST client's code is only downloaded and run once an ad
 * will really play (`loadAdBreak` with `{ prefetched }`). Most videos play without ads.
 */
export function prefetchVast(
  url: string,
  timeoutMs = VAST_TIMEOUT_MS,
  fetchFn: FetchText = (u, init) => fetch(u, init),
): VastPrefetch {
  const text = fetchVastText(url, timeoutMs, fetchFn);
  text.catch(() => {}); // unused when the video turns out to be ad-free
  return { url, text };
}

/** vast-client's URL handler over a prefetched first document (wrappers are fetched on demand). */
function prefetchedHandler(prefetched: VastPrefetch, timeoutMs: number): VastUrlHandler {
  return {
    get: async (url) => {
      try {
        const text =
          url === prefetched.url
            ? await prefetched.text
            : await fetchVastText(url, timeoutMs, (u, init) => fetch(u, init));
        return { xml: new DOMParser().parseFromString(text, 'text/xml') };
      } catch (error) {
        return { error: error as Error, statusCode: null };
      }
    },
  };
}

/**
 * Fetches the VAST at `source` (a URL, or a `prefetchVast` under way) and returns its first
 * linear ad with a playable media file, or null when the document has no ad (an empty `<VAST/>`). A VAST that cannot be fetched or parsed
 * rejects; an ad without a playable file fires its error URL (VAST 403) and is skipped.
 */
export async function loadAdBreak(
  source: string | VastPrefetch,
  options: LoadAdBreakOptions = {},
): Promise<AdBreak | null> {
  // Loaded on the first ad break only: sites without ads never download the VAST client.
  const { VASTClient, VASTTracker } = await import('@dailymotion/vast-client');
  const client = new VASTClient();
  const canPlay = options.canPlay ?? ((type: string) => type === 'video/mp4');
  const timeout = options.timeoutMs ?? VAST_TIMEOUT_MS;
  const url = typeof source === 'string' ? source : source.url;
  const urlHandler =
    options.urlHandler ?? (typeof source === 'string' ? undefined : prefetchedHandler(source, timeout));
  const response = await client.get(url, {
    timeout,
    withCredentials: false,
    ...(urlHandler ? { urlHandler } : {}),
  });
  for (const ad of response.ads) {
    const linear = (ad.creatives as unknown as LinearCreative[]).find((c) => c.type === 'linear');
    if (!linear) continue;
    const tracker = new VASTTracker(client, ad, linear as never);
    const media = linear.mediaFiles.find((m) => m.fileURL && m.mimeType && canPlay(m.mimeType));
    if (!media) {
      // VAST 403: "Couldn't find MediaFile that is supported by this video player".
      tracker.error({ ERRORCODE: '403' });
      continue;
    }
    return {
      adId: ad.id ?? null,
      title: ad.title ?? null,
      mediaUrl: media.fileURL!,
      mimeType: media.mimeType!,
      durationS: linear.duration,
      skipOffsetS: linear.skipDelay === null || linear.skipDelay < 0 ? null : linear.skipDelay,
      clickThrough: linear.videoClickThroughURLTemplate?.url ?? null,
      tracker,
    };
  }
  return null;
}

/** What `playAdBreak` needs of a `<video>`. */
export type AdMedia = {
  src: string;
  currentTime: number;
  duration: number;
  muted: boolean;
  play: () => Promise<void> | void;
  pause: () => void;
  addEventListener: (type: string, listener: () => void) => void;
  removeEventListener: (type: string, listener: () => void) => void;
};

/** The spec's ad events: "An ad-active flag is set on adStart and cleared on adDone, adError or adSkip." */
export type AdEvent = 'adStart' | 'adDone' | 'adError' | 'adSkip';

export type AdPlayback = {
  /** Skips the ad once its skip offset has passed; false (nothing happens) before. */
  skip: () => boolean;
  /** Seconds left before 'Skip' is offered (0: now; null: never). */
  skipIn: () => number | null;
  /** Tracks a click and returns the click-through URL to open (or null). */
  click: () => string | null;
  /** Ends the break without an event (the viewer left the page). */
  stop: () => void;
};

export type PlayAdOptions = {
  /** An ad that has not started playing after this long is an error (the content then plays). */
  startTimeoutMs?: number;
  setTimer?: (fn: () => void, ms: number) => unknown;
  clearTimer?: (handle: unknown) => void;
};

/** Ads that do not start within this long give way to the content. */
export const AD_START_TIMEOUT_MS = 8_000;

/**
 * Plays one ad in `media` and reports adStart (first frame playing, after the impression) and
 * exactly one of adDone, adSkip or adError. Tracking: `loaded` when the media can play, the
 * impression and `start` when it plays, quartiles from `timeupdate`, `complete` at the end, `skip`,
 * and the VAST error URL (405: the file could not be played; 402: it did not start in time).
 */
export function playAdBreak(
  adBreak: AdBreak,
  media: AdMedia,
  onEvent: (event: AdEvent) => void,
  options: PlayAdOptions = {},
): AdPlayback {
  const { tracker } = adBreak;
  const setTimer = options.setTimer ?? ((fn, ms) => setTimeout(fn, ms));
  const clearTimer = options.clearTimer ?? ((h) => clearTimeout(h as ReturnType<typeof setTimeout>));
  let started = false;
  let loaded = false;
  let finished = false;
  tracker.setDuration(adBreak.durationS);

  const listeners: [string, () => void][] = [
    [
      'canplay',
      () => {
        if (loaded) return;
        loaded = true;
        tracker.load();
      },
    ],
    [
      'playing',
      () => {
        if (started || finished) return;
        started = true;
        clearTimer(startTimer);
        tracker.trackImpression();
        onEvent('adStart');
      },
    ],
    [
      'timeupdate',
      () => {
        if (started && !finished && media.currentTime > 0) tracker.setProgress(media.currentTime);
      },
    ],
    [
      'ended',
      () => {
        if (finished) return;
        tracker.setProgress(adBreak.durationS);
        tracker.complete();
        finish('adDone');
      },
    ],
    ['error', () => fail('405')],
  ];

  function finish(event: AdEvent | null) {
    if (finished) return;
    finished = true;
    clearTimer(startTimer);
    for (const [type, fn] of listeners) media.removeEventListener(type, fn);
    media.pause();
    if (event) onEvent(event);
  }

  function fail(code: string) {
    if (finished) return;
    tracker.error({ ERRORCODE: code });
    finish('adError');
  }

  for (const [type, fn] of listeners) media.addEventListener(type, fn);
  const startTimer = setTimer(() => {
    if (!started) fail('402');
  }, options.startTimeoutMs ?? AD_START_TIMEOUT_MS);

  media.src = adBreak.mediaUrl;
  const attempt = () => Promise.resolve(media.play());
  // Autoplay with sound may be refused before a gesture: retry muted, as the content player does.
  attempt().catch(() => {
    if (finished) return;
    media.muted = true;
    attempt().catch(() => fail('400'));
  });

  const skipIn = () =>
    adBreak.skipOffsetS === null ? null : Math.max(0, adBreak.skipOffsetS - (media.currentTime || 0));

  return {
    skip() {
      if (finished || !started || skipIn() !== 0) return false;
      tracker.skip();
      finish('adSkip');
      return true;
    },
    skipIn,
    click() {
      if (finished) return null;
      tracker.click();
      return adBreak.clickThrough;
    },
    stop: () => finish(null),
  };
}
