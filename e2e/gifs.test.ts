import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { seriousA11yViolations } from './axe';
import { launchBrowser } from './browser';
import { pageSignedInAs, signUpViewer } from './viewers';

// Gifs (discovery-and-site §2.8, §5, §9; decision 0047): from a demo video's Gifs tab to the
// create page (the real video loops over the range), Create, the progress while the server's
// inline worker renders it with ffmpeg, the gif page and its share panel (decision 0049), and back
// to the video with the gif open.
const baseUrl = inject('baseUrl');
const VIDEO = 'demo-video-02';
const CHANNEL = 'newsroom';
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('gifs', () => {
  it('an anonymous viewer is sent to log in by the create page', async () => {
    const page = await (await browser.newContext()).newPage();
    await page.goto(`${baseUrl}/create-gif?videoUid=${VIDEO}&channel=${CHANNEL}&t=4`);
    await page.waitForURL(/\/login\?/);
    expect(new URL(page.url()).searchParams.get('odrc')).toBe('gif');
    await page.context().close();
  });

  it('makes a gif of a demo video from its Gifs tab, renders it, opens it and shares it', async () => {
    const viewer = await signUpViewer('gifs');
    const page = await pageSignedInAs(browser, viewer);
    await page.setViewportSize({ width: 1400, height: 900 });
    await page.goto(`${baseUrl}/channel/${CHANNEL}/${VIDEO}`);
    await page.getByTestId('watch-tab-gifs').click();
    await page.getByTestId('gifs-panel').getByTestId('gifs-make').click();
    await page.waitForURL(/\/create-gif\?/);

    const form = page.getByTestId('create-gif');
    await expect.poll(() => form.getByTestId('gif-length').textContent()).toBe('(5 s)');
    // Drag the end handle with the keyboard: four half-second steps shorter.
    const end = form.getByTestId('gif-end-input');
    await end.focus();
    for (let i = 0; i < 4; i++) await page.keyboard.press('ArrowLeft');
    await expect.poll(() => form.getByTestId('gif-length').textContent()).toBe('(3 s)');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await form.getByTestId('gif-top-text').fill('Breaking');
    await form.getByTestId('gif-bottom-text').fill('news');
    await form.getByTestId('gif-submit').click();

    await page.waitForURL(/\/gif\/g_[0-9a-f]{16}$/, { timeout: 60_000 });
    const gifPage = page.getByTestId('gif-page');
    const image = gifPage.getByTestId('gif-image');
    await expect
      .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBe(480);
    expect(await seriousA11yViolations(page)).toEqual([]);
    const src = await image.getAttribute('src');
    const file = await fetch(new URL(src!, baseUrl));
    expect(file.headers.get('content-type')).toBe('image/gif');
    expect(
      Buffer.from(await file.arrayBuffer())
        .subarray(0, 6)
        .toString(),
    ).toBe('GIF89a');

    // Its share panel (decision 0049): the gif's own link to copy; the networks carry short links that
    // read as the gif's meme text and lead back to this page (followed here, never the network).
    const gifUrl = page.url();
    const share = gifPage.getByTestId('gif-share').getByTestId('share-panel');
    expect(await share.getByTestId('share-link').inputValue()).toBe(gifUrl);
    expect(await share.getByTestId('share-embed-code').count()).toBe(0);
    const sharedBy = async (target: string, param: string) =>
      new URL(
        (await share.getByTestId(`share-${target}`).getAttribute('href')) ?? 'about:blank',
      ).searchParams.get(param) ?? '';
    const readable = new RegExp(`^${baseUrl}/s/[a-z0-9]{7}/breaking--news$`);
    await expect.poll(() => sharedBy('x', 'url')).toMatch(readable);
    expect(await sharedBy('x', 'text')).toBe('Breaking … news');
    await expect.poll(() => sharedBy('facebook', 'u')).toMatch(readable);
    const viaX = await sharedBy('x', 'url');
    expect(await sharedBy('facebook', 'u')).not.toBe(viaX);
    await page.goto(viaX);
    await page.waitForURL(gifUrl);
    await gifPage.getByTestId('gif-image').waitFor();

    await gifPage.getByTestId('gif-watch').click();
    await page.waitForURL((url) => url.searchParams.has('gif'));
    await page.getByTestId('watch-panel-gifs').getByTestId('gifs-shared').waitFor();
    // The tab's list loads on its own after the shared gif shows: wait for it, not read it once.
    await page.getByTestId('watch-panel-gifs').getByTestId('gifs-item').first().waitFor();
    await page.context().close();
  }, 120_000);
});
