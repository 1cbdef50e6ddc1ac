import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { expectPlaysPast, launchBrowser, withoutNativeHls } from './browser';
import { buy, callApi, pageSignedInAs, signUpViewer } from './viewers';

// The TV's login and paid paths (playback-and-social §2.1 guards, §4.1 on TV; accounts-and-commerce
// §7 getPurchaseLink; decision 0073). A fresh viewer (signed up through the API) signs the TV in by
// activation on the way to a paid title, sees its QR code and short link, buys the bundle that
// unlocks it (through the API, as e2e/purchases.test.ts does, after following the short link on a
// phone), and the TV plays without a reload. Only keys on the TV.
const baseUrl = inject('baseUrl');
const PAID = '/tvn/generic/play-video/originals/demo-premium-01';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const focusedTestId = (tv: Page, testId: string) =>
  tv.waitForFunction((id) => document.activeElement?.getAttribute('data-testid') === id, testId);

describe('TV login and paid paths', () => {
  it('sends a signed-out TV from a paid title to login, back after activation, shows the purchase path and plays once bought', async () => {
    const viewer = await signUpViewer('tv-paid');
    const tvContext = await browser.newContext({ viewport: { width: 1920, height: 1080 } });
    const tv = await tvContext.newPage();
    await withoutNativeHls(tv);

    // Signed out: the title rejects to the TV login, replacing its entry, with the title to return to.
    await tv.goto(`${baseUrl}${PAID}`);
    await tv.waitForURL(
      (url) => url.pathname === '/tvn/generic/login' && url.searchParams.get('returnTo') === PAID.slice(4),
    );
    const code = (await tv.getByTestId('activation-code').textContent())!.trim();
    expect(code).toMatch(/^[A-Z0-9]{8}$/);

    // The phone activates the code for the viewer: the TV signs in and goes back to the title.
    const activated = await callApi(viewer.token, 'PUT', `/v2/sites/demo/second-screens/${code}`);
    expect(activated.status).toBe(200);
    await tv.waitForURL((url) => url.pathname === PAID);

    // Signed in without the bundle: the purchase path, a QR code of the short link and the link.
    const purchase = tv.getByTestId('tv-purchase');
    await purchase.getByTestId('purchase-qr').waitFor();
    const shortUrl = await purchase.getByTestId('purchase-qr').getAttribute('data-text');
    expect(shortUrl).toMatch(/^https?:\/\/[^/]+\/s\/[A-Za-z0-9_-]+$/);
    await expect
      .poll(() => purchase.getByTestId('purchase-url').textContent())
      .toBe(shortUrl!.replace(/^https?:\/\//, ''));
    expect(await purchase.getByTestId('playback-error').getAttribute('data-kind')).toBe('purchase');
    expect(await tv.getByTestId('player').count()).toBe(0);
    await tv.evaluate(() => ((window as unknown as { marqueeSameLoad: boolean }).marqueeSameLoad = true));

    // The phone follows the short link to the web's checkout for this title, and the viewer buys.
    const phone = await pageSignedInAs(browser, viewer);
    await phone.goto(shortUrl!);
    await phone.waitForURL((url) => url.pathname === '/subscribe/video/demo-premium-01');
    expect(new URL(phone.url()).searchParams.get('platform')).toBe('generic');
    await buy(viewer.token, 'demo-monthly');

    // The TV notices the purchase by itself and plays, in the same page load.
    await expectPlaysPast(tv, 2);
    expect(await tv.getByTestId('tv-purchase').count()).toBe(0);
    expect(
      await tv.evaluate(() => (window as unknown as { marqueeSameLoad?: boolean }).marqueeSameLoad),
    ).toBe(true);

    // Signed in, the menu offers the profile; the login screen sends the TV there too.
    await tv.goto(`${baseUrl}/tvn/generic/menu`);
    await tv.getByTestId('tv-menu').waitFor();
    // Discover (the first item, focused on load), then Down to the account item.
    await tv.waitForFunction(
      () =>
        !!document.activeElement?.closest('[data-testid="tv-menu"]') &&
        document.activeElement.getAttribute('data-testid') === null,
    );
    await tv.keyboard.press('ArrowDown');
    await focusedTestId(tv, 'menu-account');
    await tv.keyboard.press('Enter');
    await tv.waitForURL((url) => url.pathname === '/tvn/generic/profile');
    await expect.poll(() => tv.getByTestId('profile-email').textContent()).toBe(viewer.email);
    await tv.goto(`${baseUrl}/tvn/generic/login?returnTo=${encodeURIComponent('//evil.test/x')}`);
    await tv.waitForURL((url) => url.pathname === '/tvn/generic/profile');

    await phone.context().close();
    await tvContext.close();
  });

  it('sends a signed-out TV from a login-required title to login with the title to return to', async () => {
    const tv = await browser.newPage({ viewport: { width: 1920, height: 1080 } });
    await tv.goto(`${baseUrl}/tvn/generic/play-video/originals/demo-members-01`);
    await tv.waitForURL(
      (url) =>
        url.pathname === '/tvn/generic/login' &&
        url.searchParams.get('returnTo') === '/generic/play-video/originals/demo-members-01',
    );
    await tv.getByTestId('activation-code').waitFor();
    // The refusal replaced the title's entry (the router's index stays 0): Back does not land on it again.
    expect(await tv.evaluate(() => (history.state as { idx?: number } | null)?.idx)).toBe(0);
    await tv.close();
  });
});
