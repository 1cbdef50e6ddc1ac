import type { PartyClockPong } from '@marquee/contract';

/** One NTP-style exchange: how far the server's clock is ahead of ours, and the round trip it took. */
export type ClockSample = { offsetMs: number; rttMs: number };

/**
 * The sample of one ping/pong from its four timestamps (RFC 5905 §8): t0 our send, t1 the server's
 * receive, t2 the server's send, t3 our receive. The offset assumes both legs took as long; its error
 * is at most half the round trip, which is why the estimator trusts the quickest exchanges.
 */
export function clockSample(t0: number, t1: number, t2: number, t3: number): ClockSample | null {
  const rttMs = t3 - t0 - (t2 - t1);
  // A reply before its ping, or a server that answers before it receives, is not a measurement.
  if (!(t3 >= t0 && t2 >= t1 && rttMs >= 0)) return null;
  return { offsetMs: (t1 - t0 + (t2 - t3)) / 2, rttMs };
}

export type ClockEstimator = {
  /** Adds the sample of a pong received at `receivedAt` (our clock); false when it was not usable. */
  add(pong: PartyClockPong, receivedAt: number): boolean;
  /** Server clock minus ours, from the quickest recent exchange; null before the first sample. */
  offsetMs(): number | null;
  /** The round trip of that exchange (its offset is within half of it). */
  rttMs(): number | null;
  /** How many samples are kept (the ping schedule is quicker until the window fills). */
  size(): number;
};

/** How many recent samples are kept: old enough ones fall out, so a clock that drifts is followed. */
export const CLOCK_WINDOW = 8;

/**
 * The clock-offset estimator: keeps the last `window` samples and answers with the one of the
 * lowest round trip. A jitter spike only adds a slow sample, which is never chosen over a quick one.
 */
export function createClockEstimator(window = CLOCK_WINDOW): ClockEstimator {
  let samples: ClockSample[] = [];
  const best = () =>
    samples.reduce<ClockSample | null>((a, s) => (a === null || s.rttMs < a.rttMs ? s : a), null);
  return {
    add(pong, receivedAt) {
      const sample = clockSample(pong.clientSentAt, pong.serverReceivedAt, pong.serverSentAt, receivedAt);
      if (!sample) return false;
      samples = [...samples, sample].slice(-window);
      return true;
    },
    offsetMs: () => best()?.offsetMs ?? null,
    rttMs: () => best()?.rttMs ?? null,
    size: () => samples.length,
  };
}

/** Pings come quickly until the window is full (a good offset within about 2 s), then every 5 s. */
export const nextPingDelayMs = (samples: number, window = CLOCK_WINDOW): number =>
  samples < window ? 250 : 5000;
