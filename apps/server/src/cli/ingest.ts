import { existsSync, statSync } from 'node:fs';
import { JOB_HANDLERS } from '../job-handlers';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { migrateToLatest, openDatabase, type Db } from '../db/database';
import { createMediaRepository } from '../media/media.repository';
import { createJobsRepository } from '../modules/jobs/jobs.repository';
import { createJobsService, type Job } from '../modules/jobs/jobs.service';
import { runWorker } from '../modules/jobs/jobs.worker';
import { loadConfig, type Config } from '../plugins/config';
import { progressBar, type CliIo } from './progress-bar';

const USAGE = `Usage: npm run ingest -- <file> --site <uid> [--title <t>] [--description <d>] [--channel <id>]
       [--type video|movie|episode|…] [--uid <video uid>] [--subtitles <file.vtt>] [--subtitles-lang en]
       [--asset-only]`;

/**
 * Queues an ingest job for the file and runs it in this process (the same queue a worker uses),
 * drawing a progress bar. Returns the exit code: 0 done, 1 the job failed, 2 bad arguments.
 * `deps` lets tests pass their own database and config.
 */
export async function main(
  argv: string[],
  io: CliIo = { out: process.stdout, err: process.stderr },
  deps: { db?: Db; config?: Config } = {},
): Promise<number> {
  let args;
  try {
    args = parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        site: { type: 'string' },
        title: { type: 'string' },
        description: { type: 'string' },
        channel: { type: 'string' },
        type: { type: 'string' },
        uid: { type: 'string' },
        subtitles: { type: 'string' },
        'subtitles-lang': { type: 'string' },
        'asset-only': { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
    });
  } catch (err) {
    io.err.write(`${(err as Error).message}\n${USAGE}\n`);
    return 2;
  }
  const { values: o, positionals } = args;
  if (o.help) {
    io.out.write(`${USAGE}\n`);
    return 0;
  }
  const usage = (message: string) => {
    io.err.write(`${message}\n${USAGE}\n`);
    return 2;
  };
  if (positionals.length !== 1) return usage('Give exactly one video file.');
  const file = resolve(positionals[0]!);
  if (!existsSync(file) || !statSync(file).isFile()) return usage(`File not found: ${positionals[0]}`);
  if (!o.site) return usage('Missing --site <uid>.');
  if (o.subtitles && !existsSync(o.subtitles)) return usage(`Subtitle file not found: ${o.subtitles}`);

  const config = deps.config ?? loadConfig();
  const db = deps.db ?? openDatabase(config);
  try {
    if (!deps.db) await migrateToLatest(db);
    if (!(await createMediaRepository(db).siteExists(o.site))) return usage(`Unknown site: ${o.site}`);

    const jobs = createJobsService(createJobsRepository(db));
    const id = await jobs.enqueue('ingest', {
      siteUid: o.site,
      file,
      title: o.title,
      description: o.description,
      channelId: o.channel,
      type: o.type,
      videoUid: o.uid,
      assetOnly: o['asset-only'],
      subtitles: o.subtitles
        ? [{ file: resolve(o.subtitles), language: o['subtitles-lang'] ?? 'en' }]
        : undefined,
    });
    const bar = progressBar(io.out);
    const ran = await runWorker({
      db,
      config,
      handlers: JOB_HANDLERS,
      jobs,
      once: true,
      onlyId: id,
      onProgress: (_job, fraction, message) => bar.update(fraction, message),
    });
    // A separate worker took the job first: follow it through the table instead.
    let job: Job | undefined = await jobs.get(id);
    if (ran === 0) {
      while (job && (job.status === 'queued' || job.status === 'running')) {
        bar.update(job.progress, job.status === 'queued' ? 'queued' : job.message);
        await new Promise((r) => setTimeout(r, 500));
        job = await jobs.get(id);
      }
    }
    bar.end();
    if (job?.status !== 'done') {
      io.err.write(`Ingest failed: ${job?.message ?? 'job vanished'}\n`);
      return 1;
    }
    const result = job.result as { assetId: string; videoUid: string | null };
    io.out.write(`asset ${result.assetId}\n`);
    if (result.videoUid) io.out.write(`video ${result.videoUid}\n`);
    return 0;
  } finally {
    if (!deps.db) await db.destroy();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (err: unknown) => {
      process.stderr.write(`${(err as Error).message ?? String(err)}\n`);
      process.exit(1);
    },
  );
}
