import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { expectPlaysPast, launchBrowser } from './browser';

// The source map (discovery-and-site §9, playback-and-social §3; decision 0059): the demo's YouTube
// event plays through YouTube's IFrame Player API, here a local stand-in of its script
// (e2e/stand-ins/youtube-iframe-api.js, served by global-setup as PLAYER_SCRIPT_YT). An HLS video
// never loads it, and a script that cannot be loaded (offline) says so instead of hanging.
const baseUrl = inject('baseUrl');
const scriptUrl = inject('youtubeScriptUrl');
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

describe('a live event whose source is YouTube', () => {
  it("plays through the provider's player API: the script is loaded, the player made with the video id, the screen reaches playing", async () => {
    const { page, scriptRequests } = await pageCountingScript();
    await page.goto(`${baseUrl}${YOUTUBE_EVENT}`);
    const stage = page.getByTestId('watch');
    await stage.locator('[data-testid="player"][data-provider="yt"]').waitFor();
    const standIn = stage.getByTestId('yt-stand-in');
    await standIn.waitFor();
    expect(await standIn.getAttribute('data-video-id')).toBe('aqz-KE-bpKQ');
    // The shared player shell follows the provider's state events.
    await stage.locator('.mq-player[data-state="playing"][data-engine="yt"]').waitFor();
    expect(scriptRequests()).toBe(1);
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

describe('an HLS video', () => {
  it('plays in our own player and never requests the provider script', async () => {
    const { page, scriptRequests } = await pageCountingScript();
    await page.goto(`${baseUrl}/channel/newsroom/demo-video-06`);
    await expectPlaysPast(page, 1);
    expect(await page.getByTestId('watch').locator('.mq-player').getAttribute('data-engine')).not.toBe('yt');
    expect(scriptRequests()).toBe(0);
    await page.close();
  });
});
