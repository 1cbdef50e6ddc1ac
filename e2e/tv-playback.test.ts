import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { expectPlaysPast, launchBrowser } from './browser';

const baseUrl = inject('baseUrl');
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

describe('TV app', () => {
  it('drives the discover grid with the arrow keys and Enter, then plays past 2 s', async () => {
    const page = await browser.newPage({ viewport: { width: 1920, height: 1080 } });
    await page.goto(`${baseUrl}/tvn/generic/discover`);
    const cards = page.getByTestId('video-card');
    await cards.first().waitFor();
    const focusedCard = () =>
      page.evaluate(() => ({
        uid: document.activeElement?.getAttribute('data-video-uid') ?? null,
        href: document.activeElement?.getAttribute('href') ?? '',
      }));
    await page.waitForFunction(() => document.activeElement?.getAttribute('data-testid') === 'video-card');
    // Right along the first row to a plain video (movies and series open their own screens).
    let card = await focusedCard();
    const first = card.uid;
    for (let i = 0; i < 12 && (card.uid === first || !card.href.includes('/play-video/')); i++) {
      // Spatial navigation throttles remote keys (80 ms, src/lib/spatial.ts) as held keys repeat;
      // press after that window, as a viewer on a remote would.
      await page.waitForTimeout(200);
      await page.keyboard.press('ArrowRight');
      await page.waitForFunction(
        (uid) => document.activeElement?.getAttribute('data-video-uid') !== uid,
        card.uid,
      );
      card = await focusedCard();
    }
    expect(card.uid).not.toBe(first);
    expect(card.href).toContain('/play-video/');
    await page.waitForTimeout(200);
    await page.keyboard.press('Enter');
    await page.waitForURL(new RegExp(`/tvn/generic/play-video/[^/]+/${card.uid}$`));
    expect(await expectPlaysPast(page, 2)).toBeGreaterThan(2);
  });

  it('sends unknown TV paths to the generic discover screen', async () => {
    const page = await browser.newPage();
    await page.goto(`${baseUrl}/tvn/nowhere/at/all`);
    await page.waitForURL(/\/tvn\/generic/);
  });
  it('opens a deep link to play-video, and refuses one to any other screen (§2.1)', async () => {
    const page = await browser.newPage({ viewport: { width: 1920, height: 1080 } });
    await page.goto(`${baseUrl}/tvn/webos/discover`);
    await page.getByTestId('video-card').first().waitFor();
    const contentChange = (url: string) =>
      page.evaluate((u) => {
        // webOS hands a relaunch its parameters; contentTarget is the URL to open.
        document.dispatchEvent(new CustomEvent('webOSRelaunch', { detail: { contentTarget: u } }));
      }, url);

    await contentChange(`${baseUrl}/tvn/webos/menu`);
    expect(await page.getByTestId('toast').textContent()).toBe(
      'There was an error processing your request. . .',
    );
    expect(new URL(page.url()).pathname).toBe('/tvn/webos/discover');

    await contentChange(`${baseUrl}/tvn/webos/play-video/newsroom/demo-video-01`);
    await page.waitForURL(/\/tvn\/webos\/play-video\/newsroom\/demo-video-01$/);
    await expectPlaysPast(page, 1);
    await page.close();
  });

  it("opens the launch parameters' deep link at cold start on webOS and Tizen (decision 0074)", async () => {
    const video = `${baseUrl}/tvn/TYPE/play-video/newsroom/demo-video-01`;
    const webos = await browser.newPage({ viewport: { width: 1920, height: 1080 } });
    // webOS's runtime: the launch parameters as JSON text on PalmSystem.
    await webos.addInitScript(
      (url) => {
        (window as { PalmSystem?: object }).PalmSystem = {
          launchParams: JSON.stringify({ contentTarget: url }),
        };
      },
      video.replace('TYPE', 'webos'),
    );
    await webos.goto(`${baseUrl}/tvn/webos`);
    await webos.waitForURL(/\/tvn\/webos\/play-video\/newsroom\/demo-video-01$/);
    await webos.close();

    const tizen = await browser.newPage({ viewport: { width: 1920, height: 1080 } });
    // Tizen's runtime: Smart Hub's PAYLOAD in the requested app control.
    await tizen.addInitScript(
      (url) => {
        const appControl = {
          operation: 'http://samsung.com/appcontrol/operation/eden_resume',
          data: [{ key: 'PAYLOAD', value: [JSON.stringify({ values: url })] }],
        };
        (window as { tizen?: object }).tizen = {
          application: {
            getCurrentApplication: () => ({ getRequestedAppControl: () => ({ appControl }), exit() {} }),
          },
          tvinputdevice: { registerKeyBatch() {} },
        };
      },
      video.replace('TYPE', 'tizen'),
    );
    await tizen.goto(`${baseUrl}/tvn/tizen`);
    await tizen.waitForURL(/\/tvn\/tizen\/play-video\/newsroom\/demo-video-01$/);
    await tizen.close();
  });

  it("turns a movie's WebVTT captions on and off from the player's CC control, with the remote only", async () => {
    const page = await browser.newPage({ viewport: { width: 1920, height: 1080 } });
    const movie = `${baseUrl}/tvn/generic/play-video/cinema/demo-movie-paper-moon?movieUid=demo-movie-paper-moon`;
    await page.goto(movie);
    await expectPlaysPast(page, 0.2);
    const video = page.getByTestId('player');
    const modes = () =>
      video.evaluate((v: HTMLVideoElement) => Array.from(v.textTracks).map((t) => `${t.language}:${t.mode}`));
    const focused = (attr: string) => (p: Page) =>
      p.evaluate((a) => document.activeElement?.getAttribute(a) ?? null, attr);
    const focusedTestId = focused('data-testid');
    const focusedLanguage = focused('data-language');
    const ccButton = page.getByTestId('tv-captions-button');
    const panel = page.getByTestId('tv-tracks-panel');
    // Up reaches the CC control; Enter opens its panel, focused on the current choice.
    const openPanel = async (current: string) => {
      await page.keyboard.press('ArrowUp');
      await expect.poll(() => focusedTestId(page)).toBe('tv-captions-button');
      await page.keyboard.press('Enter');
      await panel.waitFor();
      await expect.poll(() => focusedLanguage(page)).toBe(current);
    };
    // An arrow moves within the panel; Enter picks and closes it.
    const pick = async (arrow: string, language: string) => {
      await page.keyboard.press(arrow);
      await expect.poll(() => focusedLanguage(page)).toBe(language);
      await page.keyboard.press('Enter');
      await panel.waitFor({ state: 'detached' });
    };
    // Off to start with (the demo movies carry English subtitles).
    await expect.poll(modes).toEqual(['en:disabled']);
    await expect.poll(() => ccButton.textContent()).toBe('CC: Off');

    await openPanel('');
    expect(await panel.getByTestId('tv-track-option').allTextContents()).toEqual(['Off', 'English']);
    await pick('ArrowDown', 'en');
    await expect.poll(modes).toEqual(['en:showing']);
    await expect.poll(() => ccButton.textContent()).toBe('CC: English');
    await expect.poll(() => focusedTestId(page)).toBe('tv-captions-button');

    // Down hands the remote back to the picture: Enter pauses again, and focus is not kept.
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => page.locator('.tv-player__controls[data-active]').count()).toBe(0);
    await page.keyboard.press('Enter');
    await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.paused)).toBe(true);

    // The choice lasts the session: the movie opened again shows English at once.
    await page.goto(movie);
    await expectPlaysPast(page, 0.2);
    await expect.poll(modes).toEqual(['en:showing']);

    // And off again: the panel opens on English, Up to Off.
    await openPanel('en');
    await pick('ArrowUp', '');
    await expect.poll(modes).toEqual(['en:disabled']);
    await expect.poll(() => ccButton.textContent()).toBe('CC: Off');
    // Back in the panel returns to its control; Back on the controls returns to the picture (it
    // does not leave the player).
    await page.keyboard.press('Enter');
    await panel.waitFor();
    await page.keyboard.press('Escape');
    await panel.waitFor({ state: 'detached' });
    await expect.poll(() => focusedTestId(page)).toBe('tv-captions-button');
    await page.keyboard.press('Escape');
    await expect.poll(() => page.locator('.tv-player__controls[data-active]').count()).toBe(0);
    expect(new URL(page.url()).pathname).toBe('/tvn/generic/play-video/cinema/demo-movie-paper-moon');
    await page.close();
  });

  it("plays on at the end (§4.5): season 1's last episode goes to season 2's first, a movie to its page", async () => {
    const page = await browser.newPage({ viewport: { width: 1920, height: 1080 } });
    const nearEnd = async () => {
      await expectPlaysPast(page, 0.2);
      await page.getByTestId('player').evaluate((v: HTMLVideoElement) => {
        v.currentTime = Math.max(0, v.duration - 1.5);
      });
    };
    await page.goto(
      `${baseUrl}/tvn/generic/play-video/shows/demo-series-orbit-s1e3?seriesUid=demo-series-orbit`,
    );
    await nearEnd();
    await page.waitForURL(
      /\/tvn\/generic\/play-video\/shows\/demo-series-orbit-s2e1\?seriesUid=demo-series-orbit$/,
      {
        timeout: 15_000,
      },
    );
    await expectPlaysPast(page, 0.5);

    await page.goto(
      `${baseUrl}/tvn/generic/play-video/cinema/demo-movie-paper-moon?movieUid=demo-movie-paper-moon`,
    );
    await nearEnd();
    await page.waitForURL(/\/tvn\/generic\/movie\/demo-movie-paper-moon/, { timeout: 15_000 });
    await page.close();
  });
});
