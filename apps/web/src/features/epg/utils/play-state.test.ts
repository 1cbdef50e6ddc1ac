import { ApiError, DEFAULT_ERROR_MESSAGE } from '@marquee/api-client';
import { describe, expect, it } from 'vitest';
import { playState } from './play-state';

const base = { enabled: true, isPending: false, error: null, data: undefined };

describe('playState (the EPG stage)', () => {
  it('is idle while no channel may be asked for, loading while the call runs', () => {
    expect(playState({ ...base, enabled: false })).toEqual({ kind: 'idle' });
    expect(playState({ ...base, isPending: true })).toEqual({ kind: 'loading' });
  });
  it('plays the url', () => {
    expect(playState({ ...base, data: { url: '/live/t/demo/news/master.m3u8' } })).toEqual({
      kind: 'play',
      url: '/live/t/demo/news/master.m3u8',
    });
  });
  it("asks for sign-in on the server's signed-out answer for a requires-login channel (200, code 10)", () => {
    expect(playState({ ...base, data: { url: null, code: 10, requiresLogin: true } })).toEqual({
      kind: 'login',
    });
    expect(playState({ ...base, error: new ApiError(401, 'unauthorized', 'Sign in') })).toEqual({
      kind: 'login',
    });
  });
  it('maps off air, purchase and other failures', () => {
    expect(playState({ ...base, error: new ApiError(404, 'offAir', 'Channel is off air') })).toEqual({
      kind: 'offAir',
    });
    expect(playState({ ...base, data: { url: null, message: 'Buy it' } })).toEqual({
      kind: 'purchase',
      message: 'Buy it',
    });
    expect(playState({ ...base, error: new ApiError(500, 'internal', 'Down') })).toEqual({
      kind: 'error',
      message: 'Down',
    });
    expect(playState({ ...base, error: new Error('boom') })).toEqual({
      kind: 'error',
      message: DEFAULT_ERROR_MESSAGE,
    });
  });
});
