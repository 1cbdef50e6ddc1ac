/** Player error mapping (playback-and-social §4.4, §8). */

export const PLAYBACK_UNAVAILABLE_MESSAGE = 'Playback is unavailable on the current browser.';
export const VIDEO_ERROR_MESSAGE = 'There was an error playing the video.';

export type PlayerErrorKind = 'unsupported' | 'network' | 'decode' | 'aborted' | 'autoplay' | 'unknown';

export interface PlayerError {
  kind: PlayerErrorKind;
  /** Text to show the viewer. */
  message: string;
  /** Whether playback cannot continue. */
  fatal: boolean;
  /** The raw error text or code, for logs. */
  detail?: string;
}

/** `MediaError.code` values (HTMLMediaElement spec). */
export const MediaErrorCode = {
  ABORTED: 1,
  NETWORK: 2,
  DECODE: 3,
  SRC_NOT_SUPPORTED: 4,
} as const;

/** A playback error whose text matches 'File could not be played' means the browser cannot play it. */
export function isUnplayableFileError(text: string | undefined): boolean {
  return !!text && /file could not be played/i.test(text);
}

/** Maps a `MediaError`-like value from the <video> element to a viewer message. */
export function fromMediaError(error: { code?: number; message?: string } | null | undefined): PlayerError {
  const detail = error?.message || (error?.code ? `MediaError ${error.code}` : undefined);
  // Code 4 is also what native HLS reports when the playlist fails to load (403, 404…): only an
  // empty or format/codec message means the browser itself cannot play the file.
  const unsupportedSource =
    error?.code === MediaErrorCode.SRC_NOT_SUPPORTED &&
    (!error.message || /not supported|unsupported|codec|format error/i.test(error.message));
  if (isUnplayableFileError(error?.message) || unsupportedSource) {
    return { kind: 'unsupported', message: PLAYBACK_UNAVAILABLE_MESSAGE, fatal: true, detail };
  }
  if (error?.code === MediaErrorCode.ABORTED) {
    return { kind: 'aborted', message: VIDEO_ERROR_MESSAGE, fatal: false, detail };
  }
  if (error?.code === MediaErrorCode.NETWORK) {
    return { kind: 'network', message: VIDEO_ERROR_MESSAGE, fatal: true, detail };
  }
  if (error?.code === MediaErrorCode.DECODE) {
    return { kind: 'decode', message: VIDEO_ERROR_MESSAGE, fatal: true, detail };
  }
  return { kind: 'unknown', message: VIDEO_ERROR_MESSAGE, fatal: true, detail };
}

/** Maps an hls.js error event (`{ type, details, fatal }`) to a viewer message. */
export function fromHlsError(data: {
  type?: string;
  details?: string;
  fatal?: boolean;
  reason?: string;
}): PlayerError {
  const detail = [data.type, data.details, data.reason].filter(Boolean).join(': ') || undefined;
  const fatal = data.fatal !== false;
  if (isUnplayableFileError(data.reason) || isUnplayableFileError(data.details)) {
    return { kind: 'unsupported', message: PLAYBACK_UNAVAILABLE_MESSAGE, fatal, detail };
  }
  if (
    data.details === 'manifestIncompatibleCodecsError' ||
    (data.type === 'mediaError' && /codec/i.test(data.details ?? ''))
  ) {
    return { kind: 'unsupported', message: PLAYBACK_UNAVAILABLE_MESSAGE, fatal, detail };
  }
  if (data.type === 'networkError') return { kind: 'network', message: VIDEO_ERROR_MESSAGE, fatal, detail };
  if (data.type === 'mediaError') return { kind: 'decode', message: VIDEO_ERROR_MESSAGE, fatal, detail };
  return { kind: 'unknown', message: VIDEO_ERROR_MESSAGE, fatal, detail };
}

/** Maps anything thrown (Error, string, unknown) to a viewer message. */
export function fromUnknownError(error: unknown): PlayerError {
  const text = error instanceof Error ? error.message : typeof error === 'string' ? error : undefined;
  if (isUnplayableFileError(text)) {
    return { kind: 'unsupported', message: PLAYBACK_UNAVAILABLE_MESSAGE, fatal: true, detail: text };
  }
  if (error instanceof Error && error.name === 'NotAllowedError') {
    return { kind: 'autoplay', message: 'Press play to start the video.', fatal: false, detail: text };
  }
  return { kind: 'unknown', message: VIDEO_ERROR_MESSAGE, fatal: true, detail: text };
}
