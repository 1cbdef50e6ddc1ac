import { HOTKEY_SEEK_SECONDS } from './constants';

/** What a key does to the player (playback-and-social §4.4). */
export type HotkeyAction = 'toggle-play' | 'seek-backward' | 'seek-forward' | 'leave';

/** The spec's key codes: Space 32 toggles play, Left 37 / Right 39 seek 5 s, Escape 27 leaves. */
export const DEFAULT_HOTKEYS: Readonly<Record<number, HotkeyAction>> = {
  32: 'toggle-play',
  37: 'seek-backward',
  39: 'seek-forward',
  27: 'leave',
};

/** `KeyboardEvent.key` names for the same actions, for events without a keyCode. */
const KEY_NAMES: Readonly<Record<string, HotkeyAction>> = {
  ' ': 'toggle-play',
  Spacebar: 'toggle-play',
  ArrowLeft: 'seek-backward',
  ArrowRight: 'seek-forward',
  Escape: 'leave',
  Esc: 'leave',
};

export interface KeyLike {
  keyCode?: number;
  which?: number;
  key?: string;
}

/**
 * The action for a key event, or null. `extra` adds or overrides key codes
 * (e.g. a TV remote's Back key or media keys).
 */
export function hotkeyAction(
  event: KeyLike,
  extra: Readonly<Record<number, HotkeyAction>> = {},
): HotkeyAction | null {
  const code = event.keyCode || event.which;
  if (code) {
    const mapped = extra[code] ?? DEFAULT_HOTKEYS[code];
    if (mapped) return mapped;
  }
  return (event.key && KEY_NAMES[event.key]) || null;
}

export interface HotkeyControls {
  togglePlay(): void;
  seekBy(seconds: number): void;
  leave?(): void;
}

/** Runs an action against player controls. */
export function applyHotkey(
  action: HotkeyAction,
  controls: HotkeyControls,
  seekSeconds = HOTKEY_SEEK_SECONDS,
) {
  switch (action) {
    case 'toggle-play':
      return controls.togglePlay();
    case 'seek-backward':
      return controls.seekBy(-seekSeconds);
    case 'seek-forward':
      return controls.seekBy(seekSeconds);
    case 'leave':
      return controls.leave?.();
  }
}

/** True when a key event comes from a text field, where hotkeys must not fire. */
export function isTypingTarget(target: unknown): boolean {
  const el = target as { tagName?: string; isContentEditable?: boolean } | null;
  if (!el?.tagName) return false;
  return el.isContentEditable === true || /^(INPUT|TEXTAREA|SELECT)$/.test(el.tagName);
}

/**
 * True when a key event comes from inside an open <dialog> (still watching, birth date): Space must
 * press its buttons and Escape is the dialog's own cancel, not the player's "leave".
 */
export function isInDialog(target: unknown): boolean {
  const el = target as { closest?: (selector: string) => unknown } | null;
  return typeof el?.closest === 'function' && !!el.closest('dialog[open]');
}

export interface BindHotkeysOptions {
  extra?: Readonly<Record<number, HotkeyAction>>;
  seekSeconds?: number;
}

/** Listens for hotkeys on `target` (usually `window`); returns the unbind function. */
export function bindHotkeys(
  target: Pick<EventTarget, 'addEventListener' | 'removeEventListener'>,
  controls: HotkeyControls,
  options: BindHotkeysOptions = {},
): () => void {
  const onKeyDown = (e: Event) => {
    const event = e as KeyboardEvent;
    if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
    if (isTypingTarget(event.target) || isInDialog(event.target)) return;
    const action = hotkeyAction(event, options.extra);
    if (!action) return;
    // Space on a focused button would also "click" it; let the player own the key.
    event.preventDefault();
    applyHotkey(action, controls, options.seekSeconds);
  };
  target.addEventListener('keydown', onKeyDown);
  return () => target.removeEventListener('keydown', onKeyDown);
}
