import type { Browser, Locator } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser } from './browser';

// The watch screen's layout and queue (playback-and-social §2.3 "At most 5 tabs are shown. The
// right menu is 350 px wide.", §3 Queue, §7 queue loaders; discovery-and-site §2.9 More dropdown,
// §2.12 "Default queue offset 250"; decision 0062).
const baseUrl = inject('baseUrl');
const MOVIE = 'demo-movie-lighthouse';
const TRAILER = `${MOVIE}-trailer`;
const EXTRA = `${MOVIE}-extra`;
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const box = async (l: Locator) => {
  const b = await l.boundingBox();
  if (!b) throw new Error('not laid out');
  return b;
};

describe('the watch screen at 1280×800', () => {
  it("puts the 350 px right menu beside the player, at most 5 tabs with the rest in More, and queues the movie's extras", async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    page.setDefaultTimeout(15_000);
    await page.goto(`${baseUrl}/movie/${MOVIE}/extras/${TRAILER}?autoplay=0`);
    const menu = page.getByTestId('watch-right-menu');
    await menu.getByTestId('watch-tabs').waitFor();

    // Beside the player: 350 px wide, its top level with the player's, to the player's right.
    const stage = await box(page.locator('.watch__stage'));
    const side = await box(menu);
    expect(Math.round(side.width)).toBe(350);
    expect(side.x).toBeGreaterThanOrEqual(stage.x + stage.width);
    expect(Math.abs(side.y - stage.y)).toBeLessThan(2);
    expect(Math.round(side.height)).toBe(Math.round(stage.height));

    // (1280 − 500) / 160 → 4 tabs in the bar (never more than 5), the others in More.
    const tabs = menu.getByRole('tablist').getByRole('tab');
    expect(await tabs.count()).toBe(4);
    const more = menu.getByTestId('watch-tab-more');
    expect(await more.isVisible()).toBe(true);
    await more.click();
    const overflow = menu.locator('.watch-tabs__menu [data-testid^="watch-tab-"]');
    expect(await overflow.count()).toBeGreaterThan(0);
    expect((await tabs.count()) + (await overflow.count())).toBeGreaterThan(5);
    await more.click();

    // The Queue tab lists the movie's extras, the playing one marked.
    const queueTab = menu.getByTestId('watch-tab-queue');
    if (!(await queueTab.isVisible())) await more.click();
    await queueTab.click();
    const panel = menu.getByTestId('queue-panel');
    await panel.waitFor();
    expect(await panel.getAttribute('data-kind')).toBe('movieExtras');
    const items = panel.getByTestId('queue-item');
    await expect.poll(() => items.count(), { timeout: 10_000 }).toBe(2);
    expect((await items.evaluateAll((els) => els.map((e) => e.getAttribute('data-uid')))).sort()).toEqual(
      [EXTRA, TRAILER].sort(),
    );
    expect(
      await panel.locator('[data-testid="queue-item"][aria-current="true"]').getAttribute('data-uid'),
    ).toBe(TRAILER);

    // Picking the other extra plays it in the extras variant (a new screen, Video Info first); its queue
    // marks it.
    await panel.locator(`[data-testid="queue-item"][data-uid="${EXTRA}"]`).click();
    await page.waitForURL(new RegExp(`/movie/${MOVIE}/extras/${EXTRA}`));
    await page.waitForFunction(
      (uid) => document.querySelector('[data-testid="watch"]')?.getAttribute('data-video-uid') === uid,
      EXTRA,
    );
    await menu.getByTestId('watch-tab-queue').click();
    await menu.locator(`[data-testid="queue-item"][aria-current="true"][data-uid="${EXTRA}"]`).waitFor();
    await page.close();
  });

  it('puts the right menu under the player on a narrow window', async () => {
    const page = await browser.newPage({ viewport: { width: 800, height: 900 } });
    await page.goto(`${baseUrl}/movie/${MOVIE}/extras/${TRAILER}?autoplay=0`);
    const menu = page.getByTestId('watch-right-menu');
    await menu.getByTestId('watch-tabs').waitFor();
    const stage = await box(page.locator('.watch__stage'));
    const side = await box(menu);
    expect(side.y).toBeGreaterThanOrEqual(stage.y + stage.height);
    await page.close();
  });

  it("an embed showing Up Next leaves the list a 250 px column at the player's right", async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.goto(`${baseUrl}/movie/${MOVIE}/extras/${TRAILER}?embed=1&mute=1&autoplay=0&queue=1`);
    const upNext = page.getByTestId('embed-up-next');
    await upNext.waitFor();
    // Up Next leaves out the playing extra.
    expect(
      await upNext
        .getByTestId('embed-up-next-item')
        .evaluateAll((els) => els.map((e) => e.getAttribute('href'))),
    ).toEqual([expect.stringContaining(`/extras/${EXTRA}`)]);
    const list = await box(upNext);
    const stage = await box(page.locator('.watch__stage'));
    expect(Math.round(list.width)).toBe(250);
    expect(list.x).toBeGreaterThanOrEqual(stage.x + stage.width - 1);
    expect(Math.round(stage.width)).toBe(1280 - 250);
    await page.close();
  });
});
