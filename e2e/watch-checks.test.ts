import type { Browser, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser } from './browser';

// Playback-and-social §4.1: "Playing a video runs these checks in parallel: age gate, ad blocker,
// ads, favorite and playable url." The page's calls are held (then passed on to the real server):
// if any check waited for another's answer, its call would never start while the others are held.
const baseUrl = inject('baseUrl');
const UID = 'demo-video-20'; // minimum age 18 (the age gate asks an anonymous viewer)
const watchPath = `/channel/newsroom/${UID}?t=0`;

/** The calls of one check, by path (the demo site has ads and the ad-blocker gate on). */
const checks = {
  video: (p: string) => p === `/v2/sites/demo/videos/${UID}`,
  playUrl: (p: string) => p === `/v2/sites/demo/videos/${UID}/play-url`,
  favorite: (p: string) => p === `/v2/sites/demo/videos/${UID}/favorites-count`,
  adBlocker: (p: string) => p === '/ads/prebid-ads.js',
} as const;
type Check = keyof typeof checks;

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

describe('starting playback (§4.1)', () => {
  it('starts the video, play-url, favorite and ad-blocker calls before any answers; the age gate and the ad request need only the video', async () => {
    const page = await browser.newPage();
    // Open the site first, then go to the watch screen in the app (not a page load, whose boot
    // script asks for the video and play-url itself): the watch screen's own calls are what count.
    await page.goto(`${baseUrl}/`);
    await page.getByTestId('discover-row').first().waitFor();

    const held = new Map<Check, Route>();
    await page.route(
      (url) => Object.values(checks).some((is) => is(url.pathname)),
      (route) => {
        const path = new URL(route.request().url()).pathname;
        const check = (Object.keys(checks) as Check[]).find((c) => checks[c](path))!;
        if (held.has(check)) return route.continue(); // a repeat (StrictMode, a poll) goes through
        held.set(check, route);
      },
    );

    await page.evaluate((to) => {
      history.pushState(null, '', to);
      dispatchEvent(new PopStateEvent('popstate'));
    }, watchPath);
    // Every check's call is out while none has an answer (each is held until now). A check that
    // waited for another's answer would be missing here.
    await expect
      .poll(() => [...held.keys()].sort(), { timeout: 20_000 })
      .toEqual(['adBlocker', 'favorite', 'playUrl', 'video']);

    // Only the video answers: the age gate decides (anonymous, no birth date: it asks) and the
    // pre-roll's ad request goes out, while play-url, the favorite count and the bait still wait.
    const vast = page.waitForRequest(
      (r) => r.url().includes('/ads/vast?') && r.url().includes('position=pre'),
    );
    await held.get('video')!.continue();
    await page.getByRole('dialog', { name: 'Enter your birth date' }).waitFor();
    await vast;

    // The rest answer; the page settles with the real server's answers.
    for (const c of ['playUrl', 'favorite', 'adBlocker'] as const) await held.get(c)!.continue();
    await page.getByTestId('favorites-count').waitFor();
    await page.close();
  });
});
