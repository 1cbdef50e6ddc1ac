import { describe, expect, it } from 'vitest';
import {
  INITIAL_TRACK_CHOICE,
  audioOptions,
  chosenAudioTrack,
  matchLanguage,
  reduceTrackChoice,
  shownCaptions,
  type TrackChoice,
  type TrackChoiceEvent,
} from './tracks';

const subs = [
  { language: 'en', label: 'English' },
  { language: 'es', label: 'Español' },
];
const audio = [
  { index: 0, language: 'en', label: 'English' },
  { index: 1, language: 'pt-BR', label: 'Português' },
];
const run = (...events: TrackChoiceEvent[]): TrackChoice =>
  events.reduce(reduceTrackChoice, INITIAL_TRACK_CHOICE);

describe('matchLanguage', () => {
  it('prefers the exact tag, then the same primary language, case-insensitively', () => {
    expect(matchLanguage(audio, 'PT-br')?.index).toBe(1);
    expect(matchLanguage(audio, 'pt')?.index).toBe(1);
    expect(matchLanguage(subs, 'en-GB')?.language).toBe('en');
    expect(matchLanguage([{ language: 'en-GB' }, { language: 'en' }], 'en')?.language).toBe('en');
  });
  it('is null for no language or none that matches (and never matches an untagged track)', () => {
    expect(matchLanguage(subs, null)).toBeNull();
    expect(matchLanguage(subs, 'fr')).toBeNull();
    expect(matchLanguage([{ language: '' }], 'en')).toBeNull();
  });
});

describe('the captions choice', () => {
  it('starts off', () => {
    expect(shownCaptions(INITIAL_TRACK_CHOICE, subs)).toBeNull();
  });
  it('shows the language picked in the menu, and Off hides it', () => {
    expect(shownCaptions(run({ type: 'captions', language: 'es' }), subs)?.language).toBe('es');
    expect(
      shownCaptions(run({ type: 'captions', language: 'es' }, { type: 'captions', language: null }), subs),
    ).toBeNull();
  });
  it("keeps the language while off: the platform's CC toggle turns the same one back on", () => {
    const choice = run(
      { type: 'captions', language: 'es' },
      { type: 'platformCaptions', enabled: false },
      { type: 'platformCaptions', enabled: true },
    );
    expect(shownCaptions(choice, subs)?.language).toBe('es');
  });
  it('captions on without a language, or with one this video lacks, show its first track', () => {
    expect(shownCaptions(run({ type: 'platformCaptions', enabled: true }), subs)?.language).toBe('en');
    expect(shownCaptions(run({ type: 'captions', language: 'fr' }), subs)?.language).toBe('en');
  });
  it("the platform's language picks the caption language without turning captions on", () => {
    const choice = run({ type: 'platformLanguage', language: 'es-MX' });
    expect(shownCaptions(choice, subs)).toBeNull();
    expect(
      shownCaptions(reduceTrackChoice(choice, { type: 'platformCaptions', enabled: true }), subs)?.language,
    ).toBe('es');
  });
  it('a video without subtitles shows none whatever the choice', () => {
    expect(shownCaptions(run({ type: 'captions', language: 'en' }), [])).toBeNull();
  });
});

describe('the audio choice', () => {
  it('leaves the default until a language is chosen, then follows it (menu or platform)', () => {
    expect(chosenAudioTrack(INITIAL_TRACK_CHOICE, audio)).toBeNull();
    expect(chosenAudioTrack(run({ type: 'audio', language: 'pt-BR' }), audio)?.index).toBe(1);
    expect(chosenAudioTrack(run({ type: 'platformLanguage', language: 'pt' }), audio)?.index).toBe(1);
    expect(chosenAudioTrack(run({ type: 'platformLanguage', language: 'de' }), audio)).toBeNull();
  });
  it('the menu hides with fewer than two renditions', () => {
    expect(audioOptions([])).toEqual([]);
    expect(audioOptions(audio.slice(0, 1))).toEqual([]);
    expect(audioOptions(audio)).toEqual(audio);
  });
});
