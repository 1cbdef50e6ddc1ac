/**
 * The viewer's captions and audio-language choice (issue 17 item 4, decision 0070): one rule for
 * the remote's menu and the platform's closed-caption and language handlers (playback-and-social
 * §2.1). Pure: the React binding applies the result to the element (`useTrackChoice`).
 */

/** An audio rendition of the stream (an hls.js audio track, or the element's own AudioTrackList). */
export interface AudioTrackInfo {
  /** Its position in the engine's list (what `setAudioTrack` takes). */
  index: number;
  /** BCP 47, '' when the stream does not say. */
  language: string;
  label: string;
}

/** What the viewer chose; it outlives one video (the session keeps it). */
export interface TrackChoice {
  /** Captions on? */
  captions: boolean;
  /** The preferred caption language (kept while captions are off, so turning them on returns to it). */
  captionLanguage: string | null;
  /** The preferred audio language, null for the stream's default. */
  audioLanguage: string | null;
}

export const INITIAL_TRACK_CHOICE: TrackChoice = {
  captions: false,
  captionLanguage: null,
  audioLanguage: null,
};

export type TrackChoiceEvent =
  /** The menu: Off (null) or a caption language. */
  | { type: 'captions'; language: string | null }
  /** The menu: an audio rendition's language. */
  | { type: 'audio'; language: string }
  /** The platform's closed-caption handler: the device's CC setting. */
  | { type: 'platformCaptions'; enabled: boolean }
  /** The platform's language handler: the device's language, for captions and audio alike. */
  | { type: 'platformLanguage'; language: string };

const primary = (language: string) => language.toLowerCase().split('-')[0] ?? '';

/**
 * The item of `list` for `language`: the exact tag first ('pt-BR'), else the first of the same
 * primary language ('pt' for 'pt-BR', 'en-GB' for 'en'); null when none matches.
 */
export function matchLanguage<T extends { language: string }>(
  list: readonly T[],
  language: string | null,
): T | null {
  if (!language) return null;
  const lower = language.toLowerCase();
  return (
    list.find((t) => t.language.toLowerCase() === lower) ??
    list.find((t) => t.language !== '' && primary(t.language) === primary(lower)) ??
    null
  );
}

export function reduceTrackChoice(choice: TrackChoice, event: TrackChoiceEvent): TrackChoice {
  switch (event.type) {
    case 'captions':
      return event.language === null
        ? { ...choice, captions: false }
        : { ...choice, captions: true, captionLanguage: event.language };
    case 'audio':
      return { ...choice, audioLanguage: event.language };
    case 'platformCaptions':
      return { ...choice, captions: event.enabled };
    case 'platformLanguage':
      return { ...choice, captionLanguage: event.language, audioLanguage: event.language };
  }
}

/**
 * The caption track to show for a choice, or null (off). Captions on with no preferred language, or
 * one this video lacks, show its first track: the viewer asked for captions, and the device's
 * CC button says nothing about which.
 */
export function shownCaptions<T extends { language: string }>(
  choice: TrackChoice,
  tracks: readonly T[],
): T | null {
  if (!choice.captions || tracks.length === 0) return null;
  return matchLanguage(tracks, choice.captionLanguage) ?? tracks[0] ?? null;
}

/** The audio rendition to play for a choice, or null to leave the stream's default. */
export function chosenAudioTrack(
  choice: TrackChoice,
  tracks: readonly AudioTrackInfo[],
): AudioTrackInfo | null {
  return matchLanguage(tracks, choice.audioLanguage);
}

/**
 * The audio menu's options: each rendition, or none when there is nothing to choose (the demo
 * media has one audio track muxed with the video: the menu then hides, decision 0070).
 */
export function audioOptions(tracks: readonly AudioTrackInfo[]): AudioTrackInfo[] {
  return tracks.length < 2 ? [] : [...tracks];
}
