// `npm run bench:segments`: what the media token check at the edge costs (decision 0086). One real
// HLS asset (ffmpeg, 720p, 2-s segments) on disk; two nginx processes of one worker each, started in
// turn on loopback: deploy/nginx/media.conf (njs checks every request's token, then serves the file)
// and a plain `alias` of the same folder with no check. Each is loaded by autocannon with the same
// segment and the same playlist, twice in alternation. Goal (issue 18): segments with checks at
// ≥ 80% of the rate without.
import { mkdirSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runFfmpeg } from '../apps/server/src/media/ffmpeg';
import { createMediaSigner } from '../apps/server/src/modules/playback/media-token';
import { nginxAvailable, startNginx } from '../apps/server/test/support/nginx';
import { measure, type Measurement } from './lib';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 6);
const CONNECTIONS = 20;
const GOAL = 0.8;
const SECRET = 'bench-secret-bench-secret-bench-secret-01';
const ASSET = 'a_0123456789abcdef';

if (!nginxAvailable()) {
  console.log('nginx or its njs module is missing (Debian: nginx, libnginx-mod-http-js): nothing measured');
  process.exit(0);
}

const root = mkdtempSync(join(tmpdir(), 'marquee-bench-segments-'));
const folder = join(root, ASSET, '720p');
mkdirSync(folder, { recursive: true });
try {
  // prettier-ignore
  await runFfmpeg([
    '-f', 'lavfi', '-i', 'testsrc2=size=1280x720:rate=24', '-f', 'lavfi', '-i', 'sine',
    '-t', '8', '-c:v', 'libx264', '-preset', 'ultrafast', '-b:v', '2500k',
    '-force_key_frames', 'expr:gte(t,n_forced*2)', '-c:a', 'aac',
    '-f', 'hls', '-hls_time', '2', '-hls_playlist_type', 'vod',
    '-hls_segment_filename', join(folder, 'seg_%05d.ts'), join(folder, 'index.m3u8'),
  ]);
  const segment = readdirSync(folder).find((f) => f.endsWith('.ts'))!;
  const segmentBytes = statSync(join(folder, segment)).size;
  const token = createMediaSigner(SECRET).sign({ exp: Math.floor(Date.now() / 1000) + 3600, asset: ASSET });
  const files = { segment: `720p/${segment}`, playlist: '720p/index.m3u8' };

  const checked = async (): Promise<Measurement[]> => {
    // No API behind it: nothing measured here goes to the server.
    const edge = await startNginx({
      apiPort: 9,
      store: { kind: 'disk', root },
      env: { MEDIA_SECRET: SECRET },
    });
    try {
      const out = [];
      for (const [name, file] of Object.entries(files)) {
        const url = `${edge.url}/media/${token}/${ASSET}/${file}`;
        if ((await fetch(url)).status !== 200) throw new Error(`${url}: not served (${edge.errorLog()})`);
        out.push(await measure(`${name}, token checked`, url, SECONDS, CONNECTIONS));
      }
      return out;
    } finally {
      await edge.close();
    }
  };
  const plain = async (): Promise<Measurement[]> => {
    const edge = await startNginx({ apiPort: 9, store: { kind: 'disk', root }, env: {}, media: false });
    try {
      const out = [];
      for (const [name, file] of Object.entries(files)) {
        const url = `${edge.url}/plain/${ASSET}/${file}`;
        if ((await fetch(url)).status !== 200) throw new Error(`${url}: not served`);
        out.push(await measure(`${name}, no check`, url, SECONDS, CONNECTIONS));
      }
      return out;
    } finally {
      await edge.close();
    }
  };

  const rounds = [];
  for (let i = 0; i < 2; i++) rounds.push({ plain: await plain(), checked: await checked() });
  console.log(
    `segment ${segmentBytes} bytes; ${SECONDS} s per row, ${CONNECTIONS} connections, nginx 1 worker`,
  );
  console.log('| round | file | no check req/s | checked req/s | checked p99 (ms) | ratio |');
  console.log('|---|---|---:|---:|---:|---:|');
  const ratios: Record<string, number[]> = { segment: [], playlist: [] };
  rounds.forEach((r, i) => {
    Object.keys(files).forEach((name, j) => {
      const ratio = r.checked[j]!.rps / r.plain[j]!.rps;
      ratios[name]!.push(ratio);
      const errors = r.checked[j]!.errors + r.checked[j]!.non2xx + r.plain[j]!.errors + r.plain[j]!.non2xx;
      console.log(
        `| ${i + 1} | ${name} | ${r.plain[j]!.rps} | ${r.checked[j]!.rps} | ${r.checked[j]!.p99Ms} | ${ratio.toFixed(2)}${errors ? ` (${errors} errors)` : ''} |`,
      );
    });
  });
  const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
  const segmentRatio = mean(ratios.segment!);
  console.log(
    `segments with checks at ${(segmentRatio * 100).toFixed(0)}% of without (goal ≥ ${GOAL * 100}%): ${segmentRatio >= GOAL ? 'met' : 'NOT met'}; playlists ${(mean(ratios.playlist!) * 100).toFixed(0)}%`,
  );
} finally {
  rmSync(root, { recursive: true, force: true });
}
