import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { expectPlaysPast, launchBrowser } from './browser';
import { callApi, pageSignedInAs, signUpViewer } from './viewers';

// Issue 17's Done-when walkthrough: one viewer on a 1920×1080 TV, the TV page driven by key presses
// only after its first load (no clicks, no URL changes); a second context is the phone.

const baseUrl = inject('baseUrl');
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

/** What holds the TV's focus: its test id, video uid, link, row and text. */
const focused = (tv: Page) =>
  tv.evaluate(() => {
    const el = document.activeElement;
    return {
      testId: el?.getAttribute('data-testid') ?? null,
      uid: el?.getAttribute('data-video-uid') ?? null,
      href: el?.getAttribute('href') ?? '',
      row: el?.closest('[data-testid="discover-row"]')?.getAttribute('aria-label') ?? null,
      text: el?.textContent ?? '',
    };
  });

const focusOn = (tv: Page, testId: string) =>
  tv.waitForFunction((id) => document.activeElement?.getAttribute('data-testid') === id, testId);

/** Presses an arrow and waits until the focus has moved (a fresh press always passes the throttle). */
async function move(tv: Page, key: 'ArrowUp' | 'ArrowDown' | 'ArrowLeft' | 'ArrowRight') {
  const before = await tv.evaluateHandle(() => document.activeElement);
  await tv.keyboard.press(key);
  await tv.waitForFunction((el) => document.activeElement !== el, before);
}

/** The discover rows' titles, top to bottom, as rendered. */
const rowTitles = (tv: Page) =>
  tv
    .locator('[data-testid="discover"] [data-testid="discover-row"]')
    .evaluateAll((rows) => rows.map((r) => r.getAttribute('aria-label') ?? ''));

/** Moves Up or Down, row by row, until a card of the row titled `title` has the focus. */
async function toRow(tv: Page, title: string) {
  // Each row is one sideways line: Up and Down go row by row.
  for (let i = 0; i < 80; i++) {
    const { row } = await focused(tv);
    if (row === title) return;
    const titles = await rowTitles(tv);
    const [at, target] = [titles.indexOf(row ?? ''), titles.indexOf(title)];
    await move(tv, target !== -1 && at !== -1 && target < at ? 'ArrowUp' : 'ArrowDown');
  }
  throw new Error(`row ${title} not reached; at ${(await focused(tv)).row}`);
}

/** Moves Right along the focused row until a card links to `path`. */
async function toCardLinking(tv: Page, path: RegExp) {
  for (let i = 0; i < 30 && !path.test((await focused(tv)).href); i++) await move(tv, 'ArrowRight');
  expect((await focused(tv)).href).toMatch(path);
}

describe('the TV app with a remote only (issue 17, Done when)', () => {
  it('discover, My List, an episode with captions to its exit message, activation from a phone, Continue Watching, profile and logout', async () => {
    const viewer = await signUpViewer('tv-walk');
    const tvContext = await browser.newContext({ viewport: { width: 1920, height: 1080 } });
    const tv = await tvContext.newPage();
    await tv.goto(`${baseUrl}/tvn/generic/discover`);

    // Discover opens focused on its first row's first card; Down moves on through two more rows.
    await focusOn(tv, 'video-card');
    const visited = [(await focused(tv)).row];
    for (let i = 0; i < 40 && visited.length < 3; i++) {
      await move(tv, 'ArrowDown');
      const { row } = await focused(tv);
      if (row !== visited.at(-1)) visited.push(row);
    }
    const titles = await rowTitles(tv);
    expect(visited).toEqual(titles.slice(0, 3));

    // On to the Movies row, and a movie's screen.
    await toRow(tv, 'Movies');
    await toCardLinking(tv, /\/movie\//);
    const movieUid = (await focused(tv)).uid!;
    await tv.keyboard.press('Enter');
    await tv.waitForURL(new RegExp(`/tvn/generic/movie/${movieUid}(\\?|$)`));
    await focusOn(tv, 'movie-watch');

    // My List, signed out, goes to the TV login: the phone signs in on the web and enters the code.
    await move(tv, 'ArrowRight');
    if ((await focused(tv)).testId !== 'tv-watch-list') await move(tv, 'ArrowRight');
    await focusOn(tv, 'tv-watch-list');
    await tv.keyboard.press('Enter');
    await tv.waitForURL(/\/tvn\/generic\/login$/);
    const code = tv.getByTestId('activation-code');
    await code.waitFor();
    const phone = await pageSignedInAs(browser, viewer);
    await phone.goto(`${baseUrl}/activate`);
    await phone.getByTestId('activate-code').fill((await code.textContent())!.trim());
    await phone.getByRole('button', { name: 'Activate' }).click();
    await phone.getByText('Device activated!').waitFor();

    // The TV picks up its session and shows its profile.
    await tv.waitForURL(/\/tvn\/generic\/profile$/);
    expect(await tv.getByTestId('profile-email').textContent()).toBe(viewer.email);

    // Back returns to the movie, signed in now: Enter on My List adds it.
    await focusOn(tv, 'profile-back');
    await tv.keyboard.press('Escape');
    await tv.waitForURL(new RegExp(`/tvn/generic/movie/${movieUid}(\\?|$)`));
    await focusOn(tv, 'movie-watch');
    const myList = tv.getByTestId('tv-movie').getByTestId('tv-watch-list');
    await expect.poll(() => myList.getAttribute('aria-pressed')).toBe('false');
    await move(tv, 'ArrowRight');
    if ((await focused(tv)).testId !== 'tv-watch-list') await move(tv, 'ArrowRight');
    await focusOn(tv, 'tv-watch-list');
    await tv.keyboard.press('Enter');
    await expect.poll(() => myList.getAttribute('aria-pressed')).toBe('true');
    const watchList = await callApi(viewer.token, 'GET', '/v2/me/sites/demo/watch-list');
    expect(JSON.stringify(watchList.body)).toContain(movieUid);

    // Back to discover: My List holds the movie. On to the Shows row and a series.
    await tv.keyboard.press('Escape');
    await tv.waitForURL(/\/tvn\/generic\/discover$/);
    // Far rows mount no cards (weak hardware): the row shows once filled, and moving to it shows its card.
    await tv.locator('[data-testid="discover-row"][aria-label="My List"]').waitFor();
    await focusOn(tv, 'video-card');
    await toRow(tv, 'My List');
    expect((await focused(tv)).uid).toBe(movieUid);
    await toRow(tv, 'Shows');
    await toCardLinking(tv, /\/series\//);
    const seriesUid = (await focused(tv)).uid!;
    await tv.keyboard.press('Enter');
    await tv.waitForURL(new RegExp(`/tvn/generic/series/${seriesUid}(\\?|$)`));

    // Play S1 E1 (its WebVTT subtitles are English), and turn captions on from the CC control.
    await focusOn(tv, 'series-play');
    expect((await focused(tv)).text).toBe('Play S1 E1');
    await tv.keyboard.press('Enter');
    const episodeUid = `${seriesUid}-s1e1`;
    await tv.waitForURL(new RegExp(`/play-video/[^/]+/${episodeUid}\\?seriesUid=${seriesUid}$`));
    await expectPlaysPast(tv, 0.2);
    const video = tv.getByTestId('player');
    const modes = () =>
      video.evaluate((v: HTMLVideoElement) => Array.from(v.textTracks).map((t) => `${t.language}:${t.mode}`));
    await expect.poll(modes).toEqual(['en:disabled']);
    await tv.keyboard.press('ArrowUp');
    await focusOn(tv, 'tv-captions-button');
    await tv.keyboard.press('Enter');
    await tv.getByTestId('tv-tracks-panel').waitFor();
    await move(tv, 'ArrowDown');
    expect(await tv.evaluate(() => document.activeElement?.getAttribute('data-language'))).toBe('en');
    await tv.keyboard.press('Enter');
    await tv.getByTestId('tv-tracks-panel').waitFor({ state: 'detached' });
    await expect.poll(modes).toEqual(['en:showing']);
    // Down hands the remote back to the picture, where Right seeks 5 s ahead.
    await tv.keyboard.press('ArrowDown');
    await expect.poll(() => tv.locator('.tv-player__controls[data-active]').count()).toBe(0);

    // Right, press after press (5 s each), while a press cannot pass the end; then playback reaches
    // the exit message (0.9 of this short episode), and Enter pauses there.
    const exitMessage = tv.getByTestId('exit-message');
    const position = () =>
      video.evaluate((v: HTMLVideoElement) => ({ at: v.currentTime, duration: v.duration }));
    for (let i = 0; i < 10; i++) {
      const { at, duration } = await position();
      if (at + 5 >= duration * 0.9) break;
      await tv.keyboard.press('ArrowRight');
      await tv.waitForFunction((t) => {
        const v = document.querySelector<HTMLVideoElement>('[data-testid="player"]');
        return !!v && v.currentTime >= t + 4;
      }, at);
    }
    await exitMessage.waitFor();
    await tv.keyboard.press('Enter');
    await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.paused)).toBe(true);
    expect(await exitMessage.textContent()).toBe('Press Back to exit');
    const { at, duration } = await position();
    expect(at / duration).toBeGreaterThanOrEqual(0.9);
    expect(at).toBeLessThan(duration);
    // Captions are still on.
    expect(await modes()).toEqual(['en:showing']);

    // Back leaves the player for the series screen.
    await tv.keyboard.press('Escape');
    await tv.waitForURL(new RegExp(`/tvn/generic/series/${seriesUid}(\\?|$)`));
    await tv.getByTestId('tv-series').waitFor();

    // The TV kept the position: the history holds the episode at its exit message. Played to 0.9
    // of its 24 s it is finished (under 120 s in all), and Continue Watching removes finished items
    // (discovery-and-site §2.2, decision 0017).
    const saved = async () => {
      const history = await callApi<{ items: { id: string; progress: number; finished: boolean }[] }>(
        viewer.token,
        'GET',
        '/v2/me/sites/demo/history-progress',
      );
      return history.body.items.find((i) => i.id === episodeUid) ?? null;
    };
    await expect.poll(saved).toMatchObject({ finished: true });
    expect((await saved())!.progress).toBeGreaterThanOrEqual(Math.floor(at) - 1);

    // Back to discover; Continue Watching holds what is unfinished (nothing here): its row is hidden.
    await tv.keyboard.press('Escape');
    await tv.waitForURL(/\/tvn\/generic\/discover$/);
    await focusOn(tv, 'video-card');
    expect(
      await tv
        .locator(
          `[data-testid="discover-row"][aria-label="Continue Watching"] [data-video-uid="${episodeUid}"]`,
        )
        .count(),
    ).toBe(0);

    // Up past the first row to the top bar; its account entry is Profile now.
    await toRow(tv, titles[0]!);
    for (let i = 0; i < 20 && (await focused(tv)).row !== null; i++) await move(tv, 'ArrowUp');
    for (let i = 0; i < 3 && (await focused(tv)).testId !== 'nav-account'; i++) await move(tv, 'ArrowRight');
    await focusOn(tv, 'nav-account');
    expect((await focused(tv)).text).toBe('Profile');
    await tv.keyboard.press('Enter');
    await tv.waitForURL(/\/tvn\/generic\/profile$/);
    expect(await tv.getByTestId('profile-email').textContent()).toBe(viewer.email);

    // Logout (Right, Enter) ends the session: the TV is back on its login screen with a new code.
    await focusOn(tv, 'profile-back');
    await move(tv, 'ArrowRight');
    await focusOn(tv, 'profile-logout');
    await tv.keyboard.press('Enter');
    await tv.waitForURL(/\/tvn\/generic\/login$/);
    await tv.getByTestId('activation-code').waitFor();
    expect(await tv.evaluate(() => localStorage.getItem('marquee.tv.accessToken'))).toBeNull();

    await phone.context().close();
    await tvContext.close();
  }, 120_000);
});
