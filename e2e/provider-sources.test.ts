import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { expectPlaysPast, launchBrowser } from './browser';
import { pageSignedInAs, signUpViewer } from './viewers';

// The source map (discovery-and-site §9, playback-and-social §3; decision 0059): the demo's YouTube,
// Dailymotion and JW Player events play through the provider's own player API, here local stand-ins
// of their scripts (e2e/stand-ins/, served by global-setup as PLAYER_SCRIPT_YT, _DM and _JW). Each
// page loads its provider's script only, an HLS video loads none, and a script that cannot be
// loaded (offline) says so instead of hanging.
const baseUrl = inject('baseUrl');
const scriptUrl = inject('youtubeScriptUrl');
const SCRIPTS = {
  yt: scriptUrl,
  dm: inject('dailymotionScriptUrl'),
  jw: inject('jwplayerScriptUrl'),
} as const;
type Source = keyof typeof SCRIPTS;
const YOUTUBE_EVENT = '/channel/events/demo-event-youtube';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

/** A page that counts its requests for the provider script. */
async function pageCountingScript(): Promise<{ page: Page; scriptRequests: () => number }> {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  let count = 0;
  page.on('request', (request) => {
    if (request.url() === scriptUrl) count++;
  });
  return { page, scriptRequests: () => count };
}

/** Counts `page`'s requests for each provider's script (by origin and path: the stand-ins take a query). */
function countScripts(page: Page): Record<Source, number> {
  const counts: Record<Source, number> = { yt: 0, dm: 0, jw: 0 };
  const bare = (url: string) => url.split('?')[0];
  page.on('request', (request) => {
    for (const source of Object.keys(SCRIPTS) as Source[])
      if (bare(request.url()) === bare(SCRIPTS[source])) counts[source]++;
  });
  return counts;
}

describe('a live event whose source is YouTube', () => {
  it("plays through the provider's player API: its script (and no other provider's) is loaded, the player made with the video id, the screen reaches playing", async () => {
    const { page, scriptRequests } = await pageCountingScript();
    const scripts = countScripts(page);
    await page.goto(`${baseUrl}${YOUTUBE_EVENT}`);
    const stage = page.getByTestId('watch');
    await stage.locator('[data-testid="player"][data-provider="yt"]').waitFor();
    const standIn = stage.getByTestId('yt-stand-in');
    await standIn.waitFor();
    expect(await standIn.getAttribute('data-video-id')).toBe('aqz-KE-bpKQ');
    // The shared player shell follows the provider's state events.
    await stage.locator('.mq-player[data-state="playing"][data-engine="yt"]').waitFor();
    expect(scriptRequests()).toBe(1);
    expect(scripts).toEqual({ yt: 1, dm: 0, jw: 0 });
    // The provider's time reaches our facade: the stand-in's clock runs, and the shell stays playing.
    await page.waitForFunction(
      () => {
        const frame = document.querySelector('[data-testid="yt-stand-in"]');
        return frame?.getAttribute('data-state') === '1';
      },
      undefined,
      { polling: 100 },
    );
    expect(await stage.getByTestId('player-error').count()).toBe(0);
    await page.close();
  });

  it('an unreachable provider (offline): "this video\'s provider could not be reached", not a spinner', async () => {
    const { page } = await pageCountingScript();
    await page.route(scriptUrl, (route) => route.abort('internetdisconnected'));
    await page.goto(`${baseUrl}${YOUTUBE_EVENT}`);
    const error = page.getByTestId('watch').getByTestId('player-error');
    await error.waitFor();
    expect(await error.textContent()).toContain("This video's provider could not be reached.");
    await page.close();
  });
});

const PROVIDER_EVENTS = [
  { source: 'dm', name: 'Dailymotion', uid: 'demo-event-dailymotion', standIn: 'dm-stand-in' },
  { source: 'jw', name: 'JW Player', uid: 'demo-event-jwplayer', standIn: 'jw-stand-in' },
] as const;

for (const { source, name, uid, standIn } of PROVIDER_EVENTS) {
  describe(`a live event whose source is ${name}`, () => {
    it("loads only its provider's script and plays through the adapter: the page follows its time, and play, pause, seek and unmute reach it", async () => {
      const viewer = await signUpViewer(`provider-${source}`);
      const page = await pageSignedInAs(browser, viewer, { width: 1400, height: 900 });
      const scripts = countScripts(page);
      // Muted, so the player offers Unmute, which goes to the provider through the adapter.
      await page.goto(`${baseUrl}/channel/events/${uid}?mute=1`);
      const stage = page.getByTestId('watch');
      await stage.locator(`[data-testid="player"][data-provider="${source}"]`).waitFor();
      const media = stage.getByTestId(standIn);
      await media.waitFor();
      const [attribute, value] =
        source === 'dm'
          ? ['data-video-id', 'xf02xp']
          : ['data-playlist', 'https://cdn.jwplayer.com/v2/media/MqDemo01'];
      expect(await media.getAttribute(attribute)).toBe(value);
      await stage.locator(`.mq-player[data-state="playing"][data-engine="${source}"]`).waitFor();
      expect(scripts).toEqual({ yt: 0, dm: 0, jw: 0, [source]: 1 });
      const mediaState = () =>
        media.evaluate((v: HTMLVideoElement) => ({ time: v.currentTime, paused: v.paused, muted: v.muted }));

      // Unmute: the shell's button → the adapter → the provider, whose mute event hides the button.
      expect((await mediaState()).muted).toBe(true);
      await stage.getByTestId('player-unmute').click();
      await stage.getByTestId('player-unmute').waitFor({ state: 'detached' });
      expect((await mediaState()).muted).toBe(false);
      await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());

      // The provider's time reaches the page: the Comments tab's time field follows the player.
      await page.getByTestId('watch-tab-comments').click();
      await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
      const time = page.getByTestId('watch-panel-comments').getByTestId('moment-time');
      await expect
        .poll(() => time.inputValue({ timeout: 1000 }), { timeout: 15_000, interval: 100 })
        .toMatch(/^0:0[2-4]$/);

      // Space pauses through the adapter: the provider's media stops and the shell leaves playing.
      await page.keyboard.press('Space');
      await stage.locator('.mq-player[data-state="ready"]').waitFor();
      const paused = await mediaState();
      expect(paused.paused).toBe(true);
      expect(paused.time).toBeGreaterThanOrEqual(2);

      // ← seeks back through the adapter (5 s from its position, clamped at the start).
      await page.keyboard.press('ArrowLeft');
      await expect.poll(async () => (await mediaState()).time).toBeLessThan(0.5);

      // Space plays again: the provider's media runs and the shell is playing.
      await page.keyboard.press('Space');
      await stage.locator('.mq-player[data-state="playing"]').waitFor();
      await expect.poll(async () => (await mediaState()).time).toBeGreaterThan(0.2);
      expect(await stage.getByTestId('player-error').count()).toBe(0);
      expect(scripts).toEqual({ yt: 0, dm: 0, jw: 0, [source]: 1 });
      await page.context().close();
    });

    it('an unreachable provider (offline): "this video\'s provider could not be reached"', async () => {
      const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
      await page.route(
        (url) => url.href.split('?')[0] === SCRIPTS[source].split('?')[0],
        (route) => route.abort('internetdisconnected'),
      );
      await page.goto(`${baseUrl}/channel/events/${uid}`);
      const error = page.getByTestId('watch').getByTestId('player-error');
      await error.waitFor();
      expect(await error.textContent()).toContain("This video's provider could not be reached.");
      await page.close();
    });
  });
}

describe('an HLS video', () => {
  it("plays in our own player and never requests a provider's script", async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    const scripts = countScripts(page);
    await page.goto(`${baseUrl}/channel/newsroom/demo-video-06`);
    await expectPlaysPast(page, 1);
    expect(await page.getByTestId('watch').locator('.mq-player').getAttribute('data-engine')).not.toBe('yt');
    expect(scripts).toEqual({ yt: 0, dm: 0, jw: 0 });
    await page.close();
  });
});
