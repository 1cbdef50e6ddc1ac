import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, signInOnWeb, submitLogin } from './browser';

// The viewer's library (accounts-and-commerce §2 "/library: movies and series tabs, page size 10;
// login required"; decision 0030). An admin's complimentary grant of the ENTIRE_SITE bundle
// demo-monthly makes every movie and series of the demo site the demo viewer's; the grant is revoked
// in a finally (the e2e database outlives runs).
const baseUrl = inject('baseUrl');
const grants = `${baseUrl}/v2/admin/sites/demo/users/demo-viewer/grants`;

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

async function login(email: string, password: string): Promise<string> {
  const res = await fetch(`${baseUrl}/v2/me/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password, site: 'demo' }),
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { token: string }).token;
}

async function libraryTotal(token: string, type: 'movies' | 'series'): Promise<number> {
  const res = await fetch(`${baseUrl}/v2/me/sites/demo/library?type=${type}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { total_items: number }).total_items;
}

describe('library', () => {
  it('sends an anonymous visitor to login with odrc=library, and back to /library after signing in', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.goto(`${baseUrl}/library`);
    await page.waitForURL((url) => url.pathname === '/login');
    expect(new URL(page.url()).searchParams.get('odrc')).toBe('library');
    await submitLogin(page);
    await page.waitForURL((url) => url.pathname === '/library');
    await page.getByTestId('library').waitFor();
    expect(await page.getByRole('tab', { name: 'Movies' }).getAttribute('aria-selected')).toBe('true');
    await page.close();
  });

  it('shows the movies and series a granted bundle owns, in keyboard-operable tabs; nothing after the revoke', async () => {
    const viewer = await login('viewer@marquee.test', 'marquee-viewer');
    const heldBefore = (await libraryTotal(viewer, 'movies')) + (await libraryTotal(viewer, 'series'));
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await signInOnWeb(page, baseUrl);

    // The account menu links to the library.
    await page.getByTestId('account-menu-button').click();
    await page.getByTestId('library-link').click();
    await page.waitForURL((url) => url.pathname === '/library');
    if (heldBefore === 0) {
      await page.getByTestId('library-empty').waitFor();
      expect(await page.getByTestId('library-empty').innerText()).toContain('Nothing in your library yet');
      expect(await page.getByTestId('library-subscribe').getAttribute('href')).toBe('/subscribe');
    }

    const admin = await login('admin@marquee.test', 'marquee-admin');
    const granted = await fetch(grants, {
      method: 'POST',
      headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json' },
      body: JSON.stringify({ bundleId: 'demo-monthly', description: 'e2e library' }),
    });
    expect(granted.status).toBe(201);
    const grant = (await granted.json()) as { id: string };
    try {
      const movies = await libraryTotal(viewer, 'movies');
      const series = await libraryTotal(viewer, 'series');
      expect(movies).toBeGreaterThan(0);
      expect(series).toBeGreaterThan(0);

      await page.reload();
      const moviesPanel = page.getByTestId('library-panel-movies');
      await moviesPanel.getByTestId('video-card').first().waitFor();
      const movieCards = moviesPanel.getByTestId('video-card');
      expect(await movieCards.count()).toBe(Math.min(movies, 10));
      expect(await movieCards.first().getAttribute('data-card-type')).toBe('movie');
      if (movies > 10) {
        await page.getByTestId('library-load-more').click();
        await expect.poll(() => movieCards.count()).toBe(Math.min(movies, 20));
      }

      // Keyboard: the selected tab has focus; ArrowRight selects Series.
      await page.getByRole('tab', { name: 'Movies' }).focus();
      await page.keyboard.press('ArrowRight');
      const seriesTab = page.getByRole('tab', { name: 'Series' });
      // The selection goes through the URL (?tab=series), so it lands a render later.
      await expect.poll(() => seriesTab.getAttribute('aria-selected')).toBe('true');
      await expect.poll(() => seriesTab.evaluate((el) => el === document.activeElement)).toBe(true);
      await page.waitForURL((url) => url.searchParams.get('tab') === 'series');
      const seriesPanel = page.getByTestId('library-panel-series');
      await seriesPanel.getByTestId('video-card').first().waitFor();
      expect(await seriesPanel.getByTestId('video-card').count()).toBe(Math.min(series, 10));
      expect(await seriesPanel.getByTestId('video-card').first().getAttribute('data-card-type')).toBe(
        'series',
      );
    } finally {
      const revoked = await fetch(`${grants}/${grant.id}`, {
        method: 'DELETE',
        headers: { authorization: `Bearer ${admin}` },
      });
      expect(revoked.status).toBe(204);
    }

    if (heldBefore === 0) {
      await page.reload();
      await page.getByTestId('library-empty').waitFor();
    }
    await page.close();
  });
});
