import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { expectPlaysPast, launchBrowser, withoutNativeHls } from './browser';

// End of video and next video (playback-and-social §4.5, §4.6; decision 0027).
const baseUrl = inject('baseUrl');
const SERIES = 'demo-series-orbit';
const LAST_OF_SEASON_1 = `${SERIES}-s1e3`;
const FIRST_OF_SEASON_2 = `${SERIES}-s2e1`;
const MOVIE = 'demo-movie-paper-moon';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

/** Waits for playback, then jumps to 1.5 s before the end. */
async function seekNearEnd(page: Page) {
  await expectPlaysPast(page, 0.2);
  await page.getByTestId('player').evaluate((v: HTMLVideoElement) => {
    v.currentTime = Math.max(0, v.duration - 1.5);
  });
}

describe('end of video (web, Chromium)', () => {
  it("the last episode of season 1 goes on to season 2's first episode, which plays", async () => {
    const page = await browser.newPage();
    // The series' queue comes from the §7 queue call (decision 0062), not the series read.
    const queueCall = page.waitForRequest((r) =>
      new URL(r.url()).pathname.endsWith(`/queues/seriesEpisodes/${SERIES}`),
    );
    await page.goto(`${baseUrl}/channel/shows/${LAST_OF_SEASON_1}?t=0`);
    await queueCall;
    // The queue panel (the right menu's Queue tab) lists the series by season, the current episode marked.
    await page.getByTestId('watch-tab-queue').click();
    const panel = page.getByTestId('queue-panel');
    await panel.getByRole('heading', { name: 'Season 2' }).waitFor();
    expect(await panel.getByRole('heading', { name: 'Season 1' }).count()).toBe(1);
    expect(await panel.locator('[aria-current="true"]').getAttribute('data-uid')).toBe(LAST_OF_SEASON_1);
    expect(await panel.getByTestId('queue-item').count()).toBe(6);

    await seekNearEnd(page);
    await page.waitForURL(new RegExp(`/channel/shows/${FIRST_OF_SEASON_2}$`), { timeout: 15_000 });
    await page.locator(`[data-testid="watch"][data-video-uid="${FIRST_OF_SEASON_2}"]`).waitFor();
    expect(await expectPlaysPast(page, 1)).toBeGreaterThan(1);
    expect(await page.getByTestId('watch-title').textContent()).toContain('Return Signal');
    await page.getByTestId('watch-tab-queue').click();
    expect(
      await page.locator('[data-testid="queue-item"][aria-current="true"]').getAttribute('data-uid'),
    ).toBe(FIRST_OF_SEASON_2);
    await page.close();
  });

  it('on the episode route, the next season keeps the episode route', async () => {
    const page = await browser.newPage();
    await page.goto(`${baseUrl}/channel/shows/series/${SERIES}/episode/${LAST_OF_SEASON_1}?t=0`);
    await seekNearEnd(page);
    await page.waitForURL(new RegExp(`/channel/shows/series/${SERIES}/episode/${FIRST_OF_SEASON_2}$`), {
      timeout: 15_000,
    });
    expect(await expectPlaysPast(page, 0.5)).toBeGreaterThan(0.5);
    await page.close();
  });

  it("a movie's end goes to its movie page", async () => {
    const page = await browser.newPage();
    await page.goto(`${baseUrl}/channel/cinema/${MOVIE}?t=0`);
    await seekNearEnd(page);
    await page.waitForURL(new RegExp(`/movie/${MOVIE}\\?channel=cinema$`), { timeout: 15_000 });
    await page.close();
  });

  it('the last episode of a series goes to its series page', async () => {
    const page = await browser.newPage();
    await page.goto(`${baseUrl}/channel/shows/${SERIES}-s2e3?t=0`);
    await seekNearEnd(page);
    await page.waitForURL(new RegExp(`/series/${SERIES}\\?channel=shows$`), { timeout: 15_000 });
    await page.close();
  });

  it('a playback error shows a toast and loads the next episode 3 s later', async () => {
    const page = await browser.newPage();
    await withoutNativeHls(page);
    // The first episode's playlist fails (hls.js retries once, then gives up); later ones load.
    let failing = true;
    await page.route(/\/media\/[^/]+\/[^/]+\/master\.m3u8(\?.*)?$/, (route) =>
      failing ? route.fulfill({ status: 404 }) : route.continue(),
    );
    await page.goto(`${baseUrl}/channel/shows/${SERIES}-s1e1?t=0`);
    await page
      .getByTestId('site-toast')
      .filter({ hasText: 'Error playing episode. Loading next episode...' })
      .waitFor({ timeout: 30_000 });
    const shownAt = Date.now();
    failing = false;
    await page.waitForURL(new RegExp(`/channel/shows/${SERIES}-s1e2$`), { timeout: 10_000 });
    expect(Date.now() - shownAt).toBeGreaterThan(2000);
    expect(await expectPlaysPast(page, 0.5)).toBeGreaterThan(0.5);
    await page.close();
  });

  it("§8 Series: the last episode failing to play shows 'Error playing episode', then goes home", async () => {
    const page = await browser.newPage();
    await withoutNativeHls(page);
    // Its playlist fails (hls.js retries once, then gives up): a fatal error with no next episode.
    await page.route(/\/media\/[^/]+\/[^/]+\/master\.m3u8(\?.*)?$/, (route) =>
      route.fulfill({ status: 404 }),
    );
    await page.goto(`${baseUrl}/channel/shows/${SERIES}-s2e3?t=0`);
    const toast = page
      .getByTestId('site-toast')
      .locator('.toast__message')
      .filter({ hasText: /^Error playing episode$/ });
    await toast.waitFor({ timeout: 30_000 });
    expect(await page.getByTestId('site-toast').filter({ hasText: 'Loading next' }).count()).toBe(0);
    await page.waitForURL(`${baseUrl}/`, { timeout: 10_000 });
    await page.getByTestId('discover-row').first().waitFor();
    await page.close();
  });

  it("a browser that cannot play the file gets 'Playback is unavailable on the current browser.' and stays", async () => {
    const page = await browser.newPage();
    await withoutNativeHls(page);
    await page.addInitScript(() => {
      // No usable Media Source Extensions: hls.js cannot play here either.
      if (window.MediaSource) window.MediaSource.isTypeSupported = () => false;
    });
    await page.goto(`${baseUrl}/channel/shows/${SERIES}-s1e1?t=0`);
    const toasts = page.getByTestId('site-toast');
    await toasts.filter({ hasText: 'Playback is unavailable on the current browser.' }).waitFor();
    await page.waitForTimeout(3500);
    expect(page.url()).toMatch(new RegExp(`/channel/shows/${SERIES}-s1e1\\?t=0$`));
    expect(await toasts.count()).toBe(1);
    await page.close();
  });
});

describe('player rules (web, Chromium)', () => {
  it('shows WebVTT captions from the signed media path and a quality menu on hls.js', async () => {
    const page = await browser.newPage();
    await withoutNativeHls(page);
    await page.goto(`${baseUrl}/channel/cinema/${MOVIE}?t=0`);
    await expectPlaysPast(page, 0.5);
    const src = await page.locator('[data-testid="player"] track').first().getAttribute('src');
    expect(src).toMatch(/^\/media\/[^/]+\/[^/]+\/[\w.-]+\.vtt$/);
    expect((await fetch(`${baseUrl}${src}`)).status).toBe(200);
    // Off by default; picking a language shows that track and only it.
    const captions = page.getByTestId('player-captions');
    await page.mouse.move(10, 10);
    const language = await captions.locator('option').nth(1).getAttribute('value');
    await captions.selectOption(language!);
    const modes = await page
      .getByTestId('player')
      .evaluate((v: HTMLVideoElement) => Array.from(v.textTracks).map((t) => `${t.language}:${t.mode}`));
    expect(modes).toContain(`${language}:showing`);
    expect(modes.filter((m) => m.endsWith(':showing'))).toHaveLength(1);
    // Quality: Auto plus each rendition of the ladder.
    const quality = page.getByTestId('player-quality');
    const labels = await quality.locator('option').allTextContents();
    expect(labels[0]).toBe('Auto');
    expect(labels.length).toBeGreaterThan(2);
    expect(labels.slice(1).every((l) => /^\d+p/.test(l))).toBe(true);
    await page.close();
  });

  it('asks "still watching" after 3 autoplayed episodes without input; Yes, Continue resumes', async () => {
    const page = await browser.newPage();
    await page.goto(`${baseUrl}/channel/shows/${SERIES}-s1e1?t=0`);
    for (const next of ['s1e2', 's1e3', 's2e1']) {
      await seekNearEnd(page);
      await page.waitForURL(new RegExp(`/channel/shows/${SERIES}-${next}$`), { timeout: 15_000 });
    }
    const modal = page.getByTestId('still-watching');
    await modal.waitFor();
    expect(await modal.getByRole('heading').textContent()).toBe('Still watching "Return Signal"?');
    expect(await page.getByTestId('player').evaluate((v: HTMLVideoElement) => v.paused)).toBe(true);
    await modal.getByRole('button', { name: 'Yes, Continue' }).click();
    await modal.waitFor({ state: 'detached' });
    await page.waitForFunction(
      () => !document.querySelector<HTMLVideoElement>('[data-testid="player"]')?.paused,
    );
    await page.close();
  });

  it('enters cinema mode after 2 s idle while playing; input leaves it', async () => {
    const page = await browser.newPage();
    await page.goto(`${baseUrl}/channel/cinema/${MOVIE}?t=0`);
    await expectPlaysPast(page, 0.2);
    const watch = page.getByTestId('watch');
    await page.waitForFunction(
      () => document.querySelector('[data-testid="watch"]')?.hasAttribute('data-cinema'),
      {
        timeout: 6000,
      },
    );
    await page.mouse.move(100, 100);
    await page.mouse.move(120, 140);
    expect(await watch.getAttribute('data-cinema')).toBeNull();
    await page.close();
  });

  it('fills the screen in landscape on a phone (width / height over 1.1), not in portrait', async () => {
    const page = await browser.newPage({
      viewport: { width: 740, height: 360 },
      isMobile: true,
      hasTouch: true,
    });
    await page.goto(`${baseUrl}/channel/cinema/${MOVIE}?t=0`);
    const watch = page.getByTestId('watch');
    await watch.waitFor();
    expect(await watch.getAttribute('data-landscape')).toBe('true');
    await page.setViewportSize({ width: 360, height: 740 });
    await page.waitForFunction(
      () => !document.querySelector('[data-testid="watch"]')?.hasAttribute('data-landscape'),
    );
    await page.close();
  });

  it('pauses while the tab is hidden and resumes only what it paused', async () => {
    const page = await browser.newPage();
    await page.goto(`${baseUrl}/channel/cinema/${MOVIE}?t=0`);
    await expectPlaysPast(page, 0.2);
    const setHidden = (hidden: boolean) =>
      page.evaluate((h) => {
        Object.defineProperty(document, 'visibilityState', {
          configurable: true,
          get: () => (h ? 'hidden' : 'visible'),
        });
        document.dispatchEvent(new Event('visibilitychange'));
      }, hidden);
    const paused = () => page.getByTestId('player').evaluate((v: HTMLVideoElement) => v.paused);
    await setHidden(true);
    expect(await paused()).toBe(true);
    await setHidden(false);
    await page.waitForFunction(
      () => !document.querySelector<HTMLVideoElement>('[data-testid="player"]')?.paused,
    );
    // A viewer's own pause is not undone by the tab coming back.
    await page.getByTestId('player').evaluate((v: HTMLVideoElement) => v.pause());
    await setHidden(true);
    await setHidden(false);
    await page.waitForTimeout(300);
    expect(await paused()).toBe(true);
    await page.close();
  });
});
