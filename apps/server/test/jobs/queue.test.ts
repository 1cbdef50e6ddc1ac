import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createJobsRepository } from '../../src/modules/jobs/jobs.repository';
import { createJobsService } from '../../src/modules/jobs/jobs.service';
import { createHarness, type Harness } from '../harness';

let h: Harness;
let clock = Date.parse('2026-01-01T00:00:00Z');
const service = (opts: { maxAttempts?: number } = {}) =>
  createJobsService(createJobsRepository(h.db), { leaseMs: 30_000, now: () => clock, ...opts });

beforeAll(async () => {
  h = await createHarness();
});
beforeEach(async () => {
  await h.db.deleteFrom('jobs').execute();
  clock += 1000;
});
afterAll(() => h.close());

describe('job queue: negative cases', () => {
  it('claims nothing from an empty queue, and get() of an unknown id is undefined', async () => {
    const jobs = service();
    expect(await jobs.claim('w1')).toBeUndefined();
    expect(await jobs.get('j_nope')).toBeUndefined();
  });

  it('does not let a worker update, complete or fail a job it does not hold', async () => {
    const jobs = service();
    const id = await jobs.enqueue('ingest', { a: 1 });
    expect(await jobs.progress(id, 0.5, 'x', 'w1')).toBe(false); // still queued
    await jobs.claim('w1');
    expect(await jobs.progress(id, 0.5, 'x', 'w2')).toBe(false);
    expect(await jobs.complete(id, {}, 'w2')).toBe(false);
    expect(await jobs.fail(id, 'nope', 'w2')).toBe(false);
    expect((await jobs.get(id))!.status).toBe('running');
  });

  it('does not hand out a running job whose lease is still valid', async () => {
    const jobs = service();
    await jobs.enqueue('ingest', {});
    expect(await jobs.claim('w1')).toBeDefined();
    clock += 29_000;
    expect(await jobs.claim('w2')).toBeUndefined();
  });
});

describe('job queue', () => {
  it('enqueues and claims the oldest job first, marking it running with a lease', async () => {
    const jobs = service();
    const first = await jobs.enqueue('ingest', { n: 1 });
    clock += 1;
    const second = await jobs.enqueue('ingest', { n: 2 });
    expect(first).toMatch(/^j_[0-9a-f]{16}$/);
    const queued = await jobs.get(first);
    expect(queued).toMatchObject({ status: 'queued', progress: 0, payload: { n: 1 }, attempts: 0 });

    const claimed = await jobs.claim('w1');
    expect(claimed).toMatchObject({ id: first, status: 'running', lockedBy: 'w1', attempts: 1 });
    expect(claimed!.lockedUntil).toBe(new Date(clock + 30_000).toISOString());
    expect((await jobs.claim('w2'))!.id).toBe(second);
  });

  it('claims a given job only with onlyId', async () => {
    const jobs = service();
    await jobs.enqueue('ingest', { n: 1 });
    const mine = await jobs.enqueue('ingest', { n: 2 });
    expect((await jobs.claim('cli', mine))!.id).toBe(mine);
    expect(await jobs.claim('cli', mine)).toBeUndefined();
  });

  it('never gives the same job to two concurrent claimers', async () => {
    const jobs = service();
    const ids = new Set<string>();
    for (let i = 0; i < 10; i++) ids.add(await jobs.enqueue('ingest', { i }));
    // Separate service instances as separate workers would have; all race on the same table.
    const claims = await Promise.all(Array.from({ length: 16 }, (_, i) => service().claim(`w${i}`)));
    const got = claims.filter((c) => c !== undefined).map((c) => c.id);
    expect(got).toHaveLength(10);
    expect(new Set(got)).toEqual(ids);
    const rows = await h.db.selectFrom('jobs').select(['status', 'attempts']).execute();
    expect(rows.every((r) => r.status === 'running' && r.attempts === 1)).toBe(true);
  });

  it('makes a job claimable again when its lease expires (the worker died)', async () => {
    const jobs = service();
    const id = await jobs.enqueue('ingest', {});
    await jobs.claim('dead-worker');
    clock += 30_001;
    const again = await jobs.claim('w2');
    expect(again).toMatchObject({ id, lockedBy: 'w2', attempts: 2 });
    // The dead worker coming back cannot overwrite the new owner's job.
    expect(await jobs.complete(id, { x: 1 }, 'dead-worker')).toBe(false);
  });

  it('heartbeats and progress extend the lease', async () => {
    const jobs = service();
    const id = await jobs.enqueue('ingest', {});
    await jobs.claim('w1');
    clock += 20_000;
    expect(await jobs.heartbeat(id, 'w1')).toBe(true);
    clock += 20_000;
    expect(await jobs.claim('w2')).toBeUndefined();
    expect(await jobs.progress(id, 0.4, 'encoding 720p', 'w1')).toBe(true);
    clock += 20_000;
    expect(await jobs.claim('w2')).toBeUndefined();
  });

  it('stores progress and message, then the result on completion', async () => {
    const jobs = service();
    const id = await jobs.enqueue('ingest', {});
    await jobs.claim('w1');
    await jobs.progress(id, 0.42, 'encoding 480p', 'w1');
    expect(await jobs.get(id)).toMatchObject({ progress: 0.42, message: 'encoding 480p', status: 'running' });
    await jobs.complete(id, { assetId: 'a_1' }, 'w1');
    expect(await jobs.get(id)).toMatchObject({ status: 'done', progress: 1, result: { assetId: 'a_1' } });
    expect(await jobs.claim('w2')).toBeUndefined();
  });

  it('stores the failure message; a released job goes back to the queue', async () => {
    const jobs = service();
    const a = await jobs.enqueue('ingest', {});
    await jobs.claim('w1');
    await jobs.fail(a, 'Not a video file: x.mp4', 'w1');
    expect(await jobs.get(a)).toMatchObject({ status: 'failed', message: 'Not a video file: x.mp4' });

    const b = await jobs.enqueue('ingest', {});
    await jobs.claim('w1');
    await jobs.release(b, 'w1');
    expect(await jobs.get(b)).toMatchObject({ status: 'queued', lockedBy: null });
    expect((await jobs.claim('w2'))!.id).toBe(b);
  });

  it('gives up on a job whose worker dies on every attempt', async () => {
    const jobs = service({ maxAttempts: 2 });
    const id = await jobs.enqueue('ingest', {});
    await jobs.claim('w1');
    clock += 31_000;
    await jobs.claim('w2');
    clock += 31_000;
    expect(await jobs.claim('w3')).toBeUndefined();
    expect(await jobs.get(id)).toMatchObject({
      status: 'failed',
      message: expect.stringMatching(/^Gave up after 2/),
    });
  });
});
