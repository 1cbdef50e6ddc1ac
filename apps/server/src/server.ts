import { buildApp } from './app';
import { migrateWhenReachable, openDatabase } from './db/database';
import { loadConfig } from './plugins/config';

const config = loadConfig();
const db = openDatabase(config);
await migrateWhenReachable(db, (message) => console.warn(message));
const app = await buildApp({ config, db });

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  app.log.info({ signal }, 'shutting down');
  const force = setTimeout(() => process.exit(1), 10_000).unref();
  await app.close();
  await db.destroy();
  clearTimeout(force);
  process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));

await app.listen({ port: config.port, host: config.host });
