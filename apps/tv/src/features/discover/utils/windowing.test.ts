import { describe, expect, it } from 'vitest';
import { cardRange, inRange, nextFirstInView, rowRange } from './windowing';

describe('nextFirstInView: the row scrolls as scrollIntoView({ inline: "nearest" }) does', () => {
  it('keeps the view while the focus stays inside it', () => {
    for (const focused of [3, 4, 5, 6]) expect(nextFirstInView(3, focused, 4)).toBe(3);
  });
  it('moves the view by one when the focus steps past its right or left side', () => {
    expect(nextFirstInView(0, 4, 4)).toBe(1);
    expect(nextFirstInView(5, 4, 4)).toBe(4);
  });
  it('jumps to a focus far away (a restored focus)', () => {
    expect(nextFirstInView(0, 17, 4)).toBe(14);
    expect(nextFirstInView(14, 0, 4)).toBe(0);
  });
});

describe('cardRange', () => {
  it('renders the view and a margin each side, within the row', () => {
    expect(cardRange(0, 40, 4, 2)).toEqual({ start: 0, end: 6 });
    expect(cardRange(10, 40, 4, 2)).toEqual({ start: 8, end: 16 });
    expect(cardRange(37, 40, 4, 2)).toEqual({ start: 35, end: 40 });
    expect(cardRange(0, 3, 4, 2)).toEqual({ start: 0, end: 3 });
  });
  it('always holds the cards either side of the focus, so an arrow finds its target mounted', () => {
    let first = 0;
    for (const focused of [0, 1, 2, 3, 4, 5, 6, 7, 6, 5, 4, 3, 2, 1, 0]) {
      first = nextFirstInView(first, focused, 4);
      const range = cardRange(first, 40, 4, 2);
      for (const i of [focused - 1, focused, focused + 1].filter((i) => i >= 0))
        expect(inRange(range, i)).toBe(true);
      expect(range.end - range.start).toBeLessThanOrEqual(8);
    }
  });
});

describe('rowRange', () => {
  it('renders the focused row and two each side', () => {
    expect(rowRange(0, 12)).toEqual({ start: 0, end: 3 });
    expect(rowRange(5, 12)).toEqual({ start: 3, end: 8 });
    expect(rowRange(11, 12)).toEqual({ start: 9, end: 12 });
  });
});
