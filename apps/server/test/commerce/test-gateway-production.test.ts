import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app';
import { newSiteRow } from '../../src/modules/sites/site-defaults';
import { ALLOW_TEST_PAYMENTS_VALUE, checkTestPayments, loadConfig } from '../../src/plugins/config';
import { createHarness, type Harness } from '../harness';

// Decision 0036: a production server refuses to start while a site enables the test gateway,
// unless the operator sets ALLOW_TEST_PAYMENTS_IN_PRODUCTION to its one, loudly named value.
const production = { production: true, allowTestPaymentsInProduction: false };

describe('checkTestPayments (the start-up check)', () => {
  it('refuses production with the test gateway on, naming the sites and the variable', () => {
    expect(() => checkTestPayments(production, ['demo', 'classics'])).toThrow(
      /NODE_ENV is production.*demo, classics.*ALLOW_TEST_PAYMENTS_IN_PRODUCTION=yes-anyone-can-buy-for-free/,
    );
  });

  it('lets production start when no site enables it, or when the operator allowed it (with a warning)', () => {
    expect(checkTestPayments(production, [])).toBeUndefined();
    expect(checkTestPayments({ ...production, allowTestPaymentsInProduction: true }, ['demo'])).toMatch(
      /test payment gateway is on in production.*demo.*anyone can buy anything for free/,
    );
  });

  it('does not apply outside production', () => {
    expect(checkTestPayments({ production: false, allowTestPaymentsInProduction: false }, ['demo'])).toBe(
      undefined,
    );
  });
});

describe('the configuration', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'marquee-config-'));
  afterEach(() => rmSync(dataDir, { recursive: true, force: true }));
  const base = { DATA_DIR: dataDir, MEDIA_SECRET: 'x'.repeat(32), AUTH_SECRET: 'y'.repeat(32) };

  it('accepts only the one value of ALLOW_TEST_PAYMENTS_IN_PRODUCTION', () => {
    for (const value of ['yes', 'true', '1'])
      expect(() => loadConfig({ ...base, ALLOW_TEST_PAYMENTS_IN_PRODUCTION: value })).toThrow(
        /Invalid configuration: ALLOW_TEST_PAYMENTS_IN_PRODUCTION/,
      );
    const allowed = loadConfig({
      ...base,
      NODE_ENV: 'production',
      ALLOW_TEST_PAYMENTS_IN_PRODUCTION: ALLOW_TEST_PAYMENTS_VALUE,
    });
    expect(allowed).toMatchObject({ production: true, allowTestPaymentsInProduction: true });
    expect(loadConfig(base)).toMatchObject({ production: false, allowTestPaymentsInProduction: false });
  });
});

describe('a production server', () => {
  let h: Harness | undefined;
  /** A production harness, then a site `shop` enabling the test gateway. */
  async function productionWithTestShop() {
    const harness = await createHarness({ env: { NODE_ENV: 'production' } });
    await harness.db
      .insertInto('sites')
      .values(newSiteRow('shop', 'Shop', { payment_gateways: JSON.stringify(['test']) }))
      .execute();
    return harness;
  }
  afterEach(async () => {
    await h?.close();
    h = undefined;
  });

  it('refuses to build while a site enables the test gateway; builds when the operator allowed it', async () => {
    h = await productionWithTestShop();
    const clientsDir = join(h.config.dataDir, 'no-clients');
    await expect(buildApp({ config: h.config, db: h.db, logger: false, clientsDir })).rejects.toThrow(
      /site\(s\) shop enable the test payment gateway/,
    );
    const allowed = await buildApp({
      config: { ...h.config, allowTestPaymentsInProduction: true },
      db: h.db,
      logger: false,
      clientsDir,
    });
    expect((await allowed.inject({ url: '/api/payment/gateways?__site=shop' })).json().items).toEqual([
      { name: 'test', enabled: true, savesCards: true },
      { name: 'free', enabled: true, savesCards: false },
    ]);
    await allowed.close();
  });

  it('does not run the test gateway for a site that enables it after the start', async () => {
    h = await productionWithTestShop();
    const res = await h.app.inject({ url: '/api/payment/gateways?__site=shop' });
    expect(res.json().items).toEqual([{ name: 'free', enabled: true, savesCards: false }]);
  });
});
