import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { expectPlaysPast, launchBrowser } from './browser';

const baseUrl = inject('baseUrl');
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

// The demo seed's EPG tab (apps/server/src/seed/demo-catalog.ts: page 'home', tab 'guide').
const GUIDE = '/pages/home/e/guide';
const SLOT_MS = 30 * 60_000;

type Channel = { id: string; channelNum: number; categories: string[]; accessType: string };

/** The guide's channels as the API lists them: one public and one requires-login channel in the demo. */
async function guideChannels(): Promise<{ all: Channel[]; open: Channel; locked: Channel }> {
  const res = await fetch(`${baseUrl}/v2/sites/demo/assets/demo-epg/epg?simple=true`);
  expect(res.status).toBe(200);
  const all = ((await res.json()) as { liveChannels: Channel[] }).liveChannels;
  const open = all.find((c) => c.accessType === 'public');
  const locked = all.find((c) => c.accessType === 'requiresLogin');
  expect(open && locked).toBeTruthy();
  return { all, open: open!, locked: locked! };
}

const slotStarts = (page: Page) =>
  page
    .locator('[data-testid="epg-slot"] time')
    .evaluateAll((els) => els.map((el) => Date.parse(el.getAttribute('datetime') ?? '')));

const offset = (page: Page) => page.getByTestId('epg').getAttribute('data-offset');

const activeTestId = (page: Page) =>
  page.evaluate(() => document.activeElement?.getAttribute('data-testid') ?? null);

const rowIds = (page: Page) =>
  page.getByTestId('epg-channel').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-channel-id')));

for (const viewport of [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
]) {
  describe(`programme guide at ${viewport.width}×${viewport.height}`, () => {
    it('shows padded channel numbers and 4 slots, moves 6 steps by keyboard, filters by category', async () => {
      const { all } = await guideChannels();
      const page = await browser.newPage({ viewport });
      await page.goto(`${baseUrl}${GUIDE}`);
      await page.getByTestId('epg-grid').waitFor();

      // §2.5 "Channel number is padded to 3 digits".
      const numbers = await page.getByTestId('epg-channel-number').allTextContents();
      expect(numbers).toEqual(all.map((c) => String(c.channelNum).padStart(3, '0')));
      expect(numbers).toContain('001');
      expect(numbers.every((n) => /^\d{3,}$/.test(n))).toBe(true);

      // 4 slot headers, 30 minutes apart, each labelled with its time.
      const slots = await slotStarts(page);
      expect(slots).toHaveLength(4);
      expect(slots.slice(1).map((s, i) => s - slots[i]!)).toEqual([SLOT_MS, SLOT_MS, SLOT_MS]);
      for (const label of await page.getByTestId('epg-slot').allTextContents()) expect(label).toMatch(/\d/);
      expect(await page.getByTestId('epg-programme').count()).toBeGreaterThan(0);
      await page.getByTestId('epg-timebar').waitFor();

      // Later, by keyboard, until it is disabled: 6 steps of one slot; the focus moves to Earlier.
      expect(await offset(page)).toBe('0');
      expect(await page.getByTestId('epg-earlier').isDisabled()).toBe(true);
      await page.getByTestId('epg-later').focus();
      let presses = 0;
      while (await page.getByTestId('epg-later').isEnabled()) {
        await page.keyboard.press('Enter');
        presses++;
        await expect.poll(() => offset(page)).toBe(String(presses));
        expect(presses).toBeLessThanOrEqual(6);
      }
      expect(presses).toBe(6);
      expect((await slotStarts(page))[0]! - slots[0]!).toBe(6 * SLOT_MS);
      expect(await activeTestId(page)).toBe('epg-earlier');
      // The now-line is outside the moved window.
      expect(await page.getByTestId('epg-timebar').count()).toBe(0);

      // Earlier back to the current slot.
      while (await page.getByTestId('epg-earlier').isEnabled()) await page.keyboard.press('Enter');
      expect(await offset(page)).toBe('0');
      expect(await slotStarts(page)).toEqual(slots);
      expect(await activeTestId(page)).toBe('epg-later');

      // Categories: "All" first, then each category filters the rows.
      const chips = page.getByTestId('epg-category');
      expect(await chips.first().textContent()).toBe('All');
      expect(await chips.first().getAttribute('aria-pressed')).toBe('true');
      const categories = [...new Set(all.flatMap((c) => c.categories))];
      expect(categories.length).toBeGreaterThan(1);
      for (const category of categories) {
        await page.locator(`[data-testid="epg-category"][data-category="${category}"]`).click();
        await expect
          .poll(() => rowIds(page))
          .toEqual(all.filter((c) => c.categories.includes(category)).map((c) => c.id));
      }
      await chips.first().click();
      await expect.poll(() => rowIds(page)).toEqual(all.map((c) => c.id));

      if (viewport.width < 768) {
        // Phones: the grid scrolls sideways inside itself, the channel column stays in view.
        const grid = page.getByTestId('epg-grid');
        expect(await grid.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
        await grid.evaluate((el) => (el.scrollLeft = el.scrollWidth));
        const box = await page.locator('.epg-row__channel').first().boundingBox();
        expect(box).not.toBeNull();
        expect(box!.x).toBeGreaterThanOrEqual(0);
        expect(box!.x).toBeLessThan(viewport.width / 2);
      }
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        viewport.width,
      );
      await page.close();
    });

    it('plays the selected channel, remembers it as last viewed, and asks for sign-in on a requires-login channel', async () => {
      const { open, locked } = await guideChannels();
      const page = await browser.newPage({ viewport });
      await page.goto(`${baseUrl}${GUIDE}`);
      await page.getByTestId('epg-grid').waitFor();
      const historyLength = await page.evaluate(() => history.length);

      // Selecting a channel in the grid puts it in ?channel (replacing the entry) and plays it.
      await page
        .locator(`[data-testid="epg-channel"][data-channel-id="${open.id}"] .epg-row__channel`)
        .click();
      await page.waitForURL((url) => url.searchParams.get('channel') === open.id);
      expect(await page.evaluate(() => history.length)).toBe(historyLength);
      expect(await expectPlaysPast(page, 2)).toBeGreaterThan(2);
      expect(await page.getByTestId('epg-info').getAttribute('data-channel-id')).toBe(open.id);
      await page.getByTestId('epg-now').waitFor();

      // Last viewed: kept in localStorage on this device, shown at the top.
      await page.locator(`[data-testid="epg-last-viewed-channel"][data-channel-id="${open.id}"]`).waitFor();
      expect(
        await page.evaluate(() => JSON.parse(localStorage.getItem('marquee.epg.lastViewed.demo') ?? '[]')),
      ).toEqual([open.id]);

      // A requires-login channel, signed out: a sign-in prompt with the return intent, no player.
      await page
        .locator(`[data-testid="epg-channel"][data-channel-id="${locked.id}"] .epg-row__channel`)
        .click();
      await page.waitForURL((url) => url.searchParams.get('channel') === locked.id);
      await page.getByTestId('epg-sign-in').waitFor();
      expect(await page.getByTestId('player').count()).toBe(0);
      const href = await page.getByTestId('epg-sign-in-link').getAttribute('href');
      const login = new URL(href!, baseUrl);
      expect(login.pathname).toBe('/login');
      expect(Object.fromEntries(login.searchParams)).toEqual({
        odrc: 'liveChannel',
        channel: locked.id,
        pageUrl: 'home',
        tabUrl: 'guide',
      });
      // The locked channel did not play, so it is not "viewed".
      expect(await page.getByTestId('epg-last-viewed-channel').count()).toBe(1);

      // Back to the guide without ?channel: the last viewed channel is selected.
      await page.goto(`${baseUrl}${GUIDE}`);
      await page.getByTestId('epg-grid').waitFor();
      expect(await page.getByTestId('epg').getAttribute('data-channel-id')).toBe(open.id);
      await page.close();
    });
  });
}

describe('programme guide cinema mode', () => {
  it('hides the guide after 30 s without input while a channel plays, and shows it on any input', async () => {
    const { open } = await guideChannels();
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.clock.install();
    await page.goto(`${baseUrl}${GUIDE}?channel=${open.id}`);
    await page.getByTestId('epg-grid').waitFor();
    await page.locator('[data-testid="epg-stage"][data-state="play"]').waitFor();
    const cinema = () => page.getByTestId('epg').getAttribute('data-cinema');

    await page.clock.fastForward(29_000);
    expect(await cinema()).toBeNull();
    await page.clock.fastForward(2_000);
    await expect.poll(cinema).toBe('true');
    expect(await page.getByTestId('epg-grid').isVisible()).toBe(false);
    const stage = await page.getByTestId('epg-stage').boundingBox();
    expect(stage!.width).toBeGreaterThan(1200);

    await page.mouse.move(200, 200);
    await page.mouse.move(220, 240);
    await expect.poll(cinema).toBeNull();
    expect(await page.getByTestId('epg-grid').isVisible()).toBe(true);

    // A key press leaves it too.
    await page.clock.fastForward(31_000);
    await expect.poll(cinema).toBe('true');
    await page.keyboard.press('Shift');
    await expect.poll(cinema).toBeNull();
    await page.close();
  });
});
