import { join } from 'node:path';
import Database from 'better-sqlite3';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser } from './browser';
import { setSiteApps } from './site-settings';
import { e2eDataDir } from './viewers';

// The smart app banner (discovery-and-site §7 analytics smartBanner {type}; decision 0065): on a
// phone with an app for it, the site offers the app; each showing and the close are analytics.
const baseUrl = inject('baseUrl');
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';
const APP_STORE = 'https://apps.apple.com/app/marquee-demo/id1000000001';

let browser: Browser;
let restore: () => void = () => {};
beforeAll(async () => {
  browser = await launchBrowser();
  restore = setSiteApps('demo', { ios: APP_STORE, android: null });
});
afterAll(async () => {
  restore();
  await browser?.close();
});

/** The demo's smartBanner events since `since` (ISO), as their types. */
function bannerEvents(since: string): string[] {
  const db = new Database(join(e2eDataDir, 'marquee.sqlite'), { readonly: true });
  try {
    const rows = db
      .prepare(
        "SELECT type FROM analytics_events WHERE site_uid = 'demo' AND kind = 'smartBanner' AND received_at >= ? ORDER BY id",
      )
      .all(since) as { type: string }[];
    return rows.map((r) => r.type);
  } finally {
    db.close();
  }
}

describe('smart app banner', () => {
  it('an iPhone is offered the app, the showing and the close are counted, and closed it stays closed', async () => {
    const since = new Date().toISOString();
    const context = await browser.newContext({ userAgent: IPHONE, viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    // The server reads site settings through a short cache: load until the page has the link.
    const banner = page.getByTestId('smart-banner');
    await expect
      .poll(
        async () => {
          await page.goto(`${baseUrl}/`);
          await page.getByTestId('discover').waitFor();
          return banner.count();
        },
        { timeout: 30_000, interval: 500 },
      )
      .toBe(1);
    expect(await banner.getByTestId('smart-banner-open').getAttribute('href')).toBe(APP_STORE);
    expect(await banner.getAttribute('aria-label')).toBe('Watch Marquee Demo in the app');
    await expect.poll(() => bannerEvents(since), { timeout: 15_000, interval: 250 }).toContain('view');

    await banner.getByTestId('smart-banner-close').click();
    await banner.waitFor({ state: 'detached' });
    await expect.poll(() => bannerEvents(since), { timeout: 15_000, interval: 250 }).toContain('close');
    await page.reload();
    await page.getByTestId('discover').waitFor();
    expect(await banner.count()).toBe(0);
    await context.close();

    // A desktop browser is never offered the app.
    const desktop = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await desktop.goto(`${baseUrl}/`);
    await desktop.getByTestId('discover').waitFor();
    expect(await desktop.getByTestId('smart-banner').count()).toBe(0);
    await desktop.close();
  });
});
