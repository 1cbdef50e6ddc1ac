import { migrateToLatest, openDatabase } from '../db/database';
import { loadConfig } from '../plugins/config';

// `npm run migrate`: brings the configured database (SQLite under DATA_DIR, or DATABASE_URL) up to date.
const db = openDatabase(loadConfig());
try {
  const applied = await migrateToLatest(db);
  console.log(applied.length ? `Applied: ${applied.join(', ')}` : 'Already up to date');
} finally {
  await db.destroy();
}
