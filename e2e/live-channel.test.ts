import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { expectPlaysPast, launchBrowser } from './browser';

const baseUrl = inject('baseUrl');
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

describe('linear live channel', () => {
  it('plays a live channel built from the EPG on the TV app past 2 s', async () => {
    const channels = await (await fetch(`${baseUrl}/v2/sites/demo/live-channels`)).json();
    const channel = (channels.items ?? channels)[0];
    expect(channel).toBeDefined();
    const page = await browser.newPage({ viewport: { width: 1920, height: 1080 } });
    await page.goto(`${baseUrl}/tvn/generic/play-live/${channel.id}`);
    expect(await expectPlaysPast(page, 2)).toBeGreaterThan(2);
  });
});
