import type { LoginResponse, User } from '@marquee/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from './errors';
import { NETWORK_RETRY_MS } from './session';
import { createViewerSession, type StoredSession, type ViewerSessionOptions } from './viewer-session';

const T0 = Date.parse('2026-03-01T12:00:00.000Z');
const ann = { id: 'u1', firstName: 'Ann' } as unknown as User;
const login = (n: number, user?: User): LoginResponse =>
  ({ token: `access-${n}`, refreshToken: `refresh-${n}`, expiresIn: 900, user }) as LoginResponse;

/** Where a test's storage events come from, as a window would deliver them. */
function eventTarget() {
  const handlers = new Set<(event: StorageEvent) => void>();
  return {
    addEventListener: (_type: string, handler: (event: StorageEvent) => void) => void handlers.add(handler),
    removeEventListener: (_type: string, handler: (event: StorageEvent) => void) =>
      void handlers.delete(handler),
    fire: (key: string | null) => handlers.forEach((handler) => handler({ key } as StorageEvent)),
    count: () => handlers.size,
  };
}

describe('the viewer session of both apps (accounts-and-commerce §4 Session)', () => {
  let stored: StoredSession | null;
  let loads: Array<() => Promise<User>>;
  let events: ReturnType<typeof eventTarget>;
  const make = (extra: Partial<ViewerSessionOptions<StoredSession>> = {}) =>
    createViewerSession<StoredSession>({
      storage: { read: () => stored, write: (value) => void (stored = value) },
      refreshAccess: () => Promise.reject(new Error('not in this test')),
      fromLogin: (l, expiresAt) => ({
        accessToken: l.token,
        refreshToken: l.refreshToken,
        expiresAt,
        user: l.user,
      }),
      now: () => T0,
      isSessionKey: (key) => key === 'session',
      events,
      ...extra,
    });
  const withUser = () => ({
    load: () => loads.shift()?.() ?? Promise.reject(new Error('no more answers')),
    keep: (session: StoredSession, user: User) => ({ ...session, user }),
  });
  beforeEach(() => {
    vi.useFakeTimers();
    stored = null;
    loads = [];
    events = eventTarget();
  });
  afterEach(() => vi.useRealTimers());

  it('knows at once a visitor without a stored session is anonymous', () => {
    expect(make({ user: withUser() }).getSnapshot()).toEqual({
      user: null,
      status: 'anonymous',
      connecting: false,
    });
  });

  it('loads the user of stored tokens (loading until then) and keeps it with them', async () => {
    stored = { accessToken: 'a', refreshToken: 'r', expiresAt: T0 + 900_000 };
    loads.push(async () => ann);
    const session = make({ user: withUser() });
    expect(session.getSnapshot().status).toBe('loading');
    const stop = session.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(session.getSnapshot()).toMatchObject({ status: 'signedIn', user: ann });
    expect(stored?.user).toEqual(ann);
    stop();
  });

  it('tries the user again 5 s after a network failure at start-up', async () => {
    stored = { accessToken: 'a', refreshToken: 'r', expiresAt: T0 + 900_000 };
    loads.push(
      () => Promise.reject(new ApiError(0, 'network', 'offline')),
      async () => ann,
    );
    const session = make({ user: withUser() });
    const stop = session.start();
    await vi.advanceTimersByTimeAsync(NETWORK_RETRY_MS - 1);
    expect(session.getSnapshot().status).toBe('loading');
    await vi.advanceTimersByTimeAsync(1);
    expect(session.getSnapshot()).toMatchObject({ status: 'signedIn', user: ann });
    stop();
  });

  it('without a user source, tokens alone are signed in (the TV)', () => {
    stored = { accessToken: 'a', refreshToken: 'r', expiresAt: T0 + 900_000 };
    expect(make().getSnapshot()).toEqual({ user: null, status: 'signedIn', connecting: false });
  });

  it('signs in and out, telling its listeners; logout counts as connecting while in flight', async () => {
    let finishLogout!: () => void;
    const session = make({ logout: () => new Promise<void>((resolve) => (finishLogout = resolve)) });
    const statuses: string[] = [];
    session.subscribe(() => statuses.push(session.getSnapshot().status));
    session.signIn(login(1, ann));
    expect(session.getSnapshot()).toMatchObject({ status: 'signedIn', user: ann });
    const out = session.signOut();
    expect(session.getSnapshot()).toMatchObject({ status: 'anonymous', user: null, connecting: true });
    finishLogout();
    await out;
    expect(session.getSnapshot().connecting).toBe(false);
    expect(statuses.slice(0, 2)).toEqual(['signedIn', 'anonymous']);
  });

  it("follows another tab's change of its own keys only, and stops following when stopped", () => {
    const session = make();
    const stop = session.start();
    stored = { accessToken: 'a', refreshToken: 'r', expiresAt: T0 + 900_000 };
    events.fire('something.else');
    expect(session.getSnapshot().status).toBe('anonymous');
    events.fire('session');
    expect(session.getSnapshot().status).toBe('signedIn');
    stored = null;
    events.fire(null); // localStorage.clear()
    expect(session.getSnapshot().status).toBe('anonymous');
    stop();
    expect(events.count()).toBe(0);
  });
});
