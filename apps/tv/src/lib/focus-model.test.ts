import {
  getCurrentFocusKey,
  init,
  navigateByDirection,
  setFocus,
  SpatialNavigation,
  type FocusableComponent,
  type FocusableComponentLayout,
  type LayoutAdapter,
} from '@noriginmedia/norigin-spatial-navigation';
import { beforeAll, describe, expect, it } from 'vitest';
import { cardFocusKey, createFocusMemory, restoreCandidates, restoreTarget } from './focus-memory';

/**
 * The TV's focus model at 1920×1080, on spatial navigation itself (the library the app runs) with
 * the boxes the discover screen lays out: the top bar, then the grid of rows, each row a container
 * holding one sideways line of cards (400 px, 28 px apart) that keeps its last-focused card, as
 * DiscoverGrid and DiscoverRow do. Only the measuring is faked (node has no layout engine).
 */
type Box = { x: number; y: number; width: number; height: number };
const boxes = new Map<string, Box>();

class BoxAdapter implements LayoutAdapter {
  addEventListeners() {}
  removeEventListeners() {}
  blurNode() {}
  focusNode() {}
  async measureLayout(component: FocusableComponent): Promise<FocusableComponentLayout> {
    const { x, y, width, height } = boxes.get(component.focusKey) ?? { x: 0, y: 0, width: 0, height: 0 };
    return {
      x,
      y,
      width,
      height,
      left: x,
      top: y,
      right: x + width,
      bottom: y + height,
      node: component.node,
    };
  }
}

const service = SpatialNavigation as unknown as {
  addFocusable(component: Partial<FocusableComponent>): void;
  removeFocusable(component: { focusKey: string }): void;
};

function add(focusKey: string, parentFocusKey: string, box: Box, container = false) {
  boxes.set(focusKey, box);
  service.addFocusable({
    focusKey,
    parentFocusKey,
    node: {} as HTMLElement,
    focusable: true,
    trackChildren: container,
    saveLastFocusedChild: container,
    autoRestoreFocus: true,
    isFocusBoundary: false,
    focusBoundaryDirections: [],
    onEnterPress: () => {},
    onEnterRelease: () => {},
    onArrowPress: () => true,
    onArrowRelease: () => {},
    onFocus: () => {},
    onBlur: () => {},
    onUpdateFocus: () => {},
    onUpdateHasFocusedChild: () => {},
  });
}

const CARD = { width: 400, height: 300 };
/** Two rows: "new" with 6 cards (past the screen's right edge), "picks" with 3. */
const ROWS = [
  { id: 'new', count: 6 },
  { id: 'picks', count: 3 },
];

beforeAll(() => {
  init({ layoutAdapter: BoxAdapter, shouldFocusDOMNode: false });
  add('TOP_BAR', 'SN:ROOT', { x: 64, y: 24, width: 1792, height: 80 }, true);
  ['nav-discover', 'nav-menu', 'nav-account'].forEach((key, i) =>
    add(key, 'TOP_BAR', { x: 1300 + i * 180, y: 32, width: 160, height: 64 }),
  );
  add('DISCOVER_GRID', 'SN:ROOT', { x: 64, y: 140, width: 1792, height: 900 }, true);
  ROWS.forEach((row, r) => {
    const y = 200 + r * (CARD.height + 120);
    add(
      `row-${row.id}`,
      'DISCOVER_GRID',
      { x: 64, y, width: row.count * (CARD.width + 28), height: CARD.height },
      true,
    );
    for (let i = 0; i < row.count; i++)
      add(cardFocusKey(row.id, i), `row-${row.id}`, { x: 64 + i * (CARD.width + 28), y, ...CARD });
  });
});

/** Lets spatial navigation's task queue apply a focus change, as it does between two key presses. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
const focus = async (key: string) => {
  await setFocus(key);
  await settle();
};
const press = async (...directions: Array<'up' | 'down' | 'left' | 'right'>) => {
  for (const direction of directions) {
    await navigateByDirection(direction, {});
    await settle();
  }
  return getCurrentFocusKey();
};

describe('the focus model of the discover rows and grid (spatial navigation, as laid out at 1920×1080)', () => {
  it('moves along a row with Left/Right, past the screen edge, and stops at its ends', async () => {
    await focus(cardFocusKey('new', 0));
    expect(await press('left')).toBe(cardFocusKey('new', 0));
    expect(await press('right', 'right', 'right', 'right', 'right')).toBe(cardFocusKey('new', 5));
    expect(await press('right')).toBe(cardFocusKey('new', 5));
  });

  it('Down and Up move between rows, each row coming back to the card focused there last', async () => {
    await focus(cardFocusKey('new', 2));
    expect(await press('down')).toMatch(/^card-picks-/);
    expect(await press('right', 'right', 'right')).toBe(cardFocusKey('picks', 2));
    expect(await press('up')).toBe(cardFocusKey('new', 2));
    expect(await press('down')).toBe(cardFocusKey('picks', 2));
  });

  it('Up from the first row reaches the top bar, and Down comes back to the grid', async () => {
    await focus(cardFocusKey('new', 1));
    expect(await press('up')).toMatch(/^nav-/);
    expect(await press('down')).toBe(cardFocusKey('new', 1));
  });
});

describe('focus restore (lib/focus-memory.ts)', () => {
  it('remembers the focus per history entry, ignoring generated keys, and forgets the oldest', () => {
    const memory = createFocusMemory(2);
    memory.remember('a', 'card-new-3');
    memory.remember('a', 'sn:focusable-item-12');
    memory.remember('b', 'movie-watch');
    expect(memory.recall('a')).toBe('card-new-3');
    memory.remember('c', 'series-play');
    expect(memory.recall('a')).toBeUndefined();
    expect(memory.recall('b')).toBe('movie-watch');
    expect(memory.recall('c')).toBe('series-play');
  });

  it('goes back to the card the viewer left, in the row they left', () => {
    const exists = (key: string) => /^card-(new-[0-5]|picks-[0-2])$/.test(key);
    expect(restoreTarget('card-picks-2', 'card-new-0', exists)).toBe('card-picks-2');
    // A fresh visit (nothing remembered) starts at the first card.
    expect(restoreTarget(undefined, 'card-new-0', exists)).toBe('card-new-0');
    // The row got shorter (a Continue Watching item finished): the card before it in that row.
    expect(restoreCandidates('card-picks-4')).toEqual([
      'card-picks-4',
      'card-picks-3',
      'card-picks-2',
      'card-picks-1',
      'card-picks-0',
    ]);
    expect(restoreTarget('card-picks-4', 'card-new-0', exists)).toBe('card-picks-2');
    // The row is gone: the screen's default.
    expect(restoreTarget('card-gone-1', 'card-new-0', exists)).toBe('card-new-0');
    expect(restoreTarget('movie-watch', null, () => false)).toBeNull();
  });

  it('restores inside the real model: the remembered card takes the focus again', async () => {
    const memory = createFocusMemory();
    await focus(cardFocusKey('new', 0));
    await press('down', 'right', 'right');
    memory.remember('discover', getCurrentFocusKey());
    await focus('nav-menu');
    const target = restoreTarget(memory.recall('discover'), cardFocusKey('new', 0), (key) =>
      SpatialNavigation.doesFocusableExist(key),
    );
    await focus(target!);
    expect(getCurrentFocusKey()).toBe(cardFocusKey('picks', 2));
  });
});
