import { HLS_MIME } from './constants';
import type { PlayerError } from './errors';
import type { RenewedSource } from './source-renewal';

/** A DRM-protected source (play-url's `drmType` and `licenseUrl`; decision 0081): Clear Key only. */
export interface PlayerDrm {
  type: 'clearkey';
  /** Where the CDM's licence request is posted (JSON); the signed token is in its path. */
  licenseUrl: string;
}

/** The DRM a play-url response asks for, or null: only a `clearkey` one with a licence URL. */
export function playerDrm(playUrl: { drmType: string | null; licenseUrl: string | null }): PlayerDrm | null {
  return playUrl.drmType === 'clearkey' && playUrl.licenseUrl
    ? { type: 'clearkey', licenseUrl: playUrl.licenseUrl }
    : null;
}

export interface PlayerOptions {
  /** HLS master playlist (or a progressive file) URL. */
  src: string;
  /** Start playing as soon as possible. Autoplay starts muted (browsers block sound without a gesture). */
  autoplay?: boolean;
  /** Start muted even without autoplay. */
  muted?: boolean;
  /** Seconds to start at (VOD only). */
  startTime?: number;
  /** A live stream (sliding window): no start time, stay near the live edge. */
  live?: boolean;
  /** Called for every error, besides the `error` event. */
  onError?: (error: PlayerError) => void;
  /** The source is DRM-protected: played through hls.js with EME (decision 0081). */
  drm?: PlayerDrm | null;
  /** When the signed `src` expires (play-url's `expiresAt`). */
  expiresAt?: string | null;
  /**
   * Asks play-url again before `expiresAt`, so a play longer than the URL's life goes on (hls.js
   * moves its requests onto the new token; decision 0037). Null when it no longer plays.
   */
  renewSource?: () => Promise<RenewedSource | null>;
  /**
   * The server's clock, which `expiresAt` is on (the API client's `serverNow`): renewal is timed by
   * it, as a device's own clock may be far off. Defaults to this device's clock.
   */
  serverNow?: () => number;
  /**
   * Where to listen for the first user gesture that unmutes an autoplay-muted video
   * (defaults to `document`). Pass null to stay muted.
   */
  gestureTarget?: Pick<EventTarget, 'addEventListener' | 'removeEventListener'> | null;
}

export interface ResolvedPlayerOptions {
  src: string;
  autoplay: boolean;
  /** Muted at start. */
  muted: boolean;
  /** Unmute on the first user gesture (autoplay forced the mute, the caller did not ask for it). */
  unmuteOnGesture: boolean;
  startTime: number;
  live: boolean;
  expiresAt: string | null;
  renewSource: (() => Promise<RenewedSource | null>) | null;
  serverNow: () => number;
  drm: PlayerDrm | null;
}

/** Normalises the caller's options: autoplay implies a muted start, live ignores startTime. */
export function buildPlayerOptions(options: PlayerOptions): ResolvedPlayerOptions {
  const autoplay = options.autoplay === true;
  const askedMuted = options.muted === true;
  const live = options.live === true;
  const start = Number(options.startTime);
  return {
    src: options.src.trim(),
    autoplay,
    muted: autoplay || askedMuted,
    unmuteOnGesture: autoplay && !askedMuted && options.gestureTarget !== null,
    startTime: !live && Number.isFinite(start) && start > 0 ? start : 0,
    live,
    expiresAt: options.expiresAt ?? null,
    renewSource: options.renewSource ?? null,
    serverNow: options.serverNow ?? (() => Date.now()),
    drm: options.drm ?? null,
  };
}

/** Our engines, and the providers' own players (YouTube, Dailymotion, JW Player; decision 0059). */
export type EngineKind = 'native' | 'hls.js' | 'progressive' | 'yt' | 'dm' | 'jw';

/** True when the URL looks like an HLS playlist. */
export function isHlsUrl(src: string): boolean {
  return /\.m3u8(\?|#|$)/i.test(src);
}

/**
 * Which engine plays `src`: a progressive file plays directly; HLS plays natively when the
 * element says it can (`canPlayType('application/vnd.apple.mpegurl')`), else through hls.js.
 * A Clear Key source always goes through hls.js: native HLS players have no Clear Key.
 */
export function chooseEngine(
  src: string,
  canPlayType: (type: string) => string,
  drm: PlayerDrm | null = null,
): EngineKind {
  if (!isHlsUrl(src)) return 'progressive';
  return canPlayType(HLS_MIME) !== '' && !drm ? 'native' : 'hls.js';
}

/** 16 bytes as the Clear Key CDM spells a key id: base64url without padding. */
function base64url(bytes: Uint8Array): string {
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

/**
 * hls.js's `generateRequest` for Clear Key: a playlist key (`KEYFORMAT="org.w3.clearkey"`) comes
 * with no init data (our fMP4 has no pssh box), so the request names its key id as `keyids` JSON
 * (W3C EME's Clear Key init data); init data from an `encrypted` event passes through.
 */
export function clearKeyInitData(
  initDataType: string,
  initData: ArrayBuffer | null,
  keyContext: { decryptdata?: { keyId?: Uint8Array | null } },
): { initDataType: string; initData: ArrayBuffer | null } {
  const keyId = keyContext.decryptdata?.keyId;
  if (initData || !keyId) return { initDataType, initData };
  const json = JSON.stringify({ kids: [base64url(keyId)] });
  return { initDataType: 'keyids', initData: new TextEncoder().encode(json).buffer as ArrayBuffer };
}

/** hls.js EME settings for a Clear Key source: our licence URL (`rewrite` renews its token), posted as JSON. */
function clearKeyHlsConfig(drm: PlayerDrm, rewrite: (url: string) => string) {
  return {
    emeEnabled: true,
    drmSystems: {
      'org.w3.clearkey': { licenseUrl: drm.licenseUrl, generateRequest: clearKeyInitData },
    },
    licenseXhrSetup: (xhr: XMLHttpRequest, url: string) => {
      xhr.open('POST', rewrite(url), true);
      xhr.setRequestHeader('Content-Type', 'application/json');
    },
  };
}

/** The hls.js configuration for a resolved option set (a subset of hls.js `HlsConfig`). */
export function buildHlsConfig(
  options: Pick<ResolvedPlayerOptions, 'live' | 'startTime'> & { drm?: PlayerDrm | null },
  rewriteLicenseUrl: (url: string) => string = (url) => url,
) {
  return {
    enableWorker: true,
    lowLatencyMode: false,
    startPosition: options.live || options.startTime <= 0 ? -1 : options.startTime,
    backBufferLength: options.live ? 30 : 90,
    // Stay three target durations behind the live edge of the sliding window.
    liveSyncDurationCount: 3,
    liveMaxLatencyDurationCount: 10,
    // Captions come from <track> elements (the .vtt beside the signed playlist, `captionTracks`) on
    // every engine, so hls.js does not add a second copy of the playlist's subtitle group.
    subtitleTrackController: undefined,
    subtitleStreamController: undefined,
    enableWebVTT: false,
    ...(options.drm ? clearKeyHlsConfig(options.drm, rewriteLicenseUrl) : {}),
  };
}
