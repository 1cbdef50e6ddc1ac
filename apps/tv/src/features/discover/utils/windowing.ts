/**
 * Which rows and cards of the discover screen are rendered (issue 17, "weak hardware"): only those
 * near the viewport, plus a margin around the focus so that a move into a card or row that was not
 * yet rendered finds it there (spatial navigation only moves to mounted focusables).
 *
 * The TV screen scrolls only through focus: a focused card scrolls its row `inline: 'nearest'` and
 * the page `block: 'center'` (FocusableLink), so the viewport follows from the focus and these
 * functions need no scroll events.
 */

/** A half-open range of indexes, `start` included, `end` not. */
export interface IndexRange {
  start: number;
  end: number;
}

/** Cards of a row shown whole at once on the 1920-wide screen (400 px cards, 28 px apart, 96 px safe areas). */
export const CARDS_IN_VIEW = 4;
/** Cards rendered beyond the view on each side: the partly visible card and one more to move into. */
export const CARD_MARGIN = 2;
/** Rows rendered above and below the focused row: the centred row shows about 1.3 rows each side. */
export const ROW_MARGIN = 2;

/**
 * The first card shown whole once `focused` is focused, from the row's previous first: a focus
 * inside the view keeps it, a focus past either side scrolls the row just enough ('nearest').
 */
export function nextFirstInView(firstInView: number, focused: number, inView = CARDS_IN_VIEW): number {
  if (focused < firstInView) return focused;
  if (focused > firstInView + inView - 1) return focused - inView + 1;
  return firstInView;
}

/** The cards a row renders while its view starts at `firstInView`. */
export function cardRange(
  firstInView: number,
  count: number,
  inView = CARDS_IN_VIEW,
  margin = CARD_MARGIN,
): IndexRange {
  return {
    start: Math.max(0, firstInView - margin),
    end: Math.min(count, firstInView + inView + margin),
  };
}

/** The rows rendered while `focusedRow` is focused (the page keeps it in the middle). */
export function rowRange(focusedRow: number, count: number, margin = ROW_MARGIN): IndexRange {
  return { start: Math.max(0, focusedRow - margin), end: Math.min(count, focusedRow + margin + 1) };
}

export const inRange = (range: IndexRange, i: number) => i >= range.start && i < range.end;
