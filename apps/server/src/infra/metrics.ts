import { createServer, type Server } from 'node:http';
import { timingSafeEqual, createHash } from 'node:crypto';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/** One job type's waiting work, read from the jobs table at scrape time. */
export type QueueStats = { type: string; queued: number; oldestAgeSeconds: number };

/**
 * The process's Prometheus metrics (decision 0082), each in a registry of its own so several apps
 * in one process (tests) never share series. What is counted as it happens (requests, login
 * failures, transcodes) is observed here; what is a state (sockets, the queue) is read at scrape
 * from `sources`, which the composition root fills in.
 */
export function createMetrics(opts: { processMetrics?: boolean } = {}) {
  const registry = new Registry();
  // CPU, memory, event-loop lag and GC: only where an operator scrapes (each call adds monitors).
  if (opts.processMetrics) collectDefaultMetrics({ register: registry });
  const registers = [registry];
  const sources: {
    /** Sockets connected to this process's realtime gateway. */
    websockets?: () => number;
    /** The queue's waiting jobs by type. */
    jobQueue?: () => Promise<QueueStats[]>;
  } = {};

  const queueRead = async () => (sources.jobQueue ? await sources.jobQueue() : []);
  const queueGauge = (name: string, help: string, value: (q: QueueStats) => number) =>
    new Gauge({
      name,
      help,
      labelNames: ['type'] as const,
      registers,
      async collect() {
        this.reset();
        for (const q of await queueRead()) this.set({ type: q.type }, value(q));
      },
    });
  return {
    registry,
    sources,
    /** Every answered request: route template (never the raw URL), method, status class. */
    http: new Histogram({
      name: 'marquee_http_request_duration_seconds',
      help: 'HTTP requests by route template, method and status class, and their duration',
      labelNames: ['route', 'method', 'status_class'] as const,
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers,
    }),
    loginFailures: new Counter({
      name: 'marquee_login_failures_total',
      help: 'Failed e-mail and password logins: wrong credentials, or refused by the abuse limits',
      labelNames: ['reason'] as const,
      registers,
    }),
    /** Media seconds per wall second of each finished ingest job. */
    transcodeSpeed: new Histogram({
      name: 'marquee_transcode_speed_ratio',
      help: 'Media seconds transcoded per wall-clock second, per finished ingest job',
      buckets: [0.25, 0.5, 1, 2, 4, 8, 16, 32],
      registers,
    }),
    websockets: new Gauge({
      name: 'marquee_websocket_connections',
      help: 'Realtime (Socket.IO) connections open on this process',
      registers,
      collect() {
        this.set(sources.websockets?.() ?? 0);
      },
    }),
    jobsQueued: queueGauge('marquee_jobs_queued', 'Jobs waiting in the queue, by type', (q) => q.queued),
    jobsOldestAge: queueGauge(
      'marquee_jobs_oldest_queued_age_seconds',
      'Age of the oldest job waiting in the queue, by type (0 when none waits)',
      (q) => q.oldestAgeSeconds,
    ),
  };
}

export type Metrics = ReturnType<typeof createMetrics>;

/** Status class label: 2xx, 4xx… */
export const statusClass = (status: number) => `${Math.floor(status / 100)}xx`;

/**
 * Whether an Authorization header carries `Bearer <token>`. Both sides are hashed first, so the
 * comparison is constant-time whatever the lengths.
 */
export function scrapeAuthorized(header: string | undefined, token: string): boolean {
  const given = /^Bearer (.+)$/.exec(header ?? '')?.[1] ?? '';
  const digest = (s: string) => createHash('sha256').update(s).digest();
  return timingSafeEqual(digest(given), digest(token)) && given.length > 0;
}

/**
 * A process without an HTTP API of its own (the worker) serves its metrics on a port of its own,
 * with the same bearer token: GET /metrics, anything else 404.
 */
export function serveMetrics(
  metrics: Metrics,
  opts: { port: number; host: string; token: string },
): Promise<Server> {
  const server = createServer((req, res) => {
    const path = (req.url ?? '').split('?')[0];
    if (req.method !== 'GET' || path !== '/metrics') return void res.writeHead(404).end();
    if (!scrapeAuthorized(req.headers.authorization, opts.token))
      return void res.writeHead(401, { 'www-authenticate': 'Bearer' }).end();
    metrics.registry.metrics().then(
      (body) => res.writeHead(200, { 'content-type': metrics.registry.contentType }).end(body),
      () => res.writeHead(500).end(),
    );
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port, opts.host, () => resolve(server));
  });
}
