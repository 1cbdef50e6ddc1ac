import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser } from './browser';
import { callApi, signUpViewer, tvPageSignedInAs, type Login } from './viewers';

const baseUrl = inject('baseUrl');
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const tvSignedInAs = (login: Login) => tvPageSignedInAs(browser, login);

const focusOn = (page: Page, testId: string) =>
  page.waitForFunction((id) => document.activeElement?.getAttribute('data-testid') === id, testId);

const row = (page: Page, title: string) =>
  page.locator(`[data-testid="discover"] [data-testid="discover-row"][aria-label="${title}"]`);

describe("the viewer's own rows on TV (issue 17, Must-have 2)", () => {
  it('adds a movie to My List and favorites it with the remote, then sees it and a part-watched video in their rows', async () => {
    const viewer = await signUpViewer('tv-rows');
    const saved = await callApi(viewer.token, 'POST', '/v2/me/sites/demo/history-progress', {
      history: [{ id: 'demo-movie-last-train', progress: 40 }],
    });
    expect(saved.status, JSON.stringify(saved.body)).toBeLessThan(300);

    const tv = await tvSignedInAs(viewer);
    await tv.goto(`${baseUrl}/tvn/generic/discover`);
    // Continue Watching holds the video watched partway, with its bar (40 of 180 s); My List is empty, so hidden.
    const continueCard = row(tv, 'Continue Watching').locator(
      '[data-testid="video-card"][data-video-uid="demo-movie-last-train"]',
    );
    await continueCard.waitFor();
    await expect
      .poll(() => continueCard.getByTestId('card-progress').getAttribute('data-progress'))
      .toBe('22');
    expect(await row(tv, 'My List').count()).toBe(0);

    // The movie screen: Right from Watch reaches My List, Enter adds the movie.
    await tv.goto(`${baseUrl}/tvn/generic/movie/demo-movie-lighthouse`);
    await focusOn(tv, 'movie-watch');
    const myList = tv.getByTestId('tv-movie').getByTestId('tv-watch-list');
    await expect.poll(() => myList.getAttribute('aria-pressed')).toBe('false');
    await tv.keyboard.press('ArrowRight');
    await focusOn(tv, 'movie-trailer');
    await tv.keyboard.press('ArrowRight');
    await focusOn(tv, 'tv-watch-list');
    await tv.keyboard.press('Enter');
    await expect.poll(() => myList.getAttribute('aria-pressed')).toBe('true');
    await expect.poll(() => myList.textContent()).toBe('✓ In My List');

    // Right again: Favorite, and Enter favorites the movie (the server agrees).
    const favorite = tv.getByTestId('tv-movie').getByTestId('tv-favorite');
    await tv.keyboard.press('ArrowRight');
    await focusOn(tv, 'tv-favorite');
    await expect.poll(() => favorite.getAttribute('aria-pressed')).toBe('false');
    await tv.keyboard.press('Enter');
    await expect.poll(() => favorite.getAttribute('aria-pressed')).toBe('true');
    const flag = await callApi<{ favorite: boolean }>(
      viewer.token,
      'GET',
      '/v2/sites/demo/videos/demo-movie-lighthouse/user-favorites',
    );
    expect(flag.body.favorite).toBe(true);

    // Back to discover: My List now holds the movie.
    await tv.keyboard.press('Escape');
    await tv.waitForURL(/\/tvn\/generic\/discover$/);
    await row(tv, 'My List')
      .locator('[data-testid="video-card"][data-video-uid="demo-movie-lighthouse"]')
      .waitFor();

    // Down from the first row (it may wrap) to Continue Watching; Enter plays the video from where the viewer left off.
    await focusOn(tv, 'video-card');
    const focusedRow = () =>
      tv.evaluate(() => document.activeElement?.closest('section')?.getAttribute('aria-label') ?? '');
    for (let i = 0; i < 4 && (await focusedRow()) !== 'Continue Watching'; i++) {
      const before = await tv.evaluateHandle(() => document.activeElement);
      await tv.keyboard.press('ArrowDown');
      await tv.waitForFunction((el) => document.activeElement !== el, before);
    }
    await tv.waitForFunction(
      () => document.activeElement?.getAttribute('data-video-uid') === 'demo-movie-last-train',
    );
    await tv.keyboard.press('Enter');
    await tv.waitForURL(/\/play-video\/[^/]+\/demo-movie-last-train\?movieUid=demo-movie-last-train$/);
    await expect
      .poll(() => tv.evaluate(() => document.querySelector('video')?.currentTime ?? 0), { timeout: 15_000 })
      .toBeGreaterThanOrEqual(40);
    await tv.context().close();
  });

  it('shows neither row to a signed-out TV', async () => {
    const tv = await browser.newPage({ viewport: { width: 1920, height: 1080 } });
    await tv.goto(`${baseUrl}/tvn/generic/discover`);
    await row(tv, 'Popular').waitFor();
    expect(await row(tv, 'Continue Watching').count()).toBe(0);
    expect(await row(tv, 'My List').count()).toBe(0);
    await tv.close();
  });
});
