import { doesFocusableExist, getCurrentFocusKey, setFocus } from '@noriginmedia/norigin-spatial-navigation';
import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { createFocusMemory, restoreTarget } from './focus-memory';

const memory = createFocusMemory();

/**
 * Focus on arriving at a screen: back on the item the viewer left when they return to this history
 * entry (Back from a movie lands on the card they opened, which scrolls itself into view), else
 * `fallback`. Runs again when `fallback` changes (the screen's content arrived or changed); as the
 * focus is remembered while it moves, that never pulls the viewer away from where they are.
 */
export function useFocusRestore(fallback: string | null) {
  const entry = useLocation().key;

  useEffect(() => {
    // Spatial navigation moves the DOM focus after its own (spatial.ts: shouldFocusDOMNode).
    const onFocusIn = () => memory.remember(entry, getCurrentFocusKey());
    document.addEventListener('focusin', onFocusIn);
    return () => document.removeEventListener('focusin', onFocusIn);
  }, [entry]);

  useEffect(() => {
    const target = restoreTarget(memory.recall(entry), fallback, doesFocusableExist);
    if (target) void setFocus(target);
  }, [entry, fallback]);
}

/** The focus key remembered for this history entry (a screen may open on the part holding it). */
export function useRememberedFocus(): string | undefined {
  return memory.recall(useLocation().key);
}
