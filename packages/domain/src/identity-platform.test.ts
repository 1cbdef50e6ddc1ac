import { describe, expect, it } from 'vitest';
import { parseIdentityPlatform, profileManagedMessage, signupDisabledMessage } from './identity-platform';

describe('parseIdentityPlatform (A§6 external identity platform)', () => {
  it('reads a provider id and a name', () => {
    expect(parseIdentityPlatform({ provider: 'acme-id', name: ' Acme ID ' })).toEqual({
      provider: 'acme-id',
      name: 'Acme ID',
    });
  });

  it('is null when absent or malformed, so a bad setting never disables signup by accident', () => {
    for (const stored of [null, undefined, 'acme', {}, { provider: 'acme' }, { name: 'Acme' }]) {
      expect(parseIdentityPlatform(stored)).toBeNull();
    }
    expect(parseIdentityPlatform({ provider: 'Not An Id!', name: 'Acme' })).toBeNull();
    expect(parseIdentityPlatform({ provider: 'acme', name: '  ' })).toBeNull();
  });

  it('names the platform in both refusals', () => {
    const platform = { provider: 'acme', name: 'Acme ID' };
    expect(signupDisabledMessage(platform)).toBe(
      'Signup is disabled: accounts on this site are created through Acme ID',
    );
    expect(profileManagedMessage(platform)).toContain('managed by Acme ID');
  });
});
