import { describe, expect, it } from 'vitest';
import {
  asksToResume,
  countsAsWatched,
  exitMessageAt,
  isFinished,
  resumeAt,
  rewardAt,
  startPosition,
} from './progress';

describe('watch progress (playback-and-social §4.8)', () => {
  it('"finished if … under 120 s total or under 60 s left"', () => {
    expect(isFinished(0, 119)).toBe(true);
    expect(isFinished(0, 120)).toBe(false);
    expect(isFinished(3540, 3600)).toBe(false); // exactly 60 s left
    expect(isFinished(3541, 3600)).toBe(true);
    expect(isFinished(600, 3600)).toBe(false);
  });

  it('"watched once more than 5 s have been watched. Otherwise … a skip"', () => {
    expect(countsAsWatched(5)).toBe(false);
    expect(countsAsWatched(5.1)).toBe(true);
  });

  it('"a start position is sent only when more than 15 s remain"', () => {
    expect(startPosition(100, 116)).toBe(100);
    expect(startPosition(100, 115)).toBe(0);
  });

  it('"an exit message … 15 s before the end (at 0.9 of the length when … under 45 s)"', () => {
    expect(exitMessageAt(600)).toBe(585);
    expect(exitMessageAt(45)).toBe(30);
    expect(exitMessageAt(40)).toBeCloseTo(36);
  });

  it('"a reward event fires at 90% of the duration"', () => {
    expect(rewardAt(200)).toBe(180);
  });

  it('resumes an unfinished item with more than 15 s left, and starts others from the beginning', () => {
    expect(resumeAt({ progress: 40, duration: 180, finished: false })).toBe(40);
    expect(resumeAt({ progress: 170, duration: 180, finished: false })).toBeNull();
    expect(resumeAt({ progress: 40, duration: 180, finished: true })).toBeNull();
    expect(resumeAt({ progress: 0, duration: 180, finished: false })).toBeNull();
    expect(resumeAt(undefined)).toBeNull();
  });
});

describe('asksToResume (flag altResumeStyle, decision 0056)', () => {
  it('asks only with the flag, a saved position and no position in the link', () => {
    expect(asksToResume({ altResumeStyle: true, requested: null, start: 754 })).toBe(true);
    expect(asksToResume({ altResumeStyle: false, requested: null, start: 754 })).toBe(false);
  });

  it('never asks when the link names a position (?t=, Resume, Restart) or there is nothing to resume', () => {
    expect(asksToResume({ altResumeStyle: true, requested: 0, start: 0 })).toBe(false);
    expect(asksToResume({ altResumeStyle: true, requested: 120, start: 120 })).toBe(false);
    expect(asksToResume({ altResumeStyle: true, requested: null, start: 0 })).toBe(false);
  });
});
