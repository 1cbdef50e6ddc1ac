import { describe, expect, it } from 'vitest';
import { DEFAULT_PERMS, resolvePerms } from './site';

describe('resolvePerms', () => {
  it('keeps the defaults for flags a site does not set', () => {
    expect(resolvePerms({})).toEqual(DEFAULT_PERMS);
  });
  it('lets a site switch a flag and ignores unknown or non-boolean values', () => {
    const perms = resolvePerms({ watchParty: false, hideAuth: 'yes', bogus: true });
    expect(perms.watchParty).toBe(false);
    expect(perms.hideAuth).toBe(false);
    expect('bogus' in perms).toBe(false);
  });
  it('starts selfDelete off, as the product runs with the deletion-request flow', () => {
    expect(DEFAULT_PERMS.selfDelete).toBe(false);
  });
});
