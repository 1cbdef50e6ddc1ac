// The app under test: a fresh SQLite database with the demo catalog (and BENCH_USERS viewers). Asset rows are synthetic (no
// ffmpeg needed): catalog reads and play-url only read the rows, never the media files.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../apps/server/src/app';
import { ACCESS_TOKEN_TTL_SECONDS } from '../apps/server/src/context';
import { createAccessTokens } from '../apps/server/src/modules/auth/access-token';
import { migrateToLatest, openDatabase } from '../apps/server/src/db/database';
import { loadConfig } from '../apps/server/src/plugins/config';
import { demoAssetSpecs, ensureDemoSite, seedDemoCatalog } from '../apps/server/src/seed/demo-catalog';
import { DEMO_SITE_UID } from '../apps/server/src/seed/demo-content';

const config = loadConfig({ DATA_DIR: mkdtempSync(join(tmpdir(), 'marquee-bench-')), LOG_LEVEL: 'silent' });
const db = openDatabase(config);
await migrateToLatest(db);
await ensureDemoSite(db);
const assetIds = new Map<string, string>();
for (const spec of demoAssetSpecs()) {
  const id = `a_bench_${spec.key}`;
  assetIds.set(spec.key, id);
  await db
    .insertInto('media_assets')
    .values({
      id,
      site_uid: DEMO_SITE_UID,
      status: 'ready',
      source_name: `${spec.key}.mp4`,
      duration_s: spec.seconds,
      width: 854,
      height: 480,
      renditions: JSON.stringify([
        {
          name: '480p',
          width: 854,
          height: 480,
          bandwidth: 1_200_000,
          averageBandwidth: 1_000_000,
          playlist: '480p/index.m3u8',
        },
      ]),
      thumbnails: JSON.stringify({
        maxres: 'thumb-maxres.jpg',
        high: 'thumb-high.jpg',
        medium: 'thumb-medium.jpg',
        standard: 'thumb-standard.jpg',
        default: 'thumb-default.jpg',
      }),
      subtitles: '[]',
      segment_seconds: 2,
      created_at: new Date().toISOString(),
    })
    .execute();
}
await seedDemoCatalog(db, assetIds);
const video = await db
  .selectFrom('videos')
  .select('uid')
  .where('site_uid', '=', DEMO_SITE_UID)
  .where('type', '=', 'video')
  .where('access_type', '=', 'public')
  .where('asset_id', 'is not', null)
  .executeTakeFirstOrThrow();

// BENCH_USERS=n: n signed-in viewers, with access tokens signed as the app signs them.
const viewers = Number(process.env.BENCH_USERS ?? 0);
const tokens: string[] = [];
if (viewers > 0) {
  const signer = createAccessTokens(config.authSecret, ACCESS_TOKEN_TTL_SECONDS, () => Date.now());
  const users = Array.from({ length: viewers }, (_, i) => ({
    id: `bench-viewer-${i}`,
    site_uid: DEMO_SITE_UID,
    email: `viewer${i}@bench.test`,
    password_hash: '',
    first_name: 'Bench',
    last_name: 'Viewer',
    roles: '[]',
    verified: 1,
    created_at: new Date().toISOString(),
  }));
  for (let i = 0; i < users.length; i += 100)
    await db
      .insertInto('users')
      .values(users.slice(i, i + 100))
      .execute();
  for (const u of users)
    tokens.push(
      await signer.sign({ id: u.id, siteUid: u.site_uid, email: u.email, roles: [], sessionId: u.id }),
    );
}

const app = await buildApp({ config, db, logger: false });
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
console.log(
  `READY ${JSON.stringify({ port: typeof address === 'object' && address ? address.port : 0, site: DEMO_SITE_UID, videoUid: video.uid, tokens })}`,
);
process.on(
  'SIGTERM',
  () =>
    void app
      .close()
      .then(() => db.destroy())
      .then(() => process.exit(0)),
);
