import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { seriousA11yViolations } from './axe';
import { launchBrowser } from './browser';

// One deployment, two brands (discovery-and-site §1, issue 4 item 10): the server brands index.html
// by host, so the same build paints each site in its own colours, font, logo and rows.
const baseUrl = inject('baseUrl');
const port = new URL(baseUrl).port;
const sites = {
  demo: `http://localhost:${port}`,
  // Chromium resolves every *.localhost name to this machine.
  classics: `http://classics.localhost:${port}`,
};

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const look = (page: Page) =>
  page.evaluate(() => {
    const body = getComputedStyle(document.body);
    const button = document.querySelector('.button');
    return {
      title: document.title,
      site: document.querySelector('meta[name="marquee-site"]')?.getAttribute('content'),
      background: body.backgroundColor,
      color: body.color,
      font: body.fontFamily,
      scheme: getComputedStyle(document.documentElement).colorScheme,
      logo: !!document.querySelector('.site-header__logo'),
      name: document.querySelector('[data-testid="site-name"]')?.textContent,
      buttonText: button ? getComputedStyle(button).color : null,
      rows: [...document.querySelectorAll('[data-testid="discover-row"] h2')].map((h) => h.textContent),
      hero: !!document.querySelector('.featured'),
    };
  });

describe('two brands from one build', () => {
  for (const viewport of [
    { width: 1280, height: 800 },
    { width: 390, height: 844 },
  ]) {
    it(`each site paints in its own brand at ${viewport.width}×${viewport.height}`, async () => {
      const page = await browser.newPage({ viewport });
      // The first paint is already branded: the theme arrives in the HTML, before any script runs.
      const html = await (await fetch(`${baseUrl}/?__site=classics`)).text();
      expect(html).toContain('<meta name="marquee-site" content="classics" />');
      expect(html).toContain('--mq-background:#fbf7ee');

      await page.goto(sites.demo);
      await page.getByTestId('discover-row').first().waitFor();
      const demo = await look(page);
      await page.goto(sites.classics);
      await page.getByTestId('discover-row').first().waitFor();
      const classics = await look(page);

      expect(demo).toMatchObject({ title: 'Marquee Demo', site: 'demo', scheme: 'dark', logo: false });
      expect(demo.background).toBe('rgb(13, 11, 26)');
      expect(classics).toMatchObject({
        title: 'Northwind Classics',
        site: 'classics',
        name: 'Northwind Classics',
        background: 'rgb(251, 247, 238)',
        color: 'rgb(31, 26, 20)',
        scheme: 'light',
        logo: true,
      });
      expect(classics.font).toMatch(/Georgia/);
      expect(demo.font).not.toMatch(/Georgia/);
      // Classics opens on a film hero and poster rows; the demo on its picks and clips.
      expect(classics.hero).toBe(true);
      expect(classics.rows[0]).toBe('Films');
      expect(demo.rows).toContain('Marquee Originals');
      expect(classics.rows).not.toContain('Marquee Originals');
      // The derived colours keep a light brand legible too.
      expect(await seriousA11yViolations(page)).toEqual([]);

      await page.goto(`${sites.classics}/searchs?q=orbit`);
      await page.getByTestId('search-results').waitFor();
      expect(await look(page)).toMatchObject({
        title: 'Northwind Classics',
        background: 'rgb(251, 247, 238)',
      });
      expect(await seriousA11yViolations(page)).toEqual([]);
      await page.close();
    });
  }
});
