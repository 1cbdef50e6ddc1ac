import { describe, expect, it } from 'vitest';
import { BUILT_IN_ROLES, isPrivileged, permissionsOf, rolesGranting, siteRoleProblem } from './roles';

describe('roles (accounts-and-commerce §6, playback-and-social §6; decision 0044)', () => {
  it('"Only roles staff, admin and support may ban a chat user"', () => {
    for (const role of ['staff', 'admin', 'support'])
      expect(permissionsOf([role]).has('chat.ban')).toBe(true);
    expect(permissionsOf([]).has('chat.ban')).toBe(false);
    expect(permissionsOf(['viewer']).has('chat.ban')).toBe(false);
    expect(rolesGranting('chat.ban').sort()).toEqual(['admin', 'staff', 'support']);
  });

  it("the admin calls stay the admins' alone", () => {
    for (const p of ['access.grant', 'analytics.read', 'accounts.recover', 'accounts.delete'] as const) {
      expect(rolesGranting(p)).toEqual(['admin']);
    }
  });

  it("a name neither built in nor the site's grants nothing", () => {
    expect(permissionsOf(['superuser']).size).toBe(0);
    expect(isPrivileged(['superuser'])).toBe(false);
    expect(isPrivileged(['support'])).toBe(true);
  });

  it("a site's own role adds its permissions and is found by what it grants", () => {
    const siteRoles = [{ name: 'moderator', permissions: ['chat.delete' as const] }];
    expect([...permissionsOf(['moderator'], siteRoles)]).toEqual(['chat.delete']);
    expect(rolesGranting('chat.delete', siteRoles)).toContain('moderator');
    expect(rolesGranting('chat.ban', siteRoles)).not.toContain('moderator');
  });

  it('a site role may not take a built-in name, a bad name or an unknown permission', () => {
    expect(siteRoleProblem({ name: 'admin', permissions: [] })).toMatch(/^name: 'admin' is a built-in role/);
    expect(siteRoleProblem({ name: 'Mod!', permissions: [] })).toMatch(/^name:/);
    expect(siteRoleProblem({ name: 'mod', permissions: ['root' as never] })).toMatch(
      /^permissions: unknown permission 'root'/,
    );
    expect(siteRoleProblem({ name: 'mod', permissions: ['chat.ban'] })).toBeUndefined();
    expect(Object.keys(BUILT_IN_ROLES)).toEqual(['viewer', 'staff', 'support', 'admin']);
  });
});
