import { describe, expect, it } from 'vitest';
import { LINK_COPIED_TOAST_MS, TOAST_FADE_MS, TOAST_TIMEOUT_MS, pushToast } from './toast';

describe('toasts (§9 "5 s timeout, 300 ms show and hide, no duplicates; link-copied 750 ms")', () => {
  it('has the spec timings', () => {
    expect(TOAST_TIMEOUT_MS).toBe(5000);
    expect(TOAST_FADE_MS).toBe(300);
    expect(LINK_COPIED_TOAST_MS).toBe(750);
  });
  it('adds a new message', () => {
    const r = pushToast([{ id: 1, message: 'a', kind: 'error' }], { id: 2, message: 'b', kind: 'error' });
    expect(r.added).toBe(true);
    expect(r.list.map((t) => t.id)).toEqual([1, 2]);
  });
  it('never shows a message twice', () => {
    const r = pushToast([{ id: 1, message: 'a', kind: 'error' }], { id: 2, message: 'a', kind: 'info' });
    expect(r.added).toBe(false);
    expect(r.shown.id).toBe(1);
    expect(r.list).toHaveLength(1);
  });
});
