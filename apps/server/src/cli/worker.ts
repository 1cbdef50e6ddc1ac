import { migrateToLatest, openDatabase } from '../db/database';
import { JOB_HANDLERS } from '../job-handlers';
import { defaultWorkerId, runWorker } from '../modules/jobs/jobs.worker';
import { loadConfig } from '../plugins/config';

// A long-lived worker on the jobs table; run as many as there are cores to spare, on any host
// that sees the same database and media folder. SIGINT/SIGTERM puts a job in progress back.
const config = loadConfig();
const db = openDatabase(config);
await migrateToLatest(db);

const stop = new AbortController();
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => stop.abort());

const workerId = defaultWorkerId();
const log = (line: string) => process.stdout.write(`${new Date().toISOString()} ${line}\n`);
log(`worker ${workerId} polling for jobs`);
let lastLogged = '';
const processed = await runWorker({
  db,
  config,
  handlers: JOB_HANDLERS,
  workerId,
  signal: stop.signal,
  onProgress: (job, fraction, message) => {
    const line = `${job.id} ${message} ${Math.floor(fraction * 10) * 10}%`;
    if (line !== lastLogged) log(line);
    lastLogged = line;
  },
  onFinished: (job) =>
    log(
      `${job.id} ${job.status}${job.status === 'done' ? ` ${JSON.stringify(job.result)}` : `: ${job.message}`}`,
    ),
});
log(`worker stopped after ${processed} job(s)`);
await db.destroy();
