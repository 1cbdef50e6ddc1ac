import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRolesRepository } from '../../src/modules/roles/roles.repository';
import { createRolesService } from '../../src/modules/roles/roles.service';
import { recoveryHarness } from '../recovery/fixtures';

// Per-site roles (decision 0044): a site's own role works wherever a built-in one does, through
// the one permission check, and only on its own site.
let t: Awaited<ReturnType<typeof recoveryHarness>>;
beforeAll(async () => {
  t = await recoveryHarness();
});
afterAll(() => t.close());

const roles = () => createRolesService(createRolesRepository(t.h.db));
const issueLink = (email: string, token: string, site = 'acme') =>
  t.request('POST', `/v2/sites/${site}/autologin`, { email }, { token });

describe("a site's own roles", () => {
  it('refuses a built-in name, a malformed name or an unknown permission, naming the field', async () => {
    await expect(roles().define('acme', { name: 'admin', permissions: [] })).rejects.toMatchObject({
      statusCode: 400,
      field: 'name',
    });
    await expect(roles().define('acme', { name: 'x', permissions: [] })).rejects.toMatchObject({
      field: 'name',
    });
    await expect(
      roles().define('acme', { name: 'helpdesk', permissions: ['root' as never] }),
    ).rejects.toMatchObject({ field: 'permissions' });
  });

  it('a role unknown to the site grants nothing (403), one defined grants its permission (201)', async () => {
    await t.user({ email: 'target@acme.test' });
    const desk = await t.user({ email: 'desk@acme.test', roles: ['helpdesk'] });
    expect((await issueLink('target@acme.test', await desk.token())).statusCode).toBe(403);

    await roles().define('acme', { name: 'helpdesk', permissions: ['accounts.recover'] });
    expect((await issueLink('target@acme.test', await desk.token())).statusCode).toBe(201);

    await roles().define('acme', { name: 'helpdesk', permissions: ['chat.ban'] });
    expect((await issueLink('target@acme.test', await desk.token())).statusCode).toBe(403);
  });

  it("does not reach another site: the same role name there is that site's own", async () => {
    await roles().define('acme', { name: 'helpdesk', permissions: ['accounts.recover'] });
    await t.user({ email: 'target@other.test', site: 'other' });
    const deskOther = await t.user({ email: 'desk@other.test', site: 'other', roles: ['helpdesk'] });
    expect((await issueLink('target@other.test', await deskOther.token(), 'other')).statusCode).toBe(403);
    const deskAcme = await t.user({ email: 'desk2@acme.test', roles: ['helpdesk'] });
    expect((await issueLink('target@other.test', await deskAcme.token(), 'other')).statusCode).toBe(403);
  });

  it('a privileged site role, like staff, never signs in by a passcode alone', async () => {
    await roles().define('acme', { name: 'moderator', permissions: ['chat.delete'] });
    expect(await roles().isPrivileged('acme', ['moderator'])).toBe(true);
    expect(await roles().isPrivileged('other', ['moderator'])).toBe(false);
    expect(await roles().isPrivileged('acme', [])).toBe(false);
    await roles().remove('acme', 'moderator');
    expect(await roles().isPrivileged('acme', ['moderator'])).toBe(false);
  });

  it('finds the holders of a permission by the roles that grant it', async () => {
    await roles().define('acme', { name: 'deletions', permissions: ['accounts.delete'] });
    expect((await roles().granting('acme', 'accounts.delete')).sort()).toEqual(['admin', 'deletions']);
    expect(await roles().granting('other', 'accounts.delete')).toEqual(['admin']);
  });
});
