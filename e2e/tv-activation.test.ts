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

    // New Code is focused; Enter (after the remote's key throttle) replaces the code.
    await tv.waitForFunction(() => document.activeElement?.getAttribute('data-testid') === 'new-code');
    await tv.waitForTimeout(200);
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

    // Signed in, login sends the TV to its profile; Logout (Right, Enter) ends the session.
    await tv.goto(`${baseUrl}/tvn/generic/login`);
    await tv.waitForURL(/\/tvn\/generic\/profile$/);
    await tv.getByTestId('profile-email').waitFor();
    const refreshToken = await tv.evaluate(() => localStorage.getItem('marquee.tv.refreshToken'));
    expect(refreshToken).toBeTruthy();
    await tv.waitForFunction(() => document.activeElement?.getAttribute('data-testid') === 'profile-back');
    await tv.waitForTimeout(200);
    await tv.keyboard.press('ArrowRight');
    await tv.waitForFunction(() => document.activeElement?.getAttribute('data-testid') === 'profile-logout');
    await tv.waitForTimeout(200);
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
