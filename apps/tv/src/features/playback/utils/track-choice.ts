import {
  INITIAL_TRACK_CHOICE,
  reduceTrackChoice,
  type TrackChoice,
  type TrackChoiceEvent,
} from '@marquee/player';
import type { PlatformTrackHandlers } from '../../../platform';

/** Where the choice is kept: sessionStorage, so it lasts the app's session (decision 0070). */
export const TRACK_CHOICE_KEY = 'marquee.tv.tracks';

export interface TrackChoiceStore {
  get(): TrackChoice;
  dispatch(event: TrackChoiceEvent): void;
  subscribe(listener: () => void): () => void;
}

function read(storage: Pick<Storage, 'getItem'> | null): TrackChoice {
  try {
    const raw: unknown = JSON.parse(storage?.getItem(TRACK_CHOICE_KEY) ?? 'null');
    if (!raw || typeof raw !== 'object') return INITIAL_TRACK_CHOICE;
    const r = raw as Record<string, unknown>;
    const lang = (v: unknown) => (typeof v === 'string' && v !== '' ? v : null);
    return {
      captions: r.captions === true,
      captionLanguage: lang(r.captionLanguage),
      audioLanguage: lang(r.audioLanguage),
    };
  } catch {
    return INITIAL_TRACK_CHOICE;
  }
}

/**
 * The viewer's captions and audio choice for the session: the remote's menu and the platform's
 * closed-caption and language handlers both dispatch here, and every player applies it
 * (`useTrackChoice`), so a choice carries on to the next video.
 */
export function createTrackChoiceStore(
  storage: Pick<Storage, 'getItem' | 'setItem'> | null,
): TrackChoiceStore {
  let choice = read(storage);
  const listeners = new Set<() => void>();
  return {
    get: () => choice,
    dispatch(event) {
      const next = reduceTrackChoice(choice, event);
      if (
        next.captions === choice.captions &&
        next.captionLanguage === choice.captionLanguage &&
        next.audioLanguage === choice.audioLanguage
      )
        return;
      choice = next;
      try {
        storage?.setItem(TRACK_CHOICE_KEY, JSON.stringify(choice));
      } catch {
        // Storage full or refused: the choice still holds until the app closes.
      }
      for (const listener of [...listeners]) listener();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** The app's store (sessionStorage when there is one). */
export const trackChoice = createTrackChoiceStore(
  typeof sessionStorage === 'undefined' ? null : sessionStorage,
);

/** The platform's closed-caption and language handlers over a store (what `Platform.setup` gets). */
export function platformTrackHandlers(store: TrackChoiceStore = trackChoice): PlatformTrackHandlers {
  return {
    closedCaptions: (enabled) => store.dispatch({ type: 'platformCaptions', enabled }),
    language: (language) => store.dispatch({ type: 'platformLanguage', language }),
  };
}
