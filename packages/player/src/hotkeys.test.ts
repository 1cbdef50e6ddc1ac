import { describe, expect, it, vi } from 'vitest';
import {
  applyHotkey,
  bindHotkeys,
  DEFAULT_HOTKEYS,
  hotkeyAction,
  isInDialog,
  isTypingTarget,
} from './hotkeys';
import { HOTKEY_SEEK_SECONDS } from './constants';

describe('hotkeys (playback-and-social §4.4)', () => {
  it('maps the spec key codes: Space 32, Left 37, Right 39, Escape 27', () => {
    expect(hotkeyAction({ keyCode: 32 })).toBe('toggle-play');
    expect(hotkeyAction({ keyCode: 37 })).toBe('seek-backward');
    expect(hotkeyAction({ keyCode: 39 })).toBe('seek-forward');
    expect(hotkeyAction({ keyCode: 27 })).toBe('leave');
    expect(
      Object.keys(DEFAULT_HOTKEYS)
        .map(Number)
        .sort((a, b) => a - b),
    ).toEqual([27, 32, 37, 39]);
  });

  it('falls back to key names and ignores other keys', () => {
    expect(hotkeyAction({ key: ' ' })).toBe('toggle-play');
    expect(hotkeyAction({ key: 'ArrowRight' })).toBe('seek-forward');
    expect(hotkeyAction({ keyCode: 65, key: 'a' })).toBeNull();
    expect(hotkeyAction({})).toBeNull();
  });

  it('accepts extra key codes such as a TV Back key', () => {
    expect(hotkeyAction({ keyCode: 10009 }, { 10009: 'leave' })).toBe('leave');
    expect(hotkeyAction({ keyCode: 461 }, { 461: 'leave' })).toBe('leave');
    expect(hotkeyAction({ keyCode: 461 })).toBeNull();
  });

  it('seeks 5 s either way and toggles play', () => {
    expect(HOTKEY_SEEK_SECONDS).toBe(5);
    const controls = { togglePlay: vi.fn(), seekBy: vi.fn(), leave: vi.fn() };
    applyHotkey('seek-backward', controls);
    applyHotkey('seek-forward', controls);
    applyHotkey('toggle-play', controls);
    applyHotkey('leave', controls);
    expect(controls.seekBy.mock.calls).toEqual([[-5], [5]]);
    expect(controls.togglePlay).toHaveBeenCalledOnce();
    expect(controls.leave).toHaveBeenCalledOnce();
  });

  it('binds to an event target, skips text fields and unbinds', () => {
    const target = new EventTarget();
    const controls = { togglePlay: vi.fn(), seekBy: vi.fn() };
    const unbind = bindHotkeys(target, controls);
    const key = (keyCode: number, tagName?: string) => {
      const event = Object.assign(new Event('keydown', { cancelable: true }), { keyCode });
      if (tagName) Object.defineProperty(event, 'target', { value: { tagName } });
      target.dispatchEvent(event);
      return event;
    };
    expect(key(32).defaultPrevented).toBe(true);
    key(32, 'INPUT');
    key(39);
    expect(controls.togglePlay).toHaveBeenCalledOnce();
    expect(controls.seekBy).toHaveBeenCalledWith(5);
    unbind();
    key(32);
    expect(controls.togglePlay).toHaveBeenCalledOnce();
    expect(isTypingTarget({ tagName: 'TEXTAREA' })).toBe(true);
    expect(isTypingTarget({ tagName: 'DIV' })).toBe(false);
  });
});

describe('isInDialog (modals keep their keys)', () => {
  it('is true inside an open dialog only', () => {
    const inside = { closest: (sel: string) => (sel === 'dialog[open]' ? {} : null) };
    const outside = { closest: () => null };
    expect(isInDialog(inside)).toBe(true);
    expect(isInDialog(outside)).toBe(false);
    expect(isInDialog(null)).toBe(false);
    expect(isInDialog({})).toBe(false);
  });

  it('leaves Space and Escape to an open dialog', () => {
    const target = new EventTarget();
    const controls = { togglePlay: vi.fn(), seekBy: vi.fn(), leave: vi.fn() };
    bindHotkeys(target, controls);
    const key = (keyCode: number) => {
      const event = Object.assign(new Event('keydown', { cancelable: true }), { keyCode });
      Object.defineProperty(event, 'target', { value: { tagName: 'BUTTON', closest: () => ({}) } });
      target.dispatchEvent(event);
      return event;
    };
    expect(key(32).defaultPrevented).toBe(false);
    key(27);
    expect(controls.togglePlay).not.toHaveBeenCalled();
    expect(controls.leave).not.toHaveBeenCalled();
  });
});
