import { useEffect, useState } from 'react';
import { CINEMA_MODE_MS, CONTROLS_HIDE_MS } from '../constants';

const ACTIVITY = ['pointermove', 'pointerdown', 'keydown', 'touchstart', 'wheel'] as const;

/** True after `ms` without pointer or key activity on `target` (controls hide after 2 s, spec §4.4). */
export function useIdle(enabled: boolean, ms = CONTROLS_HIDE_MS, target?: EventTarget | null) {
  const [idle, setIdle] = useState(false);
  useEffect(() => {
    if (!enabled) {
      setIdle(false);
      return;
    }
    const el = target ?? (typeof window === 'undefined' ? null : window);
    if (!el) return;
    let timer = setTimeout(() => setIdle(true), ms);
    const onActivity = () => {
      setIdle(false);
      clearTimeout(timer);
      timer = setTimeout(() => setIdle(true), ms);
    };
    for (const name of ACTIVITY) el.addEventListener(name, onActivity, { passive: true });
    return () => {
      clearTimeout(timer);
      for (const name of ACTIVITY) el.removeEventListener(name, onActivity);
    };
  }, [enabled, ms, target]);
  return idle;
}

/**
 * Cinema mode (spec §4.4): true after 2 s without input while playing (pass CINEMA_MODE_EPG_MS,
 * 30 s, in EPG mode); any input ends it and restarts the wait. The same idle clock as the controls.
 */
export function useCinemaMode(enabled: boolean, ms: number = CINEMA_MODE_MS, target?: EventTarget | null) {
  return useIdle(enabled, ms, target) && enabled;
}
