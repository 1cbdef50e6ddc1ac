import { createApiClient } from '@marquee/api-client';
import type { SecondScreenCheck } from '@marquee/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { REGISTER_RETRY_MS, startActivation } from './activation-loop';

type Answer = SecondScreenCheck | 'offline' | 404;

/** A fake server: registrations get codes CODE0001, CODE0002…; polls take `polls` in order. */
function fakeServer(polls: Answer[], registerAnswers: Array<'offline' | 500> = []) {
  const log: Array<{ at: number; call: 'register' | 'poll' }> = [];
  let codes = 0;
  const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });
  const fetch = vi.fn(async (url: RequestInfo | URL, init?: RequestInit) => {
    const path = new URL(String(url), 'http://tv.test').pathname;
    if (init?.method === 'POST' && path === '/v2/sites/demo/second-screens') {
      log.push({ at: Date.now(), call: 'register' });
      const failure = registerAnswers.shift();
      if (failure === 'offline') throw new TypeError('Failed to fetch');
      if (failure === 500) return json({ error: { code: 'internal', message: 'Server down' } }, 500);
      codes += 1;
      return json(
        {
          id: `row-${codes}`,
          deviceId: 'tv-1',
          code: `CODE000${codes}`,
          expiresAt: '',
          expiresIn: 600,
          interval: 3,
          activationUrl: 'http://tv.test/activate',
        },
        201,
      );
    }
    if (path === '/v2/sites/demo/check-second-screen/tv-1') {
      log.push({ at: Date.now(), call: 'poll' });
      const answer = polls.shift() ?? { status: 'pending', interval: 3 };
      if (answer === 'offline') throw new TypeError('Failed to fetch');
      if (answer === 404) return json({ error: { code: 'unknownDevice', message: 'Unknown device' } }, 404);
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
    stop = startActivation(api, 'tv-1', on);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(on.code).toHaveBeenCalledTimes(1);
    expect(on.code.mock.calls[0]![0].code).toBe('CODE0001');
    expect(times(log, 'poll')).toEqual([3_000, 6_000, 14_000, 22_000]);
    expect(on.activated).toHaveBeenCalledExactlyOnceWith(login);
  });

  it('gets a new code when the code expired or the server forgot the device', async () => {
    const { api, log } = fakeServer([{ status: 'expired' }, 404]);
    const on = events();
    stop = startActivation(api, 'tv-1', on);
    await vi.advanceTimersByTimeAsync(6_500);
    expect(times(log, 'register')).toEqual([0, 3_000, 6_000]);
    expect(on.code.mock.calls.map(([r]) => r.code)).toEqual(['CODE0001', 'CODE0002', 'CODE0003']);
  });

  it('keeps polling through network failures and says so', async () => {
    const { api, log } = fakeServer(['offline', 'offline', { status: 'pending', interval: 3 }]);
    const on = events();
    stop = startActivation(api, 'tv-1', on);
    await vi.advanceTimersByTimeAsync(9_500);
    expect(times(log, 'poll')).toEqual([3_000, 6_000, 9_000]);
    expect(on.pollOffline.mock.calls.map(([offline]) => offline)).toEqual([true, true, false]);
  });

  it('retries registering after 5 s offline, and reports other failures', async () => {
    const offline = fakeServer([], ['offline']);
    const on = events();
    stop = startActivation(offline.api, 'tv-1', on);
    await vi.advanceTimersByTimeAsync(REGISTER_RETRY_MS);
    expect(on.registerOffline).toHaveBeenCalledTimes(1);
    expect(times(offline.log, 'register')).toEqual([0, REGISTER_RETRY_MS]);
    expect(on.code).toHaveBeenCalledTimes(1);
    stop();

    const down = fakeServer([], [500]);
    const failed = events();
    stop = startActivation(down.api, 'tv-1', failed);
    await vi.advanceTimersByTimeAsync(30_000);
    expect(failed.error).toHaveBeenCalledExactlyOnceWith('Server down');
    expect(times(down.log, 'register')).toHaveLength(1);
  });

  it('does nothing more once stopped', async () => {
    const { api, log } = fakeServer([]);
    stop = startActivation(api, 'tv-1', events());
    await vi.advanceTimersByTimeAsync(3_500);
    stop();
    await vi.advanceTimersByTimeAsync(30_000);
    expect(log).toHaveLength(2);
  });
});
