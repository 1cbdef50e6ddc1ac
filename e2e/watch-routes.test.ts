import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { seriousA11yViolations } from './axe';
import { expectPlaysPast, launchBrowser, submitLogin } from './browser';

// playback-and-social §2.2 (routes, canonical URL, page title, oEmbed) and §4.1 (code 10 → login
// with the intent, back on the video after signing in). Decision 0028.
const baseUrl = inject('baseUrl');
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const canonicalOf = (page: Page) => page.locator('link[rel="canonical"]').getAttribute('href');

describe('watch routes', () => {
  it('a login-required video sends an anonymous viewer to login with the intent, and back to the video playing', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${baseUrl}/channel/originals/demo-members-01`);
    await page.waitForURL(/\/login\?/);
    const login = new URL(page.url());
    expect(Object.fromEntries(login.searchParams)).toEqual({
      odrc: 'watch',
      videoUid: 'demo-members-01',
      channel: 'originals',
    });
    await submitLogin(page);
    await page.waitForURL(`${baseUrl}/channel/originals/demo-members-01`);
    expect(await expectPlaysPast(page, 1)).toBeGreaterThan(1);
    await expect.poll(() => page.title()).toBe('Members Only: Behind the Scenes | Video Info | Marquee Demo');
    await context.close();
  });

  it('a dynamic route renders its title and canonical; the page and /oembed carry the oEmbed link', async () => {
    const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
    const video = await (await fetch(`${baseUrl}/v2/sites/demo/videos/demo-video-03`)).json();
    await page.goto(`${baseUrl}/popular/demo-video-03`);
    await page.getByTestId('watch-tabs').waitFor();
    await expect.poll(() => page.title()).toBe(`${video.title} | Video Info | Marquee Demo`);
    expect(await canonicalOf(page)).toBe(`${baseUrl}/watch/channel/popular/demo-video-03`);
    const oembedHref = await page
      .locator('link[rel="alternate"][type="application/json+oembed"]')
      .getAttribute('href');
    const oembed = await (await fetch(oembedHref!)).json();
    expect(oembed).toMatchObject({
      version: '1.0',
      type: 'video',
      title: video.title,
      provider_name: 'Marquee Demo',
    });
    expect(oembed.html).toContain(`src="${baseUrl}/popular/demo-video-03?embed=1"`);

    // Crawlers get both links in the served HTML.
    const html = await (await fetch(`${baseUrl}/popular/demo-video-03`)).text();
    expect(html).toContain(`<link rel="canonical" href="${baseUrl}/watch/channel/popular/demo-video-03"`);
    expect(html).toContain('type="application/json+oembed"');

    // A tab's label joins the title.
    await page.getByTestId('watch-tab-share').click();
    await expect.poll(() => page.title()).toBe(`${video.title} | Share | Marquee Demo`);
    await page.close();
  });

  it('an episode route (and its canonical /watch form) renders the episode and series titles and canonical', async () => {
    const page = await browser.newPage();
    const path = '/channel/shows/series/demo-series-orbit/episode/demo-series-orbit-s1e2';
    await page.goto(`${baseUrl}/watch${path}`);
    await page.getByTestId('watch-tabs').waitFor();
    await expect.poll(() => page.title()).toBe('Solar Wind | Orbit Station | Video Info | Marquee Demo');
    expect(await canonicalOf(page)).toBe(`${baseUrl}/watch${path}`);
    // The Queue tab lists the series by season, the current episode marked.
    await page.getByTestId('watch-tab-queue').click();
    await page.locator('[aria-current="true"], [aria-current="page"]').first().waitFor();
    const state = await page.evaluate(() => sessionStorage.getItem('marquee.watchState'));
    expect(JSON.parse(state!)).toMatchObject({
      id: 'series',
      type: 'channel-series',
      channelId: 'shows',
      seriesUid: 'demo-series-orbit',
      videoUid: 'demo-series-orbit-s1e2',
    });
    await page.close();
  });

  it("the Share tab copies the link with the 'Link copied' toast", async () => {
    // Wide enough for the five tabs (Video Info, Comments, Gifs, Queue, Share) without More.
    const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl });
    const page = await context.newPage();
    await page.goto(`${baseUrl}/channel/originals/demo-video-01`);
    await page.getByTestId('watch-tab-share').click();
    await expect
      .poll(() => page.getByTestId('share-link').inputValue())
      .toBe(`${baseUrl}/channel/originals/demo-video-01`);
    await page.getByTestId('share-copy-link').click();
    await page.getByText('Link copied', { exact: true }).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
      `${baseUrl}/channel/originals/demo-video-01`,
    );
    await context.close();
  });

  it('the tab bar fits the width: on a phone one tab shows and the rest are in More; no serious axe violation in it', async () => {
    const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
    await page.goto(`${baseUrl}/channel/shows/series/demo-series-orbit/episode/demo-series-orbit-s1e1`);
    await page.getByTestId('watch-tabs').waitFor();
    expect(await page.getByRole('tab').count()).toBe(1);
    await page.getByTestId('watch-tab-more').click();
    await page.getByTestId('watch-tab-share').click();
    await page.getByTestId('share-panel').waitFor();
    await expect.poll(() => page.title()).toBe('Docking | Orbit Station | Share | Marquee Demo');
    await page.getByTestId('watch-tab-more').click();
    const mine = (await seriousA11yViolations(page)).filter((v) =>
      /watch-tabs|share-panel|video-info|watch-notice/.test(v),
    );
    expect(mine).toEqual([]);
    await page.close();
  });

  it('a playlist route plays its item in the playlist variant', async () => {
    const page = await browser.newPage();
    await page.goto(`${baseUrl}/playlist/demo-playlist-missing/demo-video-01`);
    // A playlist route plays the item (the playlist supplies the queue).
    await page.getByTestId('watch').waitFor();
    expect(await page.getByTestId('watch').getAttribute('data-video-uid')).toBe('demo-video-01');
    await page.close();
  });
});
