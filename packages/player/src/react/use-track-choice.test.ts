import { describe, expect, it } from 'vitest';
import { showCaptions } from './use-track-choice';

const videoWith = (languages: string[]) => {
  const textTracks = languages.map((language) => ({ language, mode: 'hidden' as TextTrackMode }));
  return { video: { textTracks } as unknown as HTMLVideoElement, modes: () => textTracks.map((t) => t.mode) };
};

describe('showCaptions', () => {
  it('shows the first track of the language and disables every other one', () => {
    const { video, modes } = videoWith(['en', 'es', 'es']);
    showCaptions(video, 'es');
    expect(modes()).toEqual(['disabled', 'showing', 'disabled']);
    showCaptions(video, null);
    expect(modes()).toEqual(['disabled', 'disabled', 'disabled']);
  });
  it("leaves a provider's player (no text tracks) alone", () => {
    expect(() => showCaptions({} as HTMLVideoElement, 'en')).not.toThrow();
  });
});
