import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ShareAnalyticsEvent } from '@marquee/contract';
import { newSiteRow } from '../../src/modules/sites/site-defaults';
import { accountsHarness, bearer, START, type AccountsHarness } from '../support/accounts';

// POST /v2/sites/{site}/analytics/{kind} and …/batch, GET …/summary (discovery-and-site §7
// Analytics; playback-and-social §7; decision 0021), with the app's own wiring: events are
// written by the 1-second batch, or when the summary is read.
let t: AccountsHarness;
let viewer: string;
let admin: string;
let otherAdmin: string;
const url = (kind: string, site = 'acme', query = '') => `/v2/sites/${site}/analytics/${kind}${query}`;

const bodies = {
  video: { channelId: 'news', videoUid: 'v1', type: 'eightyPercent' },
  watch: {
    channelId: 'news',
    videoUid: 'v1',
    contentDuration: 600,
    contentProgress: 125.5,
    duration: 120.25,
  },
  liveChannel: { liveChannelId: 'lc1', type: 'view' },
  liveChannelWatch: { liveChannelId: 'lc1', duration: 30 },
  page: { page: '/discover/home' },
  share: { channelId: 'news', contentId: 'v1', platform: 'facebook', type: 'video', videoUid: 'v1' },
  smartBanner: { type: 'click' },
} as const;

beforeAll(async () => {
  t = await accountsHarness({ sites: [newSiteRow('acme', 'Acme'), newSiteRow('other', 'Other')] });
  await t.insertUser({ id: 'u1', site_uid: 'acme', email: 'u1@acme.test' });
  await t.insertUser({ id: 'admin', site_uid: 'acme', email: 'admin@acme.test', roles: '["admin"]' });
  await t.insertUser({ id: 'oadmin', site_uid: 'other', email: 'admin@other.test', roles: '["admin"]' });
  viewer = await t.accessTokenFor({ id: 'u1', site: 'acme', email: 'u1@acme.test' });
  admin = await t.accessTokenFor({ id: 'admin', site: 'acme', email: 'admin@acme.test', roles: ['admin'] });
  otherAdmin = await t.accessTokenFor({
    id: 'oadmin',
    site: 'other',
    email: 'admin@other.test',
    roles: ['admin'],
  });
});
afterAll(() => t.h.close());

const post = (path: string, payload: unknown, token?: string) =>
  t.h.app.inject({ method: 'POST', url: path, headers: bearer(token), payload: payload as object });
/** GET …/summary as the site's admin; `null` for no token. */
const summary = (query = '', token: string | null = admin, site = 'acme') =>
  t.h.app.inject({ method: 'GET', url: url('summary', site, query), headers: bearer(token ?? undefined) });
const rows = () => t.h.db.selectFrom('analytics_events').selectAll().orderBy('id').execute();

describe('analytics refuses', () => {
  it('404s an unknown kind, naming it', async () => {
    for (const kind of ['nope', 'Video', 'pages']) {
      const res = await post(url(kind), { page: '/' });
      expect(res.statusCode, kind).toBe(404);
      expect(res.json().error).toMatchObject({ code: 'notFound', field: 'kind' });
    }
  });

  it('404s an unknown site', async () => {
    const res = await post(url('page', 'nowhere'), bodies.page);
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('notFound');
    expect((await post(url('batch', 'nowhere'), { events: [{ kind: 'page', page: '/' }] })).statusCode).toBe(
      404,
    );
  });

  it('400s a missing or malformed field, naming it', async () => {
    const cases: [string, object, string][] = [
      ['video', { videoUid: 'v1', type: 'end' }, 'channelId'],
      ['video', { channelId: 'news', type: 'end' }, 'videoUid'],
      ['video', { channelId: 'news', videoUid: 'v1' }, 'type'],
      ['video', { channelId: 'news', videoUid: '', type: 'end' }, 'videoUid'],
      ['video', { channelId: 'news', videoUid: 'a b', type: 'end' }, 'videoUid'],
      ['video', { channelId: 'x'.repeat(129), videoUid: 'v1', type: 'end' }, 'channelId'],
      ['watch', { ...bodies.watch, contentDuration: undefined }, 'contentDuration'],
      ['watch', { ...bodies.watch, contentProgress: '12' }, 'contentProgress'],
      ['watch', { ...bodies.watch, duration: 8 * 24 * 3600 }, 'duration'],
      ['liveChannel', { type: 'view' }, 'liveChannelId'],
      ['liveChannelWatch', { liveChannelId: 'lc1' }, 'duration'],
      ['page', {}, 'page'],
      ['page', { page: 'p'.repeat(513) }, 'page'],
      ['share', { ...bodies.share, platform: undefined }, 'platform'],
      ['share', { ...bodies.share, contentId: undefined }, 'contentId'],
      ['share', { ...bodies.share, type: 'a type with spaces' }, 'type'],
      ['smartBanner', {}, 'type'],
      ['smartBanner', { type: 'x'.repeat(33) }, 'type'],
      ['page', { page: '/', sessionId: 's'.repeat(65) }, 'sessionId'],
    ];
    for (const [kind, body, field] of cases) {
      const res = await post(url(kind), body);
      expect(res.statusCode, `${kind} ${JSON.stringify(body)}`).toBe(400);
      expect(res.json().error, `${kind} ${JSON.stringify(body)}`).toMatchObject({ code: 'invalid', field });
    }
  });

  it('400s a type outside the spec’s enums', async () => {
    for (const [kind, body] of [
      ['video', { ...bodies.video, type: 'ninetyPercent' }],
      ['video', { ...bodies.video, type: 'END' }],
      ['liveChannel', { liveChannelId: 'lc1', type: 'end' }],
      // A share's type is what was shared (decision 0049): not the old link/embed, not a series.
      ['share', { ...bodies.share, type: 'link' }],
      ['share', { ...bodies.share, type: 'series' }],
    ] as const) {
      const res = await post(url(kind), body);
      expect(res.statusCode, `${kind} ${body.type}`).toBe(400);
      expect(res.json().error.field).toBe('type');
      expect(res.json().error.message).toMatch(/type must be one of/);
    }
  });

  it('400s a share platform that is no target (nor embed); takes each target and content type', async () => {
    for (const platform of ['myspace', 'Facebook', 'copy link']) {
      const res = await post(url('share'), { ...bodies.share, platform });
      expect(res.statusCode, platform).toBe(400);
      expect(res.json().error).toMatchObject({ field: 'platform' });
      expect(res.json().error.message).toMatch(/platform must be one of facebook, x, whatsapp/);
    }
    // (Checked against the schema the route validates with: posting them would add stored events.)
    for (const platform of ['facebook', 'x', 'whatsapp', 'reddit', 'email', 'copy', 'embed'])
      for (const type of ['video', 'gif', 'moment'])
        expect(ShareAnalyticsEvent.safeParse({ ...bodies.share, platform, type }).success).toBe(true);
  });

  it('400s negative seconds', async () => {
    for (const field of ['contentDuration', 'contentProgress', 'duration'] as const) {
      const res = await post(url('watch'), { ...bodies.watch, [field]: -1 });
      expect(res.statusCode, field).toBe(400);
      expect(res.json().error).toMatchObject({ field, message: `${field}: ${field} must be 0 or more` });
    }
    const live = await post(url('liveChannelWatch'), { liveChannelId: 'lc1', duration: -0.5 });
    expect(live.json().error.field).toBe('duration');
  });

  it('400s an empty batch, a batch over 50, an unknown kind and a bad item, naming the field', async () => {
    const page = { kind: 'page', page: '/' };
    const cases: [object, string][] = [
      [{}, 'events'],
      [{ events: [] }, 'events'],
      [{ events: Array.from({ length: 51 }, () => page) }, 'events'],
      [{ events: [page, { kind: 'nope' }] }, 'events.1.kind'],
      [{ events: [page, { page: '/' }] }, 'events.1.kind'],
      [{ events: [page, { kind: 'watch', ...bodies.watch, duration: -3 }] }, 'events.1.duration'],
      [{ events: [{ kind: 'video', ...bodies.video, type: 'middle' }] }, 'events.0.type'],
    ];
    for (const [body, field] of cases) {
      const res = await post(url('batch'), body);
      expect(res.statusCode, field).toBe(400);
      expect(res.json().error.field).toBe(field);
    }
  });

  it('stored nothing for any refused request', async () => {
    await t.h.app.inject({ method: 'GET', url: url('summary'), headers: bearer(admin) }); // flushes
    expect(await rows()).toEqual([]);
  });

  it('401s the summary without a token, 403s a viewer and another site’s admin', async () => {
    expect((await summary('', null)).statusCode).toBe(401);
    const expired = await t.h.app.inject({
      method: 'GET',
      url: url('summary'),
      headers: bearer('not-a-token'),
    });
    expect(expired.statusCode).toBe(401);
    const asViewer = await summary('', viewer);
    expect(asViewer.statusCode).toBe(403);
    expect(asViewer.json().error.code).toBe('forbidden');
    expect((await summary('', otherAdmin)).statusCode).toBe(403);
    expect((await summary('', admin, 'nowhere')).statusCode).toBe(404);
  });

  it('400s a bad summary window, naming the field', async () => {
    for (const [query, field] of [
      ['?from=yesterday', 'from'],
      ['?to=2026-13-01T00:00:00Z', 'to'],
      ['?from=2026-03-02T00:00:00Z&to=2026-03-01T00:00:00Z', 'from'],
    ] as const) {
      const res = await summary(query);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().error.field).toBe(field);
    }
  });
});

describe('analytics', () => {
  it('answers 202 before the write, then writes the events in the next batch', async () => {
    for (const [kind, body] of Object.entries(bodies)) {
      const res = await post(url(kind, 'acme', '?__source=webMobile'), body);
      expect(res.statusCode, kind).toBe(202);
      expect(res.json()).toEqual({ accepted: 1 });
    }
    expect(await rows()).toEqual([]); // buffered: no row per request
    await vi.waitFor(async () => expect(await rows()).toHaveLength(7), { timeout: 5000, interval: 50 });

    const stored = await rows();
    expect(stored.map((r) => r.kind)).toEqual(Object.keys(bodies));
    const watch = stored.find((r) => r.kind === 'watch')!;
    expect(watch).toMatchObject({
      site_uid: 'acme',
      type: null,
      video_uid: 'v1',
      duration_s: 120.25,
      user_id: null,
      source: 'webMobile',
      device_id: null,
      session_id: null,
      received_at: new Date(START).toISOString(),
    });
    expect(JSON.parse(watch.payload)).toEqual(bodies.watch);
    const video = stored.find((r) => r.kind === 'video')!;
    expect(video).toMatchObject({ type: 'eightyPercent', video_uid: 'v1', duration_s: null });
    expect(stored.find((r) => r.kind === 'liveChannelWatch')).toMatchObject({ duration_s: 30 });
    expect(stored.find((r) => r.kind === 'share')).toMatchObject({ type: 'video', video_uid: 'v1' });
  });

  it('records the signed-in viewer, the device and session ids; unknown fields are not stored', async () => {
    t.clock.now = START + 60_000;
    await post(
      url('page'),
      { page: '/channel/news/v1', deviceId: 'tv-123', sessionId: 's-1', extra: 'x' },
      viewer,
    );
    // A token of another site, or one that does not verify, records no user (and is not refused).
    await post(url('page'), { page: '/other-token' }, otherAdmin);
    await post(url('page'), { page: '/bad-token' }, 'not-a-token');
    await t.h.app.inject({ method: 'GET', url: url('summary'), headers: bearer(admin) }); // flushes
    const stored = (await rows()).filter((r) => r.received_at === new Date(START + 60_000).toISOString());
    expect(stored.map((r) => [r.user_id, r.device_id, r.session_id])).toEqual([
      ['u1', 'tv-123', 's-1'],
      [null, null, null],
      [null, null, null],
    ]);
    expect(JSON.parse(stored[0]!.payload)).toEqual({ page: '/channel/news/v1' });
  });

  it('accepts a batch of mixed kinds', async () => {
    t.clock.now = START + 120_000;
    const res = await post(
      url('batch', 'acme', '?__source=web'),
      {
        events: [
          { kind: 'page', page: '/' },
          { kind: 'video', ...bodies.video, type: 'end' },
          { kind: 'watch', ...bodies.watch, duration: 10 },
        ],
      },
      viewer,
    );
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ accepted: 3 });
    await vi.waitFor(async () => expect((await rows()).length).toBe(13), { timeout: 5000, interval: 50 });
    const batch = (await rows()).slice(-3);
    expect(batch.map((r) => [r.kind, r.type, r.user_id, r.source])).toEqual([
      ['page', null, 'u1', 'web'],
      ['video', 'end', 'u1', 'web'],
      ['watch', null, 'u1', 'web'],
    ]);
  });

  it('sums up a window for the site’s admin: counts per kind, video types and seconds watched', async () => {
    const all = (await summary()).json();
    expect(all).toMatchObject({
      site: 'acme',
      events: 13,
      counts: {
        video: 2,
        watch: 2,
        liveChannel: 1,
        liveChannelWatch: 1,
        page: 5,
        share: 1,
        smartBanner: 1,
      },
      videoEvents: { adImpression: 0, adLoad: 0, eightyPercent: 1, end: 1, skip: 0 },
      watchSeconds: 130.25,
      liveChannelWatchSeconds: 30,
    });
    // The default window is the 30 days up to now.
    expect(all.to).toBe(new Date(t.clock.now).toISOString());
    expect(all.from).toBe(new Date(t.clock.now - 30 * 24 * 3600 * 1000).toISOString());

    const first = new Date(START).toISOString();
    const window = (await summary(`?from=${first}&to=${first}`)).json();
    expect(window).toMatchObject({ events: 7, watchSeconds: 120.25 });
    const later = (await summary(`?from=${encodeURIComponent('2026-03-01T13:01:00+01:00')}`)).json();
    expect(later).toMatchObject({ from: '2026-03-01T12:01:00.000Z', events: 6, watchSeconds: 10 });
  });

  it('keeps each site’s events apart', async () => {
    t.clock.now = START + 180_000;
    await post(url('smartBanner', 'other'), { type: 'view' });
    const other = (await summary('', otherAdmin, 'other')).json();
    expect(other).toMatchObject({ site: 'other', events: 1, counts: { smartBanner: 1, page: 0 } });
    expect((await summary()).json().events).toBe(13);
  });

  it('keeps an event whose account is deleted, without the user', async () => {
    await t.h.db.deleteFrom('users').where('id', '=', 'u1').execute();
    const left = (await rows()).filter((r) => r.user_id === 'u1');
    expect(left).toEqual([]);
    expect((await summary()).json().events).toBe(13);
  });
});
