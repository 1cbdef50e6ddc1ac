import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { seriousA11yViolations } from './axe';
import { storedShareEvents } from './analytics-store';
import { launchBrowser } from './browser';
import { callApi, pageSignedInAs, signUpViewer } from './viewers';

// Moments (discovery-and-site §5, §8, §9; decision 0048): a viewer adds a comment at a typed
// h:m:s time from the Comments tab, sees it in the list and as a marker on the player, seeks to it
// from the list, shares it, and the shared link (a ?tag= link) opens the video at the moment.
const baseUrl = inject('baseUrl');
const VIDEO = 'demo-video-03';
const CHANNEL = 'originals';
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const playerTime = (page: Page) =>
  page.getByTestId('player').evaluate((v: HTMLVideoElement) => v.currentTime);

describe('moments', () => {
  it("an anonymous viewer reads the spec's login message in the Comments tab", async () => {
    const page = await (await browser.newContext({ viewport: { width: 1400, height: 900 } })).newPage();
    await page.goto(`${baseUrl}/channel/${CHANNEL}/${VIDEO}`);
    await page.getByTestId('watch-tab-comments').click();
    const login = page.getByTestId('watch-panel-comments').getByTestId('moment-login');
    expect(await login.textContent()).toContain('You must be logged in to add comment');
    await page.context().close();
  });

  it('adds a moment at a typed time, seeks to it from the list, shares it, and the shared ?tag= link opens it', async () => {
    const viewer = await signUpViewer('moments');
    const page = await pageSignedInAs(browser, viewer);
    await page.setViewportSize({ width: 1400, height: 900 });
    await page.goto(`${baseUrl}/channel/${CHANNEL}/${VIDEO}`);
    await page.getByTestId('watch-tab-comments').click();
    const panel = page.getByTestId('watch-panel-comments');
    const form = panel.getByTestId('moment-form');
    await form.getByTestId('moment-time').fill('abc');
    expect(await form.getByTestId('moment-submit').isDisabled()).toBe(true);
    await form.getByTestId('moment-time').fill('0:08');
    const tag = `Look here ${Date.now()}`;
    await form.getByTestId('moment-tag').fill(tag);
    await form.getByTestId('moment-submit').click();
    await page.getByText('Comment successfully added at 0:08').waitFor();
    await panel.getByText(tag).waitFor();
    await page.getByTestId('moment-markers').getByTestId('moment-marker').first().waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);

    await panel.getByRole('button', { name: 'Go to 0:08' }).click();
    await expect.poll(() => playerTime(page), { timeout: 15_000 }).toBeGreaterThanOrEqual(8);
    expect(await playerTime(page)).toBeLessThan(12);

    const list = await callApi<{ items: { _id: string; tag: string }[] }>(
      null,
      'GET',
      `/v2/sites/demo/videos/${VIDEO}/moments`,
    );
    const id = list.body.items.find((m) => m.tag === tag)!._id;
    // Share the moment (decision 0049): its panel's link is the watch page at the moment (?tag=), and
    // a network's short link reads as the title and, followed, opens the video there.
    const moment = panel.getByTestId('moment').filter({ hasText: tag });
    await moment.getByTestId('moment-share').click();
    const share = moment.getByTestId('share-panel');
    const tagged = `${baseUrl}/channel/${CHANNEL}/${VIDEO}?tag=${id}`;
    expect(await share.getByTestId('share-link').inputValue()).toBe(tagged);
    const x = share.getByTestId('share-x');
    const viaX = async () =>
      new URL((await x.getAttribute('href')) ?? 'about:blank').searchParams.get('url') ?? '';
    await expect.poll(viaX).toMatch(new RegExp(`^${baseUrl}/s/[a-z0-9]{7}/[a-z0-9_-]*look-here-\\d+$`));
    // Sharing it to X is a share event of type moment (discovery-and-site §7); the share window is not needed.
    const since = new Date().toISOString();
    page.on('popup', (popup) => void popup.close());
    await x.click();
    await page.goto(await viaX()); // leaving sends the page's queued analytics
    await expect
      .poll(() => storedShareEvents(since), { timeout: 15_000, interval: 250 })
      .toEqual([{ platform: 'x', type: 'moment', contentId: id, videoUid: VIDEO, channelId: CHANNEL }]);
    await page.waitForURL(tagged);
    await page.getByTestId('watch-panel-comments').getByText(tag).waitFor();
    await expect.poll(() => playerTime(page), { timeout: 15_000 }).toBeGreaterThanOrEqual(8);
    await page.context().close();
  }, 120_000);
});
