import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  CODE_ALPHABET,
  CODE_TTL_S,
  POLL_INTERVAL_S,
  REGISTER_LIMIT,
  SLOW_DOWN_STEP_S,
  WRONG_CODE_LIMITS,
} from '../../src/modules/devices/devices.service';
import { devicesHarness, SECOND, START, USERS } from './fixtures';

let t: Awaited<ReturnType<typeof devicesHarness>>;
beforeAll(async () => {
  t = await devicesHarness();
});
afterAll(() => t.h.close());
afterEach(() => {
  t.clock.now = START;
});

const CODE = new RegExp(`^[${CODE_ALPHABET}]{8}$`);
const errorOf = (res: { json: () => unknown }) =>
  (res.json() as { error: { code: string; field?: string } }).error;

describe('POST /v2/sites/{site}/second-screens, refusals', () => {
  it('400s naming deviceId when it is missing, too short or has odd characters', async () => {
    for (const payload of [
      { deviceType: 'webtv' },
      { deviceId: '', deviceType: 'webtv' },
      { deviceId: 'short', deviceType: 'webtv' },
      { deviceId: 'has spaces in it', deviceType: 'webtv' },
      { deviceId: 'x'.repeat(129), deviceType: 'webtv' },
      { deviceId: 12345678, deviceType: 'webtv' },
    ]) {
      const res = await t.register('', 'acme', payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(errorOf(res).field).toBe('deviceId');
    }
  });

  it('400s naming deviceType when it is missing or unknown', async () => {
    for (const payload of [
      { deviceId: t.newDeviceId() },
      { deviceId: t.newDeviceId(), deviceType: 'toaster' },
    ]) {
      const res = await t.register('', 'acme', payload);
      expect(res.statusCode).toBe(400);
      expect(errorOf(res).field).toBe('deviceType');
    }
  });

  it('400s naming hardwareId or deviceModel when the platform sent a malformed one', async () => {
    for (const [field, value] of [
      ['hardwareId', ''],
      ['hardwareId', 'has spaces'],
      ['hardwareId', 'x'.repeat(129)],
      ['hardwareId', 42],
      ['deviceModel', ''],
      ['deviceModel', 'M55\u0000Q7'],
      ['deviceModel', 'M'.repeat(65)],
      ['deviceModel', { name: 'M55Q7' }],
    ] as const) {
      const payload = { deviceId: t.newDeviceId(), deviceType: 'tv', [field]: value };
      const res = await t.register('', 'acme', payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(errorOf(res).field).toBe(field);
    }
  });

  it('404s for an unknown site', async () => {
    const res = await t.register(t.newDeviceId(), 'nowhere');
    expect(res.statusCode).toBe(404);
  });

  it('400s naming deviceSecret when the one presented is malformed', async () => {
    for (const deviceSecret of ['', 'short', 'x'.repeat(129), 'not base64url but long enough: ++++++++'])
      expect(
        errorOf(
          await t.register('', 'acme', { deviceId: t.newDeviceId(), deviceType: 'webtv', deviceSecret }),
        ),
      ).toMatchObject({ code: 'invalid', field: 'deviceSecret' });
  });

  it('429s rateLimited with Retry-After once one IP has registered too often; other IPs go on', async () => {
    const ip = '10.3.0.1';
    for (let i = 0; i < REGISTER_LIMIT.limit; i++)
      expect((await t.register(t.newDeviceId(), 'acme', undefined, { ip })).statusCode).toBe(201);
    const res = await t.register(t.newDeviceId(), 'acme', undefined, { ip });
    expect(res.statusCode).toBe(429);
    expect(errorOf(res).code).toBe('rateLimited');
    const retryAfter = Number(res.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(REGISTER_LIMIT.windowMs / SECOND);
    // A TV that already holds a code is held back as well: the limit counts requests.
    expect((await t.register(t.newDeviceId(), 'acme', undefined, { ip })).statusCode).toBe(429);
    expect((await t.register(t.newDeviceId(), 'acme', undefined, { ip: '10.3.0.2' })).statusCode).toBe(201);
  });

  it('403s authDisabled on a site with logins disabled (hideAuth)', async () => {
    const res = await t.register(t.newDeviceId(), 'closed');
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toMatchObject({
      code: 'authDisabled',
      message: 'This site has currently disabled logins / signups',
    });
  });
});

describe('GET /v2/sites/{site}/check-second-screen/{deviceId}, refusals', () => {
  it('400s for a malformed deviceId', async () => {
    const res = await t.check('bad!');
    expect(res.statusCode).toBe(400);
    expect(errorOf(res).field).toBe('deviceId');
  });

  it('400s naming x-device-secret when the poll brings no secret or a malformed one', async () => {
    const { deviceId } = await t.registered();
    for (const secret of [null, 'short', 'has spaces and is long enough to pass the length'])
      expect(errorOf(await t.check(deviceId, 'acme', secret))).toMatchObject({
        code: 'invalid',
        field: 'x-device-secret',
      });
  });

  it('401s invalidDeviceSecret, with no tokens, for a poll with the wrong secret even once activated', async () => {
    const { deviceId, code, deviceSecret } = await t.registered();
    const wrong = (await t.registered()).deviceSecret;
    expect(errorOf(await t.check(deviceId, 'acme', wrong))).toMatchObject({
      code: 'invalidDeviceSecret',
      field: 'x-device-secret',
    });
    expect((await t.activate(code, await t.tokenOf('alice'))).statusCode).toBe(200);
    for (const secret of [wrong, `${deviceSecret.slice(0, -1)}${deviceSecret.endsWith('A') ? 'B' : 'A'}`]) {
      const res = await t.check(deviceId, 'acme', secret);
      expect(res.statusCode).toBe(401);
      expect(res.body).not.toContain('refreshToken');
    }
    // The TV itself still picks up its session afterwards.
    const own = await t.check(deviceId, 'acme', deviceSecret);
    expect(own.statusCode).toBe(200);
    expect(own.json()).toMatchObject({ status: 'activated', login: { user: { email: USERS.alice.email } } });
  });

  it('404s unknownDevice for a device that never registered, or registered on another site', async () => {
    const anySecret = (await t.registered()).deviceSecret;
    expect(errorOf(await t.check(t.newDeviceId(), 'acme', anySecret))).toMatchObject({
      code: 'unknownDevice',
    });
    const other = await t.registered('other');
    const res = await t.check(other.deviceId, 'acme');
    expect(res.statusCode).toBe(404);
    expect(errorOf(res).code).toBe('unknownDevice');
  });
});

describe('PUT /v2/sites/{site}/second-screens/{code}, refusals', () => {
  it('401s without a bearer token or with a bad one', async () => {
    const { code } = await t.registered();
    expect((await t.activate(code)).statusCode).toBe(401);
    const res = await t.activate(code, 'not.a.jwt');
    expect(res.statusCode).toBe(401);
    expect(errorOf(res).code).toBe('unauthorized');
  });

  it('404s invalidCode for an unknown code, and for a code of another site', async () => {
    const alice = await t.tokenOf('alice');
    expect(errorOf(await t.activate('BCDFGHJK', alice))).toMatchObject({ code: 'invalidCode' });
    expect(errorOf(await t.activate('nonsense', alice)).code).toBe('invalidCode');
    const other = await t.registered('other');
    const res = await t.activate(other.code, alice);
    expect(res.statusCode).toBe(404);
    expect(errorOf(res).code).toBe('invalidCode');
  });

  it("403s when the path's site is not the signed-in user's site", async () => {
    const other = await t.registered('other');
    const res = await t.activate(other.code, await t.tokenOf('alice'), { site: 'other' });
    expect(res.statusCode).toBe(403);
    expect(errorOf(res).code).toBe('wrongSite');
  });

  it('410s codeExpired once the 10 minutes are over', async () => {
    const { code } = await t.registered();
    const alice = await t.tokenOf('alice');
    t.clock.now = START + CODE_TTL_S * SECOND;
    const res = await t.activate(code, alice);
    expect(res.statusCode).toBe(410);
    expect(errorOf(res).code).toBe('codeExpired');
  });

  it('404s for a code another user has already activated', async () => {
    const { code } = await t.registered();
    expect((await t.activate(code, await t.tokenOf('alice'))).statusCode).toBe(200);
    const res = await t.activate(code, await t.tokenOf('bob'));
    expect(res.statusCode).toBe(404);
    expect(errorOf(res).code).toBe('invalidCode');
  });

  it('429s rateLimited with Retry-After after too many wrong codes from one user', async () => {
    const dave = await t.tokenOf('dave');
    const ip = '10.1.0.1';
    for (let i = 0; i < WRONG_CODE_LIMITS.user.limit; i++)
      expect((await t.activate('ZZZZZZZZ', dave, { ip: `10.1.0.${i + 10}` })).statusCode).toBe(404);
    const { code } = await t.registered();
    // Even the right code is refused now, from any IP.
    const res = await t.activate(code, dave, { ip });
    expect(res.statusCode).toBe(429);
    expect(errorOf(res).code).toBe('rateLimited');
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    // Another user is not held back by dave's mistakes.
    expect((await t.activate(code, await t.tokenOf('erin'), { ip })).statusCode).toBe(200);
  });

  it('429s rateLimited after too many wrong codes from one IP, whoever signs in', async () => {
    const ip = '10.2.0.1';
    const perUser = WRONG_CODE_LIMITS.user.limit - 2;
    let sent = 0;
    // Each user stays under their own limit, so only the IP's limit is reached.
    for (const name of ['frank', 'grace', 'heidi', 'ivan'] as const) {
      const token = await t.tokenOf(name);
      for (let i = 0; i < perUser && sent < WRONG_CODE_LIMITS.ip.limit; i++, sent++)
        expect((await t.activate('YYYYYYYY', token, { ip })).statusCode).toBe(404);
    }
    expect(sent).toBe(WRONG_CODE_LIMITS.ip.limit);
    const { code } = await t.registered();
    const res = await t.activate(code, await t.tokenOf('ivan'), { ip });
    expect(res.statusCode).toBe(429);
    expect(errorOf(res).code).toBe('rateLimited');
    // The same user from another IP is fine.
    expect((await t.activate(code, await t.tokenOf('ivan'), { ip: '10.2.0.2' })).statusCode).toBe(200);
  });
});

describe('GET, POST logout and DELETE /v2/sites/{site}/second-screens[/{id}], refusals', () => {
  it('401s without a bearer token', async () => {
    expect((await t.list()).statusCode).toBe(401);
    expect((await t.logout('some-id')).statusCode).toBe(401);
    expect((await t.remove('some-id')).statusCode).toBe(401);
  });

  it("403s wrongSite for a list of another site's devices, as every own-things call does", async () => {
    const res = await t.list(await t.tokenOf('alice'), 'other');
    expect(res.statusCode).toBe(403);
    expect(errorOf(res)).toMatchObject({ code: 'wrongSite', field: 'site' });
  });

  it("404s for an unknown device and for someone else's device", async () => {
    const bob = await t.tokenOf('bob');
    expect(errorOf(await t.logout('no-such-device', bob)).code).toBe('notFound');
    expect((await t.remove('no-such-device', bob)).statusCode).toBe(404);
    const { id, code } = await t.registered();
    // Not activated yet: nobody's device.
    expect((await t.logout(id, bob)).statusCode).toBe(404);
    expect((await t.activate(code, await t.tokenOf('alice'))).statusCode).toBe(200);
    expect((await t.logout(id, bob)).statusCode).toBe(404);
    expect((await t.remove(id, bob)).statusCode).toBe(404);
    expect((await t.remove(id, await t.tokenOf('alice'), 'other')).statusCode).toBe(404);
  });
});

describe('the device grant, end to end', () => {
  it('register → pending → activate → activated with a working session, delivered once', async () => {
    const deviceId = t.newDeviceId();
    const reg = await t.register(deviceId);
    expect(reg.statusCode).toBe(201);
    const body = reg.json();
    expect(body).toMatchObject({
      deviceId,
      expiresIn: CODE_TTL_S,
      expiresAt: new Date(START + CODE_TTL_S * SECOND).toISOString(),
      interval: POLL_INTERVAL_S,
      activationUrl: 'http://tv.acme.test/activate',
    });
    expect(body.code).toMatch(CODE);

    expect((await t.check(deviceId)).json()).toEqual({ status: 'pending', interval: POLL_INTERVAL_S });

    t.clock.now = START + 2 * POLL_INTERVAL_S * SECOND;
    // Typed in lower case with spaces around: still the code.
    const act = await t.activate(`  ${body.code.toLowerCase()} `, await t.tokenOf('alice'));
    expect(act.statusCode).toBe(200);
    expect(act.json()).toMatchObject({
      message: 'Device activated!',
      device: { _id: body.id, deviceId, deviceType: 'webtv', name: 'TV (web)' },
    });

    t.clock.now += POLL_INTERVAL_S * SECOND;
    const poll = await t.check(deviceId);
    expect(poll.statusCode).toBe(200);
    const { status, login } = poll.json();
    expect(status).toBe('activated');
    expect(login.user.email).toBe(USERS.alice.email);
    const me = await t.info(login.token);
    expect(me.statusCode).toBe(200);
    expect(me.json().email).toBe(USERS.alice.email);

    const again = await t.check(deviceId);
    expect(again.statusCode).toBe(404);
    expect(errorOf(again).code).toBe('unknownDevice');

    // The session is the device's own: its refresh token works, and the device is listed.
    expect((await t.refresh(login.refreshToken)).statusCode).toBe(200);
    const listed = (await t.list(await t.tokenOf('alice'))).json().items;
    expect(listed).toContainEqual(
      expect.objectContaining({ _id: body.id, deviceId, name: 'TV (web)', lastSeenAt: expect.any(String) }),
    );
  });

  it('answers slowDown when polled sooner than the interval, and keeps the longer interval', async () => {
    const { deviceId } = await t.registered();
    expect((await t.check(deviceId)).json().status).toBe('pending');
    t.clock.now += SECOND;
    const slow = (await t.check(deviceId)).json();
    expect(slow).toEqual({ status: 'slowDown', interval: POLL_INTERVAL_S + SLOW_DOWN_STEP_S });
    // The old interval is now too soon as well.
    t.clock.now += POLL_INTERVAL_S * SECOND;
    expect((await t.check(deviceId)).json()).toEqual({
      status: 'slowDown',
      interval: POLL_INTERVAL_S + 2 * SLOW_DOWN_STEP_S,
    });
    t.clock.now += (POLL_INTERVAL_S + 2 * SLOW_DOWN_STEP_S) * SECOND;
    expect((await t.check(deviceId)).json()).toEqual({
      status: 'pending',
      interval: POLL_INTERVAL_S + 2 * SLOW_DOWN_STEP_S,
    });
  });

  it('answers expired after 10 minutes, also for an activation the TV did not pick up in time', async () => {
    const { deviceId } = await t.registered();
    t.clock.now = START + CODE_TTL_S * SECOND - SECOND;
    expect((await t.check(deviceId)).json().status).toBe('pending');
    t.clock.now = START + CODE_TTL_S * SECOND;
    expect((await t.check(deviceId)).json()).toEqual({ status: 'expired' });

    t.clock.now = START;
    const late = await t.registered();
    expect((await t.activate(late.code, await t.tokenOf('alice'))).statusCode).toBe(200);
    t.clock.now = START + CODE_TTL_S * SECOND;
    expect((await t.check(late.deviceId)).json()).toEqual({ status: 'expired' });
  });

  it('New Code: registering again replaces the code and starts over', async () => {
    const deviceId = t.newDeviceId();
    const first = (await t.register(deviceId)).json();
    t.clock.now += SECOND;
    expect((await t.check(deviceId)).statusCode).toBe(200);
    const second = (await t.register(deviceId)).json();
    expect(second.code).not.toBe(first.code);
    expect(second.id).not.toBe(first.id);
    // The fresh row has no poll history: an immediate poll is not "too soon".
    expect((await t.check(deviceId)).json().status).toBe('pending');
    const alice = await t.tokenOf('alice');
    expect(errorOf(await t.activate(first.code, alice)).code).toBe('invalidCode');
    expect((await t.activate(second.code, alice)).statusCode).toBe(200);
    expect((await t.check(deviceId)).json().status).toBe('activated');
  });

  it('registering again after sign-in, with the secret, revokes the session the device had', async () => {
    const { deviceId, code, deviceSecret } = await t.registered();
    await t.activate(code, await t.tokenOf('alice'));
    const { login } = (await t.check(deviceId)).json();
    const again = await t.register(deviceId, 'acme', undefined, { secret: deviceSecret });
    expect(again.statusCode).toBe(201);
    // The device keeps its secret.
    expect(again.json().deviceSecret).toBe(deviceSecret);
    expect((await t.refresh(login.refreshToken)).statusCode).toBe(401);
  });

  it('the same viewer activating twice gets the same answer', async () => {
    const { code, id } = await t.registered();
    const alice = await t.tokenOf('alice');
    expect((await t.activate(code, alice)).json().device._id).toBe(id);
    const again = await t.activate(code, alice);
    expect(again.statusCode).toBe(200);
    expect(again.json().device._id).toBe(id);
  });
});

describe('the device secret: knowing a deviceId is not enough (decision 0038)', () => {
  it('registration hands out a random secret of 32 bytes, a new one per device', async () => {
    const a = await t.registered();
    const b = await t.registered();
    expect(a.deviceSecret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(b.deviceSecret).not.toBe(a.deviceSecret);
  });

  it('an anonymous re-registration of a signed-in TV is refused (409); the owner stays signed in', async () => {
    const { id, deviceId, code, deviceSecret } = await t.registered();
    const alice = await t.tokenOf('alice');
    await t.activate(code, alice);
    const { login } = (await t.check(deviceId)).json();
    const wrong = (await t.registered()).deviceSecret;
    for (const secret of [null, wrong]) {
      const res = await t.register(deviceId, 'acme', undefined, { secret });
      expect(res.statusCode).toBe(409);
      expect(errorOf(res)).toMatchObject({ code: 'deviceRegistered', field: 'deviceSecret' });
      expect(res.body).not.toMatch(/"code":"[A-Z0-9]{8}"/);
    }
    // Still signed in: the session refreshes, and the device is still the owner's.
    expect((await t.info(login.token)).statusCode).toBe(200);
    const refreshed = await t.refresh(login.refreshToken);
    expect(refreshed.statusCode).toBe(200);
    expect((await t.list(alice)).json().items.map((d: { _id: string }) => d._id)).toContain(id);
    // And the TV itself, with its secret, can still start over.
    expect((await t.register(deviceId, 'acme', undefined, { secret: deviceSecret })).statusCode).toBe(201);
  });

  it("an anonymous re-registration cannot replace a code a TV is showing; the TV's code still works", async () => {
    const { deviceId, code } = await t.registered();
    expect((await t.register(deviceId, 'acme', undefined, { secret: null })).statusCode).toBe(409);
    expect((await t.activate(code, await t.tokenOf('bob'))).statusCode).toBe(200);
    const poll = (await t.check(deviceId)).json();
    expect(poll).toMatchObject({ status: 'activated', login: { user: { email: USERS.bob.email } } });
  });

  it('a deviceId nobody holds any more (code expired, no live session) may be registered afresh', async () => {
    const { deviceId, deviceSecret } = await t.registered();
    t.clock.now = START + CODE_TTL_S * SECOND;
    const fresh = await t.register(deviceId, 'acme', undefined, { secret: null });
    expect(fresh.statusCode).toBe(201);
    const { deviceSecret: newSecret } = fresh.json();
    expect(newSecret).not.toBe(deviceSecret);
    // The old secret no longer polls, nor re-registers while the new code shows.
    expect((await t.check(deviceId, 'acme', deviceSecret)).statusCode).toBe(401);
    expect((await t.register(deviceId, 'acme', undefined, { secret: deviceSecret })).statusCode).toBe(409);
    expect((await t.check(deviceId, 'acme', newSecret)).json().status).toBe('pending');
  });

  it('two registrations of one deviceId at once: one gets the device, the other 409', async () => {
    const stale = await t.registered();
    t.clock.now = START + CODE_TTL_S * SECOND;
    for (const deviceId of [t.newDeviceId(), stale.deviceId]) {
      const both = await Promise.all([
        t.register(deviceId, 'acme', undefined, { secret: null }),
        t.register(deviceId, 'acme', undefined, { secret: null }),
      ]);
      expect(both.map((r) => r.statusCode).sort()).toEqual([201, 409]);
      const winner = both.find((r) => r.statusCode === 201)!.json();
      expect((await t.check(deviceId, 'acme', winner.deviceSecret)).json().status).toBe('pending');
    }
  });

  it('a TV signed out from the web is no longer live: its id registers afresh', async () => {
    const erin = await t.tokenOf('erin');
    const { id, deviceId, code } = await t.registered();
    await t.activate(code, erin);
    expect((await t.check(deviceId)).json().status).toBe('activated');
    expect((await t.register(deviceId, 'acme', undefined, { secret: null })).statusCode).toBe(409);
    expect((await t.logout(id, erin)).statusCode).toBe(204);
    expect((await t.register(deviceId, 'acme', undefined, { secret: null })).statusCode).toBe(201);
  });
});

describe('listing and signing out devices', () => {
  it("lists only the user's devices on this site, with display names", async () => {
    const bob = await t.tokenOf('bob');
    const before = (await t.list(bob)).json().items.length;
    const { code, id, deviceId } = await t.registered();
    await t.activate(code, bob);
    const items = (await t.list(bob)).json().items;
    expect(items).toHaveLength(before + 1);
    // Not picked up yet: listed without a lastSeenAt.
    expect(items.find((d: { _id: string }) => d._id === id)).toMatchObject({
      deviceId,
      deviceType: 'webtv',
      name: 'TV (web)',
      activatedAt: new Date(START).toISOString(),
      lastSeenAt: null,
    });
    expect((await t.list(await t.tokenOf('carol'), 'other')).json().items).toEqual([]);
  });

  it('logout revokes the device session; the device leaves the list', async () => {
    const erin = await t.tokenOf('erin');
    const { code, id, deviceId } = await t.registered();
    await t.activate(code, erin);
    const { login } = (await t.check(deviceId)).json();
    const res = await t.logout(id, erin);
    expect(res.statusCode).toBe(204);
    expect((await t.refresh(login.refreshToken)).statusCode).toBe(401);
    expect((await t.list(erin)).json().items.map((d: { _id: string }) => d._id)).not.toContain(id);
    // Signing out again is harmless; forgetting it still works.
    expect((await t.logout(id, erin)).statusCode).toBe(204);
    expect((await t.remove(id, erin)).statusCode).toBe(204);
    expect((await t.remove(id, erin)).statusCode).toBe(404);
  });

  it('logout before the TV picked up its session takes the activation back', async () => {
    const alice = await t.tokenOf('alice');
    const { code, id, deviceId } = await t.registered();
    await t.activate(code, alice);
    expect((await t.logout(id, alice)).statusCode).toBe(204);
    expect((await t.check(deviceId)).json().status).toBe('pending');
  });

  it('DELETE revokes the session and forgets the device', async () => {
    const bob = await t.tokenOf('bob');
    const { code, id, deviceId } = await t.registered();
    await t.activate(code, bob);
    const { login } = (await t.check(deviceId)).json();
    expect((await t.remove(id, bob)).statusCode).toBe(204);
    expect((await t.refresh(login.refreshToken)).statusCode).toBe(401);
    expect((await t.list(bob)).json().items.map((d: { _id: string }) => d._id)).not.toContain(id);
    expect((await t.check(deviceId)).statusCode).toBe(404);
  });
});

describe('a set with its own hardware id and model (VIZIO, decision 0080)', () => {
  /** Registers a new deviceId for the set and has `token`'s viewer enter its code. */
  async function activateSet(token: string, hardwareId: string, deviceModel = 'M55Q7-J01') {
    const deviceId = t.newDeviceId();
    const reg = await t.register(deviceId, 'acme', { deviceId, deviceType: 'tv', hardwareId, deviceModel });
    expect(reg.statusCode, reg.body).toBe(201);
    const { id, code } = reg.json() as { id: string; code: string };
    const act = await t.activate(code, token);
    expect(act.statusCode, act.body).toBe(200);
    return { id, deviceId, device: act.json().device };
  }
  const listed = async (token: string) =>
    (await t.list(token)).json().items as { _id: string; hardwareId: string | null; model: string | null }[];

  it('keeps the hardware id and model and lists them; a set without them lists nulls', async () => {
    const alice = await t.tokenOf('alice');
    const set = await activateSet(alice, 'VZ-HW-LIST-01');
    expect(set.device).toMatchObject({ hardwareId: 'VZ-HW-LIST-01', model: 'M55Q7-J01', deviceType: 'tv' });
    const { code, id } = await t.registered();
    await t.activate(code, alice);
    const items = await listed(alice);
    expect(items.find((d) => d._id === set.id)).toMatchObject({
      hardwareId: 'VZ-HW-LIST-01',
      model: 'M55Q7-J01',
      name: 'TV',
    });
    expect(items.find((d) => d._id === id)).toMatchObject({ hardwareId: null, model: null });
  });

  it('the same set activated again under a new deviceId replaces its entry and its old session', async () => {
    const alice = await t.tokenOf('alice');
    const first = await activateSet(alice, 'VZ-HW-AGAIN-01', 'M55Q7-J01');
    const { login } = (await t.check(first.deviceId)).json();
    // The app's storage was wiped: a new deviceId, the same set (now on newer firmware naming it anew).
    const second = await activateSet(alice, 'VZ-HW-AGAIN-01', 'M55Q7-J03');
    const mine = (await listed(alice)).filter((d) => d.hardwareId === 'VZ-HW-AGAIN-01');
    expect(mine).toEqual([expect.objectContaining({ _id: second.id, model: 'M55Q7-J03' })]);
    expect((await t.refresh(login.refreshToken)).statusCode).toBe(401);
  });

  it("another viewer's activation with the same hardware id leaves the first viewer's set alone", async () => {
    const alice = await t.tokenOf('alice');
    const bob = await t.tokenOf('bob');
    const alices = await activateSet(alice, 'VZ-HW-SHARED-01');
    const { login } = (await t.check(alices.deviceId)).json();
    await activateSet(bob, 'VZ-HW-SHARED-01');
    expect((await listed(alice)).map((d) => d._id)).toContain(alices.id);
    expect((await t.refresh(login.refreshToken)).statusCode).toBe(200);
  });
});
