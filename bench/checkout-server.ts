// The app under the checkout benches: SQLite in BENCH_DATA_DIR (kept across restarts, so the fault
// test can kill and restart it), one site, BENCH_USERS users each with a saved test-gateway card,
// and a one-off pass to buy. BENCH_PORT fixes the port; BENCH_CLOCK_SKEW_MS moves the app's clock
// forward (the fault test's last start, so reconcile's 2-minute grace has passed).
import { buildApp } from '../apps/server/src/app';
import { ACCESS_TOKEN_TTL_SECONDS } from '../apps/server/src/context';
import { migrateToLatest, openDatabase } from '../apps/server/src/db/database';
import { createAccessTokens } from '../apps/server/src/modules/auth/access-token';
import { newBundleRow } from '../apps/server/src/db/bundle-row';
import { newSiteRow } from '../apps/server/src/modules/sites/site-defaults';
import { loadConfig } from '../apps/server/src/plugins/config';

export const SITE = 'benchshop';
export const BUNDLE = 'pass';

const dataDir = process.env.BENCH_DATA_DIR!;
const users = Number(process.env.BENCH_USERS ?? 200);
const skew = Number(process.env.BENCH_CLOCK_SKEW_MS ?? 0);
const config = loadConfig({
  DATA_DIR: dataDir,
  LOG_LEVEL: 'silent',
  AUTH_SECRET: 'bench-checkout-secret-0123456789abcdef',
});
const db = openDatabase(config);
await migrateToLatest(db);
const seeded = await db.selectFrom('sites').select('uid').where('uid', '=', SITE).executeTakeFirst();
if (!seeded) {
  const now = new Date().toISOString();
  // The bench buys through the embedded test gateway, which a site must enable (decision 0036).
  await db
    .insertInto('sites')
    .values(newSiteRow(SITE, 'Bench Shop', { payment_gateways: JSON.stringify(['test']) }))
    .execute();
  await db
    .insertInto('bundles')
    .values(newBundleRow(SITE, BUNDLE, { name: 'Season pass', amount_cents: 1999 }))
    .execute();
  for (let i = 0; i < users; i += 100) {
    const ids = Array.from({ length: Math.min(100, users - i) }, (_, k) => i + k);
    await db
      .insertInto('users')
      .values(
        ids.map((n) => ({
          id: `buyer-${n}`,
          site_uid: SITE,
          email: `buyer${n}@bench.test`,
          password_hash: '',
          first_name: 'Bench',
          last_name: 'Buyer',
          roles: '[]',
          verified: 1,
          created_at: now,
        })),
      )
      .execute();
    // A saved card per user, as the test gateway saves it (its own table) and as commerce keeps it.
    await db
      .insertInto('test_gateway_methods')
      .values(
        ids.map((n) => ({
          token: `tgpm_bench_${n}`,
          behaviour: 'succeed',
          last4: '4242',
          detached: 0,
          created_at: now,
        })),
      )
      .execute();
    await db
      .insertInto('payment_methods')
      .values(
        ids.map((n) => ({
          id: `pm-${n}`,
          site_uid: SITE,
          user_id: `buyer-${n}`,
          gateway: 'test',
          gateway_token: `tgpm_bench_${n}`,
          card_type: 'Visa',
          last4: '4242',
          exp_month: 12,
          exp_year: 2035,
          first_name: 'Bench',
          last_name: 'Buyer',
          email: `buyer${n}@bench.test`,
          billing_address: null,
          is_default: 1,
          created_at: now,
        })),
      )
      .execute();
  }
}
const signer = createAccessTokens(config.authSecret, ACCESS_TOKEN_TTL_SECONDS, () => Date.now());
const tokens: string[] = [];
for (let n = 0; n < users; n++)
  tokens.push(
    await signer.sign({
      id: `buyer-${n}`,
      siteUid: SITE,
      email: `buyer${n}@bench.test`,
      roles: [],
      sessionId: `s${n}`,
    }),
  );

const app = await buildApp({ config, db, logger: false, context: { now: () => Date.now() + skew } });
await app.listen({ port: Number(process.env.BENCH_PORT ?? 0), host: '127.0.0.1' });
const address = app.server.address();
console.log(
  `READY ${JSON.stringify({ port: typeof address === 'object' && address ? address.port : 0, tokens })}`,
);
process.on(
  'SIGTERM',
  () =>
    void app
      .close()
      .then(() => db.destroy())
      .then(() => process.exit(0)),
);
