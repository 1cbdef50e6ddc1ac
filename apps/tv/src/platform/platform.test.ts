import { describe, expect, it, vi } from 'vitest';
import { en } from '../locales/common';
import { getPlatform, remoteAction } from './index';
import { createTizenPlatform } from './tizen';
import { createWebosPlatform } from './webos';

describe('TV platforms', () => {
  it('chooses the platform from the :type param, generic by default', () => {
    expect(getPlatform('tizen').type).toBe('tizen');
    expect(getPlatform('webos').type).toBe('webos');
    expect(getPlatform('unknown').type).toBe('generic');
    expect(getPlatform(undefined).type).toBe('generic');
    expect(getPlatform('toString').type).toBe('generic');
  });

  it('maps Back: 10009 on Tizen, 461 on webOS, Escape everywhere', () => {
    expect(remoteAction(getPlatform('tizen'), { keyCode: 10009 })).toBe('back');
    expect(remoteAction(getPlatform('webos'), { keyCode: 461 })).toBe('back');
    expect(remoteAction(getPlatform('webos'), { keyCode: 10009 })).toBeNull();
    expect(remoteAction(getPlatform('generic'), { keyCode: 27 })).toBe('back');
    expect(remoteAction(getPlatform('generic'), { keyCode: 0, key: 'GoBack' })).toBe('back');
  });

  it('shares arrows and Enter, and maps media keys', () => {
    for (const type of ['generic', 'tizen', 'webos']) {
      const p = getPlatform(type);
      expect([37, 38, 39, 40, 13].map((keyCode) => remoteAction(p, { keyCode }))).toEqual([
        'left',
        'up',
        'right',
        'down',
        'enter',
      ]);
    }
    expect(remoteAction(getPlatform('tizen'), { keyCode: 10252 })).toBe('playPause');
    expect(remoteAction(getPlatform('webos'), { keyCode: 415 })).toBe('play');
  });

  it("shows 'Network offline' and 'Network reconnected' on the Tizen and webOS variants", () => {
    // Pages without the platform's object (a desktop browser at /tvn/tizen): the toasts still work.
    const platforms = [
      createTizenPlatform(() => ({ window: new EventTarget() })),
      createWebosPlatform(() => ({ window: {}, document: new EventTarget() })),
    ];
    for (const platform of platforms) {
      const target = new EventTarget();
      const notify = vi.fn();
      const tracks = { closedCaptions: vi.fn(), language: vi.fn() };
      const cleanup = platform.setup!({ notify, target, tracks });
      target.dispatchEvent(new Event('offline'));
      target.dispatchEvent(new Event('online'));
      expect(notify.mock.calls).toEqual([['networkOffline'], ['networkReconnected']]);
      cleanup();
      target.dispatchEvent(new Event('offline'));
      expect(notify).toHaveBeenCalledTimes(2);
    }
    expect([en.networkOffline, en.networkReconnected]).toEqual(['Network offline', 'Network reconnected']);
    expect(getPlatform('generic').setup).toBeUndefined();
  });
});
