// The world the fault scenarios share: one site with the test gateway on, its pass, videos, a
// live event's chat room, every client's account, and tokens signed with the servers' secret.
import { sql } from 'kysely';
import pg from 'pg';
import { ACCESS_TOKEN_TTL_SECONDS } from '../../src/context';
import { newBundleRow } from '../../src/db/bundle-row';
import { migrateToLatest, openDatabase, type Db } from '../../src/db/database';
import { createAccessTokens } from '../../src/modules/auth/access-token';
import { newSiteRow } from '../../src/modules/sites/site-defaults';
import { loadConfig } from '../../src/plugins/config';
import { videoRow } from '../fixtures';

export const SITE = 'faults';
const SECRET = 'faults-auth-secret-0123456789abcdef0123';
/** Each kind of client: how many, so that chat's flood limit (5 per 10 s) is never reached. */
export const VIEWERS = 12;
export const VIDEOS = 4;
export const CHATTERS = 16;
/** The live event whose chat room the scenarios talk in. */
export const LIVE = 'live-faults';

const signer = createAccessTokens(SECRET, ACCESS_TOKEN_TTL_SECONDS, () => Date.now());

/** An access token of the world's user `id` (viewer-i, chatter-i, buyer-n). */
export const tokenFor = (id: string) =>
  signer.sign({ id, siteUid: SITE, email: `${id}@faults.test`, roles: [], sessionId: `s-${id}` });

/**
 * The scenario's database, migrated: SQLite in `dataDir`, or a fresh schema on `databaseUrl`
 * (dropped afterwards); `env` starts a server process on it.
 */
export async function openFaultsDatabase(dataDir: string, databaseUrl?: string) {
  const env: NodeJS.ProcessEnv = {
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    AUTH_SECRET: SECRET,
    INLINE_JOBS: '',
  };
  let pgSchema: string | undefined;
  if (databaseUrl) {
    pgSchema = `faults_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
    const admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    await admin.query(`CREATE SCHEMA ${pgSchema}`);
    await admin.end();
    const url = new URL(databaseUrl);
    url.searchParams.set('options', `-c search_path=${pgSchema}`);
    env.DATABASE_URL = url.toString();
  }
  const db = openDatabase(loadConfig({ ...env, DATABASE_URL: databaseUrl, LOG_LEVEL: 'silent' }), {
    pgSchema,
  });
  await migrateToLatest(db);
  const dropSchema = async () => {
    if (pgSchema) await sql.raw(`DROP SCHEMA ${pgSchema} CASCADE`).execute(db);
  };
  return { db, env, dropSchema };
}

/** The site (test gateway on), its pass, videos, a live event's chat, and every client's account. */
export async function seedFaultsSite(db: Db, buyers: number): Promise<void> {
  const now = new Date().toISOString();
  await db
    .insertInto('sites')
    .values(newSiteRow(SITE, 'Faults TV', { payment_gateways: JSON.stringify(['test']) }))
    .execute();
  await db
    .insertInto('bundles')
    .values(newBundleRow(SITE, 'pass', { name: 'Season pass', amount_cents: 1999 }))
    .execute();
  await db
    .insertInto('videos')
    .values([
      ...Array.from({ length: VIDEOS }, (_, k) => videoRow(SITE, `vid-${k}`, { duration_s: 1_000_000 })),
      videoRow(SITE, LIVE.slice('live-'.length), { type: 'liveEvent' }),
    ])
    .execute();
  const ids = [
    ...Array.from({ length: VIEWERS }, (_, i) => `viewer-${i}`),
    ...Array.from({ length: CHATTERS }, (_, i) => `chatter-${i}`),
    ...Array.from({ length: buyers }, (_, n) => `buyer-${n}`),
  ];
  for (let i = 0; i < ids.length; i += 100) {
    await db
      .insertInto('users')
      .values(
        ids.slice(i, i + 100).map((id) => ({
          id,
          site_uid: SITE,
          email: `${id}@faults.test`,
          password_hash: '',
          first_name: id,
          last_name: 'Faults',
          roles: '[]',
          verified: 1,
          created_at: now,
        })),
      )
      .execute();
  }
  for (let n = 0; n < buyers; n++) {
    // A saved card, as the test gateway keeps it (its own table) and as commerce keeps it.
    await db
      .insertInto('test_gateway_methods')
      .values({
        token: `tgpm_faults_${n}`,
        behaviour: 'succeed',
        last4: '4242',
        detached: 0,
        created_at: now,
      })
      .execute();
    await db
      .insertInto('payment_methods')
      .values({
        id: `pm-${n}`,
        site_uid: SITE,
        user_id: `buyer-${n}`,
        gateway: 'test',
        gateway_token: `tgpm_faults_${n}`,
        card_type: 'Visa',
        last4: '4242',
        exp_month: 12,
        exp_year: 2035,
        first_name: 'Buyer',
        last_name: 'Faults',
        email: `buyer-${n}@faults.test`,
        billing_address: null,
        is_default: 1,
        created_at: now,
      })
      .execute();
  }
}
