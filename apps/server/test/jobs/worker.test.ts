import { spawnSync } from 'node:child_process';
import { JOB_HANDLERS } from '../../src/job-handlers';
import { randomBytes } from 'node:crypto';
import { existsSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../src/cli/ingest';
import { migrateToLatest, openDatabase } from '../../src/db/database';
import { assetDir } from '../../src/media/ingest';
import { createJobsRepository } from '../../src/modules/jobs/jobs.repository';
import { createJobsService } from '../../src/modules/jobs/jobs.service';
import { runWorker } from '../../src/modules/jobs/jobs.worker';
import { createHarness, type Harness } from '../harness';
import { makeClip, mediaEntries, seedSite } from '../media/fixtures';
import { newSiteRow } from '../../src/modules/sites/site-defaults';

const root = resolve(import.meta.dirname, '../../../..');
let h: Harness;
let work: string;
beforeAll(async () => {
  h = await createHarness();
  await seedSite(h);
  work = join(h.config.dataDir, 'work');
  await makeClip(join(work, 'tiny.mp4'), { seconds: 4, height: 360 });
  writeFileSync(join(work, 'broken.mp4'), randomBytes(32 * 1024));
});
afterAll(() => h.close());

const capture = (isTTY = false) => {
  let text = '';
  const stream = new Writable({
    write(chunk, _enc, cb) {
      text += String(chunk);
      cb();
    },
  }) as Writable & { isTTY?: boolean };
  stream.isTTY = isTTY;
  return { stream, text: () => text };
};

describe('ingest CLI: bad arguments exit 2', () => {
  it('names a missing file, a missing or unknown site', async () => {
    const err = capture();
    const io = { out: capture().stream, err: err.stream };
    expect(await main([join(work, 'nope.mp4'), '--site', 'acme'], io, h)).toBe(2);
    expect(err.text()).toContain('File not found:');
    expect(await main([join(work, 'tiny.mp4')], io, h)).toBe(2);
    expect(err.text()).toContain('Missing --site');
    expect(await main([join(work, 'tiny.mp4'), '--site', 'zzz'], io, h)).toBe(2);
    expect(err.text()).toContain('Unknown site: zzz');
    expect(await main(['--site', 'acme'], io, h)).toBe(2);
    expect(await main([join(work, 'tiny.mp4'), '--site', 'acme', '--bogus'], io, h)).toBe(2);
    expect((await h.db.selectFrom('jobs').select('id').execute()).length).toBe(0);
  });

  it('exits 2 from a real process too, before touching the database', () => {
    const res = spawnSync(
      'npx',
      ['tsx', 'apps/server/src/cli/ingest.ts', join(work, 'nope.mp4'), '--site', 'acme'],
      {
        cwd: root,
        env: { ...process.env, DATA_DIR: join(h.config.dataDir, 'cli-data') },
        encoding: 'utf8',
      },
    );
    expect(res.status).toBe(2);
    expect(res.stderr).toContain('File not found:');
  });
});

describe('ingest CLI and worker', () => {
  it('fails a broken file with the clear message and exit 1, leaving nothing', async () => {
    const err = capture();
    const code = await main(
      [join(work, 'broken.mp4'), '--site', 'acme'],
      { out: capture().stream, err: err.stream },
      h,
    );
    expect(code).toBe(1);
    expect(err.text()).toMatch(/Ingest failed: Not a video file: broken\.mp4 \(ffprobe: /);
    const job = await h.db.selectFrom('jobs').selectAll().executeTakeFirstOrThrow();
    expect(job.status).toBe('failed');
    expect(job.message).toMatch(/^Not a video file: broken\.mp4/);
    expect(await h.db.selectFrom('media_assets').select('id').execute()).toEqual([]);
    expect(await h.db.selectFrom('videos').select('uid').execute()).toEqual([]);
    expect(mediaEntries(h.config.mediaDir)).toEqual([]);
  });

  it('ingests end to end, drawing one redrawn progress line on a terminal and printing the ids', async () => {
    const out = capture(true);
    const code = await main(
      [
        join(work, 'tiny.mp4'),
        '--site',
        'acme',
        '--title',
        'Tiny clip',
        '--channel',
        'news',
        '--uid',
        'tinyclip0001',
      ],
      { out: out.stream, err: capture().stream },
      h,
    );
    expect(code).toBe(0);
    const text = out.text();
    expect(text).toMatch(/\r\[#+-*\]\s+\d+%\s+encoding 360p/);
    expect(text).toMatch(/\[#{30}\] 100%/);
    const assetId = /asset (a_[0-9a-f]{16})/.exec(text)![1]!;
    expect(text).toContain('video tinyclip0001');
    expect(existsSync(join(assetDir(h.config, assetId), 'master.m3u8'))).toBe(true);
    const video = await h.db
      .selectFrom('videos')
      .selectAll()
      .where('uid', '=', 'tinyclip0001')
      .executeTakeFirstOrThrow();
    expect(video).toMatchObject({ title: 'Tiny clip', channel_id: 'news', asset_id: assetId });
  });

  it('runs as a real process (npx tsx) on SQLite, printing plain progress lines when piped', async () => {
    const dataDir = join(h.config.dataDir, 'cli-e2e');
    const db = openDatabase({ dataDir, databaseUrl: undefined });
    await migrateToLatest(db);
    await db.insertInto('sites').values(newSiteRow('cli', 'CLI site')).execute();
    await db.destroy();
    const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'silent' };
    delete env.DATABASE_URL;
    const res = spawnSync(
      'npx',
      ['tsx', 'apps/server/src/cli/ingest.ts', join(work, 'tiny.mp4'), '--site', 'cli'],
      {
        cwd: root,
        env,
        encoding: 'utf8',
      },
    );
    expect(res.stderr.replace(/npm warn.*\n/g, '')).toBe('');
    expect(res.status).toBe(0);
    expect(res.stdout).toMatch(/^ +0% {2}probing/m);
    expect(res.stdout).toMatch(/^ +\d+% {2}encoding 360p {2}0:\d\d$/m);
    expect(res.stdout).toMatch(/^asset a_[0-9a-f]{16}\nvideo [a-z0-9]{12}\n$/m);
    expect(res.stdout).not.toContain('\r');
  });

  it('a worker processes queued ingest jobs and stores progress; unknown types fail', async () => {
    const jobs = createJobsService(createJobsRepository(h.db));
    const good = await jobs.enqueue('ingest', {
      siteUid: 'acme',
      file: join(work, 'tiny.mp4'),
      assetOnly: true,
    });
    const odd = await jobs.enqueue('transmogrify', {});
    const seen: string[] = [];
    const stop = new AbortController();
    const finished: string[] = [];
    const processed = await runWorker({
      db: h.db,
      config: h.config,
      handlers: JOB_HANDLERS,
      signal: stop.signal,
      pollMs: 50,
      onProgress: (job, _f, message) => {
        seen.push(`${job.id}:${message}`);
      },
      onFinished: (job) => {
        finished.push(job.id);
        if (finished.length === 2) stop.abort();
      },
    });
    expect(processed).toBe(2);
    expect(seen).toContain(`${good}:encoding 360p`);
    const done = await jobs.get(good);
    expect(done).toMatchObject({ status: 'done', progress: 1 });
    expect(done!.result).toEqual({ assetId: expect.stringMatching(/^a_/), videoUid: null });
    expect(await jobs.get(odd)).toMatchObject({
      status: 'failed',
      message: 'Unknown job type: transmogrify',
    });
  });

  it('a stopped worker puts its job back in the queue and cleans its temp folder', async () => {
    const jobs = createJobsService(createJobsRepository(h.db));
    const id = await jobs.enqueue('ingest', { siteUid: 'acme', file: join(work, 'tiny.mp4') });
    const stop = new AbortController();
    await runWorker({
      db: h.db,
      config: h.config,
      handlers: JOB_HANDLERS,
      signal: stop.signal,
      once: true,
      onProgress: (_job, _f, message) => {
        if (message.startsWith('encoding')) stop.abort();
      },
    });
    expect(await jobs.get(id)).toMatchObject({ status: 'queued', lockedBy: null });
    expect(mediaEntries(h.config.mediaDir).filter((e) => e.startsWith('.tmp'))).toEqual([]);
  });
});
