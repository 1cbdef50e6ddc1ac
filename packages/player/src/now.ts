/** Milliseconds on the page's monotonic clock (performance.now where there is one): for durations. */
export const monotonicNow = (): number =>
  typeof performance === 'undefined' ? Date.now() : performance.now();
