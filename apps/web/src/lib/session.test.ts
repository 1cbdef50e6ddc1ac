import { describe, expect, it } from 'vitest';
import { signedInHintCookie } from './session';

describe('signedInHintCookie', () => {
  it('says a session is held, site-wide, without any credential in it', () => {
    expect(signedInHintCookie(true, false)).toBe('mq_signed_in=1; Path=/; SameSite=Lax; Max-Age=31536000');
    expect(signedInHintCookie(true, true)).toContain('; Secure');
  });
  it('is cleared when the session ends', () => {
    expect(signedInHintCookie(false, false)).toBe('mq_signed_in=; Path=/; SameSite=Lax; Max-Age=0');
  });
});
