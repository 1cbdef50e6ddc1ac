import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { adPlaysPast, expectPlaysPast, launchBrowser } from './browser';

// Video ads on the TV (decision 0075): Marquee Demo's ad-supported video plays the site's VAST
// pre-roll (its generated creative: 5 s, skippable after 3 s) before the content, with the same
// rules as the web (e2e/ads.test.ts). Keys only, at 1920×1080.
const baseUrl = inject('baseUrl');
const adVideo = '/tvn/generic/play-video/originals/demo-video-19';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

/** Whether the content's <video> has a source yet (it has none while the pre-roll holds it). */
const contentSource = (page: Page) =>
  page.getByTestId('player').evaluate((v: HTMLVideoElement) => v.currentSrc || v.getAttribute('src') || '');

describe('TV video ads', () => {
  it('plays the pre-roll with its label and countdown first, then the content by itself', async () => {
    const page = await browser.newPage({ viewport: { width: 1920, height: 1080 } });
    const vast: string[] = [];
    page.on('request', (req) => {
      if (req.url().includes('/ads/vast?')) vast.push(req.url());
    });
    await page.goto(`${baseUrl}${adVideo}`);
    await adPlaysPast(page, 0.5);
    const ad = page.getByTestId('tv-ad');
    await expect.poll(() => ad.locator('.tv-badge').textContent()).toBe('Ad');
    await expect.poll(() => ad.getByTestId('ad-countdown').textContent()).toMatch(/^\d+ seconds?$/);
    // The content waits behind the ad.
    expect(await contentSource(page)).toBe('');
    // The ad ends by itself, then the content plays.
    expect(await expectPlaysPast(page, 2, 30_000)).toBeGreaterThan(2);
    await page.getByTestId('tv-ad').waitFor({ state: 'detached' });
    // The ad tag's macros were filled, the payload's included (none left raw).
    expect(vast.some((u) => u.includes('position=pre'))).toBe(true);
    expect(vast.every((u) => !/%5B[A-Z_]+%5D|\[[A-Z_]+\]/.test(u))).toBe(true);
    await page.close();
  });

  it('offers Skip once the VAST allows it, and Enter on the remote skips to the content', async () => {
    const page = await browser.newPage({ viewport: { width: 1920, height: 1080 } });
    await page.goto(`${baseUrl}${adVideo}`);
    await adPlaysPast(page, 0.2);
    const ad = page.getByTestId('tv-ad');
    // Before the skip offset: a countdown, and Enter does not skip (the ad goes on to offer Skip).
    await expect.poll(() => ad.getByTestId('ad-skip-countdown').textContent()).toMatch(/^Skip in \d/);
    await page.keyboard.press('Enter');
    const skip = ad.getByTestId('ad-skip');
    await skip.waitFor({ timeout: 10_000 });
    expect(await skip.getAttribute('class')).toContain('is-focused');
    const adAt = await page.getByTestId('ad-player').evaluate((v: HTMLVideoElement) => v.currentTime);
    await page.keyboard.press('Enter');
    await ad.waitFor({ state: 'detached', timeout: 10_000 });
    expect(adAt).toBeLessThan(4.9);
    expect(await expectPlaysPast(page, 1, 30_000)).toBeGreaterThan(1);
    await page.close();
  });
});
