import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { DEMO_USERS } from '../apps/server/src/seed/demo-content';
import { expectPlaysPast, launchBrowser } from './browser';

// The web app's analytics (discovery-and-site §7; playback-and-social §4.8; decision 0021): page
// views on route changes, the watch time when the viewer leaves a video, and the video's 80 % and
// end events, read back through the summary as the demo site's admin. The e2e database outlives a
// run, so the summary's window starts when this test does.
const baseUrl = inject('baseUrl');
const lastVideo = '/channel/newsroom/demo-video-06'; // 40 s long

type Summary = {
  events: number;
  counts: Record<string, number>;
  videoEvents: Record<string, number>;
  watchSeconds: number;
};

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

async function adminToken(): Promise<string> {
  const { email, password } = DEMO_USERS.admin;
  const res = await fetch(`${baseUrl}/v2/me/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password, site: 'demo' }),
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { token: string }).token;
}

async function summary(token: string, from: string): Promise<Summary> {
  const res = await fetch(`${baseUrl}/v2/sites/demo/analytics/summary?from=${encodeURIComponent(from)}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(res.status).toBe(200);
  return (await res.json()) as Summary;
}

describe('analytics', () => {
  it('stores page views, watch time and the 80 % and end events of the demo site', async () => {
    const from = new Date(Date.now() - 1000).toISOString();
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });

    // Discover, then a card's watch page: two page views; leave after more than 5 s of playback.
    await page.goto(`${baseUrl}/`);
    await page.getByTestId('discover-row').first().waitFor();
    await page.getByTestId('video-card').first().click();
    await page.waitForURL(/\/channel\/[^/]+\/[^/]+$/);
    await expectPlaysPast(page, 7);
    await page.getByTestId('site-name').click(); // leaving the watch screen sends its watch time
    await page.getByTestId('discover-row').first().waitFor();

    // A full load (pagehide sends what is queued, with keepalive); this one plays to its end.
    await page.goto(`${baseUrl}${lastVideo}?t=30`);
    await page.waitForFunction(
      () => document.querySelector<HTMLVideoElement>('[data-testid="player"]')?.ended === true,
      undefined,
      { timeout: 30_000, polling: 250 },
    );
    await page.close({ runBeforeUnload: true });

    const token = await adminToken();
    await expect
      .poll(async () => (await summary(token, from)).counts.watch, { timeout: 15_000, interval: 500 })
      .toBeGreaterThanOrEqual(2);
    const s = await summary(token, from);
    expect(s.counts.page).toBeGreaterThanOrEqual(3); // '/', the watch page, '/' again (and the last video)
    expect(s.videoEvents.eightyPercent).toBeGreaterThanOrEqual(1);
    expect(s.videoEvents.end).toBeGreaterThanOrEqual(1);
    // 7 s and more of the first video, about 10 s of the last one.
    expect(s.watchSeconds).toBeGreaterThan(12);
  });

  it('counts a live channel view and its watch time on the web, and a TV viewing', async () => {
    const from = new Date(Date.now() - 1000).toISOString();
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.goto(`${baseUrl}/live-tv`);
    await expectPlaysPast(page, 7);
    await page.getByTestId('site-name').click(); // leaving the channel sends its seconds watched
    await page.getByTestId('discover-row').first().waitFor();

    // The TV app sends the same events through its own queue (Back leaves the player).
    await page.setViewportSize({ width: 1920, height: 1080 });
    await page.goto(`${baseUrl}/tvn/generic/play-video/newsroom/demo-video-06`);
    await expectPlaysPast(page, 7);
    await page.keyboard.press('Escape');
    await page.waitForURL((url) => !url.pathname.includes('/play-video/'));
    await page.close({ runBeforeUnload: true });

    const token = await adminToken();
    await expect
      .poll(async () => (await summary(token, from)).counts.watch, { timeout: 15_000, interval: 500 })
      .toBeGreaterThanOrEqual(1);
    const { counts } = await summary(token, from);
    expect({ liveChannel: counts.liveChannel, liveChannelWatch: counts.liveChannelWatch }).toEqual({
      liveChannel: 1,
      liveChannelWatch: 1,
    });
  });

  it('refuses the summary to anonymous viewers and to viewers who are not admins', async () => {
    const anonymous = await fetch(`${baseUrl}/v2/sites/demo/analytics/summary`);
    expect(anonymous.status).toBe(401);
    const { email, password } = DEMO_USERS.viewer;
    const login = await fetch(`${baseUrl}/v2/me/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password, site: 'demo' }),
    });
    const { token } = (await login.json()) as { token: string };
    const res = await fetch(`${baseUrl}/v2/sites/demo/analytics/summary`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.status).toBe(403);
  });
});
