// Fault path 4: transcoding under a dead worker and a full disk. Two worker processes (`npm run
// worker`) share the queue with a short lease; an ingest job's worker is SIGKILLed (with its
// ffmpeg) at a seeded point of the encode, and the other must take the job up once the lease lapses
// and publish it whole. Then the media folder is a small tmpfs (of a seeded size below the asset's):
// the job must fail with a message saying the disk is full. Either way no media_assets row may
// lack its files, and no `.tmp-*` folder may stay behind.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Db } from '../../src/db/database';
import { createJobsRepository } from '../../src/modules/jobs/jobs.repository';
import { createJobsService, type Job } from '../../src/modules/jobs/jobs.service';
import { makeClip } from '../media/fixtures';
import { openFaultsDatabase, seedFaultsSite, SITE } from './faults-world';
import { seededRandom, sleep, startNode, type NodeProcess } from './processes';

/** A worker's lease in the scenario: short, so a dead worker's job is taken up soon. */
const LEASE_MS = 5_000;

export type TranscodeFaultsReport = {
  /** Workers killed mid-transcode, and jobs then published by the other worker. */
  kills: number;
  retriedAndPublished: number;
  /** Ingests on a full disk, and those that failed with a message naming it. */
  fullDisk: number | 'skipped';
  failedClearly: number;
  problems: string[];
};

/** Why the full-disk half cannot run here (it mounts a tmpfs), or undefined when it can. */
export function transcodeFaultsUnavailable(): string | undefined {
  const probe = mkdtempSync(join(tmpdir(), 'marquee-mount-probe-'));
  try {
    const mounted = spawnSync('mount', ['-t', 'tmpfs', '-o', 'size=64k', 'tmpfs', probe]);
    if (mounted.status !== 0)
      return 'the full-disk case needs to mount a small tmpfs (root, or CAP_SYS_ADMIN)';
    spawnSync('umount', [probe]);
    return undefined;
  } finally {
    rmSync(probe, { recursive: true, force: true });
  }
}

export async function transcodeFaults(opts: {
  kills: number;
  seed: number;
  /** Full-disk ingests (as many as kills unless given; 0 for none). */
  fullDisk?: number;
  log?: (line: string) => void;
}): Promise<TranscodeFaultsReport> {
  const random = seededRandom(opts.seed);
  const dataDir = mkdtempSync(join(tmpdir(), 'marquee-faults-media-'));
  const mediaDir = join(dataDir, 'media');
  const { db, env } = await openFaultsDatabase(dataDir);
  const jobs = createJobsService(createJobsRepository(db));
  const workerEnv = { ...env, JOB_LEASE_MS: String(LEASE_MS) };
  const workers: NodeProcess[] = [];
  const problems: string[] = [];
  let mounted = false;
  try {
    await seedFaultsSite(db, 0);
    const clip = join(dataDir, 'source', 'clip.mp4');
    await makeClip(clip, { seconds: 8, height: 360 });
    const ingest = () => jobs.enqueue('ingest', { siteUid: SITE, file: clip, title: 'Fault clip' });

    // Dead workers: two workers; whichever holds the job is killed, the other takes it up.
    workers.push(await startNode('cli/worker.ts', workerEnv), await startNode('cli/worker.ts', workerEnv));
    let retriedAndPublished = 0;
    let assetBytes = 0;
    for (let k = 0; k < opts.kills; k++) {
      const id = await ingest();
      const at = 0.05 + random() * 0.8;
      let job = await until(
        jobs,
        id,
        (j) => j.status !== 'queued' && (j.progress >= at || j.status !== 'running'),
      );
      const holder = workers.findIndex((w) => job.lockedBy?.split(':')[1] === String(w.child.pid));
      if (job.status !== 'running' || holder < 0) {
        problems.push(
          `job ${id} was ${job.status} (${job.message}) before its kill at ${Math.round(at * 100)}%`,
        );
        continue;
      }
      await workers[holder]!.kill();
      workers[holder] = await startNode('cli/worker.ts', workerEnv);
      job = await until(jobs, id, (j) => j.status === 'done' || j.status === 'failed', 300_000);
      if (job.status === 'done' && job.attempts >= 2) retriedAndPublished++;
      else
        problems.push(
          `job ${id} after its worker's kill: ${job.status} (${job.message}), ${job.attempts} attempts`,
        );
      problems.push(...(await publishedWhole(db, mediaDir)));
      if (job.status === 'done')
        assetBytes ||= folderBytes(join(mediaDir, (job.result as { assetId: string }).assetId));
      opts.log?.(
        `kill ${k + 1}/${opts.kills} at ${Math.round(at * 100)}%: ${job.status} after ${job.attempts} attempts`,
      );
    }
    await Promise.all(workers.splice(0).map((w) => w.kill()));

    // A full disk: the media folder a tmpfs smaller than the asset.
    const fullDisk = opts.fullDisk ?? opts.kills;
    if (transcodeFaultsUnavailable() || fullDisk === 0) {
      return { kills: opts.kills, retriedAndPublished, fullDisk: 'skipped', failedClearly: 0, problems };
    }
    assetBytes ||= 4 << 20;
    await db.deleteFrom('videos').where('site_uid', '=', SITE).execute();
    await db.deleteFrom('media_assets').execute();
    rmSync(mediaDir, { recursive: true, force: true });
    mkdirSync(mediaDir);
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=64k', 'tmpfs', mediaDir]);
    mounted = true;
    workers.push(await startNode('cli/worker.ts', workerEnv));
    let failedClearly = 0;
    for (let k = 0; k < fullDisk; k++) {
      const size = Math.max(64 << 10, Math.floor(assetBytes * (0.02 + random() * 0.85)));
      execFileSync('mount', ['-o', `remount,size=${size}`, mediaDir]);
      const id = await ingest();
      const job = await until(jobs, id, (j) => j.status === 'done' || j.status === 'failed', 300_000);
      if (job.status === 'failed' && /no space left on device|ENOSPC/i.test(job.message)) failedClearly++;
      else problems.push(`job ${id} on a ${size}-byte disk: ${job.status} (${job.message})`);
      problems.push(...(await publishedWhole(db, mediaDir)));
      const left = readdirSync(mediaDir).filter((e) => e !== 'lost+found');
      if (job.status === 'failed' && left.length > 0)
        problems.push(`a failed ingest left ${left.join(', ')}`);
      opts.log?.(
        `full disk ${k + 1}/${fullDisk} (${size} bytes): ${job.status}: ${job.message.slice(0, 120)}`,
      );
      // A published asset (the disk was big enough) is removed, so the next round starts empty.
      if (job.status === 'done') {
        await db.deleteFrom('videos').where('site_uid', '=', SITE).execute();
        await db.deleteFrom('media_assets').execute();
        for (const entry of readdirSync(mediaDir))
          rmSync(join(mediaDir, entry), { recursive: true, force: true });
      }
    }
    return { kills: opts.kills, retriedAndPublished, fullDisk, failedClearly, problems };
  } finally {
    await Promise.all(workers.map((w) => w.kill()));
    if (mounted) spawnSync('umount', [mediaDir]);
    await db.destroy();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Polls the job until `done` says so. */
async function until(
  jobs: ReturnType<typeof createJobsService>,
  id: string,
  done: (job: Job) => boolean,
  timeoutMs = 120_000,
): Promise<Job> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const job = (await jobs.get(id))!;
    if (done(job) || Date.now() > deadline) return job;
    await sleep(25);
  }
}

/**
 * The invariants: every media_assets row has its folder with the master playlist and every
 * rendition's playlist and segments; no `.tmp-*` folder is left; no asset folder lacks a row.
 */
async function publishedWhole(db: Db, mediaDir: string): Promise<string[]> {
  const problems: string[] = [];
  const assets = await db.selectFrom('media_assets').select(['id', 'renditions']).execute();
  for (const asset of assets) {
    const dir = join(mediaDir, asset.id);
    if (!existsSync(join(dir, 'master.m3u8'))) {
      problems.push(`asset ${asset.id} has a row but no master playlist`);
      continue;
    }
    for (const r of JSON.parse(asset.renditions) as { playlist: string }[]) {
      const playlist = join(dir, r.playlist);
      if (!existsSync(playlist)) problems.push(`asset ${asset.id} lacks ${r.playlist}`);
      else
        for (const line of readFileSync(playlist, 'utf8').split('\n'))
          if (line && !line.startsWith('#') && !existsSync(join(playlist, '..', line)))
            problems.push(`asset ${asset.id} lacks ${line} of ${r.playlist}`);
    }
  }
  const ids = new Set(assets.map((a) => a.id));
  for (const entry of existsSync(mediaDir) ? readdirSync(mediaDir) : []) {
    if (entry.startsWith('.tmp-')) problems.push(`a temp folder ${entry} was left behind`);
    else if (!ids.has(entry) && entry !== 'lost+found')
      problems.push(`folder ${entry} has no media_assets row`);
  }
  return problems;
}

function folderBytes(dir: string): number {
  let total = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    total += entry.isDirectory() ? folderBytes(path) : statSync(path).size;
  }
  return total;
}
