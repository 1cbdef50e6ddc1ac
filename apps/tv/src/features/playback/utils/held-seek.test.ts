import { describe, expect, it } from 'vitest';
import { createHeldSeek, HELD_SEEK_INTERVAL_MS } from './held-seek';

describe('long-press seek on the TV player', () => {
  const setup = () => {
    let t = 1_000;
    const seek = createHeldSeek(() => t);
    return { seek, advance: (ms: number) => (t += ms) };
  };

  it('seeks 5 s for a press, back or forward, and again 5 s for each fresh press', () => {
    const { seek, advance } = setup();
    expect(seek.keyDown('forward')).toBe(5);
    seek.release();
    advance(10);
    expect(seek.keyDown('forward')).toBe(5);
    seek.release();
    expect(seek.keyDown('back')).toBe(-5);
    seek.release();
    expect(seek.holding).toBe(false);
  });

  it('keeps seeking while the key is held, at most once per interval, faster the longer it is held', () => {
    const { seek, advance } = setup();
    expect(seek.keyDown('forward')).toBe(5);
    // The browser's auto-repeat comes every ~33 ms: most repeats wait.
    advance(33);
    expect(seek.keyDown('forward')).toBe(0);
    advance(HELD_SEEK_INTERVAL_MS);
    expect(seek.keyDown('forward')).toBe(10);
    advance(2_000);
    expect(seek.keyDown('forward')).toBe(30);
    advance(3_000);
    expect(seek.keyDown('forward')).toBe(60);
    expect(seek.holding).toBe(true);
  });

  it('stops when the key is released: the next press is a plain 5 s again', () => {
    const { seek, advance } = setup();
    seek.keyDown('back');
    advance(6_000);
    expect(seek.keyDown('back')).toBe(-60);
    seek.release();
    advance(HELD_SEEK_INTERVAL_MS);
    expect(seek.keyDown('back')).toBe(-5);
  });

  it('starts over when the other direction goes down while one is held', () => {
    const { seek, advance } = setup();
    seek.keyDown('forward');
    advance(3_000);
    expect(seek.keyDown('forward')).toBe(30);
    expect(seek.keyDown('back')).toBe(-5);
    advance(HELD_SEEK_INTERVAL_MS);
    expect(seek.keyDown('back')).toBe(-10);
  });
});
