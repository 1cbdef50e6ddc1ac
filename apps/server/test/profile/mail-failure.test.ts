import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD, profileHarness, type ProfileHarness } from './fixtures';

// What the profile API does when the mail server is down: nothing listens on port 1, so every send fails.
let t: ProfileHarness;
beforeAll(async () => {
  t = await profileHarness({ smtpUrl: 'smtp://127.0.0.1:1' });
});
afterAll(() => t.close());

describe('when mail cannot be sent', () => {
  it('request-delete answers 500 and records no request, so the user can try again', async () => {
    const user = await t.addUser('acme');
    const { token } = await t.login(user);
    const res = await t.call('POST', '/v2/me/request-delete', token);
    expect(res.statusCode).toBe(500);
    expect(res.json().error.code).toBe('internal');
    expect((await t.userRow(user.id))?.deletion_requested_at).toBeNull();
  });

  it('the e-mail still changes (the notice to the old address is best effort)', async () => {
    const user = await t.addUser('acme');
    const { token } = await t.login(user);
    const res = await t.call('PATCH', '/v2/me/email', token, {
      email: 'moved@acme.test',
      password: PASSWORD,
    });
    expect(res.statusCode).toBe(200);
    expect((await t.userRow(user.id))?.email).toBe('moved@acme.test');
  });
});
