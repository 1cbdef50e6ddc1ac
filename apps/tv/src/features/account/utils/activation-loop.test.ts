import { createApiClient } from '@marquee/api-client';
import type { SecondScreenCheck } from '@marquee/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { REGISTER_RETRY_MS, setIdentity, startActivation } from './activation-loop';

type Answer = SecondScreenCheck | 'offline' | 404 | 401;

/** The TV's device keys, in memory: ids tv-1, tv-2… (a new one after renew). */
function memoryDevice(secret?: string) {
  let n = 1;
  const keys = { secret };
  return {
    id: () => `tv-${n}`,
    secret: () => keys.secret,
    saveSecret: vi.fn((s: string) => void (keys.secret = s)),
    renew: vi.fn(() => {
      n += 1;
      keys.secret = undefined;
    }),
  };
}

/**
 * A fake server: registrations get codes CODE0001, CODE0002… and secrets secret-1, secret-2…
 * (the same one back when the request presented one); polls take `polls` in order.
 */
function fakeServer(polls: Answer[], registerAnswers: Array<'offline' | 500 | 409> = []) {
  const log: Array<{
    at: number;
    call: 'register' | 'poll';
    deviceId?: string;
    secret?: string | null;
    body?: object;
  }> = [];
  let codes = 0;
  const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });
  const fetch = vi.fn(async (url: RequestInfo | URL, init?: RequestInit) => {
    const path = new URL(String(url), 'http://tv.test').pathname;
    if (init?.method === 'POST' && path === '/v2/sites/demo/second-screens') {
      const body = JSON.parse(String(init.body)) as { deviceId: string; deviceSecret?: string };
      log.push({
        at: Date.now(),
        call: 'register',
        deviceId: body.deviceId,
        secret: body.deviceSecret,
        body,
      });
      const failure = registerAnswers.shift();
      if (failure === 'offline') throw new TypeError('Failed to fetch');
      if (failure === 500) return json({ error: { code: 'internal', message: 'Server down' } }, 500);
      if (failure === 409) return json({ error: { code: 'deviceRegistered', message: 'In use' } }, 409);
      codes += 1;
      return json(
        {
          id: `row-${codes}`,
          deviceId: body.deviceId,
          deviceSecret: body.deviceSecret ?? `secret-${codes}`,
          code: `CODE000${codes}`,
          expiresAt: '',
          expiresIn: 600,
          interval: 3,
          activationUrl: 'http://tv.test/activate',
        },
        201,
      );
    }
    const polled = /^\/v2\/sites\/demo\/check-second-screen\/(tv-\d+)$/.exec(path);
    if (polled) {
      const secret = new Headers(init?.headers).get('x-device-secret');
      log.push({ at: Date.now(), call: 'poll', deviceId: polled[1], secret });
      const answer = polls.shift() ?? { status: 'pending', interval: 3 };
      if (answer === 'offline') throw new TypeError('Failed to fetch');
      if (answer === 404) return json({ error: { code: 'unknownDevice', message: 'Unknown device' } }, 404);
      if (answer === 401) return json({ error: { code: 'invalidDeviceSecret', message: 'Wrong' } }, 401);
      return json(answer);
    }
    throw new Error(`unexpected ${init?.method} ${path}`);
  });
  return { api: createApiClient({ site: 'demo', source: 'generic', fetch }), log };
}

function events() {
  return {
    code: vi.fn(),
    pollOffline: vi.fn(),
    registerOffline: vi.fn(),
    error: vi.fn(),
    activated: vi.fn(),
  };
}

describe("the set's identity for registration", () => {
  it('keeps only a hardware id and model the server takes', () => {
    expect(setIdentity({ id: ' VZ-0001 ', model: 'M55Q7-J01' })).toEqual({
      hardwareId: 'VZ-0001',
      deviceModel: 'M55Q7-J01',
    });
    expect(setIdentity({ id: 'has spaces', model: 'M\u000055' })).toEqual({});
    expect(setIdentity({ id: 'x'.repeat(129), model: 'M'.repeat(65) })).toEqual({});
    expect(setIdentity({ id: null, model: null })).toEqual({});
    expect(setIdentity(undefined)).toEqual({});
  });
});

describe('TV activation loop', () => {
  let stop: (() => void) | undefined;
  beforeEach(() => {
    vi.useFakeTimers({ now: 0 });
  });
  afterEach(() => {
    stop?.();
    vi.useRealTimers();
  });
  const times = (log: Array<{ at: number; call: string }>, call: string) =>
    log.filter((l) => l.call === call).map((l) => l.at);

  it("polls at the server's interval, keeps the longer one after slowDown, and stops when activated", async () => {
    const login = { token: 'access', refreshToken: 'refresh', expiresIn: 900 };
    const { api, log } = fakeServer([
      { status: 'pending', interval: 3 },
      { status: 'slowDown', interval: 8 },
      { status: 'pending', interval: 8 },
      { status: 'activated', login } as SecondScreenCheck,
    ]);
    const on = events();
    stop = startActivation(api, memoryDevice(), on);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(on.code).toHaveBeenCalledTimes(1);
    expect(on.code.mock.calls[0]![0].code).toBe('CODE0001');
    expect(times(log, 'poll')).toEqual([3_000, 6_000, 14_000, 22_000]);
    expect(on.activated).toHaveBeenCalledExactlyOnceWith(login);
  });

  it("sends the set's hardware id and model with every registration where the platform has them", async () => {
    const { api, log } = fakeServer([{ status: 'expired' }]);
    stop = startActivation(api, memoryDevice(), events(), {
      hardwareId: 'VZ-0001',
      deviceModel: 'M55Q7-J01',
    });
    await vi.advanceTimersByTimeAsync(3_500);
    const registrations = log.filter((l) => l.call === 'register').map((l) => l.body);
    expect(registrations).toEqual([
      { deviceId: 'tv-1', deviceType: 'webtv', hardwareId: 'VZ-0001', deviceModel: 'M55Q7-J01' },
      {
        deviceId: 'tv-1',
        deviceType: 'webtv',
        deviceSecret: 'secret-1',
        hardwareId: 'VZ-0001',
        deviceModel: 'M55Q7-J01',
      },
    ]);
  });

  it('gets a new code when the code expired or the server forgot the device', async () => {
    const { api, log } = fakeServer([{ status: 'expired' }, 404]);
    const on = events();
    stop = startActivation(api, memoryDevice(), on);
    await vi.advanceTimersByTimeAsync(6_500);
    expect(times(log, 'register')).toEqual([0, 3_000, 6_000]);
    expect(on.code.mock.calls.map(([r]) => r.code)).toEqual(['CODE0001', 'CODE0002', 'CODE0003']);
  });

  it('keeps polling through network failures and says so', async () => {
    const { api, log } = fakeServer(['offline', 'offline', { status: 'pending', interval: 3 }]);
    const on = events();
    stop = startActivation(api, memoryDevice(), on);
    await vi.advanceTimersByTimeAsync(9_500);
    expect(times(log, 'poll')).toEqual([3_000, 6_000, 9_000]);
    expect(on.pollOffline.mock.calls.map(([offline]) => offline)).toEqual([true, true, false]);
  });

  it('retries registering after 5 s offline, and reports other failures', async () => {
    const offline = fakeServer([], ['offline']);
    const on = events();
    stop = startActivation(offline.api, memoryDevice(), on);
    await vi.advanceTimersByTimeAsync(REGISTER_RETRY_MS);
    expect(on.registerOffline).toHaveBeenCalledTimes(1);
    expect(times(offline.log, 'register')).toEqual([0, REGISTER_RETRY_MS]);
    expect(on.code).toHaveBeenCalledTimes(1);
    stop();

    const down = fakeServer([], [500]);
    const failed = events();
    stop = startActivation(down.api, memoryDevice(), failed);
    await vi.advanceTimersByTimeAsync(30_000);
    expect(failed.error).toHaveBeenCalledExactlyOnceWith('Server down');
    expect(times(down.log, 'register')).toHaveLength(1);
  });

  it('keeps the secret it is given, and presents it on every poll and on registering again', async () => {
    const { api, log } = fakeServer([{ status: 'pending', interval: 3 }, { status: 'expired' }]);
    const device = memoryDevice();
    stop = startActivation(api, device, events());
    await vi.advanceTimersByTimeAsync(9_500);
    expect(device.saveSecret).toHaveBeenCalledWith('secret-1');
    expect(log.map(({ call, secret }) => [call, secret])).toEqual([
      ['register', undefined],
      ['poll', 'secret-1'],
      ['poll', 'secret-1'],
      ['register', 'secret-1'],
      ['poll', 'secret-1'],
    ]);
  });

  it('registers again when the server no longer takes its secret (401)', async () => {
    const { api, log } = fakeServer([401]);
    stop = startActivation(api, memoryDevice('old-secret'), events());
    await vi.advanceTimersByTimeAsync(3_500);
    expect(log.map(({ call, secret }) => [call, secret])).toEqual([
      ['register', 'old-secret'],
      ['poll', 'old-secret'],
      ['register', 'old-secret'],
    ]);
  });

  it('takes a new device id when another device holds this one (409), once', async () => {
    const { api, log } = fakeServer([], [409]);
    const device = memoryDevice('stale');
    const on = events();
    stop = startActivation(api, device, on);
    await vi.advanceTimersByTimeAsync(3_500);
    expect(device.renew).toHaveBeenCalledTimes(1);
    expect(log.map(({ call, deviceId, secret }) => [call, deviceId, secret])).toEqual([
      ['register', 'tv-1', 'stale'],
      ['register', 'tv-2', undefined],
      ['poll', 'tv-2', 'secret-1'],
    ]);
    expect(on.code.mock.calls[0]![0].deviceId).toBe('tv-2');
    stop();

    const twice = fakeServer([], [409, 409]);
    const failed = events();
    stop = startActivation(twice.api, memoryDevice(), failed);
    await vi.advanceTimersByTimeAsync(30_000);
    expect(failed.error).toHaveBeenCalledExactlyOnceWith('In use');
    expect(times(twice.log, 'register')).toHaveLength(2);
  });

  it('does nothing more once stopped', async () => {
    const { api, log } = fakeServer([]);
    stop = startActivation(api, memoryDevice(), events());
    await vi.advanceTimersByTimeAsync(3_500);
    stop();
    await vi.advanceTimersByTimeAsync(30_000);
    expect(log).toHaveLength(2);
  });
});
