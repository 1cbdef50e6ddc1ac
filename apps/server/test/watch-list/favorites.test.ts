import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app';
import { acmeCatalog, CatalogFixture } from '../fixtures';
import { accountsHarness, bearer, type AccountsHarness } from '../support/accounts';

// GET and POST /v2/sites/{site}/videos/{uid}/user-favorites and GET …/favorites-count
// (playback-and-social §4.11 "The favorite toggle flips the flag and changes the count by one",
// §7 Videos; discovery-and-site §7; decision 0019).
let t: AccountsHarness;
const tokens: Record<string, string> = {};
const favUrl = (uid: string, site = 'acme') => `/v2/sites/${site}/videos/${uid}/user-favorites`;
const countUrl = (uid: string) => `/v2/sites/acme/videos/${uid}/favorites-count`;

beforeAll(async () => {
  t = await accountsHarness({ sites: [] });
  await acmeCatalog().insert(t.h.db);
  await new CatalogFixture('other').insert(t.h.db);
  for (const id of ['u1', 'u2', 'u3']) {
    await t.insertUser({ id, site_uid: 'acme', email: `${id}@acme.test` });
    tokens[id] = await t.accessTokenFor({ id, site: 'acme', email: `${id}@acme.test` });
  }
});
afterAll(() => t.h.close());

const call = (method: 'GET' | 'POST', path: string, auth?: string, payload?: unknown) =>
  t.h.app.inject({
    method,
    url: path,
    headers: bearer(auth),
    ...(payload !== undefined ? { payload: payload as object } : {}),
  });
const setFavorite = (uid: string, favorite: boolean, user = 'u1') =>
  call('POST', favUrl(uid), tokens[user], { favorite });
const count = async (uid: string) => {
  const res = await call('GET', countUrl(uid));
  expect(res.statusCode).toBe(200);
  return res.json().favorites as number;
};

describe('user-favorites refuses', () => {
  it('401s without a bearer token (favorites are fetched only when signed in)', async () => {
    expect((await call('GET', favUrl('v1'))).statusCode).toBe(401);
    expect((await call('POST', favUrl('v1'), undefined, { favorite: true })).statusCode).toBe(401);
    expect((await call('POST', favUrl('v1'), undefined, {})).statusCode).toBe(401);
  });

  it('404s an unknown site and 403s another site than the account’s', async () => {
    expect((await call('GET', favUrl('v1', 'nowhere'), tokens.u1)).statusCode).toBe(404);
    const res = await call('POST', favUrl('v1', 'other'), tokens.u1, { favorite: true });
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toMatchObject({ code: 'wrongSite', field: 'site' });
  });

  it('400s a body without a boolean favorite, naming the field', async () => {
    for (const body of [{}, { favorite: 'yes' }, { favorite: null }, { favorite: 1 }]) {
      const res = await call('POST', favUrl('v1'), tokens.u1, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error.field, JSON.stringify(body)).toBe('favorite');
    }
    const bad = await call('GET', favUrl('not a uid'), tokens.u1);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.field).toBe('uid');
  });

  it('404s unknown and private videos', async () => {
    for (const uid of ['nope', 'v-private']) {
      expect((await call('GET', favUrl(uid), tokens.u1)).statusCode, uid).toBe(404);
      expect((await setFavorite(uid, true)).statusCode, uid).toBe(404);
    }
    expect((await call('GET', countUrl('nope'))).statusCode).toBe(404);
  });
});

const flagsUrl = (uids: string, site = 'acme') => `/v2/me/sites/${site}/favorites?uids=${uids}`;

describe('favorite flags for a page of cards refuse', () => {
  it('401s without a bearer token', async () => {
    expect((await call('GET', flagsUrl('v1'))).statusCode).toBe(401);
  });

  it('404s an unknown site and 403s another site than the account’s', async () => {
    expect((await call('GET', flagsUrl('v1', 'nowhere'), tokens.u1)).statusCode).toBe(404);
    expect((await call('GET', flagsUrl('v1', 'other'), tokens.u1)).statusCode).toBe(403);
  });

  it('400s missing, empty, malformed or too many uids, naming the field', async () => {
    const many = Array.from({ length: 101 }, (_, i) => `v${i}`).join(',');
    for (const url of [
      '/v2/me/sites/acme/favorites',
      flagsUrl(''),
      flagsUrl('v1,,v2'),
      flagsUrl('v1,not%20a%20uid'),
      flagsUrl(many),
    ]) {
      const res = await call('GET', url, tokens.u1);
      expect(res.statusCode, url).toBe(400);
      // The list, or the item of it that is wrong (uids.1).
      expect(res.json().error.field, url).toMatch(/^uids(\.\d+)?$/);
    }
  });
});

describe('favorites', () => {
  it('answers which of the named videos the viewer favorited, and nothing of anyone else’s', async () => {
    expect((await setFavorite('m2', true, 'u2')).statusCode).toBe(200);
    expect((await setFavorite('v2', true, 'u1')).statusCode).toBe(200);
    const mine = await call('GET', flagsUrl('v2,m2,nope,v-private,v2'), tokens.u1);
    expect(mine.statusCode).toBe(200);
    expect(mine.json()).toEqual({ favorites: ['v2'] });
    expect((await call('GET', flagsUrl('v2,m2'), tokens.u2)).json()).toEqual({ favorites: ['m2'] });
    await setFavorite('v2', false, 'u1');
    await setFavorite('m2', false, 'u2');
    expect((await call('GET', flagsUrl('v2'), tokens.u1)).json()).toEqual({ favorites: [] });
  });

  it('starts unfavorited with the video’s count', async () => {
    const res = await call('GET', favUrl('v1'), tokens.u1);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ uid: 'v1', favorite: false, favorites: 3 });
    expect(await count('v1')).toBe(3);
  });

  it('changes the count by exactly one per flip, and favorites-count shows it at once', async () => {
    expect((await setFavorite('v1', true)).json()).toEqual({ uid: 'v1', favorite: true, favorites: 4 });
    expect(await count('v1')).toBe(4);
    expect((await call('GET', favUrl('v1'), tokens.u1)).json()).toMatchObject({
      favorite: true,
      favorites: 4,
    });
    expect((await setFavorite('v1', false)).json()).toEqual({ uid: 'v1', favorite: false, favorites: 3 });
    expect(await count('v1')).toBe(3);
    // The catalog's video reads the same column.
    expect((await call('GET', '/v2/sites/acme/videos/v1')).json().favorites).toBe(3);
  });

  it('is idempotent: setting the same state again changes nothing', async () => {
    expect((await setFavorite('v2', true)).json().favorites).toBe(1);
    expect((await setFavorite('v2', true)).json().favorites).toBe(1);
    expect((await setFavorite('v2', false)).json().favorites).toBe(0);
    expect((await setFavorite('v2', false)).json().favorites).toBe(0);
  });

  it('counts concurrent POSTs of one viewer once (a double click, two tabs)', async () => {
    const race = (favorite: boolean) =>
      Promise.all(Array.from({ length: 5 }, () => setFavorite('v3', favorite)));
    const on = await race(true);
    expect(on.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200]);
    for (const r of on) expect(r.json()).toEqual({ uid: 'v3', favorite: true, favorites: 1 });
    expect(await count('v3')).toBe(1);
    const off = await race(false);
    for (const r of off) expect(r.json()).toEqual({ uid: 'v3', favorite: false, favorites: 0 });
    expect(await count('v3')).toBe(0);
  });

  it('counts concurrent POSTs of different viewers each once', async () => {
    const res = await Promise.all(['u1', 'u2', 'u3'].map((u) => setFavorite('v4', true, u)));
    expect(res.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    expect(await count('v4')).toBe(3);
    expect((await call('GET', favUrl('v4'), tokens.u2)).json()).toEqual({
      uid: 'v4',
      favorite: true,
      favorites: 3,
    });
  });

  it('keeps counts across a restart, and takes a deleted account’s favorites off them', async () => {
    await setFavorite('m1', true, 'u3');
    const restarted = await buildApp({
      config: t.h.config,
      db: t.h.db,
      logger: false,
      clientsDir: join(t.h.config.dataDir, 'no-clients'),
    });
    try {
      const read = async (uid: string) => (await restarted.inject(countUrl(uid))).json().favorites;
      expect(await read('v4')).toBe(3);
      expect(await read('m1')).toBe(1);
      await t.h.db.deleteFrom('users').where('id', '=', 'u3').execute();
      expect(await read('v4')).toBe(2);
      expect(await read('m1')).toBe(0);
    } finally {
      await restarted.close();
    }
  });
});
