import {
  DEFAULT_ITEM_WIDTH,
  QUEUE_LIMIT_START,
  SCROLL_INTERVAL_MS,
  extendedQueueLimit,
  measuredQueueLimit,
  scrollSteps,
  scrolledPastExtendPoint,
  shouldLoadMore,
  visibleItemCount,
} from '@marquee/domain';
import { useCallback, useEffect, useRef, useState } from 'react';

interface ThumbRowOptions {
  loaded: number;
  hasMore: boolean;
  loading: boolean;
  loadMore: () => void;
}

/**
 * A thumb row's queue (§2.10): the limit starts at 15, becomes twice the visible count once the row
 * is measured, extends when the viewer scrolls past 70% of the width, and the next page loads when
 * the limit passes 70% of the loaded items. The scrollers move 10 px every 10 ms.
 */
export function useThumbRow<E extends HTMLElement>({ loaded, hasMore, loading, loadMore }: ThumbRowOptions) {
  const ref = useRef<E>(null);
  const [limit, setLimit] = useState(QUEUE_LIMIT_START);
  const [canLeft, setCanLeft] = useState(false);
  const [canRight, setCanRight] = useState(false);
  const timer = useRef<ReturnType<typeof setInterval> | null>(null);
  // The latest counts, for the scroll handler.
  const loadedRef = useRef(loaded);
  const hasMoreRef = useRef(hasMore);
  useEffect(() => {
    loadedRef.current = loaded;
    hasMoreRef.current = hasMore;
  }, [loaded, hasMore]);

  const visible = useCallback(() => {
    const el = ref.current;
    if (!el) return 1;
    const first = el.firstElementChild as HTMLElement | null;
    return visibleItemCount(el.clientWidth, first?.offsetWidth || DEFAULT_ITEM_WIDTH);
  }, []);

  const update = useCallback(() => {
    const el = ref.current;
    if (!el) return;
    setCanLeft(el.scrollLeft > 1);
    setCanRight(el.scrollLeft + el.clientWidth < el.scrollWidth - 1);
    if (scrolledPastExtendPoint(el.scrollLeft, el.clientWidth, el.scrollWidth)) {
      setLimit((n) => (n < loadedRef.current || hasMoreRef.current ? extendedQueueLimit(n, visible()) : n));
    }
  }, [visible]);

  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    setLimit((n) => measuredQueueLimit(n, visible()));
    update();
    el.addEventListener('scroll', update, { passive: true });
    const observer =
      typeof ResizeObserver === 'undefined'
        ? null
        : new ResizeObserver(() => {
            setLimit((n) => measuredQueueLimit(n, visible()));
            update();
          });
    observer?.observe(el);
    return () => {
      el.removeEventListener('scroll', update);
      observer?.disconnect();
    };
  }, [update, visible]);

  useEffect(() => {
    if (!loading && shouldLoadMore(limit, loaded, hasMore)) loadMore();
  }, [limit, loaded, hasMore, loading, loadMore]);

  // New items change the scroll width: re-check the scrollers.
  useEffect(update, [loaded, limit, update]);

  useEffect(() => () => clearInterval(timer.current ?? undefined), []);

  const scroll = useCallback((direction: -1 | 1) => {
    const el = ref.current;
    if (!el) return;
    clearInterval(timer.current ?? undefined);
    const steps = scrollSteps(direction * Math.max(DEFAULT_ITEM_WIDTH, Math.round(el.clientWidth * 0.9)));
    // Snapping would pull each 10 px step back to the card edge: off while the scroller runs.
    el.style.scrollSnapType = 'none';
    let i = 0;
    timer.current = setInterval(() => {
      const step = steps[i++];
      if (step === undefined) {
        clearInterval(timer.current ?? undefined);
        el.style.scrollSnapType = '';
        return;
      }
      el.scrollLeft += step;
    }, SCROLL_INTERVAL_MS);
  }, []);

  return {
    ref,
    limit,
    canLeft,
    canRight,
    scrollLeft: () => scroll(-1),
    scrollRight: () => scroll(1),
    /** The hidden Load All button (§2.10): every item, the next pages loading until there are none. */
    loadAll: () => setLimit(Number.POSITIVE_INFINITY),
  };
}
