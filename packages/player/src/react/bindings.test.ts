import { createApiClient } from '@marquee/api-client';
import type { ProgressList, User } from '@marquee/contract';
import { describe, expect, it, vi } from 'vitest';
import { trackPlaybackAnalytics, type PlaybackAnalyticsEvent } from '../analytics';
import { createEmitter } from '../events';
import type { PlayerEvents } from '../player';
import { analyticsAccount, analyticsFor, trackPerAccount } from './analytics';
import { heartbeatUserId } from './use-heartbeat';
import { resumeStart } from './use-resume-position';

const ann = { id: 'u1' } as User;
const history = (progress: number, duration: number) =>
  ({ items: [{ id: 'v1', progress, duration }] }) as unknown as ProgressList;

describe('where playback starts (playback-and-social §4.8)', () => {
  it("the link's position wins, even for a signed-in viewer with a saved one", () => {
    expect(resumeStart('v1', { requested: 0, status: 'signedIn', history: history(100, 600) })).toBe(0);
    expect(resumeStart('v1', { requested: 42, status: 'loading', history: undefined })).toBe(42);
  });

  it('waits (null) while the session or the history is still being read', () => {
    expect(resumeStart('v1', { requested: null, status: 'loading', history: undefined })).toBeNull();
    expect(resumeStart('v1', { requested: null, status: 'signedIn', history: undefined })).toBeNull();
  });

  it('resumes an unfinished video with more than 15 s left, else starts at 0', () => {
    expect(resumeStart('v1', { requested: null, status: 'signedIn', history: history(100, 600) })).toBe(100);
    expect(resumeStart('v1', { requested: null, status: 'signedIn', history: history(590, 600) })).toBe(0);
    expect(resumeStart('v2', { requested: null, status: 'signedIn', history: history(100, 600) })).toBe(0);
  });

  it('starts at 0 for a visitor, or when the history could not be read', () => {
    expect(resumeStart('v1', { requested: null, status: 'anonymous', history: undefined })).toBe(0);
    expect(resumeStart('v1', { requested: null, status: 'signedIn', history: 'failed' })).toBe(0);
  });
});

describe('whose watch time and heartbeat', () => {
  it('analytics restart on a change of account; a session without a user (TV) is one account', () => {
    expect(analyticsAccount({ status: 'signedIn', user: ann })).toBe('u1');
    expect(analyticsAccount({ status: 'signedIn', user: null })).toBe('signedIn');
    expect(analyticsAccount({ status: 'loading', user: null })).toBeNull();
    expect(analyticsAccount({ status: 'anonymous', user: null })).toBeNull();
  });

  it("the heartbeat names the session's user, else the one GET /v2/me/info gave, never a signed-out one", () => {
    expect(heartbeatUserId({ status: 'signedIn', user: ann }, undefined)).toBe('u1');
    expect(heartbeatUserId({ status: 'signedIn', user: null }, { id: 'u2' } as User)).toBe('u2');
    expect(heartbeatUserId({ status: 'signedIn', user: null }, undefined)).toBeNull();
    expect(heartbeatUserId({ status: 'anonymous', user: null }, ann)).toBeNull();
  });
});

describe('watch time on login or logout (playback-and-social §4.8)', () => {
  /** A session store whose account the test changes, as signing in or out does. */
  function fakeSession(user: User | null) {
    const listeners = new Set<() => void>();
    let snapshot = { status: user ? 'signedIn' : 'anonymous', user, connecting: false } as const;
    return {
      subscribe: (l: () => void) => (listeners.add(l), () => listeners.delete(l)),
      getSnapshot: () => snapshot,
      set(next: User | null) {
        snapshot = { status: next ? 'signedIn' : 'anonymous', user: next, connecting: false } as never;
        for (const l of listeners) l();
      },
    };
  }

  it('on login or logout the watch time so far is sent (flushed), then tracking goes on', () => {
    const session = fakeSession(ann);
    const player = createEmitter<PlayerEvents>();
    const sent: PlaybackAnalyticsEvent[] = [];
    const flush = vi.fn();
    const sink = { track: (e: PlaybackAnalyticsEvent) => void sent.push(e), flush };
    const page = Object.assign(new EventTarget(), { document: { visibilityState: 'visible' as const } });
    const play = (from: number, to: number) => {
      for (let t = from; t <= to + 1e-9; t += 0.5)
        player.emit('timeupdate', { currentTime: t, duration: 600 });
    };
    const stop = trackPerAccount(session, () =>
      trackPlaybackAnalytics(player, sink, { channelId: 'c', videoUid: 'v1' }, page),
    );
    play(0, 10);
    session.set({ ...ann } as User); // the same account again (a refreshed user): nothing sent
    expect(sent).toEqual([]);

    session.set(null); // logout
    expect(sent).toEqual([expect.objectContaining({ kind: 'watch', videoUid: 'v1', duration: 10 })]);
    expect(flush).toHaveBeenCalledTimes(1);

    play(10, 20);
    session.set({ id: 'u2' } as User); // login: the signed-out stretch goes out too
    expect(sent).toHaveLength(2);
    expect(sent[1]).toMatchObject({ kind: 'watch', duration: 10, contentProgress: 20 });
    expect(flush).toHaveBeenCalledTimes(2);

    stop();
    session.set(null);
    expect(sent).toHaveLength(2); // no longer following the session
  });
});

describe('analyticsFor (decision 0021)', () => {
  it("keeps one queue per API client and sends its events in one batch with the page's id", async () => {
    const fetch = vi.fn(async () => new Response(JSON.stringify({ accepted: 1 }), { status: 200 }));
    const web = createApiClient({ site: 'demo', source: 'web', fetch });
    const tv = createApiClient({ site: 'demo', source: 'tizen', fetch });
    expect(analyticsFor(web)).toBe(analyticsFor(web));
    expect(analyticsFor(tv)).not.toBe(analyticsFor(web));
    analyticsFor(web).track({ kind: 'page', page: '/a' });
    analyticsFor(web).track({ kind: 'page', page: '/b' });
    analyticsFor(web).flush();
    await vi.waitFor(() => expect(fetch).toHaveBeenCalledTimes(1));
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toContain('/v2/sites/demo/analytics/batch');
    expect(url).toContain('__source=web');
    const { events } = JSON.parse(String(init.body)) as {
      events: Array<{ page: string; sessionId: string }>;
    };
    expect(events.map((e) => e.page)).toEqual(['/a', '/b']);
    expect(events[0]!.sessionId).toMatch(/^[A-Za-z0-9]{32}$/);
    expect(events[1]!.sessionId).toBe(events[0]!.sessionId);
  });
});
