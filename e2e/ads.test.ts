import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { DEMO_USERS } from '../apps/server/src/seed/demo-content';
import { adPlaysPast, expectPlaysPast, launchBrowser } from './browser';

// Video ads (playback-and-social §4.1, §4.3, §4.4; decision 0026). Marquee Demo runs our own VAST
// with one generated creative (5 s, skippable after 3 s) as a pre-roll and a mid-roll at 10 s on
// its ad-supported video; its other videos are without ads, and Northwind Classics has ads off.
const baseUrl = inject('baseUrl');
const classics = baseUrl.replace('127.0.0.1', 'classics.localhost');
const adVideo = '/channel/originals/demo-video-19';
const adFreeVideo = '/channel/originals/demo-video-01';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

async function videoEvents(from: string): Promise<Record<string, number>> {
  const { email, password } = DEMO_USERS.admin;
  const login = await fetch(`${baseUrl}/v2/me/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password, site: 'demo' }),
  });
  const { token } = (await login.json()) as { token: string };
  const res = await fetch(`${baseUrl}/v2/sites/demo/analytics/summary?from=${encodeURIComponent(from)}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  return ((await res.json()) as { videoEvents: Record<string, number> }).videoEvents;
}

/** Records the page's requests to our ad endpoints. */
function adRequests(page: Page) {
  const urls: string[] = [];
  page.on('request', (req) => {
    if (/\/ads\//.test(new URL(req.url()).pathname)) urls.push(req.url());
  });
  return urls;
}

describe('video ads', () => {
  it('plays the VAST pre-roll (impression in analytics, hybrid banner), then the content', async () => {
    const from = new Date(Date.now() - 1000).toISOString();
    const page = await browser.newPage();
    const requests = adRequests(page);
    await page.goto(`${baseUrl}${adVideo}?t=0`);
    await adPlaysPast(page, 0.5);
    // The content waits for the pre-roll; the ad-active flag is up and the hybrid banner shows.
    expect(await page.getByTestId('player').count()).toBe(0);
    expect(await page.getByTestId('ad-break').getAttribute('data-ad-active')).toBe('true');
    await page.getByTestId('hybrid-paywall-banner').waitFor();
    expect(await page.getByTestId('hybrid-paywall-banner').locator('a').getAttribute('href')).toBe(
      '/subscribe',
    );

    // The ad ends by itself, then the content plays.
    expect(await expectPlaysPast(page, 3, 30_000)).toBeGreaterThan(3);
    expect(await page.getByTestId('ad-player').count()).toBe(0);

    // The tracker's pixels reached our analytics (written by its batch within a second or so).
    await expect
      .poll(async () => (await videoEvents(from)).adComplete ?? 0, { timeout: 15_000, interval: 500 })
      .toBeGreaterThanOrEqual(1);
    const events = await videoEvents(from);
    expect(events.adImpression).toBeGreaterThanOrEqual(1);
    expect(events.adLoad).toBeGreaterThanOrEqual(1);
    expect(events.adStart).toBeGreaterThanOrEqual(1);
    expect(events.adComplete).toBeGreaterThanOrEqual(1);
    expect(requests.some((u) => u.includes('/ads/vast?') && u.includes('position=pre'))).toBe(true);
    await page.close();
  });

  it('offers Skip after 3 s, then plays a mid-roll at 10 s and resumes the content', async () => {
    const page = await browser.newPage();
    await page.goto(`${baseUrl}${adVideo}?t=7`);
    await adPlaysPast(page, 0.2);
    await page.getByTestId('ad-skip-countdown').waitFor();
    await page.getByTestId('ad-skip').click({ timeout: 10_000 });
    // Content from 7 s; at 10 s it pauses for the mid-roll.
    await page.getByTestId('player').waitFor();
    await adPlaysPast(page, 0.5);
    const paused = await page
      .getByTestId('player')
      .evaluate((v: HTMLVideoElement) => ({ paused: v.paused, t: v.currentTime }));
    expect(paused.paused).toBe(true);
    expect(paused.t).toBeGreaterThanOrEqual(9.5);
    await page.getByTestId('ad-skip').click({ timeout: 10_000 });
    await page.waitForFunction(
      () => {
        const v = document.querySelector<HTMLVideoElement>('[data-testid="player"]');
        return !!v && !v.paused && v.currentTime > 11.5;
      },
      undefined,
      { timeout: 20_000, polling: 100 },
    );
    await page.close();
  });

  it('a video without ads goes straight to the content', async () => {
    const page = await browser.newPage();
    await page.goto(`${baseUrl}${adFreeVideo}?t=0`);
    expect(await expectPlaysPast(page, 2)).toBeGreaterThan(2);
    expect(await page.getByTestId('ad-player').count()).toBe(0);
    await page.close();
  });

  it('a site with ads off makes no ad request at all', async () => {
    const page = await browser.newPage();
    const requests = adRequests(page);
    await page.goto(`${classics}/channel/cinema/demo-movie-last-train?t=0`);
    expect(await expectPlaysPast(page, 2)).toBeGreaterThan(2);
    expect(await page.getByTestId('ad-player').count()).toBe(0);
    expect(requests).toEqual([]);
    await page.close();
  });
});

describe('ad-blocker gate', () => {
  it("shows 'Ad Blocker Detected' while the bait is blocked and reloads once it loads", async () => {
    const page = await browser.newPage();
    const block = (route: { abort: () => Promise<void> }) => route.abort();
    await page.route('**/ads/prebid-ads.js*', block);
    await page.goto(`${baseUrl}${adVideo}?t=0`);
    const modal = page.getByTestId('ad-blocker-modal');
    await modal.waitFor();
    expect(await modal.getByRole('heading').textContent()).toBe('Ad Blocker Detected');
    expect(await page.getByTestId('player').count()).toBe(0);
    expect(await page.getByTestId('ad-player').count()).toBe(0);

    // Still blocked after a few polls: no reload.
    await page.waitForTimeout(2_500);
    expect(await modal.isVisible()).toBe(true);

    // The viewer turns the blocker off: the next poll (every second) reloads the page.
    const reloaded = page.waitForEvent('load', { timeout: 10_000 });
    await page.unroute('**/ads/prebid-ads.js*', block);
    await reloaded;
    await adPlaysPast(page, 0.2);
    expect(await page.getByTestId('ad-blocker-modal').count()).toBe(0);
    await page.close();
  });
});
