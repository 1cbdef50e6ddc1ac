import { fromHlsError, type PlayerError } from './errors';
import { HLS_MIME } from './constants';
import { buildHlsConfig, isHlsUrl, type ResolvedPlayerOptions } from './options';
import { createSourceRenewal } from './source-renewal';
import { AUTO_QUALITY, type QualityLevel } from './quality';
import type { AudioTrackInfo } from './tracks';

/** A loaded source: something that can be torn down. */
export interface EngineHandle {
  destroy(): void;
  /** The renditions the viewer can pick (hls.js only; native HLS chooses by itself). */
  qualities?(): QualityLevel[];
  /** The picked rendition, or AUTO_QUALITY. */
  quality?(): number;
  setQuality?(index: number): void;
  /** The stream's audio renditions (hls.js audio tracks, or the element's AudioTrackList). */
  audioTracks?(): AudioTrackInfo[];
  /** The playing audio rendition's index, -1 when unknown. */
  audioTrack?(): number;
  setAudioTrack?(index: number): void;
}

export interface EngineCallbacks {
  onReady(): void;
  onError(error: PlayerError): void;
  /** The renditions or the picked one changed. */
  onQualities?(): void;
  /** The audio renditions or the playing one changed. */
  onAudioTracks?(): void;
  /** hls.js now plays another rendition (the first one included), of this many bits per second. */
  onLevelSwitched?(bitrate: number): void;
}

/** The element's own audio tracks (Safari and some TV engines; not in TypeScript's DOM types). */
interface NativeAudioTrack {
  language: string;
  label: string;
  enabled: boolean;
}
type NativeAudioTrackList = ArrayLike<NativeAudioTrack> &
  Pick<EventTarget, 'addEventListener' | 'removeEventListener'>;

const nativeAudioTracks = (video: HTMLVideoElement) =>
  (video as HTMLVideoElement & { audioTracks?: NativeAudioTrackList }).audioTracks;

/**
 * Starts loading hls.js where the browser has no native HLS, so a screen that is about to play can
 * fetch it while it still waits for its play URL (the chunk is then ready when the player attaches).
 */
export function preloadHlsEngine(canPlayType: (type: string) => string): void {
  if (canPlayType(HLS_MIME) === '') void import('hls.js').catch(() => undefined);
}

/** Loads `url` in the element and carries on where it was: same position, playing if it played. */
export function switchSource(video: HTMLVideoElement, url: string): void {
  const at = video.currentTime;
  const wasPlaying = !video.paused;
  video.addEventListener(
    'loadedmetadata',
    () => {
      video.currentTime = at;
      if (wasPlaying) void video.play().catch(() => undefined);
    },
    { once: true },
  );
  video.src = url;
  video.load();
}

/** Native HLS (Safari, iOS, most TV browsers) or a progressive file: the element does the work. */
export function attachNative(video: HTMLVideoElement, options: ResolvedPlayerOptions, cb: EngineCallbacks) {
  const onMeta = () => {
    if (options.startTime > 0) video.currentTime = options.startTime;
    cb.onReady();
  };
  video.addEventListener('loadedmetadata', onMeta, { once: true });
  const audioList = nativeAudioTracks(video);
  const onAudio = () => cb.onAudioTracks?.();
  audioList?.addEventListener('addtrack', onAudio);
  audioList?.addEventListener('change', onAudio);
  video.src = options.src;
  video.load();
  // The element cannot move its requests onto a renewed token: it switches to the renewed URL at
  // the same position instead (a short rebuffer), before the old one expires (decision 0037).
  const { renewSource } = options;
  const renewal =
    renewSource && isHlsUrl(options.src)
      ? createSourceRenewal({
          src: options.src,
          expiresAt: options.expiresAt,
          now: options.serverNow,
          renew: async () => {
            const next = await renewSource();
            if (next && next.url !== video.currentSrc && next.url !== video.getAttribute('src'))
              switchSource(video, next.url);
            return next;
          },
        })
      : null;
  return {
    destroy() {
      renewal?.stop();
      video.removeEventListener('loadedmetadata', onMeta);
      audioList?.removeEventListener('addtrack', onAudio);
      audioList?.removeEventListener('change', onAudio);
      video.removeAttribute('src');
      video.load();
    },
    audioTracks: () =>
      Array.from(audioList ?? [], (t, index) => ({
        index,
        language: t.language,
        label: t.label || t.language,
      })),
    audioTrack: () => Array.from(audioList ?? []).findIndex((t) => t.enabled),
    setAudioTrack: (index) => {
      Array.from(audioList ?? []).forEach((t, i) => (t.enabled = i === index));
    },
  } satisfies EngineHandle;
}

/**
 * hls.js over Media Source Extensions. hls.js is loaded on demand, so browsers with native HLS never
 * download it. Recovers once from a fatal network or media error before reporting it.
 */
export async function attachHlsJs(
  video: HTMLVideoElement,
  options: ResolvedPlayerOptions,
  cb: EngineCallbacks,
  isCancelled: () => boolean,
): Promise<EngineHandle | null> {
  const { default: Hls } = await import('hls.js');
  if (isCancelled()) return null;
  if (!Hls.isSupported()) {
    cb.onError(fromHlsError({ type: 'otherError', details: 'File could not be played', fatal: true }));
    return null;
  }
  const renewal = options.renewSource
    ? createSourceRenewal({
        src: options.src,
        expiresAt: options.expiresAt,
        now: options.serverNow,
        renew: options.renewSource,
      })
    : null;
  const hls = new Hls({
    // A licence asked after a renewal carries the renewed token too.
    ...buildHlsConfig(options, renewal ? (url) => renewal.rewrite(url) : undefined),
    // hls.js opens the request itself unless this did: a renewed token replaces the first one.
    ...(renewal && {
      xhrSetup: (xhr: XMLHttpRequest, url: string) => {
        const renewed = renewal.rewrite(url);
        if (renewed !== url) xhr.open('GET', renewed, true);
      },
    }),
  });
  const recovered = { network: false, media: false };
  hls.on(Hls.Events.MANIFEST_PARSED, () => {
    cb.onReady();
    cb.onQualities?.();
    cb.onAudioTracks?.();
  });
  hls.on(Hls.Events.LEVEL_SWITCHED, (_event, data) => {
    const bitrate = hls.levels[data.level]?.bitrate;
    if (bitrate) cb.onLevelSwitched?.(bitrate);
  });
  hls.on(Hls.Events.AUDIO_TRACKS_UPDATED, () => cb.onAudioTracks?.());
  hls.on(Hls.Events.AUDIO_TRACK_SWITCHED, () => cb.onAudioTracks?.());
  hls.on(Hls.Events.ERROR, (_event, data) => {
    if (!data.fatal) return;
    // startLoad() resumes segment loading; it never refetches a playlist that failed to load, so a
    // manifest failure would hang silently: report it at once (hls.js has already retried it).
    const manifest = /^manifest/.test(data.details);
    if (data.type === Hls.ErrorTypes.NETWORK_ERROR && !recovered.network && !manifest) {
      recovered.network = true;
      hls.startLoad();
      return;
    }
    if (data.type === Hls.ErrorTypes.MEDIA_ERROR && !recovered.media) {
      recovered.media = true;
      hls.recoverMediaError();
      return;
    }
    cb.onError(fromHlsError({ type: data.type, details: data.details, fatal: true, reason: data.reason }));
    renewal?.stop();
    hls.destroy();
  });
  hls.loadSource(options.src);
  hls.attachMedia(video);
  return {
    destroy: () => {
      renewal?.stop();
      hls.destroy();
    },
    qualities: () => hls.levels.map((l, index) => ({ index, height: l.height, bitrate: l.bitrate })),
    // manualLevel is -1 while hls.js picks (Auto).
    quality: () => (hls.autoLevelEnabled ? AUTO_QUALITY : hls.manualLevel),
    setQuality: (index) => {
      // nextLevel switches at the next fragment, without flushing the buffer and stalling.
      hls.nextLevel = index;
      cb.onQualities?.();
    },
    audioTracks: () =>
      hls.audioTracks.map((t, index) => ({
        index,
        language: t.lang ?? '',
        label: t.name || t.lang || String(index + 1),
      })),
    audioTrack: () => hls.audioTrack,
    setAudioTrack: (index) => {
      hls.audioTrack = index;
    },
  };
}
