import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildApp } from '../app';
import { migrateToLatest, openDatabase } from '../db/database';
import { loadConfig } from '../plugins/config';

/** Where the generated OpenAPI document is committed, so changes to the API show up in review. */
export const OPENAPI_FILE = join(import.meta.dirname, '../../../../docs/openapi.json');

/** The OpenAPI document the contract generates, as stable, pretty JSON. */
export async function generateOpenApi(): Promise<string> {
  const dataDir = mkdtempSync(join(tmpdir(), 'marquee-openapi-'));
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', MEDIA_SECRET: 'x'.repeat(32) });
  const db = openDatabase(config);
  try {
    await migrateToLatest(db);
    const app = await buildApp({ config, db, logger: false, clientsDir: dataDir });
    const doc = (await app.inject('/api/docs/json')).json();
    await app.close();
    return `${JSON.stringify(doc, null, 2)}\n`;
  } finally {
    await db.destroy();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

// `npm run openapi`: regenerates docs/openapi.json (a test fails when it drifts from the contract).
if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  writeFileSync(OPENAPI_FILE, await generateOpenApi());
  console.log(`Wrote ${OPENAPI_FILE}`);
}
