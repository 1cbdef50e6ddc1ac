import { createHash } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DAY, errorOf, PASSWORD, profileHarness, START, type ProfileHarness } from './fixtures';

// POST /v2/me/request-delete and POST /v2/me/delete (accounts-and-commerce §2 /delete-account, §6
// selfDelete, §7 Profile, §8 "Request sent").
let t: ProfileHarness;
beforeAll(async () => {
  t = await profileHarness();
});
afterAll(() => t.close());
beforeEach(() => {
  t.clock.now = START;
});

const requestDelete = (token?: string) => t.call('POST', '/v2/me/request-delete', token);
const deleteAccount = (token: string | undefined, body: object) =>
  t.call('POST', '/v2/me/delete', token, body);

describe('POST /v2/me/request-delete', () => {
  it('401s without a bearer token', async () => {
    const res = await requestDelete();
    expect(res.statusCode).toBe(401);
    expect(errorOf(res).code).toBe('unauthorized');
  });

  it('records the request and mails the user and every admin of the site, naming the account', async () => {
    const adminA = await t.addUser('acme', { roles: '["admin"]' });
    const adminB = await t.addUser('acme', { roles: '["staff","admin"]' });
    const staff = await t.addUser('acme', { roles: '["staff","administrator"]' });
    const notQuiteAdmin = await t.addUser('acme', { roles: '["Admin"]' });
    const otherSiteAdmin = await t.addUser('other', { roles: '["admin"]' });
    const user = await t.addUser('acme', { first_name: 'Dinah', last_name: 'Cat' });
    const { token } = await t.login(user);

    const res = await requestDelete(token);
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ message: 'Request sent' });
    expect((await t.userRow(user.id))?.deletion_requested_at).toBe(new Date(START).toISOString());

    const [confirmation, ...more] = t.mailsTo(user.email);
    expect(more).toEqual([]);
    expect(confirmation?.subject).toBe('Your request to delete your Acme TV account');
    expect(confirmation?.text).toContain(user.email);
    for (const admin of [adminA, adminB]) {
      const mails = t.mailsTo(admin.email);
      expect(mails).toHaveLength(1);
      expect(mails[0]?.subject).toBe(`Account deletion request: ${user.email}`);
      expect(mails[0]?.text).toContain('Dinah Cat');
      expect(mails[0]?.text).toContain(user.id);
    }
    expect(t.mailsTo(staff.email)).toEqual([]);
    expect(t.mailsTo(notQuiteAdmin.email)).toEqual([]);
    expect(t.mailsTo(otherSiteAdmin.email)).toEqual([]);
  });

  it('409s deletionAlreadyRequested within 24 hours, and accepts a new request after', async () => {
    const user = await t.addUser('acme');
    const { token } = await t.login(user);
    expect((await requestDelete(token)).statusCode).toBe(202);

    t.clock.now = START + DAY - 60_000;
    const again = await requestDelete((await t.login(user)).token);
    expect(again.statusCode).toBe(409);
    expect(errorOf(again).code).toBe('deletionAlreadyRequested');
    expect(t.mailsTo(user.email)).toHaveLength(1);
    expect((await t.userRow(user.id))?.deletion_requested_at).toBe(new Date(START).toISOString());

    t.clock.now = START + DAY;
    const later = (await t.login(user)).token;
    expect((await requestDelete(later)).statusCode).toBe(202);
    expect(t.mailsTo(user.email)).toHaveLength(2);
    expect((await t.userRow(user.id))?.deletion_requested_at).toBe(new Date(START + DAY).toISOString());
  });

  it('two requests at once record one', async () => {
    const user = await t.addUser('acme');
    const { token } = await t.login(user);
    const answers = await Promise.all([requestDelete(token), requestDelete(token)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([202, 409]);
    expect(t.mailsTo(user.email)).toHaveLength(1);
  });
});

describe('POST /v2/me/delete refuses', () => {
  it('401s without a bearer token', async () => {
    expect((await deleteAccount(undefined, { password: PASSWORD })).statusCode).toBe(401);
  });

  it('403s selfDeleteDisabled on a site without selfDelete, even with the right password', async () => {
    const user = await t.addUser('acme');
    const { token } = await t.login(user);
    const res = await deleteAccount(token, { password: PASSWORD });
    expect(res.statusCode).toBe(403);
    expect(errorOf(res).code).toBe('selfDeleteDisabled');
    expect(await t.userRow(user.id)).toBeDefined();
  });

  it('400s without a password', async () => {
    const user = await t.addUser('selfdel');
    const { token } = await t.login(user);
    for (const body of [{}, { password: '' }]) {
      const res = await deleteAccount(token, body);
      expect(res.statusCode).toBe(400);
      expect(errorOf(res)).toEqual({
        code: 'invalid',
        message: 'All fields are required',
        field: 'password',
      });
    }
  });

  it('401s "Invalid Credentials" for a wrong password and keeps the account', async () => {
    const user = await t.addUser('selfdel');
    const { token } = await t.login(user);
    const res = await deleteAccount(token, { password: 'wrong horse' });
    expect(res.statusCode).toBe(401);
    expect(errorOf(res)).toEqual({
      code: 'invalidCredentials',
      message: 'Invalid Credentials',
      field: 'password',
    });
    expect(await t.userRow(user.id)).toBeDefined();
  });
});

describe('POST /v2/me/delete', () => {
  it('deletes the account with its sessions and codes; its tokens stop working', async () => {
    const user = await t.addUser('selfdel');
    const session = await t.login(user);
    await t.h.db
      .insertInto('one_time_codes')
      .values({
        id: 'code-1',
        site_uid: 'selfdel',
        user_id: user.id,
        kind: 'reset',
        code_hash: createHash('sha256').update('some code').digest('hex'),
        created_at: new Date(START).toISOString(),
        expires_at: new Date(START + DAY).toISOString(),
        used_at: null,
      })
      .execute();
    const bystander = await t.addUser('selfdel');
    const bystanderSession = await t.login(bystander);

    const res = await deleteAccount(session.token, { password: PASSWORD });
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    expect(await t.userRow(user.id)).toBeUndefined();
    const left = async (table: 'refresh_tokens' | 'one_time_codes') =>
      (await t.h.db.selectFrom(table).select('id').where('user_id', '=', user.id).execute()).length;
    expect(await left('refresh_tokens')).toBe(0);
    expect(await left('one_time_codes')).toBe(0);

    expect((await t.refresh(session.refreshToken)).statusCode).toBe(401);
    expect((await t.call('GET', '/v2/me/info', session.token)).statusCode).toBe(401);
    expect((await deleteAccount(session.token, { password: PASSWORD })).statusCode).toBe(401);
    const login = await t.h.app.inject({
      method: 'POST',
      url: '/v2/me/auth/login',
      payload: { email: user.email, password: PASSWORD, site: 'selfdel' },
    });
    expect(login.statusCode).toBe(401);

    // Other accounts are untouched.
    expect((await t.refresh(bystanderSession.refreshToken)).statusCode).toBe(200);
  });
});
