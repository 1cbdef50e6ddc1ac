import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser } from './browser';

const baseUrl = inject('baseUrl');
const VIEWER = { email: 'viewer@marquee.test', password: 'marquee-viewer' };

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

/** The code the TV shows (two groups of four on screen, one string in the DOM). */
async function codeOn(tv: Page): Promise<string> {
  const code = tv.getByTestId('activation-code');
  await code.waitFor();
  return (await code.textContent())!.trim();
}

describe('TV activation by code', () => {
  it('the TV shows a code, the signed-in viewer enters it, and the TV reaches its profile within 5 s', async () => {
    const tvContext = await browser.newContext({ viewport: { width: 1920, height: 1080 } });
    const webContext = await browser.newContext();
    const tv = await tvContext.newPage();
    await tv.goto(`${baseUrl}/tvn/generic/login`);
    const first = await codeOn(tv);
    expect(first).toMatch(/^[BCDFGHJKLMNPQRSTVWXZ2-9]{8}$/);
    expect(await tv.getByText('Connecting may take up to 30 seconds after you sign in.').isVisible()).toBe(
      true,
    );
    expect(await tv.getByTestId('activation-url').textContent()).toMatch(/\/activate$/);

    // The TV keeps the device secret its registration returned, next to its id.
    const deviceId = await tv.evaluate(() => localStorage.getItem('marquee.tv.deviceId'));
    expect(await tv.evaluate(() => localStorage.getItem('marquee.tv.deviceSecret'))).toMatch(
      /^[A-Za-z0-9_-]{43}$/,
    );

    // New Code is focused; Enter replaces the code (the remote's key throttle never holds Enter back).
    await tv.waitForFunction(() => document.activeElement?.getAttribute('data-testid') === 'new-code');
    await tv.keyboard.press('Enter');
    await tv.waitForFunction((old) => {
      const text = document.querySelector('[data-testid="activation-code"]')?.textContent;
      return !!text && text !== old;
    }, first);
    const code = await codeOn(tv);

    // The web viewer opens /activate, signs in on the way (the intent is kept), and enters the code.
    const web = await webContext.newPage();
    await web.goto(`${baseUrl}/activate`);
    await web.waitForURL(/\/login\?/);
    await web.locator('input[name=email]').fill(VIEWER.email);
    await web.locator('input[name=password]').fill(VIEWER.password);
    await web.getByRole('button', { name: 'Sign in' }).click();
    await web.waitForURL(/\/activate/);
    // The replaced code no longer activates anything.
    await web.getByTestId('activate-code').fill(first);
    await web.getByRole('button', { name: 'Activate' }).click();
    await web.getByTestId('activate-error').waitFor();
    expect(await web.getByTestId('activate-error').textContent()).toContain('Invalid code');
    await web.getByTestId('activate-code').fill(code.toLowerCase());
    await web.getByRole('button', { name: 'Activate' }).click();
    const activatedAt = Date.now();
    await web.getByText('Device activated!').waitFor();

    await tv.waitForURL(/\/tvn\/generic\/profile$/, { timeout: 5_000 });
    const email = tv.getByTestId('profile-email');
    await email.waitFor({ timeout: Math.max(1, 5_000 - (Date.now() - activatedAt)) });
    expect(await email.textContent()).toBe(VIEWER.email);
    expect(Date.now() - activatedAt).toBeLessThan(5_000);

    // Someone else who knows the deviceId can neither take the session nor sign the TV out.
    const json = { 'content-type': 'application/json' };
    const poll = await fetch(`${baseUrl}/v2/sites/demo/check-second-screen/${deviceId}`);
    expect(poll.status).toBe(400);
    expect(await poll.text()).not.toContain('refreshToken');
    const reRegister = await fetch(`${baseUrl}/v2/sites/demo/second-screens`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ deviceId, deviceType: 'webtv' }),
    });
    expect(reRegister.status).toBe(409);

    // Signed in, login sends the TV to its profile; Logout (Right, Enter) ends the session.
    await tv.goto(`${baseUrl}/tvn/generic/login`);
    await tv.waitForURL(/\/tvn\/generic\/profile$/);
    await tv.getByTestId('profile-email').waitFor();
    const refreshToken = await tv.evaluate(() => localStorage.getItem('marquee.tv.refreshToken'));
    expect(refreshToken).toBeTruthy();
    await tv.waitForFunction(() => document.activeElement?.getAttribute('data-testid') === 'profile-back');
    await tv.keyboard.press('ArrowRight');
    await tv.waitForFunction(() => document.activeElement?.getAttribute('data-testid') === 'profile-logout');
    // Enter right after the arrow: the throttle holds back only held arrows.
    await tv.keyboard.press('Enter');
    await tv.waitForURL(/\/tvn\/generic\/login$/);
    await codeOn(tv);
    expect(await tv.evaluate(() => localStorage.getItem('marquee.tv.accessToken'))).toBeNull();
    const refresh = await fetch(`${baseUrl}/v2/me/auth/refresh-access`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ token: refreshToken }),
    });
    expect(refresh.status).toBe(401);

    // Not signed in, the profile sends the TV to login.
    await tv.goto(`${baseUrl}/tvn/generic/profile`);
    await tv.waitForURL(/\/tvn\/generic\/login$/);

    await tvContext.close();
    await webContext.close();
  });
});
