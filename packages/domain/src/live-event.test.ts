import { describe, expect, it } from 'vitest';
import { NOT_STARTED_DATE, isListedLiveEvent, isNotStarted, liveEventState } from './live-event';

const now = new Date('2026-01-10T12:00:00Z');
const ev = (over: Partial<Parameters<typeof liveEventState>[0]>) => ({
  start: '2026-01-10T11:00:00Z',
  end: '2026-01-10T13:00:00Z',
  ended: false,
  type: 'rtmp',
  ...over,
});

describe('liveEventState', () => {
  it('is ended when the flag is set, whatever the times', () => {
    expect(liveEventState(ev({ ended: true, start: '2027-01-01T00:00:00Z' }), now)).toBe('ended');
  });
  it('is ended for a link-type event past its end', () => {
    expect(liveEventState(ev({ type: 'link', end: '2026-01-10T11:30:00Z' }), now)).toBe('ended');
  });
  it('keeps a non-link event past its end live until the flag is set', () => {
    expect(liveEventState(ev({ end: '2026-01-10T11:30:00Z' }), now)).toBe('live');
  });
  it('is live when not ended and the start has passed', () => {
    expect(liveEventState(ev({}), now)).toBe('live');
    expect(liveEventState(ev({ start: now.toISOString() }), now)).toBe('live');
  });
  it('is future when the start is ahead', () => {
    expect(liveEventState(ev({ start: '2026-01-10T12:00:01Z' }), now)).toBe('future');
  });
  it("treats 9999-12-31 as 'Not Started'", () => {
    expect(NOT_STARTED_DATE).toBe('9999-12-31');
    expect(isNotStarted('9999-12-31T00:00:00.000Z')).toBe(true);
    expect(isNotStarted('2026-12-31T00:00:00Z')).toBe(false);
    expect(liveEventState(ev({ start: '9999-12-31T00:00:00Z', end: null }), now)).toBe('future');
  });
});

describe('isListedLiveEvent', () => {
  it('keeps accessType public or requiresLogin with status public or pending', () => {
    expect(isListedLiveEvent('public', 'public')).toBe(true);
    expect(isListedLiveEvent('requiresLogin', 'pending')).toBe(true);
    expect(isListedLiveEvent('paid', 'public')).toBe(false);
    expect(isListedLiveEvent('public', 'unlisted')).toBe(false);
    expect(isListedLiveEvent('public', 'private')).toBe(false);
  });
});
