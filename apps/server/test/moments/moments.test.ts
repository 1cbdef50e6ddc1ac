// Moments (discovery-and-site §3, §5, §7, §8, §9; decision 0048): the refusals first, then adding,
// reading a window, counting, one moment, and the share info with a moment or a gif.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newVideoRow } from '../../src/db/video-row';
import { newSiteRow } from '../../src/modules/sites/site-defaults';
import { accountsHarness, bearer, type AccountsHarness } from '../support/accounts';

let t: AccountsHarness;
beforeAll(async () => {
  t = await accountsHarness({
    sites: [
      newSiteRow('acme', 'Acme TV'),
      newSiteRow('quiet', 'Quiet TV', { perms: '{"hideComments":true}' }),
    ],
  });
  const video = (site: string, uid: string) =>
    newVideoRow(site, uid, { title: uid, published_at: '2026-01-01T00:00:00.000Z', duration_s: 600 });
  await t.h.db
    .insertInto('videos')
    .values([video('acme', 'clip'), video('acme', 'other'), video('quiet', 'clip')])
    .execute();
});
afterAll(() => t.h.close());

let n = 0;
const userOf = (site = 'acme') => {
  const id = `moment-user-${++n}`;
  return t.accessTokenFor({ id, site, email: `${id}@${site}.test` });
};
const add = (body: object, token?: string, site = 'acme', channel = 'news') =>
  t.h.app.inject({
    method: 'POST',
    url: `/api/moments/${channel}/none?__site=${site}`,
    payload: body,
    headers: bearer(token),
  });
const get = (url: string) => t.h.app.inject({ method: 'GET', url });

describe('POST /api/moments/{channel}/none: refusals', () => {
  it("401 with the spec's message without a signed-in viewer", async () => {
    const res = await add({ timemarker: 5, tag: 'Nice', videoId: 'clip' });
    expect(res.statusCode).toBe(401);
    expect(res.json().error.message).toBe('You must be logged in to add comment');
  });

  it('400 naming the field: a time outside the video, a missing or too long tag, a bad videoId', async () => {
    const token = await userOf();
    const cases: [object, string][] = [
      [{ timemarker: -1, tag: 'x', videoId: 'clip' }, 'timemarker'],
      [{ timemarker: '1:15', tag: 'x', videoId: 'clip' }, 'timemarker'],
      [{ timemarker: 601, tag: 'x', videoId: 'clip' }, 'timemarker'],
      [{ timemarker: 5, tag: '   ', videoId: 'clip' }, 'tag'],
      [{ timemarker: 5, videoId: 'clip' }, 'tag'],
      [{ timemarker: 5, tag: 'x'.repeat(141), videoId: 'clip' }, 'tag'],
      [{ timemarker: 5, tag: 'two\nlines', videoId: 'clip' }, 'tag'],
      [{ timemarker: 5, tag: 'x', videoId: 'no spaces' }, 'videoId'],
    ];
    for (const [body, field] of cases) {
      const res = await add(body, token);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error.field, JSON.stringify(body)).toBe(field);
    }
  });

  it('404 for an unknown video; 403 where comments are hidden and for another site', async () => {
    expect((await add({ timemarker: 5, tag: 'x', videoId: 'nope' }, await userOf())).statusCode).toBe(404);
    const hidden = await add({ timemarker: 5, tag: 'x', videoId: 'clip' }, await userOf('quiet'), 'quiet');
    expect(hidden.statusCode).toBe(403);
    expect(hidden.json().error.code).toBe('commentsDisabled');
    const elsewhere = await add({ timemarker: 5, tag: 'x', videoId: 'clip' }, await userOf('quiet'));
    expect(elsewhere.json().error.code).toBe('wrongSite');
  });

  it('429 with Retry-After after 20 in 10 minutes', async () => {
    const token = await userOf();
    for (let i = 0; i < 20; i++)
      expect((await add({ timemarker: 500 + i, tag: `spam ${i}`, videoId: 'other' }, token)).statusCode).toBe(
        201,
      );
    const refused = await add({ timemarker: 5, tag: 'more', videoId: 'other' }, token);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  });
});

describe('moments', () => {
  it('adds one, then lists a window, counts them, gets one, and the share info names it', async () => {
    const token = await userOf();
    const first = await add({ timemarker: 75, tag: '  The best part  ', videoId: 'clip' }, token);
    expect(first.statusCode).toBe(201);
    const moment = first.json();
    expect(moment).toMatchObject({ videoUid: 'clip', timemarker: 75, tag: 'The best part' });
    expect(moment._id).toMatch(/^m_[0-9a-f]{16}$/);
    await add({ timemarker: 12, tag: 'Early', videoId: 'clip' }, token);
    await add({ timemarker: 450, tag: 'Late', videoId: 'clip' }, token);

    const window = (await get('/v2/sites/acme/videos/clip/moments')).json();
    expect(window.items.map((m: { tag: string }) => m.tag)).toEqual(['Early', 'The best part']);
    const later = (await get('/v2/sites/acme/videos/clip/moments?timemarker=100&lt=500')).json();
    expect(later.items.map((m: { tag: string }) => m.tag)).toEqual(['Late']);
    expect((await get('/v2/sites/acme/videos/clip/moments?timemarker=100&lt=50')).statusCode).toBe(400);
    expect((await get('/v2/sites/acme/moments/clip/count')).json()).toEqual({ count: 3 });

    expect((await get(`/v2/sites/acme/videos/clip/moments/${moment._id}`)).json()).toEqual(moment);
    expect((await get(`/v2/sites/acme/videos/other/moments/${moment._id}`)).statusCode).toBe(404);
    expect((await get('/v2/sites/acme/videos/clip/moments/nope')).statusCode).toBe(400);

    const info = (await get(`/v1/video/uid/clip/info?__site=acme&momentId=${moment._id}`)).json();
    expect(info.video.uid).toBe('clip');
    expect(info.moment).toEqual(moment);
    expect(info.gif).toBeNull();
    expect((await get(`/v1/video/uid/other/info?__site=acme&momentId=${moment._id}`)).statusCode).toBe(404);
    expect((await get('/v1/video/uid/clip/info?__site=acme&gifId=g_0123456789abcdef')).statusCode).toBe(404);
  });

  it('a hidden moment is gone for everyone', async () => {
    const created = (await add({ timemarker: 30, tag: 'Rude', videoId: 'clip' }, await userOf())).json();
    await t.h.db
      .updateTable('moments')
      .set({ hidden_at: '2026-01-02T00:00:00.000Z' })
      .where('id', '=', created._id)
      .execute();
    expect((await get(`/v2/sites/acme/videos/clip/moments/${created._id}`)).statusCode).toBe(404);
    const window = (await get('/v2/sites/acme/videos/clip/moments')).json();
    expect(window.items.some((m: { _id: string }) => m._id === created._id)).toBe(false);
  });
});
