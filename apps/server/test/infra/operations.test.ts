// Operations (decision 0082): liveness and readiness, request ids from the proxy to the jobs a
// request queues, and the Prometheus metrics behind METRICS_TOKEN, moved by real requests.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../harness';
import { newSiteRow } from '../../src/modules/sites/site-defaults';
import { newVideoRow } from '../../src/db/video-row';
import { createJobsRepository } from '../../src/modules/jobs/jobs.repository';
import { createJobsService } from '../../src/modules/jobs/jobs.service';
import { accountsHarness, bearer, type AccountsHarness } from '../support/accounts';

const TOKEN = 'scrape-token-0123456789abcdef';
/** Nothing listens on port 1: a real Redis client whose every command fails. */
const NO_REDIS = 'redis://127.0.0.1:1';

let t: AccountsHarness;
beforeAll(async () => {
  t = await accountsHarness({ sites: [newSiteRow('acme', 'Acme TV')], env: { METRICS_TOKEN: TOKEN } });
  await t.insertUser({ id: 'ops-user', site_uid: 'acme', email: 'ops@acme.test' });
});
afterAll(() => t.h.close());

const get = (url: string, headers: Record<string, string> = {}) =>
  t.h.app.inject({ method: 'GET', url, headers });
const scrape = async () => {
  const res = await get('/metrics', { authorization: `Bearer ${TOKEN}` });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toContain('text/plain');
  return res.body;
};
/** The value of one series (its full name and labels as printed), 0 when absent. */
const sample = (text: string, series: string) => {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line ? Number(line.slice(series.length + 1)) : 0;
};

describe('/healthz and /readyz', () => {
  it('healthz answers while the process does; readyz names no failing dependency when all answer', async () => {
    expect((await get('/healthz')).json()).toEqual({ status: 'ok' });
    const ready = await get('/readyz');
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ok', failing: [] });
  });

  it('503 naming Redis when the configured Redis does not answer', async () => {
    const h: Harness = await createHarness({ env: { REDIS_URL: NO_REDIS, REDIS_PREFIX: 'down:' } });
    try {
      const res = await h.app.inject({ method: 'GET', url: '/readyz' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ status: 'unavailable', failing: ['redis'] });
      // Liveness is not readiness: the process still answers.
      expect((await h.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    } finally {
      await h.close();
    }
  }, 30_000);

  it('503 while draining, before anything else closes', async () => {
    t.h.app.draining = true;
    try {
      const res = await get('/readyz');
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ status: 'draining', failing: [] });
    } finally {
      t.h.app.draining = false;
    }
  });

  it('none of the operator endpoints is in the OpenAPI document', async () => {
    const doc = (await get('/api/docs/json')).json<{ paths: Record<string, unknown> }>();
    for (const path of ['/healthz', '/readyz', '/metrics']) expect(doc.paths[path]).toBeUndefined();
  });
});

describe('request ids', () => {
  it("keeps the proxy's well-formed x-request-id and echoes it", async () => {
    const id = '4f1c2a9be0d34c7f8a6b5e4d3c2b1a09'; // nginx's $request_id
    expect((await get('/healthz', { 'x-request-id': id })).headers['x-request-id']).toBe(id);
  });

  it('replaces a malformed or oversized one, and gives one to a request that had none', async () => {
    for (const bad of [
      'short',
      'has spaces in it',
      'x'.repeat(129),
      'inject\r\nx: y',
      '<script>1</script>',
    ]) {
      const echoed = (await get('/healthz', { 'x-request-id': bad })).headers['x-request-id'];
      expect(echoed).toMatch(/^[0-9a-f-]{36}$/);
    }
    const a = (await get('/healthz')).headers['x-request-id'];
    const b = (await get('/healthz')).headers['x-request-id'];
    expect(a).toMatch(/^[0-9a-f-]{36}$/);
    expect(a).not.toBe(b);
  });

  it('a job queued by a request keeps its id (the worker logs it)', async () => {
    await t.h.db
      .insertInto('media_assets')
      .values({
        id: 'ops-asset',
        site_uid: 'acme',
        status: 'ready',
        source_name: 'clip.mp4',
        duration_s: 4,
        width: 640,
        height: 360,
        renditions: JSON.stringify([{ name: '360p', width: 640, height: 360, playlist: '360p/index.m3u8' }]),
        thumbnails: '{}',
        subtitles: '[]',
        segment_seconds: 2,
        created_at: '2026-01-01T00:00:00.000Z',
      })
      .execute();
    await t.h.db
      .insertInto('videos')
      .values(
        newVideoRow('acme', 'ops-clip', {
          title: 'Clip',
          published_at: '2026-01-01T00:00:00.000Z',
          duration_s: 4,
          asset_id: 'ops-asset',
        }),
      )
      .execute();
    const requestId = 'req-queued-a-gif-0001';
    const token = await t.accessTokenFor({ id: 'ops-user', site: 'acme', email: 'ops@acme.test' });
    const res = await t.h.app.inject({
      method: 'POST',
      url: '/api/gifs/video/ops-clip?__site=acme',
      payload: { start: 0, end: 1 },
      headers: { ...bearer(token), 'x-request-id': requestId },
    });
    expect(res.statusCode, res.body).toBe(202);
    const job = await t.h.db
      .selectFrom('jobs')
      .selectAll()
      .where('type', '=', 'gif')
      .executeTakeFirstOrThrow();
    expect(job.request_id).toBe(requestId);
  });
});

describe('/metrics', () => {
  it('404 without METRICS_TOKEN: off unless the operator turns it on', async () => {
    const h = await createHarness();
    try {
      expect((await h.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(404);
    } finally {
      await h.close();
    }
  });

  it('401 without the bearer token, or with a wrong one', async () => {
    expect((await get('/metrics')).statusCode).toBe(401);
    expect((await get('/metrics', { authorization: `Bearer ${TOKEN}x` })).statusCode).toBe(401);
    expect((await get('/metrics', { authorization: TOKEN })).statusCode).toBe(401);
    expect((await get('/metrics', { authorization: 'Bearer ' })).statusCode).toBe(401);
  });

  it('requests by route template, method and status class; never the raw URL', async () => {
    const series =
      'marquee_http_request_duration_seconds_count{route="/v2/sites/:site/videos/:uid",method="GET",status_class="4xx"}';
    const before = sample(await scrape(), series);
    for (let i = 0; i < 3; i++) await get(`/v2/sites/acme/videos/no-such-video-${i}`);
    const after = await scrape();
    expect(sample(after, series)).toBe(before + 3);
    expect(after).not.toContain('no-such-video');
    expect(after).toContain('marquee_http_request_duration_seconds_bucket{le="0.005"');
  });

  it('failed logins, by reason', async () => {
    const series = 'marquee_login_failures_total{reason="credentials"}';
    const before = sample(await scrape(), series);
    const res = await t.login({ email: 'ops@acme.test', password: 'wrong password', site: 'acme' });
    expect(res.statusCode).toBe(401);
    expect(sample(await scrape(), series)).toBe(before + 1);
    // The right password is no failure.
    expect(
      (await t.login({ email: 'ops@acme.test', password: 'correct horse', site: 'acme' })).statusCode,
    ).toBe(200);
    expect(sample(await scrape(), series)).toBe(before + 1);
  });

  it('the job queue: depth and the oldest job age by type, read at scrape', async () => {
    await t.h.db.deleteFrom('jobs').execute();
    expect(sample(await scrape(), 'marquee_jobs_queued{type="ingest"}')).toBe(0);
    // Two ingests queued a minute ago.
    const aMinuteAgo = createJobsService(createJobsRepository(t.h.db), { now: () => Date.now() - 60_000 });
    for (const file of ['a.mp4', 'b.mp4']) await aMinuteAgo.enqueue('ingest', { siteUid: 'acme', file });
    const text = await scrape();
    expect(sample(text, 'marquee_jobs_queued{type="ingest"}')).toBe(2);
    expect(sample(text, 'marquee_jobs_oldest_queued_age_seconds{type="ingest"}')).toBeGreaterThanOrEqual(60);
    expect(sample(text, 'marquee_jobs_queued{type="gif"}')).toBe(0);
    expect(text).toContain('process_resident_memory_bytes');
  });
});
