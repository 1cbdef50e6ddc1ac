import { describe, expect, it } from 'vitest';
import {
  COUNTDOWN_TICK_MS,
  countdown,
  countdownClock,
  countdownWords,
  msToNextTick,
  msUntilEnd,
  playbackLiveState,
} from './countdown';
import { COUNTDOWN_REFRESH_MS } from './live-event';

const now = new Date('2026-03-01T12:00:00.000Z');
const at = (ms: number) => new Date(now.getTime() + ms).toISOString();

describe('countdown (playback-and-social §4.7)', () => {
  it('"ticking every 1000 ms", "The countdown text refreshes every 60000 ms"', () => {
    expect(COUNTDOWN_TICK_MS).toBe(1000);
    expect(COUNTDOWN_REFRESH_MS).toBe(60000);
  });

  it('"A date of 9999-12-31 shows \'Not Started\'"', () => {
    expect(countdown('9999-12-31T00:00:00.000Z', now)).toEqual({ kind: 'notStarted' });
    expect(countdownWords('9999-12-31', now)).toEqual({ kind: 'notStarted' });
  });

  it('is started at and after the start ("replaces itself with the live watch screen at the start time")', () => {
    expect(countdown(at(0), now)).toEqual({ kind: 'started' });
    expect(countdown(at(-5_000), now)).toEqual({ kind: 'started' });
    expect(countdownWords(at(0), now)).toEqual({ kind: 'started' });
  });

  it('splits the time left, seconds rounded up', () => {
    const ms = ((2 * 24 + 3) * 3600 + 4 * 60 + 5) * 1000;
    expect(countdown(at(ms), now)).toEqual({
      kind: 'until',
      totalMs: ms,
      days: 2,
      hours: 3,
      minutes: 4,
      seconds: 5,
    });
    const last = countdown(at(200), now);
    expect(last).toMatchObject({ kind: 'until', days: 0, hours: 0, minutes: 0, seconds: 1 });
  });

  it('formats the clock HH:MM:SS, with days when there are any', () => {
    const c = countdown(at((3600 + 2 * 60 + 3) * 1000), now);
    expect(c.kind === 'until' && countdownClock(c)).toBe('01:02:03');
    const d = countdown(at((86_400 + 5) * 1000), now);
    expect(d.kind === 'until' && countdownClock(d)).toBe('1:00:00:05');
  });

  it('words the time left in whole minutes, rounded up', () => {
    expect(countdownWords(at(1_000), now)).toEqual({ kind: 'until', days: 0, hours: 0, minutes: 1 });
    expect(countdownWords(at(60_000), now)).toEqual({ kind: 'until', days: 0, hours: 0, minutes: 1 });
    expect(countdownWords(at(60_001), now)).toEqual({ kind: 'until', days: 0, hours: 0, minutes: 2 });
    expect(countdownWords(at((25 * 60 + 30) * 60_000), now)).toEqual({
      kind: 'until',
      days: 1,
      hours: 1,
      minutes: 30,
    });
  });

  it('aligns ticks to whole seconds before the start', () => {
    expect(msToNextTick(at(2_300), now)).toBe(300);
    expect(msToNextTick(at(2_000), now)).toBe(1000);
    expect(msToNextTick(at(-1), now)).toBe(1000);
  });
});

describe('playbackLiveState (§4.7 "When the end has passed during playback, the event is marked ended")', () => {
  const ev = { start: at(-60_000), end: at(60_000), ended: false, type: 'stream' };
  it('is live between start and end, ended once the end passes for any type, future before the start', () => {
    expect(playbackLiveState(ev, now)).toBe('live');
    expect(playbackLiveState({ ...ev, end: at(0) }, now)).toBe('ended');
    expect(playbackLiveState({ ...ev, ended: true }, now)).toBe('ended');
    expect(playbackLiveState({ ...ev, start: at(1_000) }, now)).toBe('future');
    expect(playbackLiveState({ ...ev, start: '9999-12-31T00:00:00.000Z', end: null }, now)).toBe('future');
  });
  it('a 24/7 event never ends on its end date', () => {
    expect(playbackLiveState({ ...ev, end: at(-1), is247: true }, now)).toBe('live');
    expect(msUntilEnd({ end: at(-1), is247: true }, now)).toBeNull();
  });
  it('msUntilEnd counts down to the end', () => {
    expect(msUntilEnd(ev, now)).toBe(60_000);
    expect(msUntilEnd({ end: null }, now)).toBeNull();
    expect(msUntilEnd({ end: at(-1) }, now)).toBeNull();
  });
});
