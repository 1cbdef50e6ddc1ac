import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { expectPlaysPast, launchBrowser } from './browser';
import { pageSignedInAs, signUpViewer } from './viewers';

// User.autoPlay (playback-and-social §3, §4.5 "If the user's autoPlay is false, go back"): a viewer
// turns it off in the profile, and the end of a video takes them back instead of playing the next.
const baseUrl = inject('baseUrl');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('autoplay setting', () => {
  it('turned off in the profile, the end of a video goes back', async () => {
    const viewer = await signUpViewer('autoplay');
    const page = await pageSignedInAs(browser, viewer);
    await page.goto(`${baseUrl}/profile-info`);
    const toggle = page.getByTestId('profile-info').getByTestId('autoplay-toggle');
    expect(await toggle.isChecked()).toBe(true);
    await toggle.click();
    await expect
      .poll(async () => (await toggle.isChecked()) === false && (await toggle.isEnabled()))
      .toBe(true);
    await page.reload();
    expect(await page.getByTestId('profile-info').getByTestId('autoplay-toggle').isChecked()).toBe(false);

    await page.goto(`${baseUrl}/channel/originals/demo-video-05?t=0`);
    // Once it plays, jump to 1.5 s before the end.
    await expectPlaysPast(page, 0.2);
    await page.getByTestId('player').evaluate((v: HTMLVideoElement) => {
      v.currentTime = Math.max(0, v.duration - 1.5);
    });
    // Back: opened directly, the watch page has no history in the app, so back is home.
    await expect.poll(() => page.url(), { timeout: 15_000 }).toBe(`${baseUrl}/`);
    await page.context().close();
  });
});
