import { describe, expect, it } from 'vitest';
import {
  COUNTDOWN_REFRESH_MS,
  LIVE_STATE_REFRESH_MS,
  NOT_STARTED_DATE,
  groupLiveEventsByDay,
  isListedLiveEvent,
  isNotStarted,
  liveEventState,
  timeTill,
  visibleLiveEvents,
} from './live-event';

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

describe('listing rules (§2.6)', () => {
  const base = { end: null, ended: false, type: 'rtmp', accessType: 'public', status: 'public' };
  // Local-time dates: days are the viewer's days.
  const noon = new Date(2026, 0, 10, 12, 0, 0);
  const at = (d: number, h: number) => new Date(2026, 0, d, h, 0, 0).toISOString();

  it('"Ended and unlisted events are hidden"; only public, or requires login with public or pending, are kept', () => {
    const events = [
      { ...base, uid: 'ended', start: at(10, 9), ended: true },
      { ...base, uid: 'unlisted', start: at(11, 9), status: 'unlisted' },
      { ...base, uid: 'paid', start: at(11, 9), accessType: 'paid' },
      { ...base, uid: 'link-over', start: at(10, 8), type: 'link', end: at(10, 9) },
      { ...base, uid: 'pending', start: at(11, 9), accessType: 'requiresLogin', status: 'pending' },
      { ...base, uid: 'live', start: at(10, 11) },
    ];
    expect(visibleLiveEvents(events, noon).map((e) => e.uid)).toEqual(['pending', 'live']);
  });

  it('"Events are grouped by day with Today first", then later days, Not Started last', () => {
    const events = [
      { ...base, uid: 'tomorrow', start: at(11, 9) },
      { ...base, uid: 'tbd', start: '9999-12-31T00:00:00.000Z' },
      { ...base, uid: 'today-late', start: at(10, 20) },
      { ...base, uid: 'yesterday-live', start: at(9, 22) },
      { ...base, uid: 'next-week', start: at(17, 9) },
      { ...base, uid: 'today-early', start: at(10, 13) },
    ];
    const groups = groupLiveEventsByDay(events, noon);
    expect(groups.map((g) => [g.day, g.isToday, g.events.map((e) => e.uid)])).toEqual([
      ['2026-01-10', true, ['yesterday-live', 'today-early', 'today-late']],
      ['2026-01-11', false, ['tomorrow']],
      ['2026-01-17', false, ['next-week']],
      [NOT_STARTED_DATE, false, ['tbd']],
    ]);
  });

  it('"Time-till shows NOW if past, else day and time"; 9999-12-31 shows Not Started', () => {
    expect(timeTill(at(10, 11), noon)).toEqual({ kind: 'now' });
    expect(timeTill(noon.toISOString(), noon)).toEqual({ kind: 'now' });
    expect(timeTill(at(10, 13), noon)).toEqual({ kind: 'at', start: new Date(at(10, 13)) });
    expect(timeTill('9999-12-31T00:00:00Z', noon)).toEqual({ kind: 'notStarted' });
  });

  it('refreshes the state every 5 s and the countdown every 60000 ms (§9)', () => {
    expect(LIVE_STATE_REFRESH_MS).toBe(5_000);
    expect(COUNTDOWN_REFRESH_MS).toBe(60_000);
  });
});
