import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { seriousA11yViolations } from './axe';
import { callWithPageToken, expectPlaysPast, launchBrowser } from './browser';

// The age gate (playback-and-social §4.2, §5, §8; decision 0022). The demo seed gives
// demo-video-20 a minimum age of 18. An anonymous viewer is asked for a birth date, which is
// kept in localStorage as YYYYMMDD and reused.
const baseUrl = inject('baseUrl');
const gatedPath = '/channel/newsroom/demo-video-20';
const TOO_YOUNG = 'Sorry! You do not meet the minimum age requirement to continue!';
const DOB_KEY = 'marquee.dob';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

describe('age gate', () => {
  it('asks an anonymous viewer for a birth date, refuses a minor (also after a reload) and plays for an adult', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.goto(`${baseUrl}${gatedPath}`);

    // noAge: the modal, labelled, with the focus on its first field; no player behind it.
    const dialog = page.getByRole('dialog', { name: 'Enter your birth date' });
    await dialog.waitFor();
    await expect
      .poll(() => dialog.getByLabel('Year').evaluate((el) => el === document.activeElement))
      .toBe(true);
    expect(await page.getByTestId('player').count()).toBe(0);
    expect(await seriousA11yViolations(page)).toEqual([]);
    // Tab stays inside the dialog: from Submit (the last control) it wraps to Year.
    await dialog.getByRole('button', { name: 'Submit' }).focus();
    await page.keyboard.press('Tab');
    await expect
      .poll(() => dialog.getByLabel('Year').evaluate((el) => el === document.activeElement))
      .toBe(true);

    // §5: year, month and day are all required.
    await dialog.getByLabel('Year').selectOption('1990');
    await dialog.getByRole('button', { name: 'Submit' }).click();
    expect(await dialog.getByRole('alert').textContent()).toBe('All fields are required');

    // A ten-year-old: the spec's message and no playback.
    const minorYear = new Date().getFullYear() - 10;
    await dialog.getByLabel('Year').selectOption(String(minorYear));
    await dialog.getByLabel('Month').selectOption('1');
    await dialog.getByLabel('Day').selectOption('5');
    await dialog.getByRole('button', { name: 'Submit' }).click();
    const refusal = page.getByTestId('age-restricted');
    await refusal.waitFor();
    expect(await refusal.textContent()).toContain(TOO_YOUNG);
    expect(await dialog.count()).toBe(0);
    expect(await page.getByTestId('player').count()).toBe(0);
    expect(await page.evaluate((key) => localStorage.getItem(key), DOB_KEY)).toBe(`${minorYear}0105`);

    // The stored date is reused: refused again without asking.
    await page.reload();
    await refusal.waitFor();
    expect(await page.getByRole('dialog').count()).toBe(0);
    expect(await page.getByTestId('player').count()).toBe(0);

    // Without a stored date, an adult's answer plays.
    await page.evaluate((key) => localStorage.removeItem(key), DOB_KEY);
    await page.reload();
    await dialog.waitFor();
    await dialog.getByLabel('Year').selectOption('1990');
    await dialog.getByLabel('Month').selectOption('3');
    await dialog.getByLabel('Day').selectOption('5');
    await dialog.getByRole('button', { name: 'Submit' }).click();
    expect(await expectPlaysPast(page, 2)).toBeGreaterThan(2);
    expect(await page.evaluate((key) => localStorage.getItem(key), DOB_KEY)).toBe('19900305');
    await page.close();
  });

  it("checks a signed-in viewer's dob, and saves the date one without a dob enters to the account", async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    // Signed in through the API and the web app's stored session (this test is not about the login page).
    const login = (await (
      await fetch(`${baseUrl}/v2/me/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'viewer@marquee.test', password: 'marquee-viewer', site: 'demo' }),
      })
    ).json()) as { token: string; refreshToken: string; expiresIn: number };
    await page.goto(`${baseUrl}/`);
    await page.evaluate((l) => {
      const session = {
        accessToken: l.token,
        refreshToken: l.refreshToken,
        expiresAt: Date.now() + l.expiresIn * 1000,
        user: null,
      };
      localStorage.setItem('marquee.session', JSON.stringify(session));
      localStorage.setItem('marquee.accessToken', l.token);
    }, login);
    const me = (await callWithPageToken(page, 'GET', '/v2/me/info')).body as {
      firstName: string;
      lastName: string;
    };
    const setDob = (dob: number | null) =>
      callWithPageToken(page, 'PATCH', '/v2/me/info', {
        firstName: me.firstName,
        lastName: me.lastName,
        dob,
      });
    try {
      // A minor's dob on the account: refused at once, no modal.
      await setDob((new Date().getFullYear() - 12) * 10_000 + 101);
      await page.goto(`${baseUrl}${gatedPath}`);
      await page.getByTestId('age-restricted').waitFor();
      expect(await page.getByRole('dialog').count()).toBe(0);

      // No dob: the modal, and the answer goes to the account (not to localStorage).
      await setDob(null);
      await page.goto(`${baseUrl}${gatedPath}`);
      const dialog = page.getByRole('dialog', { name: 'Enter your birth date' });
      await dialog.getByLabel('Year').selectOption('1985');
      await dialog.getByLabel('Month').selectOption('7');
      await dialog.getByLabel('Day').selectOption('9');
      await dialog.getByRole('button', { name: 'Submit' }).click();
      expect(await expectPlaysPast(page, 2)).toBeGreaterThan(2);
      expect(((await callWithPageToken(page, 'GET', '/v2/me/info')).body as { dob: number }).dob).toBe(
        19850709,
      );
      expect(await page.evaluate((key) => localStorage.getItem(key), DOB_KEY)).toBeNull();
    } finally {
      await setDob(null); // other browser tests share the demo viewer
      await page.close();
    }
  });

  it('Escape (like Cancel) leaves the watch screen; videos without a gate never ask', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.goto(`${baseUrl}${gatedPath}`);
    await page.getByRole('dialog', { name: 'Enter your birth date' }).waitFor();
    await page.keyboard.press('Escape');
    await page.waitForURL(`${baseUrl}/`);

    await page.goto(`${baseUrl}/channel/newsroom/demo-video-06`);
    expect(await expectPlaysPast(page, 1)).toBeGreaterThan(1);
    expect(await page.getByRole('dialog').count()).toBe(0);
    await page.close();
  });
  it('on a TV, the birth date is picked with the remote; a minor is refused and an adult plays', async () => {
    const page = await browser.newPage({ viewport: { width: 1920, height: 1080 } });
    await page.goto(`${baseUrl}/tvn/generic/play-video/newsroom/demo-video-20`);
    await page.getByTestId('tv-age-gate').waitFor();
    expect(await page.getByTestId('tv-player').count()).toBe(0);
    await page.waitForFunction(() =>
      document.querySelector('[data-testid="dob-year"]')?.className.includes('is-focused'),
    );

    // Submit with nothing picked: §5's message.
    await page.getByTestId('age-gate-submit').click();
    expect(await page.getByTestId('age-gate-error').textContent()).toBe('All fields are required');

    // Up on each field picks a value (the year a middle one, 30 years back); Right moves on.
    const press = async (key: string) => {
      await page.waitForTimeout(150); // spatial navigation throttles keys
      await page.keyboard.press(key);
    };
    await press('ArrowUp');
    await press('ArrowRight');
    await press('ArrowUp');
    await press('ArrowRight');
    await press('ArrowUp');
    const year = Number(await page.getByTestId('dob-year').getAttribute('data-value'));
    expect(year).toBe(new Date().getFullYear() - 30);
    expect(await page.getByTestId('dob-month').getAttribute('data-value')).toBe('1');
    expect(await page.getByTestId('dob-day').getAttribute('data-value')).toBe('1');
    await page.getByTestId('age-gate-submit').click();
    await expectPlaysPast(page, 2);
    expect(await page.evaluate((key) => localStorage.getItem(key), DOB_KEY)).toBe(`${year}0101`);

    // A minor's stored date: the spec's refusal in place of the player.
    const minor = `${new Date().getFullYear() - 10}0105`;
    await page.evaluate(([key, value]) => localStorage.setItem(key!, value!), [DOB_KEY, minor]);
    await page.reload();
    const refusal = page.getByTestId('playback-error');
    await refusal.waitFor();
    expect(await refusal.getAttribute('data-kind')).toBe('ageRestricted');
    expect(await refusal.textContent()).toContain(TOO_YOUNG);
    await page.close();
  });
});
