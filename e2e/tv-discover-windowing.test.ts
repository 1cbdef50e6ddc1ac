import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser } from './browser';

const baseUrl = inject('baseUrl');
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

/** The focused card, its row, and where the screen and the row have scrolled. */
const view = (page: Page) =>
  page.evaluate(() => {
    const card = document.activeElement as HTMLElement;
    const row = card.closest('[data-testid="discover-row"]')!;
    const box = card.getBoundingClientRect();
    const img = card.querySelector('img');
    return {
      uid: card.getAttribute('data-video-uid'),
      row: row.getAttribute('aria-label'),
      cardCount: Number(row.getAttribute('data-card-count')),
      mounted: row.querySelectorAll('[data-testid="video-card"]').length,
      pageScrollX: document.scrollingElement!.scrollLeft,
      stripScrollX: row.querySelector('.tv-strip')!.scrollLeft,
      left: box.left,
      right: box.right,
      image: img ? { width: img.getAttribute('width'), sizes: img.sizes, file: img.currentSrc } : null,
    };
  });

/** A remote press that moves the focus: pressed, then waited for until the focus is elsewhere. */
async function press(page: Page, key: string) {
  // An element, not a uid: the same video can sit in two rows.
  const before = await page.evaluateHandle(() => document.activeElement);
  await page.keyboard.press(key);
  await page.waitForFunction((el) => document.activeElement !== el, before);
  // Past the arrow throttle (80 ms, src/lib/spatial.ts) for a held key, as a viewer presses.
  await page.waitForTimeout(120);
}

describe('TV discover on weak hardware (issue 17, Must-have 7)', () => {
  it('scrolls a long row sideways with only the cards near the view mounted, and the page stays put', async () => {
    const page = await browser.newPage({ viewport: { width: 1920, height: 1080 } });
    await page.goto(`${baseUrl}/tvn/generic/discover`);
    await page.waitForFunction(() => document.activeElement?.getAttribute('data-testid') === 'video-card');
    // Down to the first row longer than the screen.
    for (let i = 0; i < 6 && (await view(page)).cardCount < 12; i++) await press(page, 'ArrowDown');
    const start = await view(page);
    expect(start.cardCount).toBeGreaterThanOrEqual(12);
    expect(start.mounted).toBeLessThan(start.cardCount);

    const seen = new Set<string>();
    for (let i = 0; i < 10; i++) {
      await press(page, 'ArrowRight');
      const now = await view(page);
      seen.add(now.uid!);
      expect(now.row).toBe(start.row);
      // Never more than the view and its margins (4 + 2 + 2), whatever the row's length.
      expect(now.mounted).toBeLessThanOrEqual(8);
      expect(now.pageScrollX).toBe(0);
    }
    expect(seen.size).toBe(10);
    // The row scrolled (not the page), and the focused card is on screen.
    await expect.poll(async () => (await view(page)).stripScrollX).toBeGreaterThan(0);
    await expect
      .poll(async () => {
        const v = await view(page);
        return v.left >= 0 && v.right <= 1920;
      })
      .toBe(true);

    // The image asks for the card's size: 400 CSS px, from the thumbnails' srcset.
    const { image } = await view(page);
    expect(image).toMatchObject({ width: '400', sizes: '400px' });
    await page.close();
  });
});
