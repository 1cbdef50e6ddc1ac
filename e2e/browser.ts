import { chromium, type Browser, type Page } from 'playwright-core';

/** Debian's Chromium, headless, with the flags this machine's closed network needs. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--autoplay-policy=no-user-gesture-required',
    ],
  });
}

/**
 * Waits until the page's player is playing, then until its media time has advanced by more than
 * `seconds` from there. Returns the current time. For VOD that starts at 0 this is "played past".
 */
export async function expectPlaysPast(page: Page, seconds: number, timeoutMs = 30_000): Promise<number> {
  await page.getByTestId('player').waitFor({ state: 'attached', timeout: timeoutMs });
  const playing = () => {
    const v = document.querySelector<HTMLVideoElement>('[data-testid="player"]');
    return v && !v.paused && v.readyState >= 2 ? { t: v.currentTime } : null;
  };
  const start = await page.waitForFunction(playing, undefined, { timeout: timeoutMs, polling: 100 });
  const t0 = ((await start.jsonValue()) as { t: number }).t;
  await page.waitForFunction(
    (target) => {
      const v = document.querySelector<HTMLVideoElement>('[data-testid="player"]');
      return !!v && v.currentTime > target;
    },
    t0 + seconds,
    { timeout: timeoutMs, polling: 250 },
  );
  return page.getByTestId('player').evaluate((v: HTMLVideoElement) => v.currentTime);
}

/** Waits for the ad's own <video> (`ad-player`) to play past `seconds`. */
export async function adPlaysPast(page: Page, seconds: number) {
  await page.waitForFunction(
    (s) => {
      const v = document.querySelector<HTMLVideoElement>('[data-testid="ad-player"]');
      return !!v && !v.paused && v.currentTime > s;
    },
    seconds,
    { timeout: 20_000, polling: 100 },
  );
}

/** Makes the page's browser deny native HLS, so the player must take the hls.js (MSE) path. */
export async function withoutNativeHls(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const original = HTMLMediaElement.prototype.canPlayType;
    HTMLMediaElement.prototype.canPlayType = function (type: string) {
      return /mpegurl/i.test(type) ? '' : original.call(this, type);
    };
  });
}

/**
 * Fills and submits the web app's login form. Scoped to the form holding the "Sign in" button: right
 * after a client-side switch from signup, signup's own Email field may still be on screen.
 */
export async function submitLogin(page: Page, email = 'viewer@marquee.test', password = 'marquee-viewer') {
  const form = page.locator('form', { has: page.getByRole('button', { name: 'Sign in', exact: true }) });
  await form.getByLabel('Email', { exact: true }).fill(email);
  await form.getByLabel('Password', { exact: true }).fill(password);
  await form.getByRole('button', { name: 'Sign in', exact: true }).click();
}

/** Signs in through the web app's login screen at `origin` and waits for the account menu. */
export async function signInOnWeb(
  page: Page,
  origin: string,
  email = 'viewer@marquee.test',
  password = 'marquee-viewer',
) {
  await page.goto(`${origin}/login`);
  await submitLogin(page, email, password);
  await page.getByTestId('account-menu-button').waitFor();
}

/** Calls the API from the page with its stored access token (the page must be on the site's origin). */
export function callWithPageToken(page: Page, method: string, path: string, body?: unknown) {
  return page.evaluate(
    async ([m, p, b]) => {
      const res = await fetch(p as string, {
        method: m as string,
        headers: {
          // A JSON content type with no body is a 400: only say JSON when there is some.
          ...(b === undefined ? {} : { 'content-type': 'application/json' }),
          authorization: `Bearer ${localStorage.getItem('marquee.accessToken')}`,
        },
        body: b === undefined ? undefined : JSON.stringify(b),
      });
      return { status: res.status, body: res.status === 204 ? null : ((await res.json()) as unknown) };
    },
    [method, path, body] as const,
  );
}
