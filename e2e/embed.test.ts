import { createServer, type Server } from 'node:http';
import type { Browser, Frame, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser } from './browser';

// discovery-and-site §2.12 and playback-and-social §6: "Embed control messages are accepted only
// from two allow-listed ad partner sites." The demo allows http://partner.localhost:47991 (decision
// 0028); the same page served as http://127.0.0.1:47991 is another origin, not allowed.
const baseUrl = inject('baseUrl');
const PARTNER_PORT = 47991;
const ALLOWED = `http://partner.localhost:${PARTNER_PORT}`;
const OTHER = `http://127.0.0.1:${PARTNER_PORT}`;
const embedSrc = `${baseUrl}/channel/originals/demo-video-01?embed=1&mute=1&queue=1&queueSize=3`;

const parentPage = `<!doctype html><html><head><title>Partner</title></head><body>
<iframe id="player" src="${embedSrc}" width="640" height="600" allow="autoplay"></iframe>
<script>
  window.events = [];
  window.addEventListener('message', (e) => {
    if (e.origin === ${JSON.stringify(new URL(baseUrl).origin)} && e.data && e.data.source === 'marquee-player') window.events.push(e.data);
  });
  window.send = (msg) => document.getElementById('player').contentWindow.postMessage(msg, ${JSON.stringify(new URL(baseUrl).origin)});
</script></body></html>`;

let browser: Browser;
let server: Server;
beforeAll(async () => {
  browser = await launchBrowser();
  server = createServer((_req, res) => {
    res.setHeader('content-type', 'text/html; charset=utf-8');
    res.end(parentPage);
  });
  await new Promise<void>((resolve) => server.listen(PARTNER_PORT, '127.0.0.1', resolve));
});
afterAll(async () => {
  await browser?.close();
  await new Promise((r) => server?.close(r));
});

type Ev = { type: string; currentTime?: number };
const events = (page: Page) => page.evaluate(() => (window as unknown as { events: Ev[] }).events);
const video = async (page: Page): Promise<Frame> => {
  const frame = page.frames().find((f) => f.url().startsWith(baseUrl));
  if (!frame) throw new Error('no player frame');
  await frame.getByTestId('player').waitFor({ state: 'attached', timeout: 30_000 });
  return frame;
};
const state = (frame: Frame) =>
  frame.getByTestId('player').evaluate((v: HTMLVideoElement) => ({ paused: v.paused, t: v.currentTime }));
const waitPlaying = (frame: Frame) =>
  frame.waitForFunction(
    () => {
      const v = document.querySelector<HTMLVideoElement>('[data-testid="player"]');
      return !!v && !v.paused && v.currentTime > 0.5;
    },
    undefined,
    { timeout: 30_000, polling: 100 },
  );

describe('embed', () => {
  it('hides the site chrome, lists Up Next (queueSize) and obeys postMessage from an allow-listed partner', async () => {
    const page = await browser.newPage();
    // Up Next is the channel's queue, from the §7 queue call (decision 0062).
    const queueCall = page.waitForRequest((r) =>
      new URL(r.url()).pathname.endsWith('/queues/videoChannel/originals'),
    );
    await page.goto(`${ALLOWED}/`);
    const frame = await video(page);
    await queueCall;
    expect(await frame.locator('header').count()).toBe(0);
    await frame.getByTestId('embed-up-next').waitFor();
    expect(await frame.getByTestId('embed-up-next-item').count()).toBeLessThanOrEqual(3);

    await waitPlaying(frame);
    await expect
      .poll(async () => (await events(page)).map((e) => e.type))
      .toEqual(expect.arrayContaining(['ready', 'play', 'timeupdate']));

    await page.evaluate(() => (window as unknown as { send: (m: unknown) => void }).send({ type: 'pause' }));
    await expect.poll(async () => (await state(frame)).paused).toBe(true);
    await expect.poll(async () => (await events(page)).some((e) => e.type === 'pause')).toBe(true);

    await page.evaluate(() =>
      (window as unknown as { send: (m: unknown) => void }).send({ type: 'seek', time: 7 }),
    );
    await expect.poll(async () => Math.round((await state(frame)).t)).toBe(7);

    const before = (await events(page)).filter((e) => e.type === 'play').length;
    await page.evaluate(() => (window as unknown as { send: (m: unknown) => void }).send({ type: 'play' }));
    await expect.poll(async () => (await state(frame)).paused).toBe(false);
    await expect
      .poll(async () => (await events(page)).filter((e) => e.type === 'play').length)
      .toBeGreaterThan(before);
    expect((await state(frame)).t).toBeGreaterThanOrEqual(7);

    await page.evaluate(() =>
      (window as unknown as { send: (m: unknown) => void }).send({ type: 'mute', muted: true }),
    );
    await expect
      .poll(() => frame.getByTestId('player').evaluate((v: HTMLVideoElement) => v.muted))
      .toBe(true);

    // The reward at 90 % watched (§4.8) reaches the partner too.
    const ready = (await events(page)).find((e) => e.type === 'ready') as { duration?: number } | undefined;
    const rewardAt = Math.max(0, (ready?.duration ?? 0) * 0.9 + 0.3);
    await page.evaluate(
      (time) => (window as unknown as { send: (m: unknown) => void }).send({ type: 'seek', time }),
      rewardAt,
    );
    await expect
      .poll(async () => (await events(page)).some((e) => e.type === 'reward'), { timeout: 10_000 })
      .toBe(true);
    await page.close();
  });

  it('ignores the same messages from a page that is not allow-listed, and sends it no events', async () => {
    const page = await browser.newPage();
    await page.goto(`${OTHER}/`);
    const frame = await video(page);
    await waitPlaying(frame);
    await page.evaluate(() => (window as unknown as { send: (m: unknown) => void }).send({ type: 'pause' }));
    await page.evaluate(() =>
      (window as unknown as { send: (m: unknown) => void }).send({ type: 'seek', time: 0 }),
    );
    await page.waitForTimeout(1500);
    const s = await state(frame);
    expect(s.paused).toBe(false);
    expect(s.t).toBeGreaterThan(1);
    expect(await events(page)).toEqual([]);
    await page.close();
  });

  it('opens the /embed/info and /embed/share overlays', async () => {
    const page = await browser.newPage();
    await page.goto(`${baseUrl}/channel/originals/demo-video-01?embed=1`);
    await page.getByTestId('embed-info-button').click();
    await page.waitForURL(/\/channel\/originals\/demo-video-01\/embed\/info\?embed=1$/);
    await page.getByTestId('embed-overlay-info').waitFor();
    await page.goto(`${baseUrl}/channel/originals/demo-video-01/embed/share?embed=1`);
    await page.getByTestId('embed-overlay-share').getByTestId('share-embed-code').waitFor();
    await page.close();
  });
});
