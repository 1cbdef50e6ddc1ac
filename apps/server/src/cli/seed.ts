import { pathToFileURL } from 'node:url';
import { migrateToLatest, openDatabase, type Db } from '../db/database';
import { ensureDemoAssets } from '../media/demo-media';
import { loadConfig, type Config } from '../plugins/config';
import { progressBar, type CliIo } from './progress-bar';
import { ensureDemoAdClip } from '../seed/demo-ads';
import { demoAssetSpecs, ensureDemoSite, seedDemoCatalog } from '../seed/demo-catalog';
import { DEMO_BRANDS, DEMO_SITE_UID, DEMO_USERS } from '../seed/demo-content';

/**
 * `npm run seed`: migrates, makes the demo media (cached: a second run encodes nothing), then
 * writes both demo sites' catalogs (one media set). Safe to run again at any time; the EPG and live-event times are
 * refreshed around now. Running servers pick the changes up within their few-second read cache.
 */
export async function main(
  out: CliIo['out'] = process.stdout,
  deps: { db?: Db; config?: Config } = {},
): Promise<number> {
  const config = deps.config ?? loadConfig();
  const db = deps.db ?? openDatabase(config);
  try {
    await migrateToLatest(db);
    for (const brand of Object.values(DEMO_BRANDS)) await ensureDemoSite(db, undefined, brand);
    const specs = demoAssetSpecs();
    out.write(`Preparing ${specs.length} demo media assets (cached after the first run)…\n`);
    const bar = progressBar(out);
    const assetIds = await ensureDemoAssets({ db, config }, DEMO_SITE_UID, specs, (p) =>
      bar.update(p.done / p.total, `${p.done}/${p.total} ${p.key}${p.cached ? ' (cached)' : ''}`),
    );
    bar.end();
    const ad = await ensureDemoAdClip(config);
    out.write(`Demo ad creative ${ad.cached ? '(cached)' : 'encoded'}: ${ad.file}\n`);
    for (const brand of Object.values(DEMO_BRANDS)) {
      const summary = await seedDemoCatalog(db, assetIds, undefined, brand);
      out.write(`Seeded site '${summary.site}' (${brand.name}, hosts ${brand.hosts.join(', ')}):\n`);
      for (const [key, value] of Object.entries(summary))
        if (key !== 'site') out.write(`  ${key}: ${value}\n`);
    }
    out.write(
      `Log in as ${DEMO_USERS.viewer.email} / ${DEMO_USERS.viewer.password} or ${DEMO_USERS.admin.email} / ${DEMO_USERS.admin.password} (staff: ${DEMO_USERS.staff.email} / ${DEMO_USERS.staff.password})\n`,
    );
    return 0;
  } finally {
    if (!deps.db) await db.destroy();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  main().then(
    (code) => process.exit(code),
    (err: unknown) => {
      console.error(err);
      process.exit(1);
    },
  );
}
