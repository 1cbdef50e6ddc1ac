import { describe, expect, it } from 'vitest';
import { clockSample, createClockEstimator, nextPingDelayMs } from './clock';

/** A pong from a server whose clock is `offset` ahead, with these one-way delays (ms). */
const pong = (sentAt: number, offset: number, up: number, down: number, serverMs = 1) => {
  const serverReceivedAt = sentAt + up + offset;
  return {
    pong: {
      type: 'party.clock.pong' as const,
      clientSentAt: sentAt,
      serverReceivedAt,
      serverSentAt: serverReceivedAt + serverMs,
    },
    receivedAt: sentAt + up + serverMs + down,
  };
};

describe('clockSample: bad exchanges are not measurements', () => {
  it('a reply received before its ping was sent', () => {
    expect(clockSample(1000, 5000, 5001, 999)).toBeNull();
  });

  it('a server that sends before it receives', () => {
    expect(clockSample(1000, 5000, 4999, 1100)).toBeNull();
  });

  it('a round trip shorter than the server kept it', () => {
    expect(clockSample(1000, 5000, 5200, 1100)).toBeNull();
  });
});

describe('clockSample (RFC 5905 §8)', () => {
  it('symmetric legs give the exact offset and the round trip without the server time', () => {
    const { pong: p, receivedAt } = pong(10_000, 2_000, 80, 80, 5);
    expect(clockSample(p.clientSentAt, p.serverReceivedAt, p.serverSentAt, receivedAt)).toEqual({
      offsetMs: 2_000,
      rttMs: 160,
    });
  });

  it('asymmetric legs err by half the difference, never more than half the round trip', () => {
    const { pong: p, receivedAt } = pong(10_000, -1_500, 300, 50);
    const sample = clockSample(p.clientSentAt, p.serverReceivedAt, p.serverSentAt, receivedAt)!;
    expect(sample.offsetMs).toBe(-1_500 + 125);
    expect(Math.abs(sample.offsetMs + 1_500)).toBeLessThanOrEqual(sample.rttMs / 2);
  });
});

describe('createClockEstimator', () => {
  it('knows nothing before a sample and refuses a bad one', () => {
    const clock = createClockEstimator();
    expect(clock.offsetMs()).toBeNull();
    expect(
      clock.add({ type: 'party.clock.pong', clientSentAt: 10, serverReceivedAt: 5, serverSentAt: 6 }, 9),
    ).toBe(false);
    expect(clock.offsetMs()).toBeNull();
  });

  it('a huge jitter spike does not move the estimate: the quickest exchange wins', () => {
    const clock = createClockEstimator();
    const samples = [
      pong(0, 2_000, 120, 200),
      pong(250, 2_000, 60, 70),
      pong(500, 2_000, 5_000, 60), // a 5 s stall on the way up
      pong(750, 2_000, 200, 90),
    ];
    for (const s of samples) expect(clock.add(s.pong, s.receivedAt)).toBe(true);
    expect(clock.rttMs()).toBe(130);
    expect(Math.abs(clock.offsetMs()! - 2_000)).toBeLessThanOrEqual(5);
  });

  it('keeps only the window, so a clock that was reset is followed', () => {
    const clock = createClockEstimator(4);
    clock.add(pong(0, 0, 10, 10).pong, pong(0, 0, 10, 10).receivedAt);
    for (let i = 1; i <= 4; i++) {
      const s = pong(i * 1000, 700, 100, 100);
      clock.add(s.pong, s.receivedAt);
    }
    expect(clock.size()).toBe(4);
    expect(clock.offsetMs()).toBe(700);
  });

  it('pings quickly until the window is full, then every 5 s', () => {
    expect(nextPingDelayMs(0)).toBe(250);
    expect(nextPingDelayMs(7)).toBe(250);
    expect(nextPingDelayMs(8)).toBe(5000);
  });
});
