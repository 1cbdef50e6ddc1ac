import { CAROUSEL_INTERVAL_MS } from '@marquee/domain';

/**
 * Runs the featured carousel's clock (discovery-and-site §2.2, §9): `advance` every 5000 ms until the
 * returned stop is called (on hover, focus, Pause, or when the row goes away).
 */
export function startCarouselRotation(advance: () => void): () => void {
  const id = setInterval(advance, CAROUSEL_INTERVAL_MS);
  return () => clearInterval(id);
}
