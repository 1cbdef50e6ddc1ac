import { createApiClient } from '@marquee/api-client';
import type { ProgressList, User } from '@marquee/contract';
import { describe, expect, it, vi } from 'vitest';
import { analyticsAccount, analyticsFor } from './analytics';
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
