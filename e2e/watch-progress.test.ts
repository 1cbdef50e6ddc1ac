import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { expectPlaysPast, launchBrowser } from './browser';

// The watch screen saves a signed-in viewer's position (playback-and-social §4.8) and starts where a
// link says (`?t=`; Restart links say 0). Runs on the second demo site, whose accounts no other
// browser test uses, so its history starts empty.
const baseUrl = inject('baseUrl');
const classics = `http://classics.localhost:${new URL(baseUrl).port}`;
const watchPath = '/channel/newsroom/demo-video-06'; // 40 s long

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

describe('watch progress', () => {
  it('starts at ?t= seconds', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.goto(`${classics}${watchPath}?t=15`);
    expect(await expectPlaysPast(page, 1)).toBeGreaterThanOrEqual(15);
    await page.close();
  });

  it('saves the position of a signed-in viewer, and the history shows it', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.goto(`${classics}/login`);
    await page.getByLabel('Email', { exact: true }).fill('viewer@marquee.test');
    await page.getByLabel('Password', { exact: true }).fill('marquee-viewer');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.getByTestId('account-menu-button').waitFor();

    // The e2e database outlives a run: forget an earlier run's position first (404 when none).
    await page.evaluate(() =>
      fetch('/v2/me/sites/classics/history-progress/demo-video-06', {
        method: 'DELETE',
        headers: { authorization: `Bearer ${localStorage.getItem('marquee.accessToken')}` },
      }),
    );
    await page.goto(`${classics}${watchPath}?t=0`);
    await expectPlaysPast(page, 11); // one sample every 10 s of playback
    await page.getByRole('link', { name: /Northwind Classics/ }).click(); // leaving flushes

    const history = () =>
      page.evaluate(async () => {
        const res = await fetch('/v2/me/sites/classics/history-progress', {
          headers: { authorization: `Bearer ${localStorage.getItem('marquee.accessToken')}` },
        });
        const body = (await res.json()) as { items: { id: string; progress: number }[] };
        return body.items.find((i) => i.id === 'demo-video-06')?.progress ?? 0;
      });
    await expect.poll(history, { timeout: 10_000 }).toBeGreaterThanOrEqual(10);
    await page.close();
  });

  it('resumes from Continue Watching after a reload', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.goto(`${classics}/login`);
    await page.getByLabel('Email', { exact: true }).fill('viewer@marquee.test');
    await page.getByLabel('Password', { exact: true }).fill('marquee-viewer');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.getByTestId('account-menu-button').waitFor();
    await page.evaluate(() =>
      fetch('/v2/me/sites/classics/history-progress/demo-movie-last-train', {
        method: 'DELETE',
        headers: { authorization: `Bearer ${localStorage.getItem('marquee.accessToken')}` },
      }),
    );

    // A 180 s feature: 12 s in, it is unfinished, so it joins Continue Watching.
    await page.goto(`${classics}/channel/cinema/demo-movie-last-train?t=0`);
    await expectPlaysPast(page, 11);
    await page.getByRole('link', { name: /Northwind Classics/ }).click();
    const row = page.locator('[data-row-type="continueWatching"]');
    await row.waitFor();

    await page.reload();
    await row.locator('a[href*="demo-movie-last-train"]').first().click();
    expect(await expectPlaysPast(page, 1)).toBeGreaterThanOrEqual(10);
    await page.close();
  });
});
