import { LEFT_MENU_ITEM_TYPES, TabKind } from '@marquee/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/db/database';
import { demoAssetSpecs, ensureDemoSite, seedDemoCatalog } from '../../src/seed/demo-catalog';
import { newSiteRow } from '../../src/modules/sites/site-defaults';
import { assetRow } from '../fixtures';
import { createHarness, type Harness } from '../harness';

let h: Harness;

/** Fake media assets standing in for ensureDemoAssets (no ffmpeg in this test). */
async function seedDemo(db: Db) {
  await ensureDemoSite(db);
  const ids = new Map(demoAssetSpecs().map((s) => [s.key, `fake-${s.key}`]));
  await db
    .insertInto('media_assets')
    .values([...ids.values()].map((id) => assetRow('demo', id)))
    .execute();
  await seedDemoCatalog(db, ids);
}

beforeAll(async () => {
  h = await createHarness();
  await seedDemo(h.db);
  // A site without a structure row, and one whose stored menu and tip jar are malformed.
  await h.db.insertInto('sites').values(newSiteRow('bare', 'Bare')).execute();
  await h.db
    .insertInto('sites')
    .values(newSiteRow('broken', 'Broken', { tip_jar: '{"enabled": tru' }))
    .execute();
  await h.db
    .insertInto('site_structure')
    .values({
      site_uid: 'broken',
      menus: '{"left":[{"type":"teleport","label":"?"}]}',
      landing: 'not json',
      legacy: '{}',
      privacy_text: null,
    })
    .execute();
  await seedDirectorySite(h.db);
  // Sites with app links (decision 0065): one well formed, one that names a script instead of a store.
  const appsSite = async (uid: string, apps: object) => {
    await h.db.insertInto('sites').values(newSiteRow(uid, uid)).execute();
    await h.db
      .insertInto('site_structure')
      .values({
        site_uid: uid,
        menus: '{}',
        landing: JSON.stringify({ externalUrl: null, apps }),
        legacy: '{}',
        privacy_text: null,
      })
      .execute();
  };
  await appsSite('with-apps', { ios: 'https://apps.apple.com/app/id1', android: null });
  await appsSite('bad-apps', { ios: 'javascript:alert(1)', android: null });
});
afterAll(() => h.close());

describe('site structure: bad input', () => {
  it('404s the legal texts of an unknown site, naming it', async () => {
    const res = await h.app.inject('/v2/sites/nope/legal');
    expect(res.statusCode).toBe(404);
    expect(res.json().error.message).toBe("Site 'nope' not found");
  });
  it('400s a site uid that is too long, naming the field', async () => {
    const res = await h.app.inject(`/v2/sites/${'x'.repeat(65)}/legal`);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.field).toBe('site');
  });
  it('external-text: 400s an unknown type naming the field, 404s an unknown site', async () => {
    const bad = await h.app.inject('/v2/sites/demo/external-text/cookies');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.field).toBe('type');
    expect(bad.json().error.message).toContain('terms, privacy');
    const site = await h.app.inject('/v2/sites/nope/external-text/terms');
    expect(site.statusCode).toBe(404);
    expect(site.json().error.message).toBe("Site 'nope' not found");
  });
  it('400s a bad faq asset id and 404s a tab of another kind', async () => {
    expect((await h.app.inject('/api/assets/a%20b/faq?__site=demo')).json().error.field).toBe('id');
    const res = await h.app.inject('/api/assets/demo-about/faq?__site=demo');
    expect(res.statusCode).toBe(404);
    expect(res.json().error.message).toBe("Asset 'demo-about' not found");
  });
  it('falls back to empty menus and default landing when the stored ones are malformed (no 500)', async () => {
    const res = await h.app.inject('/v2/sites/broken/config');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      menus: { left: [], privacyChoices: [], social: {} },
      landing: { externalUrl: null },
      legacy: { seriesSlugs: {}, signupUrl: null },
    });
  });
  it("carries the site's app links, and none when a link is not an https store page (decision 0065)", async () => {
    const good = (await h.app.inject('/v2/sites/with-apps/config')).json();
    expect(good.landing).toEqual({
      externalUrl: null,
      apps: { ios: 'https://apps.apple.com/app/id1', android: null },
    });
    const bad = (await h.app.inject('/v2/sites/bad-apps/config')).json();
    expect(bad.landing.apps).toEqual({ ios: null, android: null });
    // Rows written before app links existed read as none.
    expect((await h.app.inject('/v2/sites/demo/config')).json().landing.apps).toEqual({
      ios: null,
      android: null,
    });
  });
  it('reads a malformed tip jar as the defaults of a site without one (no 500)', async () => {
    const res = await h.app.inject('/v2/sites/broken/tip-jar');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual((await h.app.inject('/v2/sites/bare/tip-jar')).json());
    expect(res.json()).toMatchObject({ enabled: false, defaultOption: 25 });
  });
});

describe('site structure', () => {
  it('a site without structure gets empty menus, in-app landing and no legacy slugs', async () => {
    const body = (await h.app.inject('/v2/sites/bare/config')).json();
    expect(body.menus).toEqual({ left: [], privacyChoices: [], social: {} });
    expect(body.landing).toEqual({ externalUrl: null, apps: { ios: null, android: null } });
    expect(body.legacy).toEqual({ seriesSlugs: {}, signupUrl: null });
  });

  it('the demo site has one tab of every kind, the default page first, and hides its disabled page', async () => {
    const body = (await h.app.inject('/v2/sites/demo/config')).json();
    const kinds = new Set(body.pages.flatMap((p: { tabs: { kind: string }[] }) => p.tabs.map((t) => t.kind)));
    expect([...kinds].sort()).toEqual([...TabKind.options].sort());
    expect(body.defaultPage).toBe('home');
    expect(body.pages.map((p: { url: string }) => p.url)).not.toContain('archive');
    expect(body.pages.find((p: { url: string }) => p.url === 'info').overlayToggle).toBe(true);
    expect(body.pages.find((p: { url: string }) => p.url === 'home').overlayToggle).toBe(false);
  });

  it('the demo left menu has every item type, privacy choices and the five social links', async () => {
    const { menus } = (await h.app.inject('/v2/sites/demo/config')).json();
    expect(menus.left.map((i: { type: string }) => i.type).sort()).toEqual([...LEFT_MENU_ITEM_TYPES].sort());
    expect(menus.left.find((i: { type: string }) => i.type === 'link').url).toContain('[USER_ID]');
    expect(menus.privacyChoices.length).toBeGreaterThan(0);
    expect(Object.keys(menus.social).sort()).toEqual([
      'facebook',
      'google-plus',
      'instagram',
      'twitter',
      'youtube',
    ]);
  });

  it('the demo legacy table maps show slugs to series, with an external signup site', async () => {
    const { legacy } = (await h.app.inject('/v2/sites/demo/config')).json();
    expect(legacy.seriesSlugs.orbit).toEqual({ seriesUid: 'demo-series-orbit', channelId: 'shows' });
    expect(legacy.signupUrl).toMatch(/^https:\/\//);
  });

  it('serves the terms and the privacy text of the legal page', async () => {
    const res = await h.app.inject('/v2/sites/demo/legal');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.terms).toContain('Marquee Demo terms of use');
    expect(body.privacy).toContain('privacy notice');
    expect(body.updatedAt).toBe('2026-01-01T00:00:00.000Z');
    expect((await h.app.inject('/v2/sites/bare/legal')).json()).toEqual({
      terms: '',
      privacy: '',
      updatedAt: null,
    });
  });

  it('serves each legal text by type at external-text/{type}, the same text /legal serves', async () => {
    const legal = (await h.app.inject('/v2/sites/demo/legal')).json();
    const terms = await h.app.inject('/v2/sites/demo/external-text/terms');
    expect(terms.statusCode).toBe(200);
    expect(terms.json()).toEqual({ type: 'terms', text: legal.terms, updatedAt: legal.updatedAt });
    const privacy = (await h.app.inject('/v2/sites/demo/external-text/privacy?__site=demo')).json();
    expect(privacy).toEqual({ type: 'privacy', text: legal.privacy, updatedAt: null });
    expect(privacy.text).toContain('privacy notice');
    expect((await h.app.inject('/v2/sites/bare/external-text/terms')).json()).toEqual({
      type: 'terms',
      text: '',
      updatedAt: null,
    });
  });

  it('serves the FAQ tab asset with its questions', async () => {
    const res = await h.app.inject('/api/assets/demo-faq-list/faq?__site=demo');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ kind: 'faq', pageUrl: 'help', url: 'questions' });
    expect(body.config.items.length).toBe(3);
  });

  it('serves the home tab asset naming the discover rows it shows', async () => {
    const body = (await h.app.inject('/api/assets/demo-home/home?__site=demo')).json();
    expect(body.config.discoverTabId).toBe('demo-discover');
  });

  it('a re-seed replaces the structure rather than duplicating it', async () => {
    const ids = new Map(demoAssetSpecs().map((s) => [s.key, `fake-${s.key}`]));
    await seedDemoCatalog(h.db, ids);
    const rows = await h.db.selectFrom('site_structure').where('site_uid', '=', 'demo').selectAll().execute();
    expect(rows).toHaveLength(1);
  });
});

/** A site with 65 channels in a directory tab. */
async function seedDirectorySite(db: Db) {
  await db.insertInto('sites').values(newSiteRow('dirs', 'Dirs')).execute();
  await db
    .insertInto('channels')
    .values(
      Array.from({ length: 65 }, (_, i) => ({
        site_uid: 'dirs',
        id: `ch-${String(i).padStart(2, '0')}`,
        name: `Channel ${i}`,
        type: 'videos',
        description: '',
        thumbnail: null,
        position: i,
      })),
    )
    .execute();
  await db
    .insertInto('pages')
    .values({ site_uid: 'dirs', url: 'home', title: 'Home', position: 0, enabled: 1, overlay_toggle: 0 })
    .execute();
  await db
    .insertInto('tabs')
    .values({
      site_uid: 'dirs',
      id: 'dir',
      page_url: 'home',
      url: 'channels',
      title: 'Channels',
      kind: 'directory',
      position: 0,
      config: '{}',
    })
    .execute();
}

describe('directory paging the web relies on (§2.8 "page size 20, initial 40")', () => {
  it('loads 40 first, then pages of 20 continue where it stopped, without overlap', async () => {
    const get = async (q: string) =>
      (await h.app.inject(`/v2/sites/dirs/assets/dir/directory?${q}`)).json() as {
        items: { id: string }[];
        total_items: number;
      };
    const first = await get('page=0&pageSize=40');
    expect(first.items).toHaveLength(40);
    expect(first.total_items).toBe(65);
    const second = await get('page=2&pageSize=20');
    expect(second.items.map((c) => c.id)).toEqual(Array.from({ length: 20 }, (_, i) => `ch-${40 + i}`));
    const third = await get('page=3&pageSize=20');
    expect(third.items.map((c) => c.id)).toEqual(Array.from({ length: 5 }, (_, i) => `ch-${60 + i}`));
    expect((await get('')).items).toHaveLength(20);
  });
});
