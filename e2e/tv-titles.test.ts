import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { expectPlaysPast, launchBrowser } from './browser';

const baseUrl = inject('baseUrl');
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const focused = (page: Page) =>
  page.evaluate(() => ({
    testId: document.activeElement?.getAttribute('data-testid') ?? null,
    uid: document.activeElement?.getAttribute('data-video-uid') ?? null,
    text: document.activeElement?.textContent ?? '',
  }));

/** A remote key, pressed after spatial navigation's 80 ms key throttle, as a viewer would. */
async function press(page: Page, key: string) {
  await page.waitForTimeout(150);
  await page.keyboard.press(key);
}

describe('TV movie and series screens (discovery-and-site §2.7, TV routes)', () => {
  it('opens a series, switches to season 2 with the remote and plays its first episode', async () => {
    const page = await browser.newPage({ viewport: { width: 1920, height: 1080 } });
    await page.goto(`${baseUrl}/tvn/generic/series/demo-series-orbit`);
    await page.getByTestId('tv-series').waitFor();
    await page.waitForFunction(() => document.activeElement?.getAttribute('data-testid') === 'series-play');
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Orbit Station');

    await press(page, 'ArrowDown'); // to the seasons (spatial navigation picks the nearest button)
    expect((await focused(page)).testId).toBe('season-button');
    if ((await focused(page)).text !== 'Season 2') await press(page, 'ArrowRight');
    expect((await focused(page)).text).toBe('Season 2');
    await press(page, 'Enter');
    await page.waitForFunction(() =>
      document
        .querySelector('[data-testid="episodes"] [data-video-uid]')
        ?.getAttribute('data-video-uid')
        ?.endsWith('s2e1'),
    );
    await press(page, 'ArrowDown'); // to the episodes
    expect((await focused(page)).uid).toBe('demo-series-orbit-s2e1');
    await press(page, 'Enter');
    await page.waitForURL(
      /\/tvn\/generic\/play-video\/[^/]+\/demo-series-orbit-s2e1\?seriesUid=demo-series-orbit$/,
    );
    expect(await expectPlaysPast(page, 2)).toBeGreaterThan(2);
  });

  it('opens on the target episode when the link names one', async () => {
    const page = await browser.newPage({ viewport: { width: 1920, height: 1080 } });
    await page.goto(`${baseUrl}/tvn/generic/series/demo-series-orbit?target=demo-series-orbit-s2e3`);
    await page.waitForFunction(
      () => document.activeElement?.getAttribute('data-video-uid') === 'demo-series-orbit-s2e3',
    );
  });

  it('opens a movie with Watch focused, and Watch plays it', async () => {
    const page = await browser.newPage({ viewport: { width: 1920, height: 1080 } });
    await page.goto(`${baseUrl}/tvn/generic/movie/demo-movie-lighthouse`);
    await page.getByTestId('tv-movie').waitFor();
    await page.waitForFunction(() => document.activeElement?.getAttribute('data-testid') === 'movie-watch');
    expect(await page.getByTestId('title-card').count()).toBeGreaterThanOrEqual(2); // trailer and extra
    await press(page, 'Enter');
    await page.waitForURL(/\/play-video\/[^/]+\/demo-movie-lighthouse\?movieUid=demo-movie-lighthouse$/);
    expect(await expectPlaysPast(page, 2)).toBeGreaterThan(2);
  });

  it("speaks the TV's language: a Spanish TV shows the series screen in Spanish", async () => {
    const page = await browser.newPage({ viewport: { width: 1920, height: 1080 }, locale: 'es-ES' });
    await page.goto(`${baseUrl}/tvn/generic/series/demo-series-orbit`);
    await page.getByTestId('tv-series').waitFor();
    expect(await page.getByTestId('series-play').textContent()).toBe('Reproducir T1 E1');
    expect(await page.getByTestId('season-button').first().textContent()).toBe('Temporada 1');
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('es');
    await page.close();
  });

  it('shows "Error loading series" and goes home for an unknown series', async () => {
    const page = await browser.newPage({ viewport: { width: 1920, height: 1080 } });
    await page.goto(`${baseUrl}/tvn/generic/series/no-such-series`);
    await page.getByText('Error loading series').first().waitFor();
    await page.waitForURL(/\/tvn\/generic\/discover$/);
  });
});
