import { SpatialNavigation } from '@noriginmedia/norigin-spatial-navigation';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ARROW_REPEAT_MS, createArrowThrottle } from './key-throttle';
import { startSpatialNavigation } from './spatial';

describe('the remote key throttle (a pure gate over key events)', () => {
  let now = 0;
  const gate = () => createArrowThrottle(ARROW_REPEAT_MS, () => now);
  beforeEach(() => {
    now = 1_000;
  });

  it('lets a held arrow through at most once per interval', () => {
    const g = gate();
    expect(g.keyDown('right', { repeat: false })).toBe(true);
    now += 30;
    expect(g.keyDown('right', { repeat: true })).toBe(false);
    now += 30;
    expect(g.keyDown('right', { repeat: true })).toBe(false);
    now += ARROW_REPEAT_MS - 60;
    expect(g.keyDown('right', { repeat: true })).toBe(true);
  });

  it('treats an arrow that goes down again before its keyup as held, even without the repeat flag', () => {
    const g = gate();
    expect(g.keyDown('down', {})).toBe(true);
    now += 10;
    expect(g.keyDown('down', {})).toBe(false);
    g.keyUp('down');
    // Released and pressed again: a fresh press passes at once.
    expect(g.keyDown('down', {})).toBe(true);
  });

  it('never holds back a fresh arrow press, however quick', () => {
    const g = gate();
    for (const key of ['right', 'right', 'down', 'left']) {
      expect(g.keyDown(key, { repeat: false })).toBe(true);
      g.keyUp(key);
      now += 5;
    }
  });

  it('never swallows Enter or Back: not after an arrow, not while an arrow is held, not repeated', () => {
    const g = gate();
    expect(g.keyDown('right', {})).toBe(true);
    for (const key of ['enter', 'back', 'enter', 'back']) {
      expect(g.keyDown(key, { repeat: false })).toBe(true);
      expect(g.keyDown(key, { repeat: true })).toBe(true);
    }
    // The arrow is still held: its repeat is throttled, and Enter still passes in between.
    expect(g.keyDown('right', { repeat: true })).toBe(false);
    expect(g.keyDown('enter', {})).toBe(true);
  });
});

describe('spatial navigation behind the throttle (the app as started by main.tsx)', () => {
  const target = new EventTarget();
  const service = SpatialNavigation as unknown as {
    focusKey: string | null;
    onEnterPress: (details: unknown) => void;
    smartNavigate: (direction: string) => Promise<void>;
  };
  const enter = vi.fn();
  const navigate = vi.fn(async (_direction: string) => undefined);
  const key = (type: 'keydown' | 'keyup', keyCode: number, repeat = false) =>
    target.dispatchEvent(Object.assign(new Event(type), { keyCode, repeat }));
  /** Lets spatial navigation's task queue run, as it does between two real key events. */
  const settle = () => vi.advanceTimersByTimeAsync(0);
  /** Key events one after another, each settled: [type, keyCode, repeat?]. */
  const keys = async (...events: Array<['keydown' | 'keyup', number, boolean?]>) => {
    for (const [type, keyCode, repeat] of events) {
      key(type, keyCode, repeat);
      await settle();
    }
  };

  beforeAll(() => {
    // The moment is frozen: everything below happens within one throttle interval.
    vi.useFakeTimers({ now: 0 });
    vi.stubGlobal('window', target);
    startSpatialNavigation();
    vi.spyOn(service, 'onEnterPress').mockImplementation(enter);
    vi.spyOn(service, 'smartNavigate').mockImplementation(navigate);
    service.focusKey = 'focused-button';
  });
  afterAll(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });
  beforeEach(() => {
    enter.mockClear();
    navigate.mockClear();
  });

  it('presses Enter right after an arrow moved the focus', async () => {
    await keys(['keydown', 39], ['keyup', 39], ['keydown', 13], ['keyup', 13]);
    expect(navigate).toHaveBeenCalledTimes(1);
    expect(enter).toHaveBeenCalledTimes(1);
  });

  it('presses Enter while an arrow is held, and moves once for a burst of repeats', async () => {
    const repeat: ['keydown', number, boolean] = ['keydown', 40, true];
    await keys(['keydown', 40], repeat, repeat, repeat, ['keydown', 13], ['keyup', 13], ['keyup', 40]);
    expect(navigate).toHaveBeenCalledTimes(1);
    expect(navigate.mock.calls[0]![0]).toBe('down');
    expect(enter).toHaveBeenCalledTimes(1);
  });

  it('moves for every fresh arrow press', async () => {
    for (const code of [39, 39, 37]) await keys(['keydown', code], ['keyup', code]);
    expect(navigate.mock.calls.map(([direction]) => direction)).toEqual(['right', 'right', 'left']);
  });
});
