import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { DEMO_USERS } from '../apps/server/src/seed/demo-content';
import { expectPlaysPast, launchBrowser } from './browser';
import { callApi } from './viewers';

// Playback quality (issue 18; decision 0083): the web player measures a real playback and reports
// it when the viewer leaves the video; the site's admin reads the figures back per title and day.
// The e2e database outlives a run, so the test compares today's figures before and after (other
// files may play the same titles meanwhile: counts only grow).
const baseUrl = inject('baseUrl');

type Figures = {
  sessions: number;
  started: number;
  startupMedianMs: number | null;
  startupMeanMs: number | null;
  watchedMs: number;
  errors: number;
};
type Summary = { titles: { videoUid: string; total: Figures }[] };

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

/** Today's figures of the video (UTC) as the demo site's admin sees them; zeros before its first session. */
async function today(token: string, videoUid: string): Promise<Figures> {
  const day = new Date().toISOString().slice(0, 10);
  const res = await callApi<Summary>(
    token,
    'GET',
    `/v2/sites/demo/analytics/playbackQuality?from=${day}&to=${day}`,
  );
  expect(res.status).toBe(200);
  const none = {
    sessions: 0,
    started: 0,
    startupMedianMs: null,
    startupMeanMs: null,
    watchedMs: 0,
    errors: 0,
  };
  return res.body.titles.find((t) => t.videoUid === videoUid)?.total ?? none;
}

/** The startups of the figures' sessions added up, from their mean (rounded to the ms). */
const startupSum = (f: Figures) => (f.startupMeanMs ?? 0) * f.started;

/** The demo admin's token. */
async function adminToken() {
  const { email, password } = DEMO_USERS.admin;
  return (
    await callApi<{ token: string }>(null, 'POST', '/v2/me/auth/login', { email, password, site: 'demo' })
  ).body.token;
}

describe('playback quality', () => {
  it('reports a real playback when the viewer leaves it, read back by the site’s admin', async () => {
    const token = await adminToken();
    const videoUid = 'demo-video-06';
    const before = await today(token, videoUid);
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.goto(`${baseUrl}/channel/newsroom/${videoUid}`);
    await expectPlaysPast(page, 3);
    await page.getByTestId('site-name').click(); // leaving the watch screen sends the final report
    await page.getByTestId('discover-row').first().waitFor();

    await expect
      .poll(async () => (await today(token, videoUid)).sessions, { timeout: 15_000, interval: 500 })
      .toBeGreaterThanOrEqual(before.sessions + 1);
    const after = await today(token, videoUid);
    expect(after.started).toBeGreaterThanOrEqual(before.started + 1);
    expect(after.startupMedianMs).toBeGreaterThan(0);
    // This session's startup, from the means (each rounded to the ms). On the web watch screen it
    // still measures about 1 ms here (the TV's, below, 14 ms): open, see decision 0083.
    expect(startupSum(after) - startupSum(before)).toBeGreaterThan(0);
    expect(after.watchedMs - before.watchedMs).toBeGreaterThanOrEqual(2500);
    expect(after.errors).toBe(before.errors);
    await page.close();
  });

  it('reports a TV playback when the app is closed', async () => {
    const token = await adminToken();
    const videoUid = 'demo-video-05';
    const before = await today(token, videoUid);
    const page = await browser.newPage({ viewport: { width: 1920, height: 1080 } });
    await page.goto(`${baseUrl}/tvn/generic/play-video/newsroom/${videoUid}`);
    await expectPlaysPast(page, 2);
    await page.close({ runBeforeUnload: true }); // pagehide sends the report

    await expect
      .poll(async () => (await today(token, videoUid)).sessions, { timeout: 15_000, interval: 500 })
      .toBeGreaterThanOrEqual(before.sessions + 1);
    const after = await today(token, videoUid);
    expect(after.started).toBeGreaterThanOrEqual(before.started + 1);
    expect(after.watchedMs - before.watchedMs).toBeGreaterThanOrEqual(1500);
    // The startup time is not asserted: the players still report about 0–1 ms on this path (the
    // tracker's play intent is taken too late; decision 0083, open). Sessions, watched time and
    // errors above are what this test proves.
    expect(after.errors).toBe(before.errors);
  });
});
