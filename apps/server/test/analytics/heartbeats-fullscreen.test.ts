import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newSiteRow } from '../../src/modules/sites/site-defaults';
import { accountsHarness, bearer, type AccountsHarness } from '../support/accounts';

// Batched heartbeats (POST …/analytics/heartbeats), fullscreen logs (POST /v2/fullscreen-logs) and
// the appsflyer-id header recorded with analytics (playback-and-social §7; decision 0060).
let t: AccountsHarness;
let viewer: string;
let admin: string;

const beat = (over: Record<string, unknown> = {}) => ({
  player: { engine: 'hls.js', currentTime: 12.5, duration: 600, paused: false, muted: true },
  video: { uid: 'v1', title: 'Video one', type: 'video', duration: 600 },
  channel: { _id: 'news', name: 'News', channelId: 'news' },
  userId: 'someone-else',
  userAgent: 'Mozilla/5.0 test',
  siteUid: 'acme',
  sentAt: '2026-03-01T10:00:00.000Z',
  ...over,
});

beforeAll(async () => {
  t = await accountsHarness({
    sites: [
      newSiteRow('acme', 'Acme', { perms: JSON.stringify({ fullscreenLogs: true }) }),
      newSiteRow('plain', 'Plain'),
    ],
  });
  await t.insertUser({ id: 'u1', site_uid: 'acme', email: 'u1@acme.test' });
  await t.insertUser({ id: 'admin', site_uid: 'acme', email: 'admin@acme.test', roles: '["admin"]' });
  viewer = await t.accessTokenFor({ id: 'u1', site: 'acme', email: 'u1@acme.test' });
  admin = await t.accessTokenFor({ id: 'admin', site: 'acme', email: 'admin@acme.test', roles: ['admin'] });
});
afterAll(() => t.h.close());

const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
  t.h.app.inject({ method: 'POST', url, headers, payload: payload as object });
/** Writes what the service buffered (the summary flushes first) and reads every row. */
async function rows() {
  await t.h.app.inject({ method: 'GET', url: '/v2/sites/acme/analytics/summary', headers: bearer(admin) });
  return t.h.db.selectFrom('analytics_events').selectAll().orderBy('id').execute();
}

describe('heartbeats, fullscreen logs and appsflyer-id refuse', () => {
  it('400s a bad heartbeat batch, naming the field', async () => {
    const cases: [object, string][] = [
      [{}, 'beats'],
      [{ beats: [] }, 'beats'],
      [{ beats: Array.from({ length: 51 }, () => beat()) }, 'beats'],
      [{ beats: [beat({ video: undefined })] }, 'beats.0.video'],
      [{ beats: [beat(), beat({ sentAt: 'yesterday' })] }, 'beats.1.sentAt'],
      [{ beats: [beat({ player: { ...beat().player, currentTime: -1 } })] }, 'beats.0.player.currentTime'],
      [{ beats: [beat({ channel: { _id: 'a b', name: 'x', channelId: 'news' } })] }, 'beats.0.channel._id'],
    ];
    for (const [body, field] of cases) {
      const res = await post('/v2/sites/acme/analytics/heartbeats', body);
      expect(res.statusCode, field).toBe(400);
      expect(res.json().error.field).toBe(field);
    }
  });

  it('404s heartbeats for an unknown site', async () => {
    const res = await post('/v2/sites/nowhere/analytics/heartbeats', { beats: [beat()] });
    expect(res.statusCode).toBe(404);
  });

  it('400s a bad fullscreen log, naming the field', async () => {
    const cases: [unknown, string][] = [
      [[], 'body'],
      [{ type: 'enter' }, 'body'],
      [[{ args: [] }], '0.type'],
      [[{ type: 'en ter' }], '0.type'],
      [[{ type: 'enter', args: Array.from({ length: 11 }, () => 1) }], '0.args'],
      [[{ type: 'enter', args: [{ nested: true }] }], '0.args.0'],
      [Array.from({ length: 51 }, () => ({ type: 'enter' })), 'body'],
    ];
    for (const [body, field] of cases) {
      const res = await post('/v2/fullscreen-logs?__site=acme', body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 40)).toBe(400);
      expect(res.json().error.field).toBe(field);
    }
  });

  it('403s fullscreen logs for a site without the fullscreenLogs flag, 404s an unknown site', async () => {
    const off = await post('/v2/fullscreen-logs?__site=plain', [{ type: 'enter', args: [] }]);
    expect(off.statusCode).toBe(403);
    expect(off.json().error.message).toBe("Site 'plain' does not take fullscreen logs");
    expect((await post('/v2/fullscreen-logs?__site=nowhere', [{ type: 'enter' }])).statusCode).toBe(404);
  });

  it('400s a malformed appsflyer-id header, naming it, on every analytics write', async () => {
    const headers = { 'appsflyer-id': 'has spaces<script>' };
    for (const [url, body] of [
      ['/v2/sites/acme/analytics/page', { page: '/' }],
      ['/v2/sites/acme/analytics/batch', { events: [{ kind: 'page', page: '/' }] }],
      ['/v2/sites/acme/analytics/heartbeats', { beats: [beat()] }],
      ['/v2/fullscreen-logs?__site=acme', [{ type: 'enter' }]],
    ] as const) {
      const res = await post(url, body, headers);
      expect(res.statusCode, url).toBe(400);
      expect(res.json().error.field).toBe('appsflyer-id');
    }
  });

  it('stored nothing for any refused request', async () => {
    expect(await rows()).toEqual([]);
  });
});

describe('heartbeats, fullscreen logs and appsflyer-id', () => {
  it('stores each beat as a heartbeat event of its video, the token’s user (not the beat’s userId)', async () => {
    const res = await post(
      '/v2/sites/acme/analytics/heartbeats?__source=web',
      { beats: [beat(), beat({ player: { ...beat().player, currentTime: 42 }, sessionId: 's1' })] },
      { ...bearer(viewer), 'appsflyer-id': '1700000000000-1234567' },
    );
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ accepted: 2 });
    const stored = (await rows()).filter((r) => r.kind === 'heartbeat');
    expect(stored).toHaveLength(2);
    expect(stored[0]).toMatchObject({
      site_uid: 'acme',
      video_uid: 'v1',
      user_id: 'u1',
      source: 'web',
      appsflyer_id: '1700000000000-1234567',
      session_id: null,
    });
    expect(stored[1]).toMatchObject({ session_id: 's1' });
    const payload = JSON.parse(stored[1]!.payload);
    expect(payload.player.currentTime).toBe(42);
    expect(payload.channel).toEqual({ _id: 'news', name: 'News', channelId: 'news' });
    expect(payload).not.toHaveProperty('userId');
    expect(payload).not.toHaveProperty('siteUid');
  });

  it('takes a beacon’s beats without a token (anonymous)', async () => {
    const res = await post('/v2/sites/acme/analytics/heartbeats', { beats: [beat()] });
    expect(res.statusCode).toBe(202);
    const last = (await rows()).at(-1)!;
    expect(last).toMatchObject({ kind: 'heartbeat', user_id: null, appsflyer_id: null });
  });

  it('stores each fullscreen log entry as a fullscreen event with its type and args', async () => {
    const res = await post(
      '/v2/fullscreen-logs?__site=acme&__source=web',
      [
        { type: 'enter', args: ['v1', 12.5] },
        { type: 'exit', args: ['v1', 30] },
      ],
      { ...bearer(viewer), 'appsflyer-id': 'af-1' },
    );
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ accepted: 2 });
    const stored = (await rows()).filter((r) => r.kind === 'fullscreen');
    expect(stored.map((r) => [r.type, JSON.parse(r.payload).args, r.user_id, r.appsflyer_id])).toEqual([
      ['enter', ['v1', 12.5], 'u1', 'af-1'],
      ['exit', ['v1', 30], 'u1', 'af-1'],
    ]);
  });

  it('records the appsflyer-id header with the spec’s events too', async () => {
    const res = await post(
      '/v2/sites/acme/analytics/page',
      { page: '/discover' },
      { 'appsflyer-id': 'af-2' },
    );
    expect(res.statusCode).toBe(202);
    expect((await rows()).at(-1)).toMatchObject({ kind: 'page', appsflyer_id: 'af-2' });
  });
});
