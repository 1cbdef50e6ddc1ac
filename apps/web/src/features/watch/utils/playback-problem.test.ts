import { describe, expect, it } from 'vitest';
import { ApiError } from '@marquee/api-client';
import { playbackProblem } from './playback-problem';

describe('playbackProblem (playback-and-social §4.1)', () => {
  it('is null when there is a url', () => {
    expect(playbackProblem({ data: { url: '/media/t/a/master.m3u8' } })).toBeNull();
    expect(playbackProblem({})).toBeNull();
  });

  it('maps the error codes', () => {
    expect(playbackProblem({ error: new ApiError(401, '10', 'Log in please') })).toMatchObject({
      kind: 'login',
      message: 'Log in please',
    });
    expect(playbackProblem({ error: new ApiError(403, 'requiresLogin', '') })?.kind).toBe('login');
    expect(playbackProblem({ error: new ApiError(403, '20', 'Not started') })?.kind).toBe('notLive');
    expect(playbackProblem({ error: new ApiError(401, 'passcodeRequiresLogin', 'x') })?.kind).toBe(
      'passcode',
    );
    expect(playbackProblem({ error: new ApiError(402, 'requiresBundle', 'Buy') })?.kind).toBe('purchase');
    expect(playbackProblem({ error: new ApiError(403, 'privateContent', 'Private') })?.kind).toBe('closed');
    expect(playbackProblem({ error: new ApiError(404, 'notFound', 'Video not found') })?.kind).toBe(
      'notFound',
    );
    expect(playbackProblem({ error: new Error('boom') })?.kind).toBe('error');
  });

  it('maps a 200 without a url', () => {
    expect(playbackProblem({ data: { url: null, requiresLogin: true } })?.kind).toBe('login');
    expect(playbackProblem({ data: { url: null, code: 10, message: 'Log in' } })).toMatchObject({
      kind: 'login',
      message: 'Log in',
    });
    expect(playbackProblem({ data: { url: null, code: 20 } })?.kind).toBe('notLive');
    expect(playbackProblem({ data: { url: null, code: 30, passcodeRequiresLogin: true } })?.kind).toBe(
      'passcode',
    );
    expect(playbackProblem({ data: { url: null, isPreorder: true } })?.kind).toBe('preorder');
    expect(playbackProblem({ data: { url: null, message: 'Subscribe to watch' } })).toMatchObject({
      kind: 'purchase',
      message: 'Subscribe to watch',
    });
  });
});
