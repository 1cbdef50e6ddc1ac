import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorOf, profileHarness, type ProfileHarness } from './fixtures';

// PATCH /v2/me/preferences: User.autoPlay (playback-and-social §3), which §4.5 reads at the end of
// a video ("If the user's autoPlay is false, go back").
let t: ProfileHarness;
beforeAll(async () => {
  t = await profileHarness();
});
afterAll(() => t.close());

const patch = (token: string | undefined, body: unknown) =>
  t.call('PATCH', '/v2/me/preferences', token, body as object);

describe('PATCH /v2/me/preferences', () => {
  it('401s without a signed-in user', async () => {
    expect((await patch(undefined, { autoPlay: false })).statusCode).toBe(401);
  });

  it('400s naming autoPlay for anything but true or false', async () => {
    const token = (await t.login(await t.addUser('acme'))).token;
    for (const body of [{}, { autoPlay: 'no' }, { autoPlay: 0 }, { autoPlay: null }]) {
      const res = await patch(token, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(errorOf(res).field, JSON.stringify(body)).toBe('autoPlay');
    }
  });

  it('is on for a new user, turns off and on, and /v2/me/info says so', async () => {
    const token = (await t.login(await t.addUser('acme'))).token;
    const me = async () => (await t.call('GET', '/v2/me/info', token)).json().autoPlay as boolean;
    expect(await me()).toBe(true);
    const off = await patch(token, { autoPlay: false });
    expect(off.statusCode).toBe(200);
    expect(off.json().autoPlay).toBe(false);
    expect(await me()).toBe(false);
    expect((await patch(token, { autoPlay: true })).json().autoPlay).toBe(true);
    expect(await me()).toBe(true);
  });
});
