import { useEffect, useMemo, useState } from 'react';
import type { CaptionTrack } from '../captions';
import type { Player } from '../player';
import {
  audioOptions,
  chosenAudioTrack,
  shownCaptions,
  type AudioTrackInfo,
  type TrackChoice,
} from '../tracks';

/** Shows the text track of `language` and hides every other one (null: captions off). */
export function showCaptions(video: HTMLVideoElement, language: string | null) {
  let shown = false;
  // A provider's player (YouTube…) stands in a media-shaped object without text tracks.
  const list = (video as Partial<Pick<HTMLVideoElement, 'textTracks'>>).textTracks;
  for (const track of Array.from(list ?? [])) {
    const on: boolean = !shown && language !== null && track.language === language;
    track.mode = on ? 'showing' : 'disabled';
    shown ||= on;
  }
}

export interface TrackChoiceView {
  /** The caption track shown, or null (off). */
  shown: CaptionTrack | null;
  /** The audio menu's renditions: empty with fewer than two (the menu hides). */
  audio: AudioTrackInfo[];
  /** The playing rendition's index, -1 when unknown. */
  audioTrack: number;
}

/**
 * Applies a captions and audio choice (`reduceTrackChoice`) to a player: shows the chosen
 * `<track>` (the others disabled) and switches to the chosen audio rendition when the stream has
 * it. The choice is the caller's state, so it can outlive the video (the TV keeps it per session).
 */
export function useTrackChoice(
  player: Player | null,
  tracks: readonly CaptionTrack[],
  choice: TrackChoice,
): TrackChoiceView {
  const [audioTracks, setAudioTracks] = useState<AudioTrackInfo[]>([]);
  const [audioTrack, setAudioTrack] = useState(-1);

  useEffect(() => {
    setAudioTracks(player?.audioTracks() ?? []);
    setAudioTrack(player?.audioTrack() ?? -1);
    return player?.on('audiotracks', ({ tracks: list, current }) => {
      setAudioTracks(list);
      setAudioTrack(current);
    });
  }, [player]);

  const shown = useMemo(() => shownCaptions(choice, tracks), [choice, tracks]);
  // The <track>s load with the element: re-apply when they (or the player) change.
  useEffect(() => {
    if (player) showCaptions(player.video, shown?.language ?? null);
  }, [player, shown, tracks]);

  const wanted = chosenAudioTrack(choice, audioTracks);
  useEffect(() => {
    if (player && wanted && wanted.index !== audioTrack) player.setAudioTrack(wanted.index);
  }, [player, wanted, audioTrack]);

  return { shown, audio: audioOptions(audioTracks), audioTrack };
}
