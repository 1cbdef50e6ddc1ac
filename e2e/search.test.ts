import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser } from './browser';

const baseUrl = inject('baseUrl');
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

// The demo site's "Orbit Station" episodes (apps/server/src/seed/demo-content.ts), one a week per
// season; each description names the series, so "orbit" finds all six.
const byDateAscending = [
  'Docking',
  'Solar Wind',
  'Blackout',
  'Return Signal',
  'The Long Night',
  'Home Orbit',
];
const titles = (page: Page) => page.getByTestId('search-hit-title').allTextContents();

/** Types into the header's search box and waits for the debounced move to the results page. */
async function searchFor(page: Page, q: string) {
  await page.goto(`${baseUrl}/`);
  await page.getByRole('searchbox', { name: 'Search' }).fill(q);
  await page.waitForURL((url) => url.pathname === '/searchs' && url.searchParams.get('q') === q);
  await page.getByTestId('search-results').waitFor();
}

describe('search', () => {
  it('filters by type and sorts at 1280×800', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await searchFor(page, 'orbit');
    // All types: the series itself is found too.
    await page.locator('[data-testid="search-hit"][data-type="series"]').waitFor();

    // The radios follow the URL, which updates a moment after the click.
    await page.getByRole('radio', { name: 'Episodes' }).click();
    await page.waitForURL(/type=episodes/);
    await page.getByLabel('Sort').selectOption({ label: 'Descending by title' });
    await page.waitForURL(/type=episodes.*sort=-title/);
    await expect
      .poll(() => titles(page))
      .toEqual(['The Long Night', 'Solar Wind', 'Return Signal', 'Home Orbit', 'Docking', 'Blackout']);
    expect(await page.getByTestId('search-total').textContent()).toBe('6 results');
    // A hit opens its episode on the watch screen.
    await page.getByRole('link', { name: 'The Long Night' }).click();
    await page.waitForURL(/\/channel\/shows\/demo-series-orbit-s2e2$/);
    // The filter sits beside the results: no Filter button on desktop.
    expect(await page.getByTestId('search-filter-open').count()).toBe(0);
    await page.close();
  });

  it('filters through the slide-in panel at 390×844', async () => {
    const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
    await searchFor(page, 'orbit');
    const panel = page.getByTestId('search-panel');
    expect(await panel.isVisible()).toBe(false);

    await page.getByRole('button', { name: 'Filter', exact: true }).click();
    await expect.poll(() => panel.isVisible()).toBe(true);
    // The radios follow the URL, which updates a moment after the click.
    await page.getByRole('radio', { name: 'Episodes' }).click();
    await page.waitForURL(/type=episodes/);
    await page.getByLabel('Sort').selectOption({ label: 'Ascending by date' });
    await page.getByRole('button', { name: 'Close filters' }).click();
    await expect.poll(() => panel.isVisible()).toBe(false);

    await page.waitForURL(/type=episodes.*sort=publishedDate/);
    await expect.poll(() => titles(page)).toEqual(byDateAscending);
    await page.close();
  });

  it('says so when nothing matches; Escape closes the filter panel', async () => {
    const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
    await page.goto(`${baseUrl}/searchs?q=zzqx`);
    await page.getByTestId('search-empty').waitFor();
    await page.getByRole('button', { name: 'Filter', exact: true }).click();
    await page.getByRole('button', { name: 'Close filters' }).waitFor();
    // Escape closes the panel and gives the focus back to the Filter button.
    await page.keyboard.press('Escape');
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-testid')))
      .toBe('search-filter-open');
    await page.close();
  });
});
