import { existsSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { migrateToLatest, openDatabase, type Db } from '../db/database';
import { createMediaRepository } from '../media/media.repository';
import { createJobsRepository } from '../modules/jobs/jobs.repository';
import { createJobsService, type Job } from '../modules/jobs/jobs.service';
import { runWorker } from '../modules/jobs/jobs.worker';
import { loadConfig, type Config } from '../plugins/config';

const USAGE = `Usage: npm run ingest -- <file> --site <uid> [--title <t>] [--description <d>] [--channel <id>]
       [--type video|movie|episode|…] [--uid <video uid>] [--subtitles <file.vtt>] [--subtitles-lang en]
       [--asset-only]`;

export type CliIo = {
  out: NodeJS.WritableStream & { isTTY?: boolean; columns?: number };
  err: NodeJS.WritableStream;
};

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

/** One redrawn line on a terminal; plain lines (on each new step or 10%) when piped. */
function progressBar(out: CliIo['out']) {
  const started = Date.now();
  let lastLine = '';
  let lastDecile = -1;
  const elapsed = () => {
    const s = Math.floor((Date.now() - started) / 1000);
    return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
  };
  return {
    update(fraction: number, message: string) {
      const pct = Math.floor(fraction * 100);
      if (out.isTTY) {
        const width = 30;
        const filled = Math.round(fraction * width);
        const line = `[${'#'.repeat(filled)}${'-'.repeat(width - filled)}] ${String(pct).padStart(3)}%  ${message.padEnd(16)} ${elapsed()}`;
        if (line !== lastLine) out.write(`\r${line.slice(0, (out.columns ?? 100) - 1)}`);
        lastLine = line;
        return;
      }
      const decile = Math.floor(pct / 10);
      if (message !== lastLine || decile !== lastDecile) {
        out.write(`${String(pct).padStart(3)}%  ${message}  ${elapsed()}\n`);
        lastLine = message;
        lastDecile = decile;
      }
    },
    end() {
      if (out.isTTY && lastLine) out.write('\n');
    },
  };
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
