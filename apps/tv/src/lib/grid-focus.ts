import type { FocusableComponent, NextFocusResolver } from '@noriginmedia/norigin-spatial-navigation';

/** A focusable's box on screen (spatial navigation's measured layout). */
export interface Box {
  left: number;
  top: number;
  width: number;
  height: number;
}

type Direction = 'up' | 'down' | 'left' | 'right';

/** Boxes this close (px) count as touching: sub-pixel layout and borders. */
const SLACK = 2;

const centerX = (b: Box) => b.left + b.width / 2;
const bottom = (b: Box) => b.top + b.height;
const right = (b: Box) => b.left + b.width;
const sameLine = (a: Box, b: Box) => a.top < bottom(b) - SLACK && b.top < bottom(a) - SLACK;

/**
 * The grid's move from `from`: Left/Right go to the next card on the same line and stop at its
 * ends; Up/Down go to the nearest line above or below (a wrapped row's next line before the next
 * row, never skipping one) and, on it, to the card nearest horizontally. Null when there is nothing
 * that way (spatial navigation then leaves the grid, e.g. Up into the top bar).
 */
export function gridMove<T extends { box: Box }>(
  direction: Direction,
  from: Box,
  items: readonly T[],
): T | null {
  const by = <K>(list: readonly K[], score: (k: K) => number) =>
    list.reduce<K | null>((best, k) => (best === null || score(k) < score(best) ? k : best), null);
  if (direction === 'left' || direction === 'right') {
    const line = items.filter(({ box }) => sameLine(box, from));
    const ahead =
      direction === 'right'
        ? line.filter(({ box }) => box.left >= right(from) - SLACK)
        : line.filter(({ box }) => right(box) <= from.left + SLACK);
    return by(ahead, ({ box }) => Math.abs(centerX(box) - centerX(from)));
  }
  const beyond =
    direction === 'down'
      ? items.filter(({ box }) => box.top >= bottom(from) - SLACK)
      : items.filter(({ box }) => bottom(box) <= from.top + SLACK);
  const nearest = by(beyond, ({ box }) => (direction === 'down' ? box.top : -bottom(box)));
  if (!nearest) return null;
  const line = beyond.filter(({ box }) => sameLine(box, nearest.box));
  return by(line, ({ box }) => Math.abs(centerX(box) - centerX(from)));
}

/** gridMove as spatial navigation's `nextFocusResolver` for a grid container's cards. */
export const gridFocusResolver: NextFocusResolver = (direction, focusKey, siblings) => {
  const items = siblings.map((component) => ({ component, box: component.layout as Box }));
  const current = items.find((item) => item.component.focusKey === focusKey);
  if (!current) return null;
  const others = items.filter((item) => item !== current);
  return (
    gridMove(direction as Direction, current.box, others)?.component ?? (null as FocusableComponent | null)
  );
};
