import { join } from 'node:path';
import Database from 'better-sqlite3';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser } from './browser';
import { callApi, e2eDataDir, pageSignedInAs, signUpViewer, type Login } from './viewers';

// The §7 calls of decision 0060 the web app makes: the checkout reports a viewer leaving it without
// paying (POST me/sites/{site}/dropped-cart), and the legal page reads each text through
// external-text/{type}.
const baseUrl = inject('baseUrl');

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

/** The viewer's dropped carts as stored: bundle id and times. */
function droppedCarts(userId: string): Array<{ bundle_id: string; times: number }> {
  const db = new Database(join(e2eDataDir, 'marquee.sqlite'), { readonly: true });
  try {
    return db
      .prepare('SELECT bundle_id, times FROM dropped_carts WHERE user_id = ? ORDER BY bundle_id')
      .all(userId) as Array<{ bundle_id: string; times: number }>;
  } finally {
    db.close();
  }
}

async function openCheckout(page: Page, bundleId: string) {
  await page.goto(`${baseUrl}/subscribe`);
  await page.getByTestId(`offer-action-${bundleId}`).click();
  await page.waitForURL((url) => url.pathname === `/subscribe/${bundleId}`);
  await page.getByTestId('checkout-panel').waitFor();
}

describe('dropped carts from the web checkout', () => {
  it('leaving checkout in the app, or leaving the page, records the cart once per visit; the admin sees it', async () => {
    const user = await signUpViewer('dropped');
    const page = await pageSignedInAs(browser, user);

    // Back to the offers without paying: the checkout unmounts.
    await openCheckout(page, 'demo-monthly');
    expect(droppedCarts(user.user.id)).toEqual([]);
    await page.goBack();
    await page.waitForURL((url) => url.pathname === '/subscribe');
    await expect.poll(() => droppedCarts(user.user.id)).toEqual([{ bundle_id: 'demo-monthly', times: 1 }]);

    // Another bundle's checkout, then the page goes away (pagehide: a keepalive request).
    await page.getByTestId('offer-action-demo-annual').click();
    await page.getByTestId('checkout-panel').waitFor();
    await page.goto(`${baseUrl}/legal`);
    await expect
      .poll(() => droppedCarts(user.user.id))
      .toEqual([
        { bundle_id: 'demo-annual', times: 1 },
        { bundle_id: 'demo-monthly', times: 1 },
      ]);
    await page.context().close();

    // The site's admin sees them on the dropped-carts page, the latest first.
    const admin = await callApi<Login>(null, 'POST', '/v2/me/auth/login', {
      email: 'admin@marquee.test',
      password: 'marquee-admin',
      site: 'demo',
    });
    expect(admin.status).toBe(200);
    const adminPage = await pageSignedInAs(browser, admin.body, { width: 1280, height: 800 });
    await adminPage.goto(`${baseUrl}/dropped-carts`);
    const rows = adminPage
      .getByTestId('dropped-carts')
      .getByTestId('dropped-cart')
      .filter({ hasText: user.email });
    await rows.first().waitFor();
    expect(await rows.evaluateAll((trs) => trs.map((tr) => tr.getAttribute('data-bundle-id')))).toEqual([
      'demo-annual',
      'demo-monthly',
    ]);
    await adminPage.context().close();
  });
});

describe('the legal page through external-text/{type}', () => {
  it('shows the terms, then the privacy text, each read from external-text', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    const asked: string[] = [];
    page.on('request', (r) => {
      const path = new URL(r.url()).pathname;
      if (path.includes('/external-text/')) asked.push(path);
    });
    await page.goto(`${baseUrl}/legal`);
    await page.getByTestId('legal-text-terms').waitFor();
    expect(await page.getByTestId('legal-text-terms').textContent()).toContain('terms of use');
    await page.getByTestId('legal-privacy').click();
    await page.getByTestId('legal-text-privacy').waitFor();
    expect(await page.getByTestId('legal-text-privacy').textContent()).toContain('privacy notice');
    expect(asked).toEqual(['/v2/sites/demo/external-text/terms', '/v2/sites/demo/external-text/privacy']);
    await page.close();
  });
});
