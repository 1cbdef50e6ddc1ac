import { spawn } from 'node:child_process';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createJobsRepository } from '../../src/modules/jobs/jobs.repository';
import { createJobsService } from '../../src/modules/jobs/jobs.service';
import { createHarness, type Harness } from '../harness';
import { makeClip, seedSite } from '../media/fixtures';

const root = resolve(import.meta.dirname, '../../../..');
let h: Harness;
beforeAll(async () => {
  h = await createHarness();
  await seedSite(h);
});
afterAll(() => h.close());

describe('npm run worker: a separate process on the same queue', () => {
  it('takes a queued ingest job, stores its progress and result, and stops cleanly on SIGTERM', async () => {
    const clip = join(h.config.dataDir, 'work', 'clip.mp4');
    await makeClip(clip, { seconds: 4, height: 360 });
    const jobs = createJobsService(createJobsRepository(h.db));
    const id = await jobs.enqueue('ingest', { siteUid: 'acme', file: clip, title: 'From the worker' });

    const worker = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/cli/worker.ts'], {
      cwd: root,
      env: h.childEnv(),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    worker.stdout.on('data', (c: Buffer) => (output += c.toString()));
    worker.stderr.on('data', (c: Buffer) => (output += c.toString()));
    try {
      let job = await jobs.get(id);
      for (let i = 0; i < 240 && job?.status !== 'done' && job?.status !== 'failed'; i++) {
        await new Promise((r) => setTimeout(r, 250));
        job = await jobs.get(id);
      }
      expect(job?.status, output).toBe('done');
      expect(job?.progress).toBe(1);
      const { assetId, videoUid } = job?.result as { assetId: string; videoUid: string };
      const video = await h.db
        .selectFrom('videos')
        .selectAll()
        .where('uid', '=', videoUid)
        .executeTakeFirstOrThrow();
      expect(video.title).toBe('From the worker');
      expect(video.asset_id).toBe(assetId);
    } finally {
      const exited = new Promise<number | null>((r) => worker.once('exit', (code) => r(code)));
      worker.kill('SIGTERM');
      expect(await exited).toBe(0);
    }
    expect(output).toContain('polling for jobs');
  });
});
