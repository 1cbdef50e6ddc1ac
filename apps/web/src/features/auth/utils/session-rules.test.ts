import {
  ApiError,
  isTokenFresh,
  NETWORK_RETRY_MS,
  networkError,
  REFRESH_LEAD_MS,
  refreshDelayMs,
  refreshFailureAction,
} from '@marquee/api-client';
import { describe, expect, it } from 'vitest';
import { loginHref } from '../../../lib/session';
import { autologinOutcome } from './autologin-outcome';
import { takeOauthReturn } from './oauth-return';

describe('session timing (spec §4 Session, §9)', () => {
  const now = 1_000_000;

  it('refreshes 60 s before expiry', () => {
    expect(REFRESH_LEAD_MS).toBe(60_000);
    expect(refreshDelayMs(now + 15 * 60_000, now)).toBe(14 * 60_000);
    expect(refreshDelayMs(now + 30_000, now)).toBe(0);
    expect(refreshDelayMs(now - 1, now)).toBe(0);
  });

  it('treats a token with under 60 s left as expired', () => {
    expect(isTokenFresh(now + 60_000, now)).toBe(true);
    expect(isTokenFresh(now + 59_999, now)).toBe(false);
    expect(isTokenFresh(now - 1, now)).toBe(false);
  });

  it('retries a refresh after a network failure and signs out on anything else', () => {
    expect(NETWORK_RETRY_MS).toBe(5_000);
    expect(refreshFailureAction(networkError(new TypeError('offline')))).toBe('retry');
    expect(refreshFailureAction(new ApiError(401, 'refreshTokenReused', 'reused'))).toBe('signOut');
    expect(refreshFailureAction(new ApiError(500, 'internal', 'boom'))).toBe('signOut');
  });

  it('sends anonymous viewers to login with the intent and its parameters', () => {
    expect(loginHref('activate', { source: 'vizio', empty: undefined })).toBe(
      '/login?odrc=activate&source=vizio',
    );
    expect(loginHref('watch', { channel: 'c 1', videoUid: 'v' })).toBe(
      '/login?odrc=watch&channel=c+1&videoUid=v',
    );
  });
});

describe('autologin outcomes (spec §4 Autologin)', () => {
  it('maps each server answer', () => {
    expect(autologinOutcome(undefined, null)).toBe('pending');
    expect(autologinOutcome({ status: 0 }, null)).toBe('expired');
    // A real link past its 30 days (A§4 "This autologin link has expired, please bookmark…").
    expect(autologinOutcome({ status: 0, expired: true }, null)).toBe('linkExpired');
    expect(autologinOutcome({ status: 1 }, null)).toBe('setPassword');
    expect(autologinOutcome({ status: 2, token: 'jwt' }, null)).toBe('signedIn');
    expect(autologinOutcome({ status: 2 }, null)).toBe('failed');
    expect(autologinOutcome(undefined, new ApiError(429, 'rateLimited', 'Too many failed attempts'))).toBe(
      'tooMany',
    );
    expect(autologinOutcome(undefined, new ApiError(500, 'internal', 'x'))).toBe('failed');
  });
});

describe('social login return', () => {
  const storage = (value: string | null) => {
    let v = value;
    return { getItem: () => v, removeItem: () => void (v = null) };
  };

  it('returns to the saved path once, and only to this site', () => {
    const s = storage('/activate');
    expect(takeOauthReturn(s)).toBe('/activate');
    expect(takeOauthReturn(s)).toBe('/');
    expect(takeOauthReturn(storage('//evil.test/x'))).toBe('/');
    expect(takeOauthReturn(storage('https://evil.test'))).toBe('/');
  });
});
