// bench:faults — every fault path of docs/faults.md at FAULT_KILLS kills or restarts each (100),
// seeded by FAULT_SEED (18): the same scenarios as apps/server/test/faults/ (CI runs 5). SIGKILL
// during writes runs on SQLite and on a private PostgreSQL (or DATABASE_URL); FAULT_PATHS picks
// paths (writes-sqlite, writes-postgres, redis, postgres, transcode; all by default). Prints each
// path's figures and exits non-zero when a write was lost or doubled or a path misbehaved.
import { killDuringWrites } from '../apps/server/test/faults/kill-writes';
import { restartPostgresUnderTraffic } from '../apps/server/test/faults/postgres-restart';
import {
  postgresUnavailable,
  redisUnavailable,
  startPrivatePostgres,
} from '../apps/server/test/faults/private-services';
import { restartRedisMidChat } from '../apps/server/test/faults/redis-restart';
import { transcodeFaults, transcodeFaultsUnavailable } from '../apps/server/test/faults/transcode-faults';

const kills = Number(process.env.FAULT_KILLS ?? 100);
const seed = Number(process.env.FAULT_SEED ?? 18);
const paths = (process.env.FAULT_PATHS ?? 'writes-sqlite,writes-postgres,redis,postgres,transcode').split(
  ',',
);
const log = (line: string) => console.log(`  ${line}`);
let failed = false;

/** Prints a path's report; a non-empty list under `problems` fails the run. */
function report(name: string, started: number, figures: object, problems: string[]) {
  const seconds = ((performance.now() - started) / 1000).toFixed(0);
  console.log(`\n${name} (${seconds} s): ${JSON.stringify(figures)}`);
  if (problems.length > 0) {
    failed = true;
    console.error(`FAIL ${name}:\n  ${problems.slice(0, 20).join('\n  ')}`);
  }
}

console.log(`bench:faults: ${kills} kills or restarts per path, seed ${seed}`);
for (const path of paths) {
  const started = performance.now();
  console.log(`\n━━ ${path} ━━`);
  if (path === 'writes-sqlite' || path === 'writes-postgres') {
    let databaseUrl: string | undefined;
    let postgres: Awaited<ReturnType<typeof startPrivatePostgres>> | undefined;
    if (path === 'writes-postgres') {
      databaseUrl = process.env.DATABASE_URL;
      const cannot = databaseUrl ? undefined : postgresUnavailable();
      if (cannot) {
        console.log(`skipped: ${cannot}`);
        continue;
      }
      postgres = databaseUrl ? undefined : await startPrivatePostgres();
      databaseUrl ??= postgres!.url;
    }
    try {
      const r = await killDuringWrites({ kills, seed, databaseUrl, log });
      const { lost, doubled, ...figures } = r;
      report(path, started, { ...figures, lost: lost.length, doubled: doubled.length }, [
        ...lost,
        ...doubled,
      ]);
    } finally {
      postgres?.destroy();
    }
  } else if (path === 'redis') {
    const cannot = redisUnavailable();
    if (cannot) console.log(`skipped: ${cannot}`);
    else {
      const { problems, recoveryMs, ...figures } = await restartRedisMidChat({ restarts: kills, seed, log });
      report(path, started, { ...figures, ...spread(recoveryMs) }, problems);
    }
  } else if (path === 'postgres') {
    const cannot = postgresUnavailable();
    if (cannot) console.log(`skipped: ${cannot}`);
    else {
      const { problems, recoveryMs, ...figures } = await restartPostgresUnderTraffic({
        restarts: kills,
        seed,
        log,
      });
      report(path, started, { ...figures, ...spread(recoveryMs) }, problems);
    }
  } else if (path === 'transcode') {
    const cannot = transcodeFaultsUnavailable();
    if (cannot) console.log(`skipped: ${cannot}`);
    const { problems, ...figures } = await transcodeFaults({ kills, seed, log });
    report(path, started, figures, problems);
  } else {
    console.error(`unknown path ${path}`);
    failed = true;
  }
}
process.exit(failed ? 1 : 0);

/** Recovery times: median and worst, in ms. */
function spread(ms: number[]) {
  const sorted = [...ms].sort((a, b) => a - b);
  return { recoveryMedianMs: sorted[Math.floor(sorted.length / 2)] ?? 0, recoveryMaxMs: sorted.at(-1) ?? 0 };
}
