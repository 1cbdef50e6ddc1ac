import { spawn } from 'node:child_process';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createJobsRepository } from '../../src/modules/jobs/jobs.repository';
import { createJobsService } from '../../src/modules/jobs/jobs.service';
import { runWithRequestId } from '../../src/infra/request-context';
import { createHarness, type Harness } from '../harness';
import { freePort } from '../support/server-process';
import { makeClip, seedSite } from '../media/fixtures';

const root = resolve(import.meta.dirname, '../../../..');
const SCRAPE_TOKEN = 'worker-scrape-token-0123456789';

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
    // Queued as a request queues it: the worker's log lines name the request (decision 0082).
    const requestId = 'req-upload-from-node-a-0001';
    const id = await runWithRequestId(requestId, () =>
      jobs.enqueue('ingest', { siteUid: 'acme', file: clip, title: 'From the worker' }),
    );

    const metricsPort = await freePort();
    const worker = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/cli/worker.ts'], {
      cwd: root,
      env: {
        ...h.childEnv(),
        LOG_LEVEL: 'info',
        HOST: '127.0.0.1',
        METRICS_TOKEN: SCRAPE_TOKEN,
        METRICS_PORT: String(metricsPort),
      },
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

      // Its own /metrics listener: the finished ingest's speed, the queue read at scrape.
      const metricsUrl = `http://127.0.0.1:${metricsPort}/metrics`;
      expect((await fetch(metricsUrl)).status).toBe(401);
      expect((await fetch(`http://127.0.0.1:${metricsPort}/other`)).status).toBe(404);
      let text = '';
      for (let i = 0; i < 40 && !/^marquee_transcode_speed_ratio_count 1$/m.test(text); i++) {
        text = await (
          await fetch(metricsUrl, { headers: { authorization: `Bearer ${SCRAPE_TOKEN}` } })
        ).text();
        await new Promise((r) => setTimeout(r, 100));
      }
      expect(text).toMatch(/^marquee_transcode_speed_ratio_count 1$/m);
      expect(Number(/^marquee_transcode_speed_ratio_sum (\S+)$/m.exec(text)?.[1])).toBeGreaterThan(0);
      expect(text).toMatch(/^marquee_jobs_queued\{type="ingest"\} 0$/m);

      const lines = output
        .split('\n')
        .filter((l) => l.startsWith('{'))
        .map((l) => JSON.parse(l) as { jobId?: string; reqId?: string; msg: string });
      const jobLines = lines.filter((l) => l.jobId === id);
      expect(jobLines.length).toBeGreaterThan(1);
      expect(jobLines.every((l) => l.reqId === requestId)).toBe(true);
      expect(jobLines.at(-1)?.msg).toContain(`${id} done`);
    } finally {
      const exited = new Promise<number | null>((r) => worker.once('exit', (code) => r(code)));
      worker.kill('SIGTERM');
      expect(await exited).toBe(0);
    }
    expect(output).toContain('polling for jobs');
  });
});
