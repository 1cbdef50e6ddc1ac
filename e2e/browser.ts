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

/** Makes the page's browser deny native HLS, so the player must take the hls.js (MSE) path. */
export async function withoutNativeHls(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const original = HTMLMediaElement.prototype.canPlayType;
    HTMLMediaElement.prototype.canPlayType = function (type: string) {
      return /mpegurl/i.test(type) ? '' : original.call(this, type);
    };
  });
}
