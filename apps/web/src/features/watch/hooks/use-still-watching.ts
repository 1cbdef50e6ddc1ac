import { isStillWatchingDue } from '@marquee/domain';
import type { Player as CorePlayer } from '@marquee/player';
import { useCallback, useEffect, useState } from 'react';

// Module state: it spans the watch screens of consecutive autoplayed videos.
let autoplaysWithoutInput = 0;
let lastInputAt = Date.now();
const INPUT = ['pointerdown', 'keydown', 'touchstart', 'wheel', 'pointermove'] as const;
/** How often a playing video checks the idle period. */
const CHECK_MS = 60_000;

/** Counts a video started by autoplay (the end-of-video rule); viewer input resets the count. */
export function noteAutoplay() {
  autoplaysWithoutInput += 1;
}

/** Test and sign-out helper: forget the count. */
export function resetStillWatching(now = Date.now()) {
  autoplaysWithoutInput = 0;
  lastInputAt = now;
}

/**
 * The still-watching prompt (playback-and-social §4.4, decision 0027): after 3 videos in a row
 * started by autoplay with no input, or 2 hours of playing without input, the video pauses and the
 * prompt shows. `confirm` ('Yes, Continue') resumes; the caller handles 'No, Exit' (leave). Off
 * (`enabled` false) on live streams, which have the activity check instead (decision 0061).
 */
export function useStillWatching(player: CorePlayer | null, playing: boolean, enabled = true) {
  const [asking, setAsking] = useState(false);

  useEffect(() => {
    const onInput = () => {
      autoplaysWithoutInput = 0;
      lastInputAt = Date.now();
    };
    for (const type of INPUT) window.addEventListener(type, onInput, { passive: true });
    return () => {
      for (const type of INPUT) window.removeEventListener(type, onInput);
    };
  }, []);

  useEffect(() => {
    if (!enabled || !player || !playing || asking) return;
    const check = () => {
      if (isStillWatchingDue({ autoplaysWithoutInput, idleMs: Date.now() - lastInputAt })) {
        player.pause();
        setAsking(true);
      }
    };
    check();
    const timer = setInterval(check, CHECK_MS);
    return () => clearInterval(timer);
  }, [enabled, player, playing, asking]);

  const confirm = useCallback(() => {
    resetStillWatching();
    setAsking(false);
    void player?.play();
  }, [player]);

  return { asking, confirm };
}
