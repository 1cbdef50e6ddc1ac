// @vitest-environment happy-dom
// The discover grid in a DOM: which rows and cards are mounted, and which components a focus move
// re-renders (counted per focus key through useFocusable, and per commit with React's Profiler).
import type { DiscoverRow as DiscoverRowData, Video } from '@marquee/contract';
import * as spatial from '@noriginmedia/norigin-spatial-navigation';
import { act, createElement, Profiler, useEffect } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { MemoryRouter, Route, Routes, useNavigate, type NavigateFunction } from 'react-router';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { DiscoverGrid } from './discover-grid';

/** Focus keys of the focusables rendered since the last reset, one entry per render. */
const renders: string[] = [];

vi.mock('@noriginmedia/norigin-spatial-navigation', async (importOriginal) => {
  const mod = await importOriginal<typeof spatial>();
  return {
    ...mod,
    useFocusable: ((config) => {
      renders.push(config?.focusKey ?? '?');
      return mod.useFocusable(config);
    }) as typeof mod.useFocusable,
  };
});

const video = (uid: string) =>
  ({ uid, type: 'video', title: uid, contentDetails: { duration: 60 } }) as unknown as Video;

const ROWS = 8;
const CARDS = 30;
const rows: DiscoverRowData[] = Array.from({ length: ROWS }, (_, r) => ({
  id: `r${r}`,
  type: 'featured' as DiscoverRowData['type'],
  title: `Row ${r}`,
  layout: 'thumbs',
  source: null,
  perUser: false,
  href: null,
  items: Array.from({ length: CARDS }, (_, c) => video(`v${r}-${c}`)),
  total_items: CARDS,
  next_page: null,
}));

// Stable results, as TanStack Query's and the hooks' memos give.
const discover = { isPending: false, isSuccess: true, isError: false, data: { rows } };
const none = new Map();
vi.mock('../api/use-discover', () => ({ useDiscover: () => discover }));
vi.mock('../api/use-my-rows', () => ({ useMyRows: () => none }));
vi.mock('../../../lib/my-lists', () => ({ useProgressByVideo: () => none }));
vi.mock('react-i18next', () => ({ useTranslation: () => ({ t: (key: string) => key }) }));

const g = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };
let container: HTMLElement;
let root: Root;
let commits = 0;

let navigate: NavigateFunction;
function CaptureNavigate() {
  const nav = useNavigate();
  useEffect(() => void (navigate = nav), [nav]);
  return null;
}

/**
 * Renders the grid for one tab, on a history entry of its own (the focus memory is per entry), and
 * waits for the first card's focus. `/away` is another screen, for leaving and coming Back.
 */
async function mount(tabId = 'tab') {
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
  const grid = createElement(DiscoverGrid, { tabId, hrefFor: () => '/tvn/generic/x' });
  const profiled = createElement(Profiler, { id: 'discover', onRender: () => void commits++ }, grid);
  await act(async () => {
    root.render(
      createElement(
        MemoryRouter,
        // The second entry: the first is always keyed 'default', the others get a key of their own.
        { initialEntries: ['/', `/${tabId}`], initialIndex: 1 },
        createElement(CaptureNavigate),
        createElement(
          Routes,
          null,
          createElement(Route, { path: '/away', element: null }),
          createElement(Route, { path: '/:tab', element: profiled }),
        ),
      ),
    );
  });
  await settle();
}

/** Lets spatial navigation's scheduled registrations and React's updates run. */
async function settle() {
  for (let i = 0; i < 3; i++) await act(() => new Promise<void>((resolve) => setTimeout(resolve, 0)));
}

async function focus(key: string) {
  renders.length = 0;
  commits = 0;
  await act(() => spatial.setFocus(key));
  // The app's spatial navigation moves the DOM focus too (lib/spatial.ts), and the focus memory
  // (lib/use-focus-restore.ts) listens to that; here only its event is given.
  document.dispatchEvent(new FocusEvent('focusin'));
  await settle();
}

const focused = () => spatial.getCurrentFocusKey();
const mountedCards = (rowId: string) =>
  [...container.querySelectorAll(`[data-row-id="${rowId}"] [data-testid="video-card"]`)].map((a) =>
    a.getAttribute('data-video-uid'),
  );

beforeAll(() => {
  g.IS_REACT_ACT_ENVIRONMENT = true;
  spatial.init({ throttle: 0 });
});
afterAll(() => spatial.destroy());
beforeEach(() => {
  renders.length = 0;
  commits = 0;
});
afterEach(async () => {
  await act(async () => root.unmount());
  container.remove();
});

describe('discover windowing (issue 17, weak hardware)', () => {
  it('mounts the cards in view and a margin, in the rows near the focused one', async () => {
    await mount('tab-a');
    expect(focused()).toBe('card-r0-0');
    // Rows 0–2 are near row 0: each mounts the 4 cards in view and 2 past them.
    for (const r of [0, 1, 2])
      expect(mountedCards(`r${r}`)).toEqual([0, 1, 2, 3, 4, 5].map((c) => `v${r}-${c}`));
    for (const r of [3, 4, 5, 6, 7]) expect(mountedCards(`r${r}`)).toEqual([]);
    // Every row keeps its title, for the screen reader and for layout.
    expect(container.querySelectorAll('[data-testid="discover-row"]')).toHaveLength(ROWS);
  });

  it('has the next card mounted before each move along a row, and drops the cards left behind', async () => {
    await mount('tab-b');
    for (let c = 1; c < CARDS; c++) {
      expect(spatial.doesFocusableExist(`card-r0-${c}`)).toBe(true);
      await focus(`card-r0-${c}`);
      expect(focused()).toBe(`card-r0-${c}`);
    }
    // The view ends on the last four cards: with the margin, 6 are mounted.
    expect(mountedCards('r0')).toEqual([24, 25, 26, 27, 28, 29].map((c) => `v0-${c}`));
  });

  it('has the next row mounted before each move down, and unmounts rows left far behind', async () => {
    await mount('tab-c');
    for (let r = 1; r < ROWS; r++) {
      expect(spatial.doesFocusableExist(`card-r${r}-0`)).toBe(true);
      await focus(`card-r${r}-0`);
    }
    for (const r of [0, 1, 2, 3, 4]) expect(mountedCards(`r${r}`)).toEqual([]);
    for (const r of [5, 6, 7]) expect(mountedCards(`r${r}`)).toHaveLength(6);
  });

  it('a move along a row re-renders the card left and the card reached, and no other card', async () => {
    await mount('tab-d');
    await focus('card-r0-1');
    // The row renders again to remember its card; its other cards are memoized.
    expect(renders.sort()).toEqual(['card-r0-0', 'card-r0-1', 'row-r0']);
    expect(commits).toBeLessThanOrEqual(2);
  });

  it('a move that scrolls the row also renders the one card it mounts, and the row', async () => {
    await mount('tab-e');
    for (const c of [1, 2, 3]) await focus(`card-r0-${c}`);
    await focus('card-r0-4');
    // The view moves by one: card 6 is mounted; cards 0–5 are not rendered again.
    expect(renders.sort()).toEqual(['card-r0-3', 'card-r0-4', 'card-r0-6', 'row-r0']);
  });

  it('a move down re-renders the two cards, and only the rows entering or leaving the window', async () => {
    await mount('tab-f');
    await focus('card-r1-0');
    // Row 3 comes near (its 6 cards mount); the grid re-renders, the rows already near do not.
    expect(renders.sort()).toEqual(
      [
        'DISCOVER_GRID',
        'card-r0-0',
        'card-r1-0',
        'row-r3',
        ...[0, 1, 2, 3, 4, 5].map((c) => `card-r3-${c}`),
      ].sort(),
    );
  });

  it('returns to the card focused last in a row that went far and came back', async () => {
    await mount('tab-h');
    for (const c of [1, 2, 3, 4, 5, 6]) await focus(`card-r0-${c}`);
    for (let r = 1; r <= 4; r++) await focus(`card-r${r}-0`);
    expect(mountedCards('r0')).toEqual([]);
    for (let r = 3; r >= 1; r--) await focus(`card-r${r}-0`);
    // Spatial navigation enters row 0 by its preferred child: the card left there.
    expect(spatial.doesFocusableExist('card-r0-6')).toBe(true);
    await focus('row-r0');
    expect(focused()).toBe('card-r0-6');
  });

  it('restores the focus on a card far along a row on coming Back to the screen', async () => {
    await mount('tab-g');
    for (let r = 1; r <= 3; r++) await focus(`card-r${r}-0`);
    for (let c = 1; c <= 12; c++) await focus(`card-r3-${c}`);
    await act(async () => navigate('/away'));
    expect(mountedCards('r3')).toEqual([]);
    await act(async () => navigate(-1));
    await settle();
    expect(focused()).toBe('card-r3-12');
    expect(mountedCards('r3')).toContain('v3-12');
  });
});
