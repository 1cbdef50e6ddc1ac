import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newSiteRow } from '../../src/modules/sites/site-defaults';
import { createHarness, type Harness } from '../harness';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
  await h.db
    .insertInto('sites')
    .values(
      newSiteRow('acme', 'Acme TV', {
        perms: JSON.stringify({ watchParty: false }),
        hosts: '["tv.acme.test"]',
      }),
    )
    .execute();
  await h.db
    .insertInto('pages')
    .values({ site_uid: 'acme', url: 'home', title: 'Home', position: 0, enabled: 1, overlay_toggle: 0 })
    .execute();
  await h.db
    .insertInto('tabs')
    .values({
      site_uid: 'acme',
      id: 'tab-discover',
      page_url: 'home',
      url: 'discover',
      title: 'Discover',
      kind: 'discover',
      position: 0,
      config: '{}',
    })
    .execute();
});
afterAll(() => h.close());

describe('GET /v2/sites/{site}/config', () => {
  it('404s for an unknown site, naming it', async () => {
    const res = await h.app.inject('/v2/sites/nope/config');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: { code: 'notFound', message: "Site 'nope' not found" } });
  });

  it('400s for a site uid that is too long, naming the field', async () => {
    const res = await h.app.inject(`/v2/sites/${'x'.repeat(65)}/config`);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.field).toBe('site');
  });

  it('returns branding, every flag with defaults, settings and pages', async () => {
    const res = await h.app.inject('/v2/sites/acme/config?__source=web');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.name).toBe('Acme TV');
    expect(body.perms.watchParty).toBe(false);
    expect(body.perms.watchList).toBe(true);
    expect(body.theme.colors.primary).toMatch(/^#/);
    expect(body.pages).toEqual([
      {
        url: 'home',
        title: 'Home',
        overlayToggle: false,
        tabs: [{ id: 'tab-discover', url: 'discover', title: 'Discover', kind: 'discover' }],
      },
    ]);
  });
});

describe('site resolution', () => {
  it('serves health and the OpenAPI document', async () => {
    expect((await h.app.inject('/healthz')).json()).toEqual({ status: 'ok' });
    const doc = (await h.app.inject('/api/docs/json')).json();
    expect(doc.paths['/v2/sites/{site}/config']).toBeDefined();
  });

  it('answers unknown routes with the error shape', async () => {
    const res = await h.app.inject('/v2/nothing-here');
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('notFound');
  });
});
