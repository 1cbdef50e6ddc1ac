import { describe, expect, it, vi } from 'vitest';
import { backOutcome, exitApp } from './back';

describe('Back where no screen takes it', () => {
  it('goes back in history, else home, and asks before leaving the app at the root', () => {
    expect(backOutcome({ atHome: false, historyIndex: 2 })).toBe('history');
    expect(backOutcome({ atHome: false, historyIndex: 0 })).toBe('home');
    expect(backOutcome({ atHome: true, historyIndex: 0 })).toBe('confirmExit');
    expect(backOutcome({ atHome: true, historyIndex: 3 })).toBe('confirmExit');
  });

  it("exits through the platform's call where it has one, else closes the window (webOS)", () => {
    const close = vi.fn();
    exitApp({ exitApp: () => true }, { close });
    expect(close).not.toHaveBeenCalled();
    exitApp({ exitApp: () => false }, { close });
    exitApp({}, { close });
    expect(close).toHaveBeenCalledTimes(2);
  });
});
