import type { Browser, Response } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { expectPlaysPast, launchBrowser, withoutNativeHls } from './browser';

const baseUrl = inject('baseUrl');
const HOUR = 3_600_000;
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

describe('web app', () => {
  it('shows the discover rows with thumbnails, opens a card and plays the video past 2 s', async () => {
    const page = await browser.newPage();
    await page.goto(`${baseUrl}/`);
    await page.getByTestId('discover-row').first().waitFor();
    const card = page.getByTestId('video-card').first();
    await card.waitFor();
    const thumbLoaded = await card
      .locator('img')
      .first()
      .evaluate((img: HTMLImageElement) =>
        img.complete
          ? img.naturalWidth > 0
          : new Promise<boolean>((r) => (img.onload = () => r(img.naturalWidth > 0))),
      );
    expect(thumbLoaded).toBe(true);
    await card.click();
    await page.waitForURL(/\/channel\/[^/]+\/[^/]+$/);
    expect(await expectPlaysPast(page, 2)).toBeGreaterThan(2);
  });

  it('plays through hls.js where the browser has no native HLS', async () => {
    const page = await browser.newPage();
    await withoutNativeHls(page);
    await page.goto(`${baseUrl}/`);
    await page.getByTestId('video-card').first().click();
    expect(await expectPlaysPast(page, 2)).toBeGreaterThan(2);
    expect(await page.locator('.mq-player').getAttribute('data-engine')).toBe('hls.js');
  });

  it('applies the site theme', async () => {
    const page = await browser.newPage();
    await page.goto(`${baseUrl}/`);
    await page.getByTestId('discover-row').first().waitFor();
    const config = await (await fetch(`${baseUrl}/v2/sites/demo/config`)).json();
    const primary = await page.evaluate(() =>
      getComputedStyle(document.documentElement).getPropertyValue('--mq-primary').trim(),
    );
    expect(primary.toLowerCase()).toBe(config.theme.colors.primary.toLowerCase());
  });
  it('shows the exit hint 15 s before the end, 0.9 of the length for a short video (§4.8)', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    // 40 s long: the hint at 36 s. (?t= is honoured only with more than 15 s left.)
    await page.goto(`${baseUrl}/channel/newsroom/demo-video-06?t=22`);
    expect(await expectPlaysPast(page, 1)).toBeGreaterThan(22);
    expect(await page.getByTestId('exit-message').count()).toBe(0);
    const hint = page.getByTestId('exit-message');
    await hint.waitFor({ timeout: 25_000 });
    expect(await hint.textContent()).toBe('Press Esc to exit');
    const at = await page.getByTestId('player').evaluate((v: HTMLVideoElement) => v.currentTime);
    expect(at).toBeGreaterThanOrEqual(36);
    await page.close();
  });
});

describe('a device whose clock is an hour ahead of the server', () => {
  it("renews the signed URL before it expires on the server's clock (decision 0037)", async () => {
    const page = await browser.newPage();
    // The page's clock (Date, timers) starts an hour ahead and runs from there; fastForward jumps it.
    await page.clock.install({ time: Date.now() + HOUR });
    const playUrls: Response[] = [];
    page.on('response', (r) => {
      if (r.url().includes('/videos/demo-video-06/play-url')) playUrls.push(r);
    });
    await page.goto(`${baseUrl}/channel/newsroom/demo-video-06`);
    await expectPlaysPast(page, 1);
    // The watch page may ask play-url more than once as it mounts; renewal is one more ask later.
    const atStart = playUrls.length;
    // The token's life on the server's clock (PLAY_URL_TTL_SECONDS): its expiry less the answer's Date.
    const first = playUrls[0]!;
    const { expiresAt } = (await first.json()) as { expiresAt: string };
    const life = Date.parse(expiresAt) - Date.parse((await first.allHeaders()).date!);

    // The renewal is due a minute before expiry: not yet 90 s before it…
    await page.clock.fastForward(life - 90_000);
    await new Promise((r) => setTimeout(r, 1_000));
    expect(playUrls).toHaveLength(atStart);
    // …and done by 30 s before it (a device-clock renewal would have seen the token expired from the start).
    await page.clock.fastForward(60_000);
    await expect.poll(() => playUrls.length, { timeout: 10_000 }).toBe(atStart + 1);
    await page.close();
  });
});
