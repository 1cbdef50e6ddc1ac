import { describe, expect, it } from 'vitest';
import { ACTIVITY_CHECK_ANSWER_MS, ACTIVITY_CHECK_IDLE_MS, activityCheck } from './activity-check';
import { ms } from './units';

const at = (idle: number) => activityCheck({ now: ms(1_000_000_000 + idle), lastInputAt: ms(1_000_000_000) });

describe('activityCheck (§2.3 activity check, decision 0061)', () => {
  it('asks after 90 minutes without input and waits 60 s for the answer', () => {
    expect(ACTIVITY_CHECK_IDLE_MS).toBe(90 * 60 * 1000);
    expect(ACTIVITY_CHECK_ANSWER_MS).toBe(60 * 1000);
  });

  it('is quiet before the idle period', () => {
    expect(at(0)).toEqual({ phase: 'watching' });
    expect(at(ACTIVITY_CHECK_IDLE_MS - 1)).toEqual({ phase: 'watching' });
  });

  it('asks from the idle period on, counting the whole seconds left', () => {
    expect(at(ACTIVITY_CHECK_IDLE_MS)).toEqual({ phase: 'asking', secondsLeft: 60 });
    expect(at(ACTIVITY_CHECK_IDLE_MS + 1)).toEqual({ phase: 'asking', secondsLeft: 60 });
    expect(at(ACTIVITY_CHECK_IDLE_MS + 1000)).toEqual({ phase: 'asking', secondsLeft: 59 });
    expect(at(ACTIVITY_CHECK_IDLE_MS + ACTIVITY_CHECK_ANSWER_MS - 1)).toEqual({
      phase: 'asking',
      secondsLeft: 1,
    });
  });

  it('stops the stream once the answer time is over', () => {
    expect(at(ACTIVITY_CHECK_IDLE_MS + ACTIVITY_CHECK_ANSWER_MS)).toEqual({ phase: 'stopped' });
    expect(at(24 * 3600 * 1000)).toEqual({ phase: 'stopped' });
  });

  it('treats input in the future (a clock step back) as fresh input', () => {
    expect(activityCheck({ now: ms(1000), lastInputAt: ms(5000) })).toEqual({ phase: 'watching' });
  });
});
