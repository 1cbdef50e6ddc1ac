import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRolesRepository } from '../../src/modules/roles/roles.repository';
import { createRolesService } from '../../src/modules/roles/roles.service';
import {
  createAnalyticsRepository,
  type AnalyticsRepository,
} from '../../src/modules/analytics/analytics.repository';
import { createAnalyticsService } from '../../src/modules/analytics/analytics.service';
import { newSiteRow } from '../../src/modules/sites/site-defaults';
import { accountsHarness, bearer, type AccountsHarness } from '../support/accounts';

// How accepted analytics events reach the database (decision 0021): one multi-row INSERT per
// batch of `flushAt` events or per `flushMs`, bounded memory, a write that survives a deleted
// account, and everything buffered written when the app closes. The app runs with an analytics
// service over a repository that counts its INSERTs (and can hold them back).
let t: AccountsHarness;
/** Rows per INSERT the repository ran (a failed one included). */
const inserts: number[] = [];
/** While set, every INSERT waits for it (the database is slow). */
let gate: Promise<void> | null = null;
const warnings: { obj: object; msg: string }[] = [];

const real = () => createAnalyticsRepository(t.h.db);
const countingRepo: AnalyticsRepository = {
  async insertMany(rows) {
    inserts.push(rows.length);
    if (gate) await gate;
    return real().insertMany(rows);
  },
  totals: (...args) => real().totals(...args),
};
const analytics = createAnalyticsService({
  repo: countingRepo,
  roles: { require: (...args) => createRolesService(createRolesRepository(t.h.db)).require(...args) },
  now: () => t.clock.now,
  log: { warn: (obj, msg) => void warnings.push({ obj, msg }) },
  // Time never flushes here (a minute); 5 events or the app's close do.
  writes: { flushMs: 60_000, flushAt: 5, maxBuffered: 12 },
});

beforeAll(async () => {
  t = await accountsHarness({ sites: [newSiteRow('acme', 'Acme')], context: { analytics } });
});
afterAll(() => t.h.close());

const page = (n: number, token?: string) =>
  t.h.app.inject({
    method: 'POST',
    url: '/v2/sites/acme/analytics/page',
    headers: bearer(token),
    payload: { page: `/p${n}` },
  });
const stored = () => t.h.db.selectFrom('analytics_events').selectAll().orderBy('id').execute();
const tick = () => new Promise((r) => setImmediate(r));

describe('analytics writes', () => {
  it('buffers events and writes each batch of 5 with one INSERT', async () => {
    for (let i = 0; i < 4; i++) expect((await page(i)).statusCode).toBe(202);
    await tick();
    expect(inserts).toEqual([]);
    expect(await stored()).toHaveLength(0);
    expect(analytics.pending()).toBe(4);

    expect((await page(4)).statusCode).toBe(202);
    await analytics.flush();
    expect(inserts).toEqual([5]);
    expect((await stored()).map((r) => JSON.parse(r.payload).page)).toEqual([
      '/p0',
      '/p1',
      '/p2',
      '/p3',
      '/p4',
    ]);
  });

  it('splits a larger backlog into INSERTs of at most 5 rows', async () => {
    inserts.length = 0;
    const res = await t.h.app.inject({
      method: 'POST',
      url: '/v2/sites/acme/analytics/batch',
      payload: { events: Array.from({ length: 12 }, (_, i) => ({ kind: 'smartBanner', type: `t${i}` })) },
    });
    expect(res.statusCode).toBe(202);
    await analytics.flush();
    expect(inserts).toEqual([5, 5, 2]);
    expect(await stored()).toHaveLength(17);
  });

  it('refuses events past 12 waiting (503 with Retry-After), logs the drops once, and recovers', async () => {
    inserts.length = 0;
    let release!: () => void;
    gate = new Promise<void>((r) => (release = r));
    for (let i = 0; i < 12; i++) expect((await page(100 + i)).statusCode, `event ${i}`).toBe(202);
    const refused = await page(112);
    expect(refused.statusCode).toBe(503);
    expect(refused.headers['retry-after']).toBe('1');
    expect(refused.json().error.code).toBe('analyticsBusy');
    expect((await page(113)).statusCode).toBe(503);
    expect(analytics.pending()).toBe(12);
    // One warning for the burst, not one per request.
    expect(warnings.filter((w) => /dropped/.test(w.msg))).toHaveLength(1);

    gate = null;
    release();
    await analytics.flush();
    expect(analytics.pending()).toBe(0);
    expect((await page(114)).statusCode).toBe(202);
    await analytics.flush();
    const pages = (await stored()).map((r) => JSON.parse(r.payload).page as string);
    expect(pages).not.toContain('/p112');
    expect(pages).not.toContain('/p113');
    expect(pages).toContain('/p114');
  });

  it('writes the events of an account deleted before the write, without the user', async () => {
    inserts.length = 0;
    await t.insertUser({ id: 'gone', site_uid: 'acme', email: 'gone@acme.test' });
    const token = await t.accessTokenFor({ id: 'gone', site: 'acme', email: 'gone@acme.test' });
    await page(200, token);
    await page(201);
    await t.h.db.deleteFrom('users').where('id', '=', 'gone').execute();
    await analytics.flush();
    // The batch fails on the foreign key, then each row is written alone.
    expect(inserts[0]).toBe(2);
    const rows = (await stored()).filter((r) => ['/p200', '/p201'].includes(JSON.parse(r.payload).page));
    expect(rows.map((r) => r.user_id)).toEqual([null, null]);
    expect(warnings.filter((w) => /not recorded/.test(w.msg))).toEqual([]);
  });

  it('writes what is buffered when the app closes', async () => {
    inserts.length = 0;
    for (let i = 0; i < 3; i++) await page(300 + i);
    await tick();
    expect(inserts).toEqual([]);
    await t.h.app.close();
    expect(inserts).toEqual([3]);
    const pages = (await stored()).map((r) => JSON.parse(r.payload).page as string);
    expect(pages.slice(-3)).toEqual(['/p300', '/p301', '/p302']);
  });
});
