import { describe, expect, it } from 'vitest';
import { toggleAction } from './toggle';

describe('TV watch-list and favorite buttons', () => {
  it('sends a signed-out viewer to login, whatever the state', () => {
    expect(toggleAction({ signedIn: false, on: undefined, busy: false })).toBe('login');
    expect(toggleAction({ signedIn: false, on: true, busy: true })).toBe('login');
  });

  it('flips the state when it is known and nothing is on its way', () => {
    expect(toggleAction({ signedIn: true, on: false, busy: false })).toBe('on');
    expect(toggleAction({ signedIn: true, on: true, busy: false })).toBe('off');
  });

  it('ignores a press while busy or while the state is unknown', () => {
    expect(toggleAction({ signedIn: true, on: false, busy: true })).toBe('ignore');
    expect(toggleAction({ signedIn: true, on: undefined, busy: false })).toBe('ignore');
  });
});
