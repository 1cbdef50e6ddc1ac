// The app under test: a fresh SQLite database with the demo catalog (bench-catalog.ts) and
// BENCH_USERS viewers.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../apps/server/src/app';
import { ACCESS_TOKEN_TTL_SECONDS } from '../apps/server/src/context';
import { createAccessTokens } from '../apps/server/src/modules/auth/access-token';
import { migrateToLatest, openDatabase } from '../apps/server/src/db/database';
import { loadConfig } from '../apps/server/src/plugins/config';
import { seedBenchCatalog } from './bench-catalog';
import { DEMO_SITE_UID } from '../apps/server/src/seed/demo-content';

const config = loadConfig({ DATA_DIR: mkdtempSync(join(tmpdir(), 'marquee-bench-')), LOG_LEVEL: 'silent' });
const db = openDatabase(config);
await migrateToLatest(db);
const video = await seedBenchCatalog(db);

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
  `READY ${JSON.stringify({ port: typeof address === 'object' && address ? address.port : 0, site: DEMO_SITE_UID, videoUid: video.videoUid, tokens })}`,
);
process.on(
  'SIGTERM',
  () =>
    void app
      .close()
      .then(() => db.destroy())
      .then(() => process.exit(0)),
);
