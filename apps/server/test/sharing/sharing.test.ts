// Sharing (decision 0049): short links per share target, stable, followed on the site's own host
// and counted; what a pasted link previews (Open Graph and Twitter card tags).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newVideoRow } from '../../src/db/video-row';
import { previewTags } from '../../src/plugins/clients';
import { newSiteRow } from '../../src/modules/sites/site-defaults';
import { createSharingRepository } from '../../src/modules/sharing/sharing.repository';
import { createSharingService } from '../../src/modules/sharing/sharing.service';
import { createRolesRepository } from '../../src/modules/roles/roles.repository';
import { createRolesService } from '../../src/modules/roles/roles.service';
import { AppError } from '../../src/plugins/errors';
import { accountsHarness, bearer, type AccountsHarness } from '../support/accounts';

let t: AccountsHarness;
beforeAll(async () => {
  t = await accountsHarness({
    sites: [
      newSiteRow('acme', 'Acme TV', { hosts: '["tv.acme.test"]' }),
      newSiteRow('other', 'Other TV', { hosts: '["other.test"]' }),
    ],
  });
  await t.h.db
    .insertInto('videos')
    .values(
      newVideoRow('acme', 'v1', {
        title: 'The <Big> Show',
        description: 'All "quoted" & more',
        published_at: '2026-01-01T00:00:00.000Z',
      }),
    )
    .execute();
});
afterAll(() => t.h.close());

const links = (path: unknown, site = 'acme') =>
  t.h.app.inject({ method: 'POST', url: `/v2/sites/${site}/short-links`, payload: { path } });
const follow = (code: string, host = 'tv.acme.test') =>
  t.h.app.inject({ method: 'GET', url: `/s/${code}`, headers: { host } });
const codeOf = (link: string) => link.replace('/s/', '');

describe('POST /v2/sites/{site}/short-links', () => {
  it('400 for anything but a path of the site: a URL, //host, no leading slash, spaces or backslashes', async () => {
    for (const path of [
      'https://evil.test/x',
      '//evil.test/x',
      '/\\evil.test',
      'channel/news/v1',
      '/a b',
      '',
      7,
    ]) {
      const res = await links(path);
      expect(res.statusCode, String(path)).toBe(400);
      expect(res.json().error.field, String(path)).toBe('path');
    }
  });

  it('404 for an unknown site', async () => {
    expect((await links('/channel/news/v1', 'nope')).statusCode).toBe(404);
  });

  it('one link per target, the same every time, even when asked at once', async () => {
    const path = '/channel/news/v1?t=30';
    const answers = await Promise.all(Array.from({ length: 4 }, () => links(path)));
    const first = answers[0]!.json().links;
    expect(Object.keys(first).sort()).toEqual(['copy', 'email', 'facebook', 'reddit', 'whatsapp', 'x']);
    for (const res of answers) expect(res.json().links).toEqual(first);
    expect(new Set(Object.values(first)).size).toBe(6);
    expect((await links(path)).json().links).toEqual(first);
    expect((await links('/channel/news/v2')).json().links.x).not.toBe(first.x);
  });
});

describe('GET /s/{code}', () => {
  it('302 to the path on the same host, counted; another site’s host or an unknown code is 404', async () => {
    const { links: made } = (await links('/movie/m1?channel=cinema')).json();
    const code = codeOf(made.whatsapp);
    const res = await follow(code);
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/movie/m1?channel=cinema');
    await follow(code);
    expect((await follow(code, 'other.test')).statusCode).toBe(404);
    expect((await follow('zzzzzzz')).statusCode).toBe(404);
    expect((await follow('NOT-A-CODE')).statusCode).toBe(400);

    const stats = (token?: string) =>
      t.h.app.inject({ method: 'GET', url: `/v2/sites/acme/short-links/${code}`, headers: bearer(token) });
    expect((await stats()).statusCode).toBe(401);
    const viewer = await t.accessTokenFor({ id: 'share-viewer', site: 'acme', email: 'v@acme.test' });
    expect((await stats(viewer)).statusCode).toBe(403);
    const admin = await t.accessTokenFor({
      id: 'share-admin',
      site: 'acme',
      email: 'a@acme.test',
      roles: ['admin'],
    });
    expect((await stats(admin)).json()).toEqual({
      code,
      path: '/movie/m1?channel=cinema',
      target: 'whatsapp',
      hits: 2,
    });
  });
});

describe('GET /s/{code}/{slug}', () => {
  const followUrl = (url: string, host = 'tv.acme.test') =>
    t.h.app.inject({ method: 'GET', url, headers: { host } });
  let code: string;
  beforeAll(async () => {
    code = codeOf((await links('/channel/news/v1?tag=m_1')).json().links.x);
  });

  it('404 for an unknown code or another site’s code, whatever the slug; 400 for what is no code', async () => {
    expect((await followUrl('/s/zzzzzzz/the-big-show')).statusCode).toBe(404);
    expect((await followUrl(`/s/${code}/the-big-show`, 'other.test')).statusCode).toBe(404);
    const bad = await followUrl('/s/NOT-A-CODE/the-big-show');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.field).toBe('code');
  });

  it('a weird tail is a 404 (or a 302 to the link’s own path), never a 5xx nor a redirect elsewhere', async () => {
    const tails = [
      'a%20b',
      'a.b',
      '%2F%2Fevil.test',
      '%5Cevil.test',
      'https%3A%2F%2Fevil.test',
      '%00',
      'caf%C3%A9',
      'x'.repeat(101),
      'x'.repeat(900),
      'the-big-show/extra',
      'the-big-show?next=https://evil.test',
      'the-big-show#x',
      '',
    ];
    for (const tail of tails) {
      const res = await followUrl(`/s/${code}/${tail}`);
      expect([302, 404], tail.slice(0, 40)).toContain(res.statusCode);
      if (res.statusCode === 302) expect(res.headers.location, tail).toBe('/channel/news/v1?tag=m_1');
    }
    // What is no readable slug is an unknown link.
    for (const tail of ['a%20b', 'a.b', '%2F%2Fevil.test', '%00', 'x'.repeat(101), 'caf%C3%A9'])
      expect((await followUrl(`/s/${code}/${tail}`)).statusCode, tail).toBe(404);
    // Dot segments are resolved before routing (/s/ has no code), a URL that does not decode is
    // refused by the router, and a tail past the router's parameter length (1000) is a 414, as on
    // every path: never a 5xx.
    for (const tail of ['..', '%2e%2e', '%', '%E0%A4%A'])
      expect((await followUrl(`/s/${code}/${tail}`)).statusCode, tail).toBe(400);
    expect((await followUrl(`/s/${code}/${'x'.repeat(5000)}`)).statusCode).toBe(414);
  });

  it('302 to the path on the same host whatever the readable slug (capitals too), counted like /s/{code}', async () => {
    const { links: made } = (await links('/gif/g_0123456789abcdef')).json();
    const gifCode = codeOf(made.facebook);
    for (const slug of ['breaking-news', 'Breaking_News', 'anything-else', 'x'.repeat(100)]) {
      const res = await followUrl(`/s/${gifCode}/${slug}`);
      expect(res.statusCode, slug).toBe(302);
      expect(res.headers.location).toBe('/gif/g_0123456789abcdef');
      expect(res.headers['cache-control']).toBe('no-store');
    }
    await followUrl(`/s/${gifCode}`);
    const row = await t.h.db
      .selectFrom('short_links')
      .select('hits')
      .where('code', '=', gifCode)
      .executeTakeFirstOrThrow();
    expect(row.hits).toBe(5);
  });
});

describe('link previews', () => {
  const sharing = () =>
    createSharingService({
      repo: createSharingRepository(t.h.db),
      roles: createRolesService(createRolesRepository(t.h.db)),
      video: (site, uid) =>
        t.h.app.inject({ method: 'GET', url: `/v2/sites/${site}/videos/${uid}` }).then((r) => {
          if (r.statusCode !== 200) throw new AppError(404, 'notFound', 'gone');
          return r.json();
        }),
      series: () => Promise.reject(new AppError(404, 'notFound', 'gone')),
      gif: () => Promise.reject(new AppError(404, 'notFound', 'gone')),
      now: () => t.clock.now,
    });

  it("a watch page previews the video's title and text; other or unknown pages preview nothing", async () => {
    expect(await sharing().preview('acme', '/channel/news/v1')).toMatchObject({
      title: 'The <Big> Show',
      description: 'All "quoted" & more',
      type: 'video.other',
    });
    expect(await sharing().preview('acme', '/channel/news/gone')).toBeNull();
    expect(await sharing().preview('acme', '/series/s-gone')).toBeNull();
    expect(await sharing().preview('acme', '/library')).toBeNull();
  });

  it('writes escaped Open Graph and Twitter card tags with absolute image URLs', () => {
    const tags = previewTags('https://tv.acme.test', 'Acme "TV"', '/channel/news/v1', {
      title: 'The <Big> Show',
      description: 'All "quoted" & more',
      image: '/media/thumbs/a/thumb-maxres.jpg',
      type: 'video.other',
    });
    expect(tags).toContain('<meta property="og:title" content="The &lt;Big&gt; Show" data-marquee-head />');
    expect(tags).toContain('content="All &quot;quoted&quot; &amp; more"');
    expect(tags).toContain(
      '<meta property="og:image" content="https://tv.acme.test/media/thumbs/a/thumb-maxres.jpg"',
    );
    expect(tags).toContain('<meta name="twitter:card" content="summary_large_image"');
    expect(tags).toContain('<meta property="og:url" content="https://tv.acme.test/channel/news/v1"');
    expect(previewTags('https://x', 'S', '/', null)).toBe('');
  });
});
