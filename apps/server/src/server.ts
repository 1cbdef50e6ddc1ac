import { buildApp } from './app';
import { migrateWhenReachable, openDatabase } from './db/database';
import { loadConfig } from './plugins/config';
import { drainAndClose } from './plugins/operations';

const config = loadConfig();
const db = openDatabase(config);
await migrateWhenReachable(db, (message) => console.warn(message));
const app = await buildApp({ config, db });

let closing = false;
// Graceful drain (decision 0082): readyz 503, sockets told to reconnect, in-flight requests
// finish within DRAIN_TIMEOUT_MS; exit 0 when all did, 1 when some had to be cut.
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  app.log.info({ signal, ...config.drain }, 'draining');
  // Whatever hangs past the deadline (a database that does not answer), the process still ends.
  setTimeout(() => process.exit(1), config.drain.delayMs + config.drain.timeoutMs + 5_000).unref();
  const finished = await drainAndClose(app, config.drain).catch((err: unknown) => {
    app.log.error({ err }, 'drain failed');
    return false;
  });
  await db.destroy();
  app.log.info({ finished }, 'stopped');
  process.exit(finished ? 0 : 1);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));

await app.listen({ port: config.port, host: config.host });
