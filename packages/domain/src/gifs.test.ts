import { describe, expect, it } from 'vitest';
import { defaultGifRange, gifRangeProblem, GIF_DEFAULT_SECONDS, GIF_MAX_SECONDS, snapToStep } from './gifs';

describe('gif range (discovery-and-site §5, §9: "duration 1 to 15 s (default 5 s)")', () => {
  it('default 5 s, max 15 s', () => {
    expect(GIF_DEFAULT_SECONDS).toBe(5);
    expect(GIF_MAX_SECONDS).toBe(15);
  });

  it('refuses a range under 1 s or over 15 s, naming end', () => {
    expect(gifRangeProblem(10, 10.5, 60)).toEqual({ field: 'end', message: 'A gif lasts 1 to 15 seconds' });
    expect(gifRangeProblem(10, 25.5, 60)?.field).toBe('end');
    expect(gifRangeProblem(10, 11, 60)).toBeUndefined();
    expect(gifRangeProblem(10, 25, 60)).toBeUndefined();
  });

  it('refuses a negative start, an end before start, and a range past the video', () => {
    expect(gifRangeProblem(-1, 4, 60)?.field).toBe('start');
    expect(gifRangeProblem(Number.NaN, 4, 60)?.field).toBe('start');
    expect(gifRangeProblem(60, 65, 60)?.field).toBe('start');
    expect(gifRangeProblem(8, 4, 60)?.field).toBe('end');
    expect(gifRangeProblem(56, 61, 60)).toEqual({
      field: 'end',
      message: 'end must not pass the end of the video',
    });
  });

  it('the default range is 5 s from the position, pulled back to fit, on the drag grid', () => {
    expect(defaultGifRange(12.3, 60)).toEqual({ start: 12.5, end: 17.5 });
    expect(defaultGifRange(58, 60)).toEqual({ start: 55, end: 60 });
    expect(defaultGifRange(0, 3)).toEqual({ start: 0, end: 3 });
    expect(snapToStep(1.26)).toBe(1.5);
  });
});
