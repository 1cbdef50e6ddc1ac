import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser } from './browser';
import { storedShareEvents } from './analytics-store';

// Sharing (decision 0049): the Share tab's targets carry short links of this server; following
// one lands on the video; a pasted watch link previews its title and image.
const baseUrl = inject('baseUrl');
const PATH = '/channel/originals/demo-video-01';
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('sharing', () => {
  it('shares a video to a target through a short link that leads back to it', async () => {
    const page = await (await browser.newContext({ viewport: { width: 1400, height: 900 } })).newPage();
    await page.goto(`${baseUrl}${PATH}`);
    await page.getByTestId('watch-tab-share').click();
    const panel = page.getByTestId('share-panel');
    const x = panel.getByTestId('share-x');
    await expect.poll(async () => (await x.getAttribute('href')) ?? '').toMatch(/%2Fs%2F[a-z0-9]{7}/);
    const href = new URL((await x.getAttribute('href'))!);
    expect(href.origin).toBe('https://x.com');
    const short = href.searchParams.get('url')!;
    // The short link reads as the video's title (§5 readable URL; the tail is ignored when followed).
    expect(short).toMatch(new RegExp(`^${baseUrl}/s/[a-z0-9]{7}/[a-z0-9_-]+$`));
    for (const target of ['facebook', 'whatsapp', 'reddit', 'email'])
      expect(await panel.getByTestId(`share-${target}`).getAttribute('href')).toContain(
        encodeURIComponent(`${baseUrl}/s/`).slice(0, 20),
      );

    const hop = await fetch(short, { redirect: 'manual' });
    expect(hop.status).toBe(302);
    expect(hop.headers.get('location')).toBe(PATH);
    await page.goto(short);
    await page.waitForURL(`${baseUrl}${PATH}`);
    await page.getByTestId('watch-title').waitFor();
    await page.context().close();
  });

  it('each share is recorded by the server: the target as platform, the video as type (discovery-and-site §7)', async () => {
    const since = new Date().toISOString();
    const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl });
    const page = await context.newPage();
    // The networks' share windows open as popups; nothing here needs them.
    page.on('popup', (popup) => void popup.close());
    await page.goto(`${baseUrl}${PATH}`);
    await page.getByTestId('watch-tab-share').click();
    const panel = page.getByTestId('share-panel');
    await expect
      .poll(async () => (await panel.getByTestId('share-x').getAttribute('href')) ?? '')
      .toMatch(/%2Fs%2F/);
    await panel.getByTestId('share-x').click();
    await panel.getByTestId('share-facebook').click();
    await panel.getByTestId('share-copy-link').click();
    await page.getByTestId('site-toast').filter({ hasText: 'Link copied' }).first().waitFor();
    await panel.getByTestId('share-copy-embed').click();
    // The events go in the page's analytics batch; leaving the page sends what is queued.
    await page.close({ runBeforeUnload: true });

    const uid = PATH.split('/').pop()!;
    await expect
      .poll(() => storedShareEvents(since), { timeout: 15_000, interval: 250 })
      .toEqual([
        { platform: 'x', type: 'video', contentId: uid, videoUid: uid, channelId: 'originals' },
        { platform: 'facebook', type: 'video', contentId: uid, videoUid: uid, channelId: 'originals' },
        { platform: 'copy', type: 'video', contentId: uid, videoUid: uid, channelId: 'originals' },
        { platform: 'embed', type: 'video', contentId: uid, videoUid: uid, channelId: 'originals' },
      ]);
    await context.close();
  });

  it('a pasted watch link previews the title and image (Open Graph, Twitter card)', async () => {
    const html = await (await fetch(`${baseUrl}${PATH}`)).text();
    expect(html).toMatch(/<meta property="og:title" content="[^"]+"/);
    expect(html).toMatch(/<meta property="og:image" content="http[^"]+thumb-maxres\.jpg"/);
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image"');
    expect(html).toContain(`<meta property="og:url" content="${baseUrl}${PATH}"`);
  });
});
