import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CatalogFixture } from '../fixtures';
import { accountsHarness, bearer, type AccountsHarness } from '../support/accounts';

// Site flag argoid (D§1, decisions 0056 and 0061): "recommended" comes from Argoid on sites with the
// flag; a failing, hanging or empty Argoid leaves the built-in ranking. Argoid is a local stand-in
// HTTP server speaking the adapter's calls (GET /v1/recommendations/{user,item}).
type Mode = 'rank' | 'fail' | 'hang' | 'empty';
let mode: Mode = 'rank';
const calls: { path: string; query: URLSearchParams; auth?: string }[] = [];
let standIn: Server;
let t: AccountsHarness;

function answer(req: IncomingMessage, res: ServerResponse) {
  const url = new URL(req.url ?? '/', 'http://argoid.test');
  calls.push({ path: url.pathname, query: url.searchParams, auth: req.headers.authorization });
  if (mode === 'hang') return; // never answers: the client's 1 s timeout ends it
  if (mode === 'fail') return void res.writeHead(503).end('down');
  const items = mode === 'empty' ? [] : [{ id: 'c' }, { id: 'a' }, { id: 'b' }, { id: 42 }];
  res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ items }));
}

beforeAll(async () => {
  standIn = createServer(answer);
  await new Promise<void>((done) => standIn.listen(0, '127.0.0.1', done));
  const { port } = standIn.address() as AddressInfo;
  t = await accountsHarness({
    sites: [],
    env: { ARGOID_URL: `http://127.0.0.1:${port}/`, ARGOID_API_KEY: 'argoid-key' },
  });
  for (const site of ['arg', 'plain']) {
    const f = new CatalogFixture(site).asset(`a-${site}`, { duration_s: 600 }).channel('ch', 'videos');
    for (const [uid, day] of [
      ['a', '10'],
      ['b', '09'],
      ['c', '08'],
    ] as const)
      f.video(uid, { channel_id: 'ch', asset_id: `a-${site}`, published_at: `2026-01-${day}T00:00:00.000Z` });
    await f.insert(t.h.db);
    await t.insertUser({ id: `viewer-${site}`, site_uid: site, email: `v@${site}.test` });
  }
  await t.h.db
    .updateTable('sites')
    .set({ perms: JSON.stringify({ argoid: true }) })
    .where('uid', '=', 'arg')
    .execute();
});
afterAll(async () => {
  standIn.closeAllConnections();
  await new Promise((done) => standIn.close(done));
  await t.h.close();
});
beforeEach(() => {
  mode = 'rank';
  calls.length = 0;
});

let reads = 0;
/** A GET with a URL of its own (the response cache keys on the URL). */
const get = async (path: string, token?: string) => {
  const res = await t.h.app.inject({
    url: `${path}${path.includes('?') ? '&' : '?'}__source=r${++reads}`,
    headers: bearer(token),
  });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { items: { uid: string }[] }).items.map((i) => i.uid);
};
const token = (site: string) => t.accessTokenFor({ id: `viewer-${site}`, site, email: `v@${site}.test` });

describe('argoid flag on, Argoid answering', () => {
  it('"more like this" is Argoid’s order, without the item itself, asked with the key', async () => {
    expect(await get('/v2/sites/arg/videos/a/recommended')).toEqual(['c', 'b']);
    expect(calls).toHaveLength(1);
    expect(calls[0]!.path).toBe('/v1/recommendations/item');
    expect(Object.fromEntries(calls[0]!.query)).toMatchObject({ site: 'arg', item: 'a', limit: '100' });
    expect(calls[0]!.auth).toBe('Bearer argoid-key');
  });

  it('a signed-in viewer’s Recommended row is Argoid’s ranking for that user', async () => {
    expect(await get('/v2/sites/arg/dynamic-channels/recommended/videos', await token('arg'))).toEqual([
      'c',
      'a',
      'b',
    ]);
    expect(calls[0]!.path).toBe('/v1/recommendations/user');
    expect(calls[0]!.query.get('user')).toBe('viewer-arg');
  });
});

describe('the built-in ranking answers', () => {
  it('on a site without the flag (Argoid is not asked)', async () => {
    expect(await get('/v2/sites/plain/videos/a/recommended')).toEqual(['b', 'c']);
    expect(calls).toHaveLength(0);
  });

  it('when Argoid fails, answers nothing, or does not answer within 1 s: never an empty row', async () => {
    for (const m of ['fail', 'empty', 'hang'] as const) {
      mode = m;
      expect(await get('/v2/sites/arg/videos/a/recommended'), m).toEqual(['b', 'c']);
      expect(await get('/v2/sites/arg/dynamic-channels/recommended/videos', await token('arg')), m).toEqual([
        'a',
        'b',
        'c',
      ]);
    }
    expect(calls.length).toBe(6);
  });
});
