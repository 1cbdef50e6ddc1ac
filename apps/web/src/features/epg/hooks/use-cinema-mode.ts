import { EPG_CINEMA_IDLE_MS, type Milliseconds } from '@marquee/domain';
import { useEffect, useState } from 'react';

/** What counts as viewer input: any of these on the window leaves cinema mode and restarts the wait. */
const INPUT_EVENTS = ['pointermove', 'pointerdown', 'keydown', 'wheel', 'touchstart'] as const;

/**
 * Cinema mode (discovery-and-site §2.5 "In EPG mode cinema mode starts after 30 s idle"): true once
 * `enabled` has held for `idleMs` with no pointer, key, wheel or touch input; any input ends it.
 */
export function useCinemaMode(enabled: boolean, idleMs: Milliseconds = EPG_CINEMA_IDLE_MS): boolean {
  const [cinema, setCinema] = useState(false);
  useEffect(() => {
    if (!enabled) return;
    let timer = setTimeout(() => setCinema(true), idleMs);
    const onInput = () => {
      setCinema(false);
      clearTimeout(timer);
      timer = setTimeout(() => setCinema(true), idleMs);
    };
    for (const type of INPUT_EVENTS) window.addEventListener(type, onInput, { passive: true });
    return () => {
      clearTimeout(timer);
      for (const type of INPUT_EVENTS) window.removeEventListener(type, onInput);
      setCinema(false);
    };
  }, [enabled, idleMs]);
  return enabled && cinema;
}
