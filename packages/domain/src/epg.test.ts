import { describe, expect, it } from 'vitest';
import { CHANNEL_NUMBER_DIGITS, padChannelNumber } from './catalog';
import {
  CINEMA_IDLE_MS,
  EPG_CINEMA_IDLE_MS,
  EPG_MAX_OFFSET,
  EPG_PROGRAMME_TIMER_MS,
  EPG_SLOT_MS,
  EPG_TIMEBAR_REFRESH_MS,
  EPG_VISIBLE_SLOTS,
  LAST_VIEWED_MAX,
  channelNeedsLogin,
  channelsInCategory,
  clampEpgOffset,
  epgFetchRange,
  epgWindow,
  ms,
  nowAndNext,
  parseLastViewed,
  programmeSpan,
  slotStartOf,
  timebarPercent,
  updateLastViewed,
  visibleProgrammes,
} from './epg';

const MIN = 60_000;
const at = (iso: string) => ms(Date.parse(iso));
const iso = (t: number) => new Date(t).toISOString();
const now = at('2026-03-01T10:17:42Z');

describe('§9 constants: "EPG slot 30 min, 4 visible, offset max 6, timebar 1 s, timer 60 s; cinema mode 2 s (30 s EPG)"', () => {
  it('quotes the spec', () => {
    expect(EPG_SLOT_MS).toBe(30 * MIN);
    expect(EPG_VISIBLE_SLOTS).toBe(4);
    expect(EPG_MAX_OFFSET).toBe(6);
    expect(EPG_TIMEBAR_REFRESH_MS).toBe(1_000);
    expect(EPG_PROGRAMME_TIMER_MS).toBe(60_000);
    expect(CINEMA_IDLE_MS).toBe(2_000);
    expect(EPG_CINEMA_IDLE_MS).toBe(30_000);
  });
  it('§2.5 "Channel number is padded to 3 digits"', () => {
    expect(CHANNEL_NUMBER_DIGITS).toBe(3);
    expect(padChannelNumber(7)).toBe('007');
    expect(padChannelNumber(12)).toBe('012');
    expect(padChannelNumber(0)).toBe('000');
    expect(padChannelNumber(1234)).toBe('1234');
  });
});

describe('clampEpgOffset (0..6 steps)', () => {
  it('keeps 0..6', () => {
    for (let i = 0; i <= 6; i++) expect(clampEpgOffset(i)).toBe(i);
  });
  it('clamps below 0 and above 6, and drops fractions', () => {
    expect(clampEpgOffset(-1)).toBe(0);
    expect(clampEpgOffset(7)).toBe(6);
    expect(clampEpgOffset(Infinity)).toBe(6);
    expect(clampEpgOffset(-Infinity)).toBe(0);
    expect(clampEpgOffset(2.9)).toBe(2);
    expect(clampEpgOffset(Number.NaN)).toBe(0);
  });
});

describe('slot window from now + offset', () => {
  it('starts at the current 30-minute slot', () => {
    expect(slotStartOf(now)).toBe(at('2026-03-01T10:00:00Z'));
    expect(slotStartOf(at('2026-03-01T10:30:00Z'))).toBe(at('2026-03-01T10:30:00Z'));
    expect(slotStartOf(at('2026-03-01T10:59:59.999Z'))).toBe(at('2026-03-01T10:30:00Z'));
  });
  it('keeps slots on the local :00 and :30 in a UTC+5:45 zone', () => {
    const nepal = ms(345 * MIN);
    // 10:17:42Z is 16:02:42 local; the slot starts at 16:00 local = 10:15Z.
    expect(slotStartOf(now, nepal)).toBe(at('2026-03-01T10:15:00Z'));
  });
  it('shows 4 slots of 30 minutes from the current slot at offset 0', () => {
    const w = epgWindow(now, 0);
    expect(w.offset).toBe(0);
    expect(w.start).toBe(at('2026-03-01T10:00:00Z'));
    expect(w.end).toBe(at('2026-03-01T12:00:00Z'));
    expect(w.slots.map(iso)).toEqual([
      '2026-03-01T10:00:00.000Z',
      '2026-03-01T10:30:00.000Z',
      '2026-03-01T11:00:00.000Z',
      '2026-03-01T11:30:00.000Z',
    ]);
  });
  it('moves one slot per step, at most 6 steps', () => {
    expect(epgWindow(now, 1).start).toBe(at('2026-03-01T10:30:00Z'));
    expect(epgWindow(now, 6).start).toBe(at('2026-03-01T13:00:00Z'));
    expect(epgWindow(now, 6).end).toBe(at('2026-03-01T15:00:00Z'));
    expect(epgWindow(now, 9)).toEqual(epgWindow(now, 6));
    expect(epgWindow(now, -3)).toEqual(epgWindow(now, 0));
  });
  it('fetches every reachable window: the current slot to the end of the last offset', () => {
    expect(epgFetchRange(now)).toEqual({
      from: at('2026-03-01T10:00:00Z'),
      to: at('2026-03-01T15:00:00Z'),
    });
  });
});

describe('programmeSpan / visibleProgrammes', () => {
  const w = epgWindow(now, 0); // 10:00–12:00, 120 minutes
  const p = (start: string, stop: string) => ({
    start: `2026-03-01T${start}:00Z`,
    stop: `2026-03-01T${stop}:00Z`,
  });

  it('places a programme inside the window by its start and stop', () => {
    expect(programmeSpan(p('10:30', '11:00'), w)).toEqual({
      startPct: 25,
      widthPct: 25,
      clippedStart: false,
      clippedEnd: false,
    });
  });
  it('clips a programme that began before the window', () => {
    expect(programmeSpan(p('09:00', '10:30'), w)).toEqual({
      startPct: 0,
      widthPct: 25,
      clippedStart: true,
      clippedEnd: false,
    });
  });
  it('clips a programme that ends after the window', () => {
    expect(programmeSpan(p('11:30', '13:00'), w)).toEqual({
      startPct: 75,
      widthPct: 25,
      clippedStart: false,
      clippedEnd: true,
    });
    expect(programmeSpan(p('09:00', '13:00'), w)).toMatchObject({ startPct: 0, widthPct: 100 });
  });
  it('leaves out programmes outside the window or with unusable times', () => {
    expect(programmeSpan(p('09:00', '10:00'), w)).toBeNull();
    expect(programmeSpan(p('12:00', '12:30'), w)).toBeNull();
    expect(programmeSpan(p('11:00', '11:00'), w)).toBeNull();
    expect(programmeSpan(p('11:00', '10:30'), w)).toBeNull();
    expect(programmeSpan({ start: 'soon', stop: '2026-03-01T11:00:00Z' }, w)).toBeNull();
  });
  it('lists the visible programmes by start', () => {
    const epg = [p('11:30', '12:30'), p('08:00', '09:00'), p('09:45', '10:15'), p('10:15', '11:30')];
    const shown = visibleProgrammes(epg, w);
    expect(shown.map((s) => s.programme.start.slice(11, 16))).toEqual(['09:45', '10:15', '11:30']);
    expect(shown.map((s) => Math.round(s.span.widthPct * 100) / 100)).toEqual([12.5, 62.5, 25]);
  });
});

describe('timebarPercent', () => {
  it('is the position of now in the window', () => {
    const w = epgWindow(at('2026-03-01T10:30:00Z'), 0);
    expect(timebarPercent(at('2026-03-01T10:30:00Z'), w)).toBe(0);
    expect(timebarPercent(at('2026-03-01T11:00:00Z'), w)).toBe(25);
    expect(timebarPercent(at('2026-03-01T11:30:00Z'), epgWindow(at('2026-03-01T11:00:00Z'), 0))).toBe(25);
  });
  it('is null when the window is moved past now', () => {
    expect(timebarPercent(now, epgWindow(now, 2))).toBeNull();
    expect(timebarPercent(now, epgWindow(now, 1))).toBeNull();
  });
});

describe('nowAndNext', () => {
  const epg = [
    { start: '2026-03-01T10:30:00Z', stop: '2026-03-01T11:00:00Z', title: 'B' },
    { start: '2026-03-01T10:00:00Z', stop: '2026-03-01T10:30:00Z', title: 'A' },
    { start: '2026-03-01T11:00:00Z', stop: '2026-03-01T11:30:00Z', title: 'C' },
  ];
  it('finds the programme on now and the next one', () => {
    expect(nowAndNext(epg, now)).toMatchObject({ now: { title: 'A' }, next: { title: 'B' } });
    expect(nowAndNext(epg, at('2026-03-01T10:30:00Z'))).toMatchObject({
      now: { title: 'B' },
      next: { title: 'C' },
    });
  });
  it('is empty off air', () => {
    expect(nowAndNext(epg, at('2026-03-01T12:00:00Z'))).toEqual({ now: null, next: null });
  });
});

describe("channelNeedsLogin (§2.5 'requires login' unless skipRequiresLogin)", () => {
  it('asks a signed-out viewer to sign in for a requires-login channel', () => {
    expect(channelNeedsLogin('requiresLogin', false)).toBe(true);
  });
  it('lets signed-in viewers, public channels and embeds that may skip it through', () => {
    expect(channelNeedsLogin('requiresLogin', true)).toBe(false);
    expect(channelNeedsLogin('public', false)).toBe(false);
    expect(channelNeedsLogin('requiresLogin', false, true)).toBe(false);
  });
});

describe('channelsInCategory', () => {
  const channels = [
    { id: 'a', categories: ['News'] },
    { id: 'b', categories: ['Entertainment', 'News'] },
    { id: 'c', categories: [] },
  ];
  it('"All" (null) keeps every channel in order', () => {
    expect(channelsInCategory(channels, null).map((c) => c.id)).toEqual(['a', 'b', 'c']);
  });
  it('keeps the channels listing the category', () => {
    expect(channelsInCategory(channels, 'News').map((c) => c.id)).toEqual(['a', 'b']);
    expect(channelsInCategory(channels, 'Sports')).toEqual([]);
  });
});

describe('last-viewed channels', () => {
  it(`puts the latest first, without repeats, at most ${LAST_VIEWED_MAX}`, () => {
    expect(LAST_VIEWED_MAX).toBe(5);
    expect(updateLastViewed([], 'a')).toEqual(['a']);
    expect(updateLastViewed(['a', 'b', 'c'], 'c')).toEqual(['c', 'a', 'b']);
    expect(updateLastViewed(['a', 'b', 'c', 'd', 'e'], 'f')).toEqual(['f', 'a', 'b', 'c', 'd']);
    expect(updateLastViewed(['a', 'b', 'c'], 'd', 2)).toEqual(['d', 'a']);
    expect(updateLastViewed(['a'], '')).toEqual(['a']);
  });
  it('reads the stored JSON list, ignoring anything malformed', () => {
    expect(parseLastViewed(null)).toEqual([]);
    expect(parseLastViewed('not json')).toEqual([]);
    expect(parseLastViewed('{"a":1}')).toEqual([]);
    expect(parseLastViewed('["a", 3, "", "b", "a"]')).toEqual(['a', 'b']);
    expect(parseLastViewed(JSON.stringify(['1', '2', '3', '4', '5', '6', '7']))).toHaveLength(5);
  });
});
