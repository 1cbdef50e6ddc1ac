import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { expectPlaysPast, launchBrowser, signInOnWeb, withoutNativeHls } from './browser';

// Paid content (decisions 0024, 0025). The demo seed makes demo-premium-01 a paid video whose media
// is AES-128 encrypted. The demo viewer holds nothing: the watch screen shows the purchase notice and
// no player. An admin's complimentary grant of an ENTIRE_SITE bundle makes it play, through hls.js
// fetching the key from our key endpoint and decrypting the segments.
const baseUrl = inject('baseUrl');
const paidPath = '/channel/originals/demo-premium-01';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

async function adminToken(): Promise<string> {
  const res = await fetch(`${baseUrl}/v2/me/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'admin@marquee.test', password: 'marquee-admin', site: 'demo' }),
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { token: string }).token;
}

const grants = `${baseUrl}/v2/admin/sites/demo/users/demo-viewer/grants`;

describe('paid content', () => {
  it('is refused without an entitlement and plays, decrypted, after an admin grants one', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await withoutNativeHls(page);
    const keys: number[] = [];
    page.on('response', (res) => {
      if (res.url().endsWith('/content.key')) keys.push(res.status());
    });
    await signInOnWeb(page, baseUrl);

    await page.goto(`${baseUrl}${paidPath}`);
    // The paywall notice (inside the playback outcome, which another engineer is reworking).
    const notice = page.getByTestId('playback-error');
    await notice.waitFor();
    expect(await notice.getAttribute('data-kind')).toBe('purchase');
    expect(await page.getByTestId('player').count()).toBe(0);

    const admin = await adminToken();
    const granted = await fetch(grants, {
      method: 'POST',
      headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json' },
      body: JSON.stringify({ bundleId: 'demo-monthly', description: 'e2e paid-content' }),
    });
    expect(granted.status).toBe(201);
    const grant = (await granted.json()) as { id: string };
    try {
      await page.reload();
      await expectPlaysPast(page, 3);
      expect(await page.getByTestId('playback-error').count()).toBe(0);
      // The stream really was encrypted: the player fetched the key, and got it.
      expect(keys.length).toBeGreaterThan(0);
      expect(keys.every((s) => s === 200)).toBe(true);
    } finally {
      const revoked = await fetch(`${grants}/${grant.id}`, {
        method: 'DELETE',
        headers: { authorization: `Bearer ${admin}` },
      });
      expect(revoked.status).toBe(204);
    }

    // Revoked: the notice is back.
    await page.reload();
    await page.getByTestId('playback-error').waitFor();
    expect(await page.getByTestId('player').count()).toBe(0);
    await page.close();
  });
});
