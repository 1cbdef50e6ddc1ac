/** How many of the latest answers the offset is the median of. */
export const CLOCK_SAMPLES = 5;

/**
 * The server's clock as learned from the `Date` header of its answers (RFC 9110 §6.6.1), for times
 * the server hands out (play-url's `expiresAt`): a TV's own clock is often minutes or hours off.
 * The offset is the median of the latest few answers, so one stale answer (a cached copy keeps its
 * old `Date`) does not move it; without any usable header this is the device's clock.
 */
export function createServerClock(deviceNow: () => number = () => Date.now()) {
  const offsets: number[] = [];
  let offset = 0;
  return {
    /** Notes one answer's `Date` header (missing or unparsable ones are ignored). */
    observe(dateHeader: string | null | undefined): void {
      const serverMs = dateHeader ? Date.parse(dateHeader) : NaN;
      if (!Number.isFinite(serverMs)) return;
      // The header is cut to the second: the server's clock was on average half a second further.
      offsets.push(serverMs + 500 - deviceNow());
      if (offsets.length > CLOCK_SAMPLES) offsets.shift();
      const sorted = [...offsets].sort((a, b) => a - b);
      const mid = sorted.length >> 1;
      offset = sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
    },
    /** The server's time now, in epoch milliseconds. */
    now: (): number => deviceNow() + offset,
  };
}

export type ServerClock = ReturnType<typeof createServerClock>;
