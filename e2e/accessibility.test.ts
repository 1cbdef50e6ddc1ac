import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { seriousA11yViolations } from './axe';
import { launchBrowser } from './browser';

const baseUrl = inject('baseUrl');
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

// Each screen once it has its content (what a viewer would see), at desktop and phone sizes.
const screens = [
  { name: 'discover', path: '/', ready: '[data-testid="discover-row"]' },
  { name: 'search', path: '/searchs?q=kitchen', ready: '[data-testid="search-results"]' },
  { name: 'movie page', path: '/movie/demo-movie-lighthouse', ready: '[data-testid="movie-page"]' },
  { name: 'series page', path: '/series/demo-series-orbit', ready: '[data-testid="series-page"]' },
  { name: 'EPG', path: '/pages/home/e/guide', ready: '[data-testid="epg-grid"]' },
];

describe('accessibility (axe-core: no serious or critical WCAG 2.1 AA violation)', () => {
  for (const viewport of [
    { width: 1280, height: 800 },
    { width: 390, height: 844 },
  ]) {
    for (const screen of screens) {
      it(`${screen.name} at ${viewport.width}×${viewport.height}`, async () => {
        const page = await browser.newPage({ viewport });
        await page.goto(`${baseUrl}${screen.path}`);
        await page.locator(screen.ready).first().waitFor();
        expect(await seriousA11yViolations(page)).toEqual([]);
        await page.close();
      });
    }
  }
});
