import { describe, expect, it } from 'vitest';
import {
  DEFAULT_ERROR_MESSAGE,
  ENDED_MESSAGE,
  LOGIN_REQUIRED_MESSAGE,
  PASSCODE_REQUIRES_LOGIN_MESSAGE,
  PlayCode,
  PREORDER_MESSAGE,
  REQUIRES_BUNDLE_MESSAGE,
} from './access';
import { classifyPlayUrl, PlaybackErrorCode, PlayRejection } from './play-outcome';

const apiError = (status: number, code: string, message = '') =>
  Object.assign(new Error(message), { status, code });

describe('classifyPlayUrl (playback-and-social §4.1, §8)', () => {
  it('plays when there is a url, or nothing has answered yet', () => {
    expect(classifyPlayUrl({ data: { url: '/media/t/a/master.m3u8' } })).toBeNull();
    expect(classifyPlayUrl({})).toBeNull();
  });

  it('"code 10, login required → go to the login state; on TV, reject with requiresLogin"', () => {
    expect(classifyPlayUrl({ data: { url: null, code: PlayCode.loginRequired } })).toEqual({
      kind: 'login',
      message: LOGIN_REQUIRED_MESSAGE,
    });
    expect(classifyPlayUrl({ data: { url: null, requiresLogin: true, message: 'Log in' } })).toEqual({
      kind: 'login',
      message: 'Log in',
    });
    expect(classifyPlayUrl({ error: apiError(403, PlayRejection.requiresLogin) })?.kind).toBe('login');
    expect(classifyPlayUrl({ error: apiError(400, '10') })?.kind).toBe('login');
    expect(classifyPlayUrl({ error: apiError(401, PlaybackErrorCode.loginRequired) })?.kind).toBe('login');
    // Any other 401 (sessionEnded, invalidPlaybackToken) asks for a login too.
    expect(classifyPlayUrl({ error: apiError(401, PlaybackErrorCode.sessionEnded, 'Ended') })).toEqual({
      kind: 'login',
      message: 'Ended',
    });
  });

  it('"code 20, live event not started or ended → go to the not-live page; on TV, reject as notLive"', () => {
    expect(classifyPlayUrl({ data: { url: null, code: PlayCode.notLive } })).toEqual({
      kind: 'notLive',
      message: ENDED_MESSAGE,
    });
    expect(classifyPlayUrl({ error: apiError(403, '20', 'Not started') })).toEqual({
      kind: 'notLive',
      message: 'Not started',
    });
    expect(classifyPlayUrl({ error: apiError(403, PlayRejection.notLive) })?.kind).toBe('notLive');
  });

  it('"code 30, passcode requires login → go to login with the passcode state" (TV included)', () => {
    expect(classifyPlayUrl({ data: { url: null, code: PlayCode.passcodeRequiresLogin } })).toEqual({
      kind: 'passcode',
      message: PASSCODE_REQUIRES_LOGIN_MESSAGE,
    });
    expect(classifyPlayUrl({ data: { url: null, passcodeRequiresLogin: true } })?.kind).toBe('passcode');
    expect(classifyPlayUrl({ error: apiError(401, PlayRejection.passcodeRequiresLogin) })?.kind).toBe(
      'passcode',
    );
    expect(classifyPlayUrl({ error: apiError(403, '30') })?.kind).toBe('passcode');
  });

  it('"no url → go to subscribe, or to preorder if isPreorder; rejection code requiresBundle"', () => {
    expect(classifyPlayUrl({ data: { url: null } })).toEqual({
      kind: 'purchase',
      message: REQUIRES_BUNDLE_MESSAGE,
    });
    expect(classifyPlayUrl({ data: { url: null, isPreorder: true } })).toEqual({
      kind: 'preorder',
      message: PREORDER_MESSAGE,
    });
    expect(classifyPlayUrl({ error: apiError(403, PlayRejection.requiresBundle, 'Buy') })).toEqual({
      kind: 'purchase',
      message: 'Buy',
    });
    expect(classifyPlayUrl({ error: apiError(403, PlaybackErrorCode.notEntitled) })?.kind).toBe('purchase');
    expect(classifyPlayUrl({ error: apiError(402, 'anything') })?.kind).toBe('purchase');
  });

  it('§8 "privateContent or archivedContent → error toast, then go home"', () => {
    expect(classifyPlayUrl({ error: apiError(403, PlaybackErrorCode.privateContent, 'Private') })).toEqual({
      kind: 'closed',
      message: 'Private',
    });
    expect(classifyPlayUrl({ error: apiError(403, PlaybackErrorCode.archivedContent) })).toEqual({
      kind: 'closed',
      message: DEFAULT_ERROR_MESSAGE,
    });
    expect(classifyPlayUrl({ error: apiError(403, PlaybackErrorCode.forbidden) })?.kind).toBe('closed');
  });

  it('a missing video or an off-air channel is not found; anything else is the §8 default error', () => {
    expect(classifyPlayUrl({ error: apiError(404, PlaybackErrorCode.notFound) })?.kind).toBe('notFound');
    expect(classifyPlayUrl({ error: apiError(404, PlaybackErrorCode.offAir, 'Off air') })).toEqual({
      kind: 'notFound',
      message: 'Off air',
    });
    expect(classifyPlayUrl({ error: apiError(409, PlaybackErrorCode.mediaNotReady) })?.kind).toBe('error');
    expect(classifyPlayUrl({ error: new Error('boom') })).toEqual({
      kind: 'error',
      message: DEFAULT_ERROR_MESSAGE,
    });
  });
});
