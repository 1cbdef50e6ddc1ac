import { describe, expect, it, vi } from 'vitest';
import { INITIAL_TRACK_CHOICE } from '@marquee/player';
import { createTrackChoiceStore, platformTrackHandlers, TRACK_CHOICE_KEY } from './track-choice';

function memoryStorage(initial: Record<string, string> = {}) {
  const data = new Map(Object.entries(initial));
  return {
    getItem: (k: string) => data.get(k) ?? null,
    setItem: (k: string, v: string) => void data.set(k, v),
  };
}

describe('the TV track choice store', () => {
  it('starts with captions off, and remembers a choice for the session', () => {
    const storage = memoryStorage();
    const store = createTrackChoiceStore(storage);
    expect(store.get()).toEqual(INITIAL_TRACK_CHOICE);
    store.dispatch({ type: 'captions', language: 'es' });
    // A new store on the same storage (a reload, the next video's screen) reads it back.
    expect(createTrackChoiceStore(storage).get()).toEqual({
      captions: true,
      captionLanguage: 'es',
      audioLanguage: null,
    });
  });

  it("tells listeners about a change, once, and not about the platform repeating what's already set", () => {
    const store = createTrackChoiceStore(memoryStorage());
    const listener = vi.fn();
    const stop = store.subscribe(listener);
    store.dispatch({ type: 'platformCaptions', enabled: true });
    store.dispatch({ type: 'platformCaptions', enabled: true });
    expect(listener).toHaveBeenCalledTimes(1);
    store.dispatch({ type: 'platformLanguage', language: 'fr' });
    expect(listener).toHaveBeenCalledTimes(2);
    expect(store.get()).toEqual({ captions: true, captionLanguage: 'fr', audioLanguage: 'fr' });
    stop();
    store.dispatch({ type: 'captions', language: null });
    expect(listener).toHaveBeenCalledTimes(2);
  });

  it('ignores a stored value it cannot read, and works without storage', () => {
    expect(createTrackChoiceStore(memoryStorage({ [TRACK_CHOICE_KEY]: '{oops' })).get()).toEqual(
      INITIAL_TRACK_CHOICE,
    );
    expect(
      createTrackChoiceStore(
        memoryStorage({ [TRACK_CHOICE_KEY]: '{"captions":"yes","captionLanguage":7}' }),
      ).get(),
    ).toEqual(INITIAL_TRACK_CHOICE);
    const store = createTrackChoiceStore(null);
    store.dispatch({ type: 'captions', language: 'en' });
    expect(store.get().captions).toBe(true);
  });

  it("the platform's handlers turn captions on and off and pick the language", () => {
    const store = createTrackChoiceStore(memoryStorage());
    const handlers = platformTrackHandlers(store);
    handlers.language('es-MX');
    expect(store.get()).toEqual({ captions: false, captionLanguage: 'es-MX', audioLanguage: 'es-MX' });
    handlers.closedCaptions(true);
    expect(store.get().captions).toBe(true);
    handlers.closedCaptions(false);
    expect(store.get()).toEqual({ captions: false, captionLanguage: 'es-MX', audioLanguage: 'es-MX' });
  });
});
