import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { seriousA11yViolations } from './axe';
import { launchBrowser } from './browser';

const baseUrl = inject('baseUrl');
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

/** Serious axe violations in this feature's parts (the shared header and cards are checked elsewhere). */
const MINE =
  /left-menu|menu-toggle|language-select|bottom-menu|live-event|legal|faq|directory|page-overlay|-tab/;
const ownViolations = async (page: Page) => (await seriousA11yViolations(page)).filter((v) => MINE.test(v));

const path = (page: Page) => new URL(page.url()).pathname + new URL(page.url()).search;

async function openMenu(page: Page) {
  await page.getByTestId('menu-toggle').click();
  await page.getByTestId('left-menu').waitFor();
}

for (const viewport of [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
]) {
  describe(`site structure at ${viewport.width}×${viewport.height}`, () => {
    it('left menu: every item type, Escape closes it and returns focus, items lead to their pages', async () => {
      const page = await browser.newPage({ viewport });
      await page.goto(`${baseUrl}/`);
      await openMenu(page);
      const types = await page
        .locator('[data-testid="left-menu"] [data-menu-type]')
        .evaluateAll((els) => els.map((el) => el.getAttribute('data-menu-type')));
      expect(types.sort()).toEqual(
        [
          'channel',
          'channel-group',
          'directory',
          'gift',
          'library',
          'link',
          'overlay-toggle',
          'subscribe',
          'tip-jar',
        ].sort(),
      );
      // [USER_ID] is replaced (empty when signed out); social links are all there.
      const help = page.getByTestId('left-menu').getByRole('link', { name: /Help center/ });
      expect(await help.getAttribute('href')).toBe('https://example.com/help?user=');
      expect(await page.locator('[data-social]').count()).toBe(5);
      expect(await ownViolations(page)).toEqual([]);

      await page.keyboard.press('Escape');
      await page.getByTestId('left-menu').waitFor({ state: 'detached' });
      await expect
        .poll(() => page.getByTestId('menu-toggle').evaluate((el) => el === document.activeElement))
        .toBe(true);

      // Directory item → the directory tab (page 20, initial 40: the demo has 5 channels).
      await openMenu(page);
      await page.getByTestId('left-menu').getByRole('link', { name: 'All channels' }).click();
      await page.getByTestId('directory').waitFor();
      expect(path(page)).toBe('/pages/home/dir/channels');
      expect(await page.getByTestId('channel-card').count()).toBe(5);
      expect(await page.getByTestId('directory-more').count()).toBe(0);

      // Overlay-toggle item → the overlay page; Close goes home.
      await openMenu(page);
      await page.getByTestId('left-menu').getByRole('link', { name: 'Info', exact: true }).click();
      await page.getByTestId('page-overlay').waitFor();
      await page.getByTestId('about-tab').waitFor();
      await page.getByTestId('overlay-close').click();
      await page.getByTestId('page-overlay').waitFor({ state: 'detached' });
      expect(path(page)).toBe('/');
      await page.close();
    });

    it('switches the language to Español and the UI follows', async () => {
      const page = await browser.newPage({ viewport });
      await page.goto(`${baseUrl}/pages/home/l/live`);
      await page.getByTestId('live-events').waitFor();
      await openMenu(page);
      await page.getByTestId('language-select').selectOption('es');
      await page.keyboard.press('Escape');
      await page.getByRole('heading', { name: 'Hoy' }).waitFor();
      expect(await page.getByTestId('menu-toggle').getAttribute('aria-label')).toBe('Abrir menú');
      expect(await page.evaluate(() => document.documentElement.lang)).toBe('es');
      // The choice is kept on the device: the sign-in screen follows it too.
      await page.goto(`${baseUrl}/login`);
      await page.getByRole('button', { name: 'Iniciar sesión', exact: true }).waitFor();
      expect(await page.getByLabel('Correo electrónico', { exact: true }).count()).toBe(1);
      await page.close();
    });

    it('live events: Today first, live shows NOW, ended hidden, Not Started last', async () => {
      const page = await browser.newPage({ viewport });
      await page.goto(`${baseUrl}/pages/home/l/live`);
      await page.getByTestId('live-event').first().waitFor();
      const days = page.getByTestId('live-events-day');
      expect(await days.first().getByRole('heading').textContent()).toBe('Today');
      expect(await days.last().getByRole('heading').textContent()).toBe('Not Started');
      const live = page.locator('[data-testid="live-event"][data-state="live"]', {
        hasText: 'Morning Concert',
      });
      expect(await live.getByTestId('live-event-till').textContent()).toBe('NOW');
      expect(await page.getByText('Yesterday’s Keynote').count()).toBe(0);
      expect(await ownViolations(page)).toEqual([]);
      if (viewport.width < 768) {
        // Phones: the page's tabs in the bottom menu (5 tabs on the home page).
        const bottom = page.getByTestId('bottom-menu');
        expect(await bottom.isVisible()).toBe(true);
        expect(await bottom.getAttribute('class')).toContain('bottom-menu--five');
      } else {
        expect(await page.getByTestId('bottom-menu').isVisible()).toBe(false);
      }
      await page.close();
    });

    it('follows legacy redirects, and unknown slugs go home', async () => {
      const page = await browser.newPage({ viewport });
      await page.goto(`${baseUrl}/page/show/orbit`);
      await page.waitForURL(/\/series\/demo-series-orbit\?channel=shows$/);
      await page.goto(`${baseUrl}/page/faq`);
      await page.getByTestId('iframe-tab').waitFor();
      expect(path(page)).toBe('/pages/help/i/faq');
      await page.goto(`${baseUrl}/page/no-such-slug`);
      await page.waitForURL(`${baseUrl}/`);
      await page.close();
    });

    it('FAQ answers open, and the legal page toggles terms and privacy', async () => {
      const page = await browser.newPage({ viewport });
      await page.goto(`${baseUrl}/pages/help/f/questions`);
      await page.getByTestId('faq-tab').waitFor();
      await page.getByText('Do I need an account?').click();
      await page.getByText('Sign up to keep a watch list').waitFor();
      // An unknown tab goes to the page's first tab.
      await page.goto(`${baseUrl}/pages/help/a/nope`);
      await page.getByTestId('iframe-tab').waitFor();
      // The other tab kinds render their screens.
      for (const [tabPath, testId] of [
        ['/pages/movies/h/home', 'home-tab'],
        ['/pages/movies/hm/featured', 'home-movie-tab'],
        ['/pages/movies/c/cast', 'cast-tab'],
        ['/pages/home/a/about', 'about-tab'],
      ]) {
        await page.goto(`${baseUrl}${tabPath}`);
        await page.getByTestId(testId!).waitFor();
      }
      await page.getByText('A demo site of the Marquee streaming platform').waitFor();
      await page.goto(`${baseUrl}/legal`);
      await page.getByTestId('legal-text-terms').waitFor();
      await page.getByTestId('legal-privacy').click();
      await page.getByTestId('legal-text-privacy').waitFor();
      expect(path(page)).toBe('/legal/privacy');
      expect(await ownViolations(page)).toEqual([]);
      await page.close();
    });
  });
}
