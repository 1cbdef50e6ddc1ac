import pino from 'pino';
import { migrateToLatest, openDatabase } from '../db/database';
import { JOB_HANDLERS, jobMetrics } from '../job-handlers';
import { createMetrics, serveMetrics } from '../infra/metrics';
import { createJobsRepository } from '../modules/jobs/jobs.repository';
import { createJobsService } from '../modules/jobs/jobs.service';
import { defaultWorkerId, runWorker } from '../modules/jobs/jobs.worker';
import { loadConfig } from '../plugins/config';

// A long-lived worker on the jobs table; run as many as there are cores to spare, on any host
// that sees the same database and media folder. SIGINT/SIGTERM puts a job in progress back in the
// queue (its lease handed back) and exits; with METRICS_TOKEN it serves /metrics on METRICS_PORT.
const config = loadConfig();
const db = openDatabase(config);
await migrateToLatest(db);

const workerId = defaultWorkerId();
// JSON lines like the API's; a job's lines carry the request id that queued it (decision 0082).
const log = pino({ level: config.logLevel, base: { workerId } });
const jobs = createJobsService(createJobsRepository(db));
const metrics = createMetrics({ processMetrics: !!config.metricsToken });
metrics.sources.jobQueue = () => jobs.queueStats(Object.keys(JOB_HANDLERS));
const metricsServer = config.metricsToken
  ? await serveMetrics(metrics, { port: config.metricsPort, host: config.host, token: config.metricsToken })
  : undefined;

const stop = new AbortController();
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.once(signal, () => {
    log.info({ signal }, 'stopping: a job in progress goes back to the queue');
    // A release that cannot reach the database must not hold the process forever.
    setTimeout(() => process.exit(1), config.drain.timeoutMs).unref();
    stop.abort();
  });

log.info(`worker ${workerId} polling for jobs`);
const recordMetrics = jobMetrics(db, metrics);
let lastLogged = '';
const processed = await runWorker({
  db,
  config,
  handlers: JOB_HANDLERS,
  workerId,
  jobs,
  signal: stop.signal,
  onProgress: (job, fraction, message) => {
    const line = `${job.id} ${message} ${Math.floor(fraction * 10) * 10}%`;
    if (line !== lastLogged) log.info({ jobId: job.id, reqId: job.requestId ?? undefined }, line);
    lastLogged = line;
  },
  onFinished: (job, elapsedMs) => {
    recordMetrics(job, elapsedMs);
    const outcome = job.status === 'done' ? JSON.stringify(job.result) : job.message;
    log.info(
      { jobId: job.id, reqId: job.requestId ?? undefined, elapsedMs },
      `${job.id} ${job.status} ${outcome}`,
    );
  },
});
log.info(`worker stopped after ${processed} job(s)`);
await new Promise((resolve) => (metricsServer ? metricsServer.close(resolve) : resolve(undefined)));
await db.destroy();
