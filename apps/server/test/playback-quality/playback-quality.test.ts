import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { acmeCatalog, CatalogFixture } from '../fixtures';
import { accountsHarness, bearer, DAY, START, type AccountsHarness } from '../support/accounts';

// POST and GET /v2/sites/{site}/analytics/playbackQuality (issue 18; decision 0083): the players'
// session reports, and the site's admins' figures per title and day.
let t: AccountsHarness;
let viewer: string;
let admin: string;
let otherAdmin: string;
const url = (site = 'acme', query = '') => `/v2/sites/${site}/analytics/playbackQuality${query}`;
let nextSession = 0;
const sessionId = () => `session-${String(++nextSession).padStart(8, '0')}`;

/** A report of a session that started in 400 ms and played a minute with one stall of 2 s. */
const report = (over: Record<string, unknown> = {}) => ({
  sessionId: 'session-fixed-0001',
  seq: 1,
  videoUid: 'v1',
  engine: 'hls.js',
  startupMs: 400,
  watchedMs: 58_000,
  stalledMs: 2_000,
  stallCount: 1,
  bitrateSwitches: 2,
  averageBitrate: 1_500_000,
  lastBitrate: 2_000_000,
  errorCode: null,
  ...over,
});

/** Access tokens for the viewer and both admins, signed at the clock's time (they expire as it moves). */
async function signTokens() {
  viewer = await t.accessTokenFor({ id: 'u1', site: 'acme', email: 'u1@acme.test' });
  admin = await t.accessTokenFor({ id: 'admin', site: 'acme', email: 'admin@acme.test', roles: ['admin'] });
  otherAdmin = await t.accessTokenFor({
    id: 'oadmin',
    site: 'other',
    email: 'admin@other.test',
    roles: ['admin'],
  });
}

beforeAll(async () => {
  t = await accountsHarness({ sites: [] });
  await acmeCatalog().insert(t.h.db);
  await new CatalogFixture('other').video('o1').insert(t.h.db);
  await t.insertUser({ id: 'u1', site_uid: 'acme', email: 'u1@acme.test' });
  await t.insertUser({ id: 'staff', site_uid: 'acme', email: 'staff@acme.test', roles: '["staff"]' });
  await t.insertUser({ id: 'admin', site_uid: 'acme', email: 'admin@acme.test', roles: '["admin"]' });
  await t.insertUser({ id: 'oadmin', site_uid: 'other', email: 'admin@other.test', roles: '["admin"]' });
  await signTokens();
});
afterAll(() => t.h.close());

const post = (payload: object, site = 'acme', token?: string) =>
  t.h.app.inject({ method: 'POST', url: url(site), headers: bearer(token), payload });
/** GET as the site's admin by default; `null` for no token. */
const read = (query = '', token: string | null = admin, site = 'acme') =>
  t.h.app.inject({ method: 'GET', url: url(site, query), headers: bearer(token ?? undefined) });
const sessions = () => t.h.db.selectFrom('playback_sessions').selectAll().orderBy('session_id').execute();

describe('playback quality reports refuse', () => {
  it('400s a missing, mistyped or out-of-bounds field, naming it', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ sessionId: undefined }, 'sessionId'],
      [{ sessionId: 'short' }, 'sessionId'],
      [{ sessionId: 'has spaces in it, sixteen+' }, 'sessionId'],
      [{ sessionId: 's'.repeat(65) }, 'sessionId'],
      [{ seq: -1 }, 'seq'],
      [{ seq: 1.5 }, 'seq'],
      [{ seq: 100_001 }, 'seq'],
      [{ videoUid: undefined }, 'videoUid'],
      [{ videoUid: 'a b' }, 'videoUid'],
      [{ engine: 'flash' }, 'engine'],
      [{ startupMs: -1 }, 'startupMs'],
      [{ startupMs: 600_001 }, 'startupMs'],
      [{ startupMs: '400' }, 'startupMs'],
      [{ watchedMs: undefined }, 'watchedMs'],
      [{ watchedMs: 24 * 3600_000 + 1 }, 'watchedMs'],
      [{ stalledMs: -5 }, 'stalledMs'],
      [{ stallCount: 100_001 }, 'stallCount'],
      [{ bitrateSwitches: 0.5 }, 'bitrateSwitches'],
      [{ averageBitrate: 0 }, 'averageBitrate'],
      [{ lastBitrate: 1_000_000_001 }, 'lastBitrate'],
      [{ errorCode: 'no spaces please' }, 'errorCode'],
      [{ errorCode: 'e'.repeat(65) }, 'errorCode'],
      // Neither a first frame nor an error: nothing was played, so nothing to report.
      [{ startupMs: null, errorCode: null }, 'startupMs'],
    ];
    for (const [over, field] of cases) {
      const res = await post(report({ sessionId: sessionId(), ...over }));
      expect(res.statusCode, JSON.stringify(over)).toBe(400);
      expect(res.json().error, JSON.stringify(over)).toMatchObject({ code: 'invalid', field });
    }
    expect(await sessions()).toEqual([]);
  });

  it('404s an unknown site, and a video the site does not have (another site’s included)', async () => {
    expect((await post(report(), 'nowhere')).statusCode).toBe(404);
    for (const videoUid of ['nope', 'o1']) {
      const res = await post(report({ sessionId: sessionId(), videoUid }));
      expect(res.statusCode, videoUid).toBe(404);
      expect(res.json().error).toMatchObject({ code: 'notFound', field: 'videoUid' });
    }
    expect(await sessions()).toEqual([]);
  });

  it('409s a session id already reported for another video, and keeps the first', async () => {
    const id = sessionId();
    expect((await post(report({ sessionId: id }))).statusCode).toBe(202);
    const res = await post(report({ sessionId: id, seq: 2, videoUid: 'v2' }));
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatchObject({ code: 'conflict', field: 'sessionId' });
    const [row] = (await sessions()).filter((s) => s.session_id === id);
    expect(row).toMatchObject({ video_uid: 'v1', seq: 1 });
    await t.h.db.deleteFrom('playback_sessions').execute();
  });
});

describe('the playback quality read refuses', () => {
  it('401s without a token, 403s a viewer, staff and another site’s admin', async () => {
    expect((await read('', null)).statusCode).toBe(401);
    const staff = await t.accessTokenFor({
      id: 'staff',
      site: 'acme',
      email: 'staff@acme.test',
      roles: ['staff'],
    });
    for (const token of [viewer, staff, otherAdmin]) {
      const res = await read('', token);
      expect(res.statusCode).toBe(403);
      expect(res.json().error.code).toBe('forbidden');
    }
  });

  it('404s an unknown site', async () => {
    expect((await read('', admin, 'nowhere')).statusCode).toBe(404);
  });

  it('400s a bad or reversed range, naming the field', async () => {
    for (const [query, field] of [
      ['?from=yesterday', 'from'],
      ['?to=2026-13-01', 'to'],
      ['?from=2026-02-30', 'from'],
      ['?from=2026-03-02&to=2026-03-01', 'from'],
      ['?from=2024-01-01&to=2026-03-01', 'from'],
    ] as const) {
      const res = await read(query);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().error, query).toMatchObject({ code: 'invalid', field });
    }
  });
});

describe('playback quality', () => {
  it('takes anonymous and signed-in reports; a replay or an older report changes nothing', async () => {
    const id = sessionId();
    expect((await post(report({ sessionId: id }))).json()).toEqual({ counted: true });
    // The same report again (a beacon and its fetch fallback both arriving, a retry).
    expect((await post(report({ sessionId: id }), 'acme', viewer)).json()).toEqual({ counted: false });
    // A later report carries the session's new totals: it replaces the stored ones.
    const later = report({ sessionId: id, seq: 3, watchedMs: 118_000, stalledMs: 2_000, bitrateSwitches: 3 });
    expect((await post(later)).json()).toEqual({ counted: true });
    // An earlier one arriving late is ignored.
    expect((await post(report({ sessionId: id, seq: 2, watchedMs: 90_000 }))).json()).toEqual({
      counted: false,
    });
    const [row] = await sessions();
    expect(row).toMatchObject({
      seq: 3,
      video_uid: 'v1',
      watched_ms: 118_000,
      bitrate_switches: 3,
      day: '2026-03-01',
      startup_bucket: 1,
    });
  });

  it('sums sessions per title and day: startup median and histogram, rebuffering, switches per hour, errors', async () => {
    await t.h.db.deleteFrom('playback_sessions').execute();
    // Day 1: three sessions of v1 (300, 400 and 450 ms), one failing v1 start, one v2 session.
    const day1 = [
      report({
        sessionId: sessionId(),
        startupMs: 300,
        watchedMs: 1800_000,
        stalledMs: 0,
        bitrateSwitches: 1,
      }),
      report({
        sessionId: sessionId(),
        startupMs: 400,
        watchedMs: 1800_000,
        stalledMs: 36_000,
        bitrateSwitches: 2,
      }),
      report({
        sessionId: sessionId(),
        startupMs: 450,
        watchedMs: 0,
        stalledMs: 0,
        bitrateSwitches: 0,
        errorCode: 'decode',
      }),
      report({
        sessionId: sessionId(),
        startupMs: null,
        watchedMs: 0,
        stalledMs: 0,
        bitrateSwitches: 0,
        errorCode: 'network',
      }),
      report({
        sessionId: sessionId(),
        videoUid: 'v2',
        engine: 'native',
        startupMs: 2500,
        averageBitrate: null,
        lastBitrate: null,
      }),
    ];
    for (const r of day1) expect((await post(r)).statusCode).toBe(202);
    // Day 2: one v1 session; it counts on the day it started, even when its last report comes later.
    t.clock.now = START + DAY;
    const id = sessionId();
    await post(
      report({ sessionId: id, startupMs: 1200, watchedMs: 60_000, stalledMs: 0, bitrateSwitches: 0 }),
    );
    t.clock.now = START + 2 * DAY;
    await post(
      report({
        sessionId: id,
        seq: 2,
        startupMs: 1200,
        watchedMs: 120_000,
        stalledMs: 0,
        bitrateSwitches: 0,
      }),
    );

    await signTokens(); // those signed at the start have expired by now
    const res = await read('?from=2026-03-01&to=2026-03-02');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ site: 'acme', from: '2026-03-01', to: '2026-03-02' });
    expect(body.titles.map((x: { videoUid: string }) => x.videoUid)).toEqual(['v1', 'v2']);
    const [v1, v2] = body.titles;
    expect(v1.title).toBe('Video v1');
    expect(v1.days.map((d: { day: string }) => d.day)).toEqual(['2026-03-01', '2026-03-02']);
    const first = v1.days[0];
    expect(first).toMatchObject({
      sessions: 4,
      started: 3,
      startupMeanMs: 383,
      watchedMs: 3600_000,
      stalledMs: 36_000,
      stallCount: 4,
      rebufferingRatio: Math.round((36_000 / 3636_000) * 10_000) / 10_000,
      bitrateSwitches: 3,
      bitrateSwitchesPerHour: 3,
      errors: 2,
      errorRate: 0.5,
      errorCodes: { decode: 1, network: 1 },
    });
    // 300 ms in the 250–500 bucket with 400 and 450: the middle of 3 is halfway into that bucket.
    expect(first.startupHistogram[1]).toEqual({ upToMs: 500, sessions: 3 });
    expect(first.startupMedianMs).toBe(375);
    expect(first.startupHistogram.at(-1)).toEqual({ upToMs: null, sessions: 0 });
    expect(v1.days[1]).toMatchObject({ sessions: 1, watchedMs: 120_000, startupMedianMs: 1250 });
    expect(v1.total).toMatchObject({
      sessions: 5,
      started: 4,
      watchedMs: 3720_000,
      errors: 2,
      errorRate: 0.4,
    });
    expect(v2.total).toMatchObject({ sessions: 1, errors: 0, errorRate: 0, startupMedianMs: 2500 });

    // Another range leaves day 1 out; another site sees none of it.
    expect((await read('?from=2026-03-02&to=2026-03-02')).json().titles[0].total.sessions).toBe(1);
    expect((await read('?from=2026-03-01&to=2026-03-02', otherAdmin, 'other')).json().titles).toEqual([]);
    // The default range is the last 30 days up to today (the clock's day 3).
    expect((await read()).json()).toMatchObject({ from: '2026-02-02', to: '2026-03-03' });
  });
});
