import { activityCheck, ms, type ActivityCheck } from '@marquee/domain';
import { liveEdgeTarget, type Player as CorePlayer } from '@marquee/player';
import { useCallback, useEffect, useRef, useState } from 'react';

const INPUT = ['pointerdown', 'keydown', 'touchstart', 'wheel', 'pointermove'] as const;
/** How often a playing live stream looks at the idle period (the question itself ticks each second). */
const CHECK_MS = 30_000;
const WATCHING: ActivityCheck = { phase: 'watching' };

const same = (a: ActivityCheck, b: ActivityCheck) =>
  a.phase === b.phase && (a.phase !== 'asking' || b.phase !== 'asking' || a.secondsLeft === b.secondsLeft);

/**
 * The activity check of a live stream (playback-and-social §2.3, decision 0061): after 90 minutes
 * of playing without input it asks, with a 60 s countdown, while the stream keeps playing; unanswered,
 * the stream stops. `answer` dismisses the question, or resumes a stopped stream at the live edge.
 * Off (`enabled` false) on videos, which have the still-watching prompt.
 */
export function useActivityCheck(player: CorePlayer | null, playing: boolean, enabled: boolean) {
  // Set when the check starts listening (mounting the stream counts as input).
  const lastInputAt = useRef(0);
  const [check, setCheck] = useState<ActivityCheck>(WATCHING);
  const phase = useRef(check.phase);
  useEffect(() => {
    phase.current = check.phase;
  }, [check.phase]);

  useEffect(() => {
    if (!enabled) return;
    lastInputAt.current = Date.now();
    // Once the question is up only its button answers it (input behind it does not count).
    const onInput = () => {
      if (phase.current === 'watching') lastInputAt.current = Date.now();
    };
    for (const type of INPUT) window.addEventListener(type, onInput, { passive: true });
    return () => {
      for (const type of INPUT) window.removeEventListener(type, onInput);
    };
  }, [enabled]);

  useEffect(() => {
    if (!enabled || !player || check.phase === 'stopped') return;
    if (check.phase === 'watching' && !playing) return;
    const tick = () => {
      const next = activityCheck({ now: ms(Date.now()), lastInputAt: ms(lastInputAt.current) });
      if (next.phase === 'stopped') player.pause();
      setCheck((prev) => (same(prev, next) ? prev : next));
    };
    tick();
    const timer = setInterval(tick, check.phase === 'asking' ? 1000 : CHECK_MS);
    return () => clearInterval(timer);
  }, [enabled, player, playing, check.phase]);

  const answer = useCallback(() => {
    lastInputAt.current = Date.now();
    const wasStopped = phase.current === 'stopped';
    setCheck(WATCHING);
    if (wasStopped && player) {
      const edge = liveEdgeTarget(player);
      if (edge !== null) player.seek(edge);
      void player.play();
    }
  }, [player]);

  return { check: enabled ? check : WATCHING, answer };
}
