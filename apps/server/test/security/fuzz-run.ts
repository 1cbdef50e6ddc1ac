import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import { EXCLUDED, ROUTE_ACCESS } from './route-access';
import { requestWith, validRequest } from './requests';
import { injectInto, type Send } from './transport';
import { snapshot, tableColumns, type RegisteredRoute, type SecurityWorld } from './world';
import { malformedOf, WRONG_VALUE } from './zod-values';

/**
 * The fuzz properties, shared by fuzz.test.ts (bounded, in `npm test`) and bench/fuzz.ts (10,000+
 * cases): for every registered route, requests whose params, query or body are malformed variants
 * of the contract's valid sample, or whose Authorization header is malformed or forged, sent
 * anonymous and as user A. Every answer must be below 500, come within HANG_MS, an answer in 4xx
 * must leave every table as it found it, and a route that needs a user never serves a bad token.
 */

/** An answer slower than this is counted as a hang (the app answers these in milliseconds). */
export const HANG_MS = 10_000;

/**
 * Tables some route may write while answering 4xx, on purpose. Key: route key; value: tables and why.
 * Everything else a 4xx changes is an unwanted write.
 */
export const WRITES_ON_REFUSAL: Record<string, { tables: string[]; why: string }> = Object.fromEntries(
  [
    'POST /api/payment/subscribe',
    'POST /api/payment/gift',
    'POST /api/donation/subscribe',
    'POST /api/payment/purchases/:id/upgrade-purchase',
  ].map((key) => [
    key,
    {
      tables: ['idempotency_keys'],
      why:
        'decision 0029: once a valid request has claimed its Idempotency-Key, a refusal (4xx) is ' +
        'stored as its first result, so a retry with the same key is answered the same',
    },
  ]),
);

/**
 * Tables and columns written after the answer by batches of earlier 2xx calls (plays are counted
 * 100 ms after a play-url; analytics events are buffered), so a change there cannot be pinned on the
 * request that happened to run when the batch landed. Their writes are checked by their own tests.
 */
const ASYNC_TABLES = ['analytics_events', 'viewer_plays', 'video_play_days'];
const ASYNC_COLUMNS: Record<string, string[]> = { videos: ['view_count'] };

type Part = 'params' | 'query' | 'body' | 'raw-body' | 'authorization';
export type FuzzCase = {
  route: string;
  part: Part;
  asUser: boolean;
  ip: string;
  request: InjectOptions;
};
export type FuzzFailure = {
  kind: '5xx' | 'hang' | 'write' | 'error' | 'badToken';
  case: FuzzCase;
  detail: string;
};
export type FuzzReport = {
  cases: number;
  byStatus: Record<string, number>;
  failures: FuzzFailure[];
  counts: { '5xx': number; hang: number; write: number; error: number; badToken: number };
};

/** Bodies that are not JSON, or JSON no schema expects, sent with a JSON content type. */
const RAW_BODIES = fc.oneof(
  fc.constantFrom(
    '{',
    '{"a":',
    'null',
    '"string"',
    '[]',
    '{"__proto__":{"polluted":true}}',
    '{"constructor":{"prototype":{"polluted":true}}}',
    '\u0000',
    '{"a":1,"a":2}',
  ),
  fc.integer({ min: 1_000, max: 20_000 }).map((n) => '['.repeat(n) + ']'.repeat(n)),
  fc.string({ unit: 'binary', maxLength: 200 }),
  // Past the body limit (1 MiB).
  fc.constant(`"${'x'.repeat(1_100_000)}"`),
);

const b64url = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
/** Authorization headers that are not a valid bearer token: the request must be anonymous or 401. */
const BAD_AUTHORIZATION = fc.oneof(
  fc.constantFrom(
    'Bearer',
    'Bearer ',
    'Bearer x.y.z',
    'Basic YWxpY2U6cGFzcw==',
    'bearer a b',
    // alg "none", claiming to be an admin.
    `Bearer ${b64url({ alg: 'none', typ: 'JWT' })}.${b64url({ sub: 'ada', site: 'acme', roles: ['admin'], sid: 's' })}.`,
    // HS256 signed with a guessable key.
    `Bearer ${b64url({ alg: 'HS256', typ: 'JWT' })}.${b64url({ sub: 'ada', site: 'acme', roles: ['admin'] })}.c2lnbmF0dXJl`,
  ),
  fc.string({ maxLength: 300 }).map((s) => `Bearer ${s}`),
);

/** Query values are strings: objects and arrays go as JSON, the rest as text. */
const asQueryValue = (v: unknown) =>
  typeof v === 'string' ? v : v !== null && typeof v === 'object' ? JSON.stringify(v) : String(v);

/** A printable-ASCII header value (what a client can send). */
const headerSafe = (s: string) => s.replace(/[^\x20-\x7e]/g, '?').slice(0, 8_000);

/** The arbitrary of malformed requests to one route. */
function caseOf(world: SecurityWorld, route: RegisteredRoute): fc.Arbitrary<FuzzCase> {
  const parts: Part[] = ['query', 'authorization'];
  if (/:\w+|\*/.test(route.url)) parts.push('params');
  if (route.body) parts.push('body', 'raw-body');
  const paramNames = [...route.url.matchAll(/:(\w+)/g)].map((m) => m[1]!);
  if (route.url.endsWith('*')) paramNames.push('*');
  return fc
    .record({
      part: fc.constantFrom(...parts),
      asUser: fc.boolean(),
      ip: fc.ipV4(),
      param: paramNames.length ? fc.constantFrom(...paramNames) : fc.constant('*'),
      value: WRONG_VALUE,
      query: malformedOf(route.querystring),
      body: malformedOf(route.body),
      raw: RAW_BODIES,
      key: fc.oneof(fc.constant('valid'), fc.string({ maxLength: 300 }).map(headerSafe)),
      authorization: BAD_AUTHORIZATION.map(headerSafe),
    })
    .map(({ part, asUser, ip, param, value, query, body, raw, key, authorization }) => {
      const base = validRequest(world, route);
      const request: InjectOptions = { ...base, headers: { ...(base.headers as Record<string, string>) } };
      const headers = request.headers as Record<string, string>;
      if (route.headers && key !== 'valid') headers['idempotency-key'] = key;
      if (part === 'params') {
        const text = asQueryValue(value).slice(0, 900);
        request.url = requestWith(world, route, { [param]: text }).url;
      } else if (part === 'query') {
        request.query =
          query !== null && typeof query === 'object' && !Array.isArray(query)
            ? Object.fromEntries(Object.entries(query).map(([k, v]) => [k, asQueryValue(v)]))
            : { [asQueryValue(query).slice(0, 100)]: asQueryValue(value) };
      } else if (part === 'authorization') {
        headers.authorization = authorization;
      } else if (part === 'body') {
        request.payload = JSON.stringify(body ?? null);
        headers['content-type'] = 'application/json';
      } else {
        request.payload = raw;
        headers['content-type'] = 'application/json';
      }
      return { route: route.key, part, asUser, ip, request };
    });
}

/** The routes the fuzz suite sends to: every registered one but the exclusions. */
export const fuzzedRoutes = (world: SecurityWorld) => world.routes.filter((r) => !(r.key in EXCLUDED));

/**
 * Generates `runsPerRoute` cases per route from `seed` (the same cases for the same seed and
 * routes) and sends them in turn, collecting every 5xx, hang, transport error and 4xx that wrote.
 */
export async function runFuzz(
  world: SecurityWorld,
  opts: {
    seed: number;
    runsPerRoute: number;
    onProgress?: (done: number, total: number) => void;
    /** How requests reach the app: in process (inject) by default, or over HTTP to a cluster. */
    send?: Send;
  },
): Promise<FuzzReport> {
  const send = opts.send ?? injectInto(world.h.app);
  const routes = fuzzedRoutes(world);
  const tables = new Map(
    [...(await tableColumns(world.db))]
      .filter(([t]) => !ASYNC_TABLES.includes(t))
      .map(([t, cols]) => [t, cols.filter((c) => !ASYNC_COLUMNS[t]?.includes(c))]),
  );
  const pg = world.h.config.databaseUrl !== undefined;
  const report: FuzzReport = {
    cases: 0,
    byStatus: {},
    failures: [],
    counts: { '5xx': 0, hang: 0, write: 0, error: 0, badToken: 0 },
  };
  const fail = (f: FuzzFailure) => {
    report.counts[f.kind]++;
    if (report.failures.length < 200) report.failures.push(f);
  };
  const total = routes.length * opts.runsPerRoute;
  // The tables as the last answer left them: each case compares against it (async tables are left
  // out, so nothing else writes between two cases).
  let before = await snapshot(world.db, tables, pg);
  for (const [i, route] of routes.entries()) {
    const cases = fc.sample(caseOf(world, route), { seed: opts.seed + i, numRuns: opts.runsPerRoute });
    for (const c of cases) {
      const request = {
        ...c.request,
        remoteAddress: c.ip,
        // A malformed Authorization header of the case replaces the principal's token.
        headers: {
          ...world.headersOf(c.asUser ? 'userA' : 'anonymous'),
          ...(c.request.headers as Record<string, string>),
        },
      };
      let timer: NodeJS.Timeout | undefined;
      const outcome = await Promise.race([
        send(request).then(
          (res) => ({ status: res.statusCode, body: res.body }),
          (err: unknown) => ({ error: String(err) }),
        ),
        new Promise<'hang'>((resolve) => {
          timer = setTimeout(() => resolve('hang'), HANG_MS);
        }),
      ]);
      clearTimeout(timer);
      report.cases++;
      if (outcome === 'hang') {
        fail({ kind: 'hang', case: c, detail: `no answer within ${HANG_MS} ms` });
        before = await snapshot(world.db, tables, pg);
        continue;
      }
      if ('error' in outcome) {
        fail({ kind: 'error', case: c, detail: outcome.error });
        before = await snapshot(world.db, tables, pg);
        continue;
      }
      report.byStatus[outcome.status] = (report.byStatus[outcome.status] ?? 0) + 1;
      if (outcome.status >= 500)
        fail({ kind: '5xx', case: c, detail: `${outcome.status} ${outcome.body.slice(0, 300)}` });
      const after = await snapshot(world.db, tables, pg);
      // A route that needs a signed-in user never serves a malformed or forged bearer token.
      const needsUser = !['public', 'capability'].includes(ROUTE_ACCESS[c.route]?.access ?? 'public');
      if (c.part === 'authorization' && needsUser && outcome.status < 400)
        fail({ kind: 'badToken', case: c, detail: `${outcome.status} for a bad Authorization header` });
      if (outcome.status >= 400 && outcome.status < 500) {
        const allowed = WRITES_ON_REFUSAL[c.route]?.tables ?? [];
        const changed = [...tables.keys()].filter(
          (t) => !allowed.includes(t) && before.get(t) !== after.get(t),
        );
        if (changed.length > 0)
          fail({ kind: 'write', case: c, detail: `${outcome.status} changed ${changed.join(', ')}` });
      }
      before = after;
      opts.onProgress?.(report.cases, total);
    }
  }
  return report;
}

/** One line per failure, with what reproduces it. */
export const describeFailures = (failures: FuzzFailure[]) =>
  failures
    .map(
      (f) =>
        `${f.kind}: ${f.case.route} [${f.case.part}${f.case.asUser ? ', as user A' : ''}] ${f.detail}\n` +
        `    ${JSON.stringify({ url: f.case.request.url, query: f.case.request.query, payload: f.case.request.payload }).slice(0, 600)}`,
    )
    .join('\n');
