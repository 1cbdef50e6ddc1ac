import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser } from './browser';
import { setSiteBanners } from './site-settings';

// Ad banners between the rows (discovery-and-site §2.2, §7; decision 0063): Northwind Classics has
// the adBanners flag and its house ad server; our server asks the ad server for the viewer, with
// the placement key, a cache-buster, the viewer's IP and user agent and the slot's size.
const baseUrl = inject('baseUrl');
const classics = `http://classics.localhost:${new URL(baseUrl).port}`;

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

describe('ad banners', () => {
  it("Northwind Classics shows its house banner between the rows, at the ad config's size", async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.goto(`${classics}/`);
    const frame = page.getByTestId('ad-slot').first().getByTestId('ad-banner');
    await frame.waitFor();
    expect(await frame.getAttribute('width')).toBe('728');
    expect(await frame.getAttribute('height')).toBe('90');
    expect(await frame.getAttribute('sandbox')).not.toContain('allow-same-origin');
    const ad = frame.contentFrame().getByRole('link');
    await ad.waitFor();
    expect(await ad.textContent()).toContain('Northwind Classics Premium');
    // Marquee Demo has no adBanners flag: no slot.
    const demo = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await demo.goto(`${baseUrl}/`);
    await demo.getByTestId('discover-row').first().waitFor();
    expect(await demo.getByTestId('ad-slot').count()).toBe(0);
    await page.close();
    await demo.close();
  });

  describe('a third-party ad server', () => {
    let server: Server;
    let restore: () => void = () => {};
    const asked: { query: URLSearchParams; userAgent?: string }[] = [];
    beforeAll(async () => {
      server = createServer((req, res) => {
        const url = new URL(req.url ?? '/', 'http://ads.local');
        asked.push({ query: url.searchParams, userAgent: req.headers['user-agent'] });
        res.writeHead(200, { 'content-type': 'text/html' }).end('<p>Partner ad</p>');
      });
      await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
      const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      restore = setSiteBanners('classics', {
        url: `${origin}/b?key=[PLACEMENT]&cb=[CACHEBUSTING]&ip=[IP]&ua=[UA]&sz=[WIDTH]x[HEIGHT]`,
        size: { width: 300, height: 250 },
      });
    });
    afterAll(async () => {
      restore();
      await new Promise((r) => server.close(r));
    });

    it("is asked with the viewer's IP and user agent, and its markup fills the slot", async () => {
      const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
      const userAgent = await page.evaluate(() => navigator.userAgent);
      // The server reads site settings through a short cache: load until the page shows the partner's ad.
      const ad = page.getByTestId('ad-banner').first().contentFrame().getByText('Partner ad');
      await expect
        .poll(
          async () => {
            await page.goto(`${classics}/`);
            await page.getByTestId('ad-banner').first().waitFor();
            return ad.isVisible();
          },
          { timeout: 30_000, interval: 500 },
        )
        .toBe(true);
      const last = asked.at(-1)!;
      expect(last.userAgent).toBe(userAgent);
      expect(last.query.get('ua')).toBe(userAgent);
      expect(last.query.get('ip')).toBe('127.0.0.1');
      expect(last.query.get('key')).toBe('classics-rows');
      expect(last.query.get('sz')).toBe('300x250');
      expect(last.query.get('cb')).toMatch(/^\d+$/);
      expect(await page.getByTestId('ad-banner').first().getAttribute('width')).toBe('300');
      await page.close();
    });
  });
});
