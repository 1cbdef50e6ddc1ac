// Reports of viewers' moments and gifs, and staff moderation (issue 16 Must-have 11; decision
// 0054): the refusals first (400 naming the field, 401, 403, 404, 409, 429), then a viewer's report,
// the staff list, hiding (gone for everyone but staff: lists, counts, search, share info, the gif
// page and files), dismissing and unhiding; staff of one site never reach another's.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newVideoRow } from '../../src/db/video-row';
import { newSiteRow } from '../../src/modules/sites/site-defaults';
import { accountsHarness, bearer, type AccountsHarness } from '../support/accounts';

let t: AccountsHarness;
beforeAll(async () => {
  t = await accountsHarness({ sites: [newSiteRow('acme', 'Acme TV'), newSiteRow('other', 'Other TV')] });
  const video = (site: string, uid: string) =>
    newVideoRow(site, uid, { title: uid, published_at: '2026-01-01T00:00:00.000Z', duration_s: 600 });
  await t.h.db
    .insertInto('videos')
    .values([video('acme', 'clip'), video('other', 'clip')])
    .execute();
});
afterAll(() => t.h.close());

let n = 0;
const userOf = (site = 'acme', roles: string[] = []) => {
  const id = `report-user-${++n}`;
  return t.accessTokenFor({ id, site, email: `${id}@${site}.test`, roles });
};
const call = (method: 'GET' | 'POST', url: string, token?: string, payload?: object) =>
  t.h.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
const report = (body: object, token?: string, site = 'acme') =>
  call('POST', `/v2/sites/${site}/reports`, token, body);
const moderate = (action: string, kind: string, id: string, token?: string, site = 'acme') =>
  call('POST', `/v2/sites/${site}/moderation/${kind}/${id}/${action}`, token);
const reported = (token?: string, site = 'acme', query = '') =>
  call('GET', `/v2/sites/${site}/moderation/reports${query}`, token);

async function newMoment(tag: string, site = 'acme'): Promise<string> {
  const res = await call('POST', `/api/moments/news/none?__site=${site}`, await userOf(site), {
    timemarker: 10 + n,
    tag,
    videoId: 'clip',
  });
  expect(res.statusCode).toBe(201);
  return res.json()._id;
}
/** A rendered gif with a still on disk (rendering itself is gifs.test.ts's). */
async function newGif(site = 'acme'): Promise<string> {
  const id = `g_${(++n).toString(16).padStart(16, '0')}`;
  await t.h.db
    .insertInto('gifs')
    .values({
      id,
      site_uid: site,
      video_uid: 'clip',
      user_id: 'someone',
      start_s: 1,
      end_s: 3,
      size: 'small',
      meme_top_text: 'top',
      meme_bottom_text: '',
      result: 'Success',
      error: null,
      job_id: null,
      created_at: '2026-01-01T00:00:00.000Z',
      processed_at: '2026-01-01T00:00:01.000Z',
      hidden_at: null,
    })
    .execute();
  mkdirSync(join(t.h.config.gifsDir, id), { recursive: true });
  writeFileSync(join(t.h.config.gifsDir, id, 'still.jpg'), 'jpeg');
  return id;
}

describe('POST /v2/sites/{site}/reports: refusals', () => {
  it('401 without a signed-in viewer', async () => {
    const id = await newMoment('Fine');
    expect((await report({ kind: 'moment', itemId: id, reason: 'spam' })).statusCode).toBe(401);
  });

  it('400 naming the field: kind, itemId, reason, a note over 500 characters', async () => {
    const token = await userOf();
    const id = await newMoment('Fine');
    const cases: [object, string][] = [
      [{ kind: 'video', itemId: id, reason: 'spam' }, 'kind'],
      [{ kind: 'moment', itemId: 'nope', reason: 'spam' }, 'itemId'],
      [{ kind: 'moment', reason: 'spam' }, 'itemId'],
      [{ kind: 'moment', itemId: id, reason: 'boring' }, 'reason'],
      [{ kind: 'moment', itemId: id }, 'reason'],
      [{ kind: 'moment', itemId: id, reason: 'other', note: 'x'.repeat(501) }, 'note'],
      [{ kind: 'moment', itemId: id, reason: 'other', note: 5 }, 'note'],
    ];
    for (const [body, field] of cases) {
      const res = await report(body, token);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error.field, JSON.stringify(body)).toBe(field);
    }
  });

  it('403 for an account of another site', async () => {
    const id = await newMoment('Fine');
    const res = await report({ kind: 'moment', itemId: id, reason: 'spam' }, await userOf('other'));
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('wrongSite');
  });

  it("404 for a missing item, another site's, a moment id as a gif, and a hidden one", async () => {
    const token = await userOf();
    const missing = { kind: 'moment', itemId: 'm_0123456789abcdef', reason: 'spam' };
    expect((await report(missing, token)).statusCode).toBe(404);
    const elsewhere = await newMoment('Elsewhere', 'other');
    expect((await report({ kind: 'moment', itemId: elsewhere, reason: 'spam' }, token)).statusCode).toBe(404);
    const id = await newMoment('Fine');
    expect((await report({ kind: 'gif', itemId: id, reason: 'spam' }, token)).statusCode).toBe(404);
    const gif = await newGif();
    await t.h.db
      .updateTable('gifs')
      .set({ hidden_at: '2026-01-02T00:00:00.000Z' })
      .where('id', '=', gif)
      .execute();
    expect((await report({ kind: 'gif', itemId: gif, reason: 'spam' }, token)).statusCode).toBe(404);
  });

  it('409 for a second report of the same item by the same viewer, even with another reason', async () => {
    const token = await userOf();
    const id = await newMoment('Twice');
    expect((await report({ kind: 'moment', itemId: id, reason: 'spam' }, token)).statusCode).toBe(201);
    const again = await report({ kind: 'moment', itemId: id, reason: 'abuse' }, token);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('alreadyReported');
    const racing = await Promise.all(
      [1, 2, 3].map(async () => report({ kind: 'moment', itemId: id, reason: 'spam' }, await userOf())),
    );
    expect(racing.map((r) => r.statusCode)).toEqual([201, 201, 201]);
  });

  it('429 with Retry-After after 20 reports in an hour', async () => {
    const token = await userOf();
    for (let i = 0; i < 20; i++) {
      const id = await newMoment(`Flood ${i}`);
      expect((await report({ kind: 'moment', itemId: id, reason: 'spam' }, token)).statusCode).toBe(201);
    }
    const refused = await report(
      { kind: 'moment', itemId: await newMoment('One more'), reason: 'spam' },
      token,
    );
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  });
});

describe('moderation routes: refusals', () => {
  it('401 without a token, 403 for a viewer, 403 for staff of another site', async () => {
    const id = await newMoment('Target');
    const viewer = await userOf();
    const otherStaff = await userOf('other', ['staff']);
    expect((await reported()).statusCode).toBe(401);
    expect((await reported(viewer)).statusCode).toBe(403);
    expect((await reported(otherStaff)).statusCode).toBe(403);
    for (const action of ['hide', 'unhide', 'dismiss']) {
      expect((await moderate(action, 'moment', id)).statusCode, action).toBe(401);
      const refused = await moderate(action, 'moment', id, viewer);
      expect(refused.statusCode, action).toBe(403);
      expect(refused.json().error.code, action).toBe('forbidden');
      expect((await moderate(action, 'moment', id, otherStaff)).statusCode, action).toBe(403);
    }
    expect((await call('GET', `/v2/sites/acme/videos/clip/moments/${id}`)).statusCode).toBe(200);
  });

  it('400 naming the field, 404 for an unknown item or one of another site, 409 unhiding a shown one', async () => {
    const staff = await userOf('acme', ['staff']);
    expect((await moderate('hide', 'video', 'm_0123456789abcdef', staff)).json().error.field).toBe('kind');
    expect((await moderate('hide', 'moment', 'nope', staff)).json().error.field).toBe('itemId');
    expect((await reported(staff, 'acme', '?pageSize=500')).json().error.field).toBe('pageSize');
    expect((await moderate('hide', 'moment', 'm_0123456789abcdef', staff)).statusCode).toBe(404);
    const elsewhere = await newMoment('Theirs', 'other');
    expect((await moderate('hide', 'moment', elsewhere, staff)).statusCode).toBe(404);
    expect((await moderate('dismiss', 'moment', elsewhere, staff)).statusCode).toBe(404);
    const shown = await newMoment('Shown');
    expect((await moderate('dismiss', 'moment', shown, staff)).statusCode).toBe(404);
    const unhide = await moderate('unhide', 'moment', shown, staff);
    expect(unhide.statusCode).toBe(409);
    expect(unhide.json().error.code).toBe('notHidden');
  });
});

describe('reporting and moderating', () => {
  it('staff list reported items grouped with counts, newest first, paginated; site-scoped', async () => {
    const site = 'other';
    const staff = await userOf(site, ['support']);
    const older = await newMoment('Older', site);
    const newer = await newMoment('Newer', site);
    t.clock.now += 1000;
    await report({ kind: 'moment', itemId: older, reason: 'spam' }, await userOf(site), site);
    t.clock.now += 1000;
    await report(
      { kind: 'moment', itemId: newer, reason: 'abuse', note: ' Rude ' },
      await userOf(site),
      site,
    );
    t.clock.now += 1000;
    await report({ kind: 'moment', itemId: newer, reason: 'abuse' }, await userOf(site), site);
    await report({ kind: 'moment', itemId: newer, reason: 'spoiler' }, await userOf(site), site);

    const page = (await reported(staff, site, '?pageSize=1')).json();
    expect(page).toMatchObject({
      current_page: 0,
      items_per_page: 1,
      next_page: 1,
      total_items: 2,
      total_pages: 2,
    });
    expect(page.items).toHaveLength(1);
    expect(page.items[0]).toMatchObject({
      kind: 'moment',
      itemId: newer,
      videoUid: 'clip',
      count: 3,
      reasons: { spam: 0, abuse: 2, spoiler: 1, other: 0 },
      notes: ['Rude'],
      hiddenAt: null,
      moment: { _id: newer, tag: 'Newer' },
      gif: null,
    });
    const second = (await reported(staff, site, '?pageSize=1&page=1')).json();
    expect(second.items.map((i: { itemId: string }) => i.itemId)).toEqual([older]);
    expect(second).toMatchObject({ next_page: null, prev_page: 0 });
    const acme = (await reported(await userOf('acme', ['admin']))).json();
    expect(acme.items.some((i: { itemId: string }) => i.itemId === newer || i.itemId === older)).toBe(false);
  });

  it('hiding a moment closes its reports and removes it from lists, counts, search and share info', async () => {
    const staff = await userOf('acme', ['staff']);
    const id = await newMoment('Zebras are spoilers');
    const before = (await call('GET', '/v2/sites/acme/moments/clip/count')).json().count;
    const filed = await report({ kind: 'moment', itemId: id, reason: 'spoiler' }, await userOf());
    expect(filed.statusCode).toBe(201);
    expect(filed.json()).toMatchObject({ kind: 'moment', itemId: id, reason: 'spoiler', note: null });

    const hidden = await moderate('hide', 'moment', id, staff);
    expect(hidden.statusCode).toBe(200);
    expect(hidden.json()).toMatchObject({ kind: 'moment', itemId: id, closed: 1 });
    expect(hidden.json().hiddenAt).toEqual(expect.any(String));
    expect((await reported(staff)).json().items.some((i: { itemId: string }) => i.itemId === id)).toBe(false);

    expect((await call('GET', `/v2/sites/acme/videos/clip/moments/${id}`)).statusCode).toBe(404);
    const list = (await call('GET', '/v2/sites/acme/videos/clip/moments?lt=600')).json();
    expect(list.items.some((m: { _id: string }) => m._id === id)).toBe(false);
    expect((await call('GET', '/v2/sites/acme/moments/clip/count')).json().count).toBe(before - 1);
    expect((await call('GET', '/v2/sites/acme/search/moments?search=zebras')).json().hits).toEqual([]);
    expect((await call('GET', `/v1/video/uid/clip/info?__site=acme&momentId=${id}`)).statusCode).toBe(404);
    expect((await report({ kind: 'moment', itemId: id, reason: 'spam' }, await userOf())).statusCode).toBe(
      404,
    );

    const shown = await moderate('unhide', 'moment', id, staff);
    expect(shown.json()).toMatchObject({ hiddenAt: null, closed: 0 });
    expect((await call('GET', `/v2/sites/acme/videos/clip/moments/${id}`)).statusCode).toBe(200);
    expect((await call('GET', '/v2/sites/acme/search/moments?search=zebras')).json().hits).toHaveLength(1);
  });

  it('a hidden gif is gone from its list, count, page, files and share info, but staff still fetch it', async () => {
    const staff = await userOf('acme', ['staff']);
    const id = await newGif();
    const count = async () => (await call('GET', '/api/gifs/video/clip/count?__site=acme')).json().count;
    const before = await count();
    await report({ kind: 'gif', itemId: id, reason: 'abuse', note: 'offensive text' }, await userOf());
    const listed = (await reported(staff)).json().items.find((i: { itemId: string }) => i.itemId === id);
    expect(listed).toMatchObject({
      kind: 'gif',
      count: 1,
      notes: ['offensive text'],
      gif: { _id: id },
      moment: null,
    });

    expect((await moderate('hide', 'gif', id, staff)).json()).toMatchObject({ closed: 1 });
    expect(await count()).toBe(before - 1);
    const list = (await call('GET', '/api/gifs/video/clip?__site=acme')).json();
    expect(list.items.some((g: { _id: string }) => g._id === id)).toBe(false);
    expect((await call('GET', `/v2/sites/acme/gifs/${id}`)).statusCode).toBe(404);
    expect((await call('GET', `/v2/sites/acme/gifs/${id}`, await userOf())).statusCode).toBe(404);
    expect((await call('GET', `/v2/sites/acme/videos/clip/gifs/${id}`)).statusCode).toBe(404);
    expect((await call('GET', `/v2/gifs/${id}/still.jpg`)).statusCode).toBe(404);
    expect((await call('GET', `/v2/gifs/${id}/still.jpg`, await userOf('other', ['staff']))).statusCode).toBe(
      404,
    );
    expect((await call('GET', `/v1/video/uid/clip/info?__site=acme&gifId=${id}`)).statusCode).toBe(404);

    expect((await call('GET', `/v2/sites/acme/gifs/${id}`, staff)).json()).toMatchObject({ _id: id });
    expect((await call('GET', `/v2/gifs/${id}/still.jpg`, staff)).statusCode).toBe(200);
  });

  it('dismissing closes the reports and leaves the item shown; reporters may not report it again', async () => {
    const staff = await userOf('acme', ['admin']);
    const id = await newMoment('Harmless');
    const reporter = await userOf();
    await report({ kind: 'moment', itemId: id, reason: 'other' }, reporter);
    const res = await moderate('dismiss', 'moment', id, staff);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ hiddenAt: null, closed: 1 });
    expect((await reported(staff)).json().items.some((i: { itemId: string }) => i.itemId === id)).toBe(false);
    expect((await call('GET', `/v2/sites/acme/videos/clip/moments/${id}`)).statusCode).toBe(200);
    expect((await report({ kind: 'moment', itemId: id, reason: 'spam' }, reporter)).statusCode).toBe(409);
    expect((await moderate('dismiss', 'moment', id, staff)).statusCode).toBe(404);
  });
});
