import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { expectPlaysPast, launchBrowser } from './browser';

const baseUrl = inject('baseUrl');
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const tvPage = () => browser.newPage({ viewport: { width: 1920, height: 1080 } });

/** The focused element's attribute. */
const focusedAttr = (page: Page, attr: string) =>
  page.evaluate((a) => document.activeElement?.getAttribute(a) ?? null, attr);

/** The focused card: its video, its row, whether it is wholly on screen and drawn focused. */
const focusedCard = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement;
    if (el?.getAttribute('data-testid') !== 'video-card') return null;
    const r = el.getBoundingClientRect();
    return {
      uid: el.getAttribute('data-video-uid'),
      row: el.closest('[data-testid="discover-row"]')?.getAttribute('data-row-id') ?? null,
      onScreen: r.top >= 0 && r.left >= 0 && r.bottom <= innerHeight && r.right <= innerWidth,
      ring: el.classList.contains('is-focused'),
    };
  });

/**
 * Presses an arrow and waits for the focus to move off the card it was on (a card is its row and its
 * video: rows may share a video, e.g. the newest one heading several).
 */
async function move(page: Page, key: string) {
  const at = (card: Awaited<ReturnType<typeof focusedCard>>) => `${card?.row}/${card?.uid}`;
  const before = at(await focusedCard(page));
  await page.keyboard.press(key);
  await expect.poll(async () => at(await focusedCard(page)) !== before || null).toBe(true);
}

const currentTime = (page: Page) =>
  page.getByTestId('player').evaluate((v: HTMLVideoElement) => v.currentTime);
const duration = (page: Page) => page.getByTestId('player').evaluate((v: HTMLVideoElement) => v.duration);

/**
 * Holds an arrow as a remote does (the first keydown, then auto-repeat keydowns until `done`),
 * then releases it. Each repeat goes once the page has answered the previous one.
 */
async function hold(page: Page, key: string, done: () => Promise<boolean>) {
  await page.keyboard.down(key);
  for (let i = 0; i < 2_000 && !(await done()); i++) await page.keyboard.down(key);
  await page.keyboard.up(key);
}

describe('TV remote (keys only, 1920×1080)', () => {
  it('lands back on the card it left, in its row and on screen, when Back returns to discover', async () => {
    const page = await tvPage();
    await page.goto(`${baseUrl}/tvn/generic/discover`);
    await expect.poll(() => focusedCard(page)).not.toBeNull();
    const firstRow = (await focusedCard(page))!.row;
    // Down until the focus reaches the second row (a row's cards wrap onto more lines), then
    // Right twice along it.
    for (let i = 0; i < 6 && (await focusedCard(page))!.row === firstRow; i++) await move(page, 'ArrowDown');
    const row = (await focusedCard(page))!.row;
    expect(row).not.toBe(firstRow);
    await move(page, 'ArrowRight');
    await move(page, 'ArrowRight');
    const left = (await focusedCard(page))!;
    expect(left.row).toBe(row);

    await page.keyboard.press('Enter');
    await page.waitForURL((url) => !url.pathname.endsWith('/discover'));
    await page.keyboard.press('Escape');
    await page.waitForURL(/\/tvn\/generic\/discover$/);
    await expect.poll(() => focusedCard(page)).toEqual({ uid: left.uid, row, onScreen: true, ring: true });
    await page.close();
  });

  it('lands back on the episode it played, in its season, when Back returns to the series', async () => {
    const page = await tvPage();
    await page.goto(`${baseUrl}/tvn/generic/series/demo-series-orbit`);
    await expect.poll(() => focusedAttr(page, 'data-testid')).toBe('series-play');
    const focusedText = () => page.evaluate(() => document.activeElement?.textContent ?? null);
    // Down to the seasons, over to Season 2, Enter; Down to its episodes, Right to the second.
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => focusedAttr(page, 'data-testid')).toBe('season-button');
    if ((await focusedText()) !== 'Season 2') await page.keyboard.press('ArrowRight');
    await expect.poll(focusedText).toBe('Season 2');
    await page.keyboard.press('Enter');
    const firstEpisode = page.locator('[data-testid="episodes"] [data-video-uid]').first();
    await expect.poll(() => firstEpisode.getAttribute('data-video-uid')).toBe('demo-series-orbit-s2e1');
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => focusedAttr(page, 'data-video-uid')).toBe('demo-series-orbit-s2e1');
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => focusedAttr(page, 'data-video-uid')).toBe('demo-series-orbit-s2e2');

    await page.keyboard.press('Enter');
    await page.waitForURL(/\/play-video\/[^/]+\/demo-series-orbit-s2e2/);
    await page.keyboard.press('Escape');
    await page.waitForURL(/\/tvn\/generic\/series\/demo-series-orbit$/);
    await expect.poll(() => focusedAttr(page, 'data-video-uid')).toBe('demo-series-orbit-s2e2');
    expect(await page.locator('[data-testid="season-button"].is-selected').textContent()).toBe('Season 2');
    await page.close();
  });

  it('lands back on the live channel it opened when Back returns to the menu', async () => {
    const page = await tvPage();
    await page.goto(`${baseUrl}/tvn/generic/menu`);
    await page.getByTestId('live-channel').first().waitFor();
    await expect.poll(() => focusedAttr(page, 'href')).toBe('/tvn/generic/discover');
    // Down past Discover, the account item and Join a party to the first channel, then the second.
    for (
      let i = 0;
      i < 8 && (await focusedAttr(page, 'href')) !== '/tvn/generic/play-live/demo-live-retro';
      i++
    ) {
      const from = await focusedAttr(page, 'href');
      await page.keyboard.press('ArrowDown');
      await expect.poll(() => focusedAttr(page, 'href')).not.toBe(from);
    }
    expect(await focusedAttr(page, 'href')).toBe('/tvn/generic/play-live/demo-live-retro');
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/play-live\/demo-live-retro$/);
    await page.keyboard.press('Escape');
    await page.waitForURL(/\/tvn\/generic\/menu$/);
    await expect.poll(() => focusedAttr(page, 'href')).toBe('/tvn/generic/play-live/demo-live-retro');
    await page.close();
  });

  it('asks before leaving the app on Back at the root; Back or Stay keeps the viewer where they were', async () => {
    const page = await tvPage();
    await page.goto(`${baseUrl}/tvn/generic/discover`);
    await expect.poll(() => focusedCard(page)).not.toBeNull();
    await move(page, 'ArrowRight');
    const card = (await focusedCard(page))!.uid;
    const dialog = page.getByTestId('exit-confirm');

    await page.keyboard.press('Escape');
    await dialog.waitFor();
    await expect.poll(() => focusedAttr(page, 'data-testid')).toBe('exit-stay');
    // The focus stays inside the question.
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => focusedAttr(page, 'data-testid')).toBe('exit-leave');
    await page.keyboard.press('ArrowLeft');
    await expect.poll(() => focusedAttr(page, 'data-testid')).toBe('exit-stay');
    // Back again: stay, on the same card.
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(async () => (await focusedCard(page))?.uid).toBe(card);
    // And Stay does the same.
    await page.keyboard.press('Escape');
    await dialog.waitFor();
    await page.keyboard.press('Enter');
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(async () => (await focusedCard(page))?.uid).toBe(card);
    expect(new URL(page.url()).pathname).toBe('/tvn/generic/discover');
    await page.close();
  });

  it('never traps the focus in the seek bar, and a held Right seeks on and faster until released', async () => {
    const page = await tvPage();
    await page.goto(
      `${baseUrl}/tvn/generic/play-video/cinema/demo-movie-paper-moon?movieUid=demo-movie-paper-moon`,
    );
    await expectPlaysPast(page, 0.2);
    const seekBar = page.locator('[data-testid="seek-bar"]');
    const seekBarFocused = () => seekBar.getAttribute('data-focused');
    // Paused, the overlay stays and the seek bar holds the focus.
    await page.keyboard.press('Enter');
    await expect
      .poll(() => page.getByTestId('player').evaluate((v: HTMLVideoElement) => v.paused))
      .toBe(true);
    await expect.poll(seekBarFocused).toBe('true');

    // Up leaves it for the CC control, Down comes back, and Right seeks again from there.
    await page.keyboard.press('ArrowUp');
    await expect.poll(() => focusedAttr(page, 'data-testid')).toBe('tv-captions-button');
    await expect.poll(seekBarFocused).toBeNull();
    await page.keyboard.press('ArrowDown');
    await expect.poll(seekBarFocused).toBe('true');
    const t0 = await currentTime(page);
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => currentTime(page)).toBeCloseTo(t0 + 5, 0);

    // Held: the first keydown is a 5 s press, its repeats seek on by 10 s steps.
    const t1 = await currentTime(page);
    await hold(page, 'ArrowRight', async () => (await currentTime(page)) >= t1 + 15);
    const t2 = await currentTime(page);
    expect(t2).toBeGreaterThanOrEqual(t1 + 15);
    // Released: it stays there (paused), and the next press is a plain 5 s again.
    expect(await currentTime(page)).toBe(t2);
    await page.keyboard.press('ArrowLeft');
    await expect.poll(() => currentTime(page)).toBeCloseTo(t2 - 5, 0);
    // A held Left goes back the same way.
    const t3 = await currentTime(page);
    await hold(page, 'ArrowLeft', async () => (await currentTime(page)) <= t3 - 15);
    expect(await currentTime(page)).toBeLessThanOrEqual(t3 - 15);
    await page.close();
  });

  it("shows the exit message near an episode's end, then plays the next episode (§4.8, §4.5)", async () => {
    const page = await tvPage();
    await page.goto(
      `${baseUrl}/tvn/generic/play-video/shows/demo-series-orbit-s1e3?seriesUid=demo-series-orbit`,
    );
    await expectPlaysPast(page, 0.2);
    const length = await duration(page);
    const exitMessage = page.getByTestId('exit-message');
    expect(await exitMessage.count()).toBe(0);
    // Hold Right past the middle (an episode under 45 s shows the message at 0.9 of its length).
    await hold(page, 'ArrowRight', async () => (await currentTime(page)) >= length / 2);
    expect(await currentTime(page)).toBeLessThan(length * 0.9);
    await exitMessage.waitFor({ timeout: 30_000 });
    expect(await exitMessage.textContent()).toBe('Press Back to exit');
    expect(await currentTime(page)).toBeGreaterThanOrEqual(length * 0.9 - 0.5);

    // It ends, and season 2's first episode plays (autoplay: anonymous viewers have it on).
    await page.waitForURL(/\/play-video\/shows\/demo-series-orbit-s2e1\?seriesUid=demo-series-orbit$/, {
      timeout: 30_000,
    });
    await expectPlaysPast(page, 0.5);
    expect(await exitMessage.count()).toBe(0);
    await page.close();
  });

  it('play-live: Up/Down zap within ?category, ?channel names the channel of an EPG asset (decision 0078)', async () => {
    const page = await tvPage();
    const title = () => page.locator('.tv-player h1').first().textContent();
    const history = () => page.evaluate(() => history.length);

    // Without a category: both demo channels, Up to the next by number, Down back.
    await page.goto(`${baseUrl}/tvn/generic/play-live/demo-live-news`);
    await expect.poll(title).toBe('001 Marquee News 24');
    await expect.poll(() => page.getByTestId('zap-hint').textContent()).toContain('2 channels');
    const entries = await history();
    await page.keyboard.press('ArrowUp');
    await page.waitForURL(/\/tvn\/generic\/play-live\/demo-live-retro$/);
    await expect.poll(title).toBe('012 Retro TV');
    await page.keyboard.press('ArrowDown');
    await page.waitForURL(/\/tvn\/generic\/play-live\/demo-live-news$/);
    await expect.poll(title).toBe('001 Marquee News 24');
    // Zapping replaces the entry: Back leaves the player instead of walking back through channels.
    expect(await history()).toBe(entries);

    // News holds one channel: nothing to zap to.
    await page.goto(`${baseUrl}/tvn/generic/play-live/demo-live-news?category=news`);
    await expect.poll(title).toBe('001 Marquee News 24');
    expect(await page.getByTestId('zap-hint').count()).toBe(0);
    await page.keyboard.press('ArrowUp');
    await expectPlaysPast(page, 0.2);
    expect(new URL(page.url()).pathname).toBe('/tvn/generic/play-live/demo-live-news');

    // Entertainment from News: Retro and the playing channel; the category rides along.
    await page.goto(`${baseUrl}/tvn/generic/play-live/demo-live-news?category=Entertainment`);
    await expect.poll(title).toBe('001 Marquee News 24');
    await page.keyboard.press('ArrowUp');
    await page.waitForURL(/\/play-live\/demo-live-retro\?category=Entertainment$/);

    // An EPG programme's asset with ?channel: that channel plays.
    const channels = (await (await page.request.get(`${baseUrl}/v2/sites/demo/live-channels`)).json()) as {
      items: Array<{ id: string; epg: Array<{ assetId: string }> }>;
    };
    const asset = channels.items.find((c) => c.id === 'demo-live-news')!.epg[0]!.assetId;
    await page.goto(`${baseUrl}/tvn/generic/play-live/${asset}?channel=demo-live-news`);
    await expect.poll(title).toBe('001 Marquee News 24');
    await expectPlaysPast(page, 0.2);
    await page.close();
  });
});
