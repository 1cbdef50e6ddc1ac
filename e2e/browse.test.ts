import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { callWithPageToken, launchBrowser, signInOnWeb } from './browser';

const baseUrl = inject('baseUrl');
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

/**
 * "Show more" without scrolling to it: a scroll that brings the end of the rows near already adds
 * rows, so a real click would race those. Waits for 3 more rows.
 */
async function showMore(page: Page) {
  const before = await rowsShown(page);
  await page.getByTestId('discover-more').evaluate((b: HTMLButtonElement) => b.click());
  await page.waitForFunction(
    (n) => Number(document.querySelector('[data-testid="discover"]')?.getAttribute('data-rows-shown')) >= n,
    before + 3,
  );
}

const rowsShown = (page: Page) =>
  page.getByTestId('discover').evaluate((el) => Number(el.getAttribute('data-rows-shown')));

for (const viewport of [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
]) {
  describe(`browsing at ${viewport.width}×${viewport.height}`, () => {
    it('shows 3 rows, adds 3 more on scroll and on the button, and opens a channel', async () => {
      const page = await browser.newPage({ viewport });
      await page.goto(`${baseUrl}/`);
      await page.getByTestId('featured').waitFor();
      expect(await rowsShown(page)).toBe(3);
      // Featured carousel + 2 thumb rows; per-user rows stay hidden for an anonymous viewer.
      expect(await page.getByTestId('discover-row').count()).toBe(2);
      expect(await page.locator('[data-row-type="watchList"]').count()).toBe(0);

      // Thumb row queue: 15 cards first; scrolling past 70% of the width extends the limit.
      const firstRow = page.getByTestId('discover-row').first();
      expect(await firstRow.getAttribute('data-queue-limit')).toBe('15');
      expect(await firstRow.getByTestId('video-card').count()).toBe(15);
      const items = firstRow.locator('.row__items');
      await firstRow.getByRole('button', { name: /right$/ }).click();
      await expect.poll(() => items.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0);
      await items.evaluate((el) => (el.scrollLeft = el.scrollWidth));
      await expect.poll(() => firstRow.getByTestId('video-card').count()).toBeGreaterThan(15);
      // The carousel is keyboard reachable: Pause, then Next shows the second slide.
      await page.getByTestId('carousel-pause').focus();
      await page.keyboard.press('Enter');
      expect(await page.getByTestId('carousel-pause').getAttribute('aria-pressed')).toBe('true');
      await page.keyboard.press('ArrowRight');
      await page.locator('[data-testid="featured-slide"]:not([hidden])').nth(0).waitFor();
      expect(await page.locator('[data-testid="featured-slide"]').nth(1).isVisible()).toBe(true);
      // The rows scroll inside themselves: the page never gets wider than the screen.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        viewport.width,
      );

      await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
      await page.waitForFunction(
        () => document.querySelector('[data-testid="discover"]')?.getAttribute('data-rows-shown') === '6',
      );
      await showMore(page);

      // Every image has its size set (no layout shift).
      const unsized = await page
        .locator('[data-testid="video-card"] img')
        .evaluateAll(
          (imgs) => imgs.filter((i) => !i.getAttribute('width') || !i.getAttribute('height')).length,
        );
      expect(unsized).toBe(0);

      await page.locator('[data-row-type="channel"]').first().getByTestId('row-more').click();
      await page.waitForURL(/\/channels\/details\/originals$/);
      await page.getByTestId('channel-grid').waitFor();
      expect(await page.getByTestId('video-card').count()).toBeGreaterThan(0);
      await page.close();
    });

    it('opens a series, switches seasons and follows an episode watch link', async () => {
      const page = await browser.newPage({ viewport });
      await page.goto(`${baseUrl}/`);
      await page.getByTestId('featured').waitFor();
      await showMore(page);
      const series = page.locator('[data-testid="video-card"][data-card-type="series"]').first();
      await series.locator('.card__link').click();
      await page.waitForURL(/\/series\/[^/?]+/);
      await page.getByTestId('series-page').waitFor();
      expect(await page.getByTestId('title-name').textContent()).toBeTruthy();
      const seasons = page.getByTestId('season-button');
      expect(await seasons.count()).toBeGreaterThan(1);
      expect(await page.getByTestId('episodes').getAttribute('data-season')).toBe('1');
      const firstSeasonEpisode = await page.getByTestId('episode').first().getAttribute('data-video-uid');
      await seasons.nth(1).click();
      expect(await page.getByTestId('episodes').getAttribute('data-season')).toBe('2');
      const episode = page.getByTestId('episode').first();
      const uid = await episode.getAttribute('data-video-uid');
      expect(uid).not.toBe(firstSeasonEpisode);
      await episode.getByTestId('episode-watch').click();
      await page.waitForURL(new RegExp(`/channel/[^/]+/${uid}$`));
      await page.getByTestId('watch').waitFor();
      await page.close();
    });

    it('opens a movie page with its metadata, trailers and gift link', async () => {
      const page = await browser.newPage({ viewport });
      await page.goto(`${baseUrl}/`);
      await page.getByTestId('featured').waitFor();
      await showMore(page);
      const movie = page.locator('[data-testid="video-card"][data-card-type="movie"]').first();
      await movie.locator('.card__link').click();
      await page.waitForURL(/\/movie\/[^/?]+/);
      await page.getByTestId('movie-page').waitFor();
      expect(await page.getByTestId('title-genres').textContent()).toMatch(/\w/);
      expect(await page.getByTestId('title-cast').textContent()).toMatch(/\w/);
      expect(await page.getByTestId('title-watch').getAttribute('href')).toMatch(/^\/channel\/cinema\//);
      expect(await page.getByTestId('title-gift').getAttribute('href')).toMatch(/^\/gift\?/);
      // The demo site leaves externalUrls off: no external link.
      expect(await page.getByTestId('title-external').count()).toBe(0);
      await page.getByTestId('movie-trailers').getByTestId('extra-link').first().click();
      await page.waitForURL(/\/movie\/[^/]+\/extras\/[^/]+$/);
      await page.getByTestId('watch').waitFor();
      await page.close();
    });
  });
}

describe('browsing signed in', () => {
  it('the hidden Load All button: out of sight until focused, it shows every item of the row', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.goto(`${baseUrl}/`);
    // A row of the demo with more than its first 15 (rows above it come and go as data arrives).
    const row = page.locator('[data-testid="discover-row"][data-row-id="demo-discover-3"]');
    await row.getByTestId('video-card').first().waitFor();
    expect(await row.getByTestId('video-card').count()).toBe(15);
    const loadAll = row.getByTestId('row-load-all');
    // There once the row knows it has more than it shows. A screen reader reaches it without
    // scrolling the row (a keyboard tabbing through the cards scrolls, and so loads, by itself).
    await loadAll.waitFor({ state: 'attached' });
    expect((await loadAll.boundingBox())!.width).toBeLessThanOrEqual(1);
    await loadAll.focus();
    expect((await loadAll.boundingBox())!.width).toBeGreaterThan(20);
    expect(await loadAll.textContent()).toMatch(/^Load all of /);
    await page.keyboard.press('Enter');
    // Every page loads; once all are shown the button has nothing left to do.
    await loadAll.waitFor({ state: 'detached' });
    expect(await row.getByTestId('video-card').count()).toBeGreaterThan(15);
    await page.close();
  });

  it('shows saved progress on the episode; finished items stay out of Continue Watching', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await signInOnWeb(page, baseUrl);

    await page.goto(`${baseUrl}/series/demo-series-orbit`);
    const uid = await page.getByTestId('episode').first().getAttribute('data-video-uid');
    const saved = await callWithPageToken(page, 'POST', '/v2/me/sites/demo/history-progress', {
      history: [{ id: uid, progress: 5 }],
    });
    expect(saved.status).toBe(200);

    await page.reload();
    await page.getByTestId('episode').first().getByTestId('episode-progress').waitFor();
    // The demo's videos are all under 120 s, so any position counts as finished (a full bar) and
    // Continue Watching, which lists unfinished items only, stays hidden.
    const bar = page.getByTestId('episode').first().getByTestId('episode-progress').locator('span');
    expect(await bar.evaluate((el) => el.style.width)).toBe('100%');
    // Having watched the first episode, the series continues with the next one.
    expect(await page.getByTestId('title-continue').textContent()).toBe('Continue S1 E2');
    await page.getByTestId('title-restart').waitFor();
    await page.goto(`${baseUrl}/`);
    await page.getByTestId('discover-row').first().waitFor();
    expect(await page.locator('[data-row-type="continueWatching"]').count()).toBe(0);
    // Hidden per-user rows do not use up the first 3: featured + 2 thumb rows still show.
    await expect.poll(() => page.getByTestId('discover-row').count()).toBe(2);
    await page.close();
  });
});

describe('title errors (playback-and-social §8)', () => {
  it("an unknown series shows 'Error loading series', then goes home", async () => {
    const page = await browser.newPage();
    await page.goto(`${baseUrl}/series/no-such-series`);
    await expect.poll(() => page.getByTestId('toast').textContent()).toBe('Error loading series');
    await page.waitForURL(`${baseUrl}/`);
    await page.getByTestId('discover').waitFor();
    await page.close();
  });
});
