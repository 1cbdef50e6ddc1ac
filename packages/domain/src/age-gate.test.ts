import { describe, expect, it } from 'vitest';
import {
  AGE_GATE_MESSAGES,
  BIRTH_YEAR_SPAN,
  DAYS_PER_AGE_YEAR,
  NO_AGE,
  ageInYears,
  birthYears,
  checkAgeGate,
  decodeStoredDob,
  encodeStoredDob,
  isCalendarDate,
  minimumAge,
  parseBirthDate,
} from './age-gate';

// Noon local time, so the calendar day is the same in every time zone the tests run in.
const now = new Date(2026, 10, 22, 12); // 22 November 2026

describe('age gate (playback-and-social §4.2, §5, §8)', () => {
  it("quotes the spec's messages, signal and constants", () => {
    expect(AGE_GATE_MESSAGES.tooYoung).toBe(
      'Sorry! You do not meet the minimum age requirement to continue!',
    );
    expect(AGE_GATE_MESSAGES.allRequired).toBe('All fields are required');
    expect(AGE_GATE_MESSAGES.saveFailed).toBe('Error processing DOB');
    expect(NO_AGE).toBe('noAge');
    expect(DAYS_PER_AGE_YEAR).toBe(365.25);
    expect(BIRTH_YEAR_SPAN).toBe(100);
  });

  it('"Age is computed in 365.25-day years"', () => {
    expect(ageInYears(20261122, now)).toBe(0);
    expect(ageInYears(20251122, now)).toBeCloseTo(365 / 365.25);
    // 18 calendar years back holds 4 leap days: 6574 days, half a day short of 18 × 365.25.
    expect(ageInYears(20081122, now)).toBeLessThan(18);
    expect(ageInYears(20081121, now)).toBeGreaterThanOrEqual(18);
    expect(ageInYears(19900101, now)).toBeGreaterThan(36);
  });

  it("the minimum is the video's ageGate, else its series'; 0 or null is no gate", () => {
    expect(minimumAge({ ageGate: 18 })).toBe(18);
    expect(minimumAge({ ageGate: null, seriesData: { ageGate: 16 } })).toBe(16);
    expect(minimumAge({ ageGate: 0 })).toBeNull();
    expect(minimumAge({ ageGate: null, seriesData: null })).toBeNull();
  });

  it('"A signed-in user with no dob, or an anonymous viewer with no stored dob, gets the signal noAge"', () => {
    expect(checkAgeGate(18, null, now)).toBe('noAge');
    expect(checkAgeGate(18, 20260231, now)).toBe('noAge'); // not a date: as good as none
    expect(checkAgeGate(null, null, now)).toBe('open');
  });

  it('"Otherwise the age is compared with the minimum"', () => {
    expect(checkAgeGate(18, 19900101, now)).toBe('allowed');
    expect(checkAgeGate(18, 20081121, now)).toBe('allowed');
    expect(checkAgeGate(18, 20081122, now)).toBe('tooYoung');
    expect(checkAgeGate(18, 20150101, now)).toBe('tooYoung');
  });

  it('"year, month and day are all required (\'All fields are required\')"', () => {
    const required = { ok: false, message: 'All fields are required' };
    expect(parseBirthDate({ year: '', month: '', day: '' }, now)).toEqual(required);
    expect(parseBirthDate({ year: '1990', month: '3', day: '' }, now)).toEqual(required);
    expect(parseBirthDate({ year: '1990', month: '', day: '5' }, now)).toEqual(required);
    expect(parseBirthDate({ year: '1990', month: '2', day: '30' }, now)).toEqual(required);
    expect(parseBirthDate({ year: '2026', month: '12', day: '1' }, now)).toEqual(required); // after today
    expect(parseBirthDate({ year: '1926', month: '1', day: '1' }, now)).toEqual(required); // off the list
    expect(parseBirthDate({ year: '1990', month: '3', day: '5' }, now)).toEqual({ ok: true, dob: 19900305 });
    expect(parseBirthDate({ year: '2024', month: '2', day: '29' }, now)).toEqual({ ok: true, dob: 20240229 });
  });

  it('"The year list shows 100 years ending with the current year"', () => {
    const years = birthYears(now);
    expect(years).toHaveLength(100);
    expect(years[0]).toBe(2026);
    expect(years[99]).toBe(1927);
  });

  it('"kept in local storage as YYYYMMDD" with zero-padded month and day', () => {
    expect(encodeStoredDob(19900305)).toBe('19900305');
    expect(encodeStoredDob(20010101)).toBe('20010101');
    expect(decodeStoredDob('19900305')).toBe(19900305);
    expect(decodeStoredDob('1990-03-05')).toBeNull();
    expect(decodeStoredDob('19901305')).toBeNull();
    expect(decodeStoredDob('')).toBeNull();
    expect(decodeStoredDob(null)).toBeNull();
    expect(isCalendarDate(20240229)).toBe(true);
    expect(isCalendarDate(20230229)).toBe(false);
  });
});
