import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { expectPlaysPast, launchBrowser, withoutNativeHls } from './browser';

const baseUrl = inject('baseUrl');
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

describe('linear live channel', () => {
  const firstChannel = async () => {
    const channels = await (await fetch(`${baseUrl}/v2/sites/demo/live-channels`)).json();
    const channel = (channels.items ?? channels)[0];
    expect(channel).toBeDefined();
    return channel as { id: string };
  };

  it('plays a live channel built from the EPG on the TV app, advancing more than 2 s', async () => {
    const channel = await firstChannel();
    const page = await browser.newPage({ viewport: { width: 1920, height: 1080 } });
    await page.goto(`${baseUrl}/tvn/generic/play-live/${channel.id}`);
    expect(await expectPlaysPast(page, 2)).toBeGreaterThan(2);
  });

  it('plays the live channel through hls.js on the web app', async () => {
    const channel = await firstChannel();
    const page = await browser.newPage();
    await withoutNativeHls(page);
    await page.goto(`${baseUrl}/live-tv/${channel.id}`);
    await expectPlaysPast(page, 2);
    expect(await page.locator('.mq-player').getAttribute('data-engine')).toBe('hls.js');
  });
});
