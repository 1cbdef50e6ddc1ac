import { useCallback, useEffect, useRef, useState } from 'react';

/** Left/right scroller state and actions for a horizontally scrolling row. */
export function useRowScroller<E extends HTMLElement>() {
  const ref = useRef<E>(null);
  const [canLeft, setCanLeft] = useState(false);
  const [canRight, setCanRight] = useState(false);

  const update = useCallback(() => {
    const el = ref.current;
    if (!el) return;
    setCanLeft(el.scrollLeft > 1);
    setCanRight(el.scrollLeft + el.clientWidth < el.scrollWidth - 1);
  }, []);

  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    update();
    el.addEventListener('scroll', update, { passive: true });
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(update);
    observer?.observe(el);
    return () => {
      el.removeEventListener('scroll', update);
      observer?.disconnect();
    };
  }, [update]);

  const scroll = useCallback((direction: -1 | 1) => {
    const el = ref.current;
    if (!el) return;
    el.scrollBy({ left: direction * Math.max(240, el.clientWidth * 0.9), behavior: 'smooth' });
  }, []);

  return { ref, canLeft, canRight, scrollLeft: () => scroll(-1), scrollRight: () => scroll(1) };
}
