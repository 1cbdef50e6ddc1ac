// `npm run bench:fuzz`: the route fuzz suite (apps/server/test/security/fuzz-run.ts) at bench size.
// Every route the app registers gets malformed params, queries and bodies derived from its contract
// schemas, anonymous and as a signed-in user, over the security test world (SQLite in a temp folder,
// or PostgreSQL + Redis when DATABASE_URL / REDIS_URL are set). Prints the cases sent, the answers by
// status and the counts of 5xx, hangs, unwanted writes (a 4xx that changed a table) and transport
// errors; exits 1 if any is not zero. FUZZ_SEED and FUZZ_CASES (default 10,000, spread evenly over
// the routes) set the run.
import { performance } from 'node:perf_hooks';
import { describeFailures, fuzzedRoutes, runFuzz } from '../apps/server/test/security/fuzz-run';
import { securityWorld } from '../apps/server/test/security/world';

const SEED = Number(process.env.FUZZ_SEED ?? 20261126);
const CASES = Number(process.env.FUZZ_CASES ?? 10_000);

const world = await securityWorld();
const routes = fuzzedRoutes(world).length;
const runsPerRoute = Math.ceil(CASES / routes);
console.log(
  `fuzzing ${routes} routes × ${runsPerRoute} cases (seed ${SEED}) on ${world.h.config.databaseUrl ? 'PostgreSQL' : 'SQLite'}`,
);
const started = performance.now();
let shown = 0;
const report = await runFuzz(world, {
  seed: SEED,
  runsPerRoute,
  onProgress: (done, total) => {
    if (done - shown >= 1_000) {
      shown = done;
      console.log(`  ${done}/${total}`);
    }
  },
});
const seconds = (performance.now() - started) / 1000;
await world.h.close();

console.log(`cases: ${report.cases} in ${seconds.toFixed(1)} s (${(report.cases / seconds).toFixed(0)}/s)`);
console.log(`answers by status: ${JSON.stringify(report.byStatus)}`);
console.log(
  `5xx: ${report.counts['5xx']}  hangs: ${report.counts.hang}  unwanted writes: ${report.counts.write}  ` +
    `bad tokens served: ${report.counts.badToken}  errors: ${report.counts.error}`,
);
if (report.failures.length > 0) {
  console.log(describeFailures(report.failures));
  process.exitCode = 1;
}
