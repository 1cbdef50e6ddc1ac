import { describe, expect, it, vi } from 'vitest';
import { bindSmartPause, createSmartPause } from './smart-pause';

function fakePlayer(paused = false) {
  const video = { paused, ended: false };
  return {
    video,
    play: vi.fn(() => {
      video.paused = false;
    }),
    pause: vi.fn(() => {
      video.paused = true;
    }),
  };
}

describe('smart pause (§4.4 "Smart pause and resume use a paused flag")', () => {
  it('pauses a playing video when hidden and resumes it when shown', () => {
    const p = fakePlayer(false);
    const smart = createSmartPause(p);
    smart.hide();
    expect(p.pause).toHaveBeenCalledOnce();
    expect(smart.pausedByUs).toBe(true);
    smart.show();
    expect(p.play).toHaveBeenCalledOnce();
    expect(smart.pausedByUs).toBe(false);
  });
  it('never resumes a video the viewer paused', () => {
    const p = fakePlayer(true);
    const smart = createSmartPause(p);
    smart.hide();
    smart.show();
    expect(p.pause).not.toHaveBeenCalled();
    expect(p.play).not.toHaveBeenCalled();
  });
  it('does not resume when the viewer started it again meanwhile (flag cleared only once)', () => {
    const p = fakePlayer(false);
    const smart = createSmartPause(p);
    smart.hide();
    p.video.paused = false; // played again by hand while hidden
    smart.show();
    expect(p.play).not.toHaveBeenCalled();
    smart.show();
    expect(p.play).not.toHaveBeenCalled();
  });
  it('follows visibilitychange and unbinds', () => {
    const listeners = new Set<() => void>();
    const doc = {
      visibilityState: 'visible',
      addEventListener: (_: 'visibilitychange', fn: () => void) => listeners.add(fn),
      removeEventListener: (_: 'visibilitychange', fn: () => void) => listeners.delete(fn),
    };
    const p = fakePlayer(false);
    const off = bindSmartPause(doc, p);
    doc.visibilityState = 'hidden';
    listeners.forEach((fn) => fn());
    expect(p.video.paused).toBe(true);
    doc.visibilityState = 'visible';
    listeners.forEach((fn) => fn());
    expect(p.video.paused).toBe(false);
    off();
    expect(listeners.size).toBe(0);
  });
});
