// `npm run bench:api`: catalog read and play-url throughput against a bare Fastify hello-world,
// measured in the same run on loopback. Goal: cached catalog reads ≥ 50% of the hello-world rate.
// With the web app built (`npm run build`), also the branded landing page `/`, brotli as browsers ask.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { measure, printTable, root, startServer, stop, type Measurement } from './lib';

const seconds = Number(process.env.BENCH_SECONDS ?? 8);
const hello = await startServer<{ port: number }>('hello-server.ts');
const app = await startServer<{ port: number; site: string; videoUid: string }>('app-server.ts');
const base = `http://127.0.0.1:${app.info.port}/v2/sites/${app.info.site}`;
const videoUrl = `${base}/videos/${app.info.videoUid}`;

try {
  // Warm both servers (JIT, caches) before measuring.
  await measure('warm', `http://127.0.0.1:${hello.info.port}/`, 2);
  await measure('warm', videoUrl, 2);
  await measure('warm', `${videoUrl}/play-url`, 2);

  const rows: Measurement[] = [];
  const baseline = await measure('hello-world (baseline)', `http://127.0.0.1:${hello.info.port}/`, seconds);
  rows.push(baseline);
  rows.push(await measure('GET /v2/sites/{site}/videos/{uid}', videoUrl, seconds));
  rows.push(await measure('GET /v2/sites/{site}/videos/{uid}/play-url', `${videoUrl}/play-url`, seconds));
  if (existsSync(join(root, 'apps/web/dist/index.html'))) {
    const landing = `http://127.0.0.1:${app.info.port}/?__site=${app.info.site}`;
    const browser = { 'accept-encoding': 'gzip, deflate, br, zstd' };
    await measure('warm', landing, 2, 20, browser);
    rows.push(await measure('GET / (branded page, br)', landing, seconds, 20, browser));
  } else console.log('apps/web/dist is not built (npm run build): the landing page is not measured.');
  printTable(rows, baseline);
  const read = rows[1]!;
  const ratio = read.rps / baseline.rps;
  console.log(
    `\nCached catalog read: ${(ratio * 100).toFixed(0)}% of hello-world (goal ≥ 50%) ${ratio >= 0.5 ? 'OK' : 'BELOW GOAL'}`,
  );
  if (rows.some((r) => r.errors + r.non2xx > 0)) {
    console.error('Some requests failed; the figures are not valid.');
    process.exitCode = 1;
  }
} finally {
  await stop(hello.child);
  await stop(app.child);
}
