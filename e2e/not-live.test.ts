import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { expectPlaysPast, launchBrowser } from './browser';

// The not-live page and live events on the web (playback-and-social §2.2, §4.1, §4.7; decision 0023).
// The demo's events are seeded relative to the seed's time: live now, later today (~3 h ahead),
// ended, and 9999-12-31. The page's clock is Playwright's; the server decides play-url by its own,
// real clock, so a "later today" event can be counted down to in the page but not played.
const baseUrl = inject('baseUrl');

type EventVideo = { uid: string; title: string; liveEvent: { start: string; end: string | null } };
async function liveEvent(uid: string): Promise<EventVideo> {
  const res = await fetch(`${baseUrl}/v2/sites/demo/live-events/${uid}`);
  expect(res.status).toBe(200);
  return (await res.json()) as EventVideo;
}
const isPlayUrl = (uid: string) => (url: string) => url.includes(`/videos/${uid}/play-url`);

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

async function newPage(locale = 'en-US'): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale });
  return context.newPage();
}

describe('not-live page', () => {
  it('a future event: its watch link goes to the not-live page, which counts down, asks again at the start and switches once it plays', async () => {
    const uid = 'demo-event-later-today';
    const event = await liveEvent(uid);
    const start = Date.parse(event.liveEvent.start);
    expect(start).toBeGreaterThan(Date.now());

    const page = await newPage();
    await page.clock.install({ time: start - 70_000 });
    // The watch screen's play-url answers code 20 (not started): it goes to the not-live page.
    await page.goto(`${baseUrl}/channel/events/${uid}`);
    await page.waitForURL(`**/not-live/${uid}?channel=events`);
    await expect.poll(() => page.getByTestId('not-live-title').textContent()).toBe(event.title);
    await page.clock.pauseAt(start - 65_000);
    await expect.poll(() => page.getByTestId('not-live-clock').textContent()).toBe('00:01:05');
    expect(await page.getByTestId('not-live-start').textContent()).toMatch(/^Starts /);
    expect(await page.getByTestId('not-live-text').textContent()).toBe('Starts in 2 minutes');
    expect(await page.locator('.not-live__media img').count()).toBe(1);

    // 1 s ticks; the long-form text only every 60 s.
    await page.clock.runFor(10_000);
    await expect.poll(() => page.getByTestId('not-live-clock').textContent()).toBe('00:00:55');
    expect(await page.getByTestId('not-live-text').textContent()).toBe('Starts in 2 minutes');
    await page.clock.runFor(50_000);
    await expect.poll(() => page.getByTestId('not-live-clock').textContent()).toBe('00:00:05');
    expect(await page.getByTestId('not-live-text').textContent()).toBe('Starts in 1 minute');

    // At the start it asks play-url again. The server's clock says the event is hours away
    // (code 20), so the page stays, says it is starting, and keeps asking every 5 s.
    const asked = page.waitForRequest((r) => isPlayUrl(uid)(r.url()));
    await page.clock.runFor(6_000);
    const answer = await (await (await asked).response())!.json();
    expect(answer).toMatchObject({ url: null, code: 20 });
    await page.getByTestId('not-live-starting').waitFor();
    expect(new URL(page.url()).pathname).toBe(`/not-live/${uid}`);
    const again = page.waitForRequest((r) => isPlayUrl(uid)(r.url()));
    await page.clock.runFor(5_000);
    await again;
    expect(new URL(page.url()).pathname).toBe(`/not-live/${uid}`);

    // Client side only: once play-url answers with a stream (here the live-now event's real answer,
    // stubbed in, since the real server will not play this event for hours), the page replaces itself
    // with the live watch screen, which plays.
    const playing = (await (
      await fetch(`${baseUrl}/v2/sites/demo/videos/demo-event-live-now/play-url`)
    ).json()) as { url: string };
    expect(playing.url).toBeTruthy();
    await page.route(`**/videos/${uid}/play-url**`, (route) => route.fulfill({ json: playing }));
    await page.clock.runFor(5_000);
    // React Query delivers results on a zero-delay timer: let the page's time flow again.
    await page.clock.resume();
    await page.waitForURL(`**/channel/events/${uid}`);
    await expectPlaysPast(page, 1);
    await page.context().close();
  });

  it("an event whose start is 9999-12-31 shows 'Not Started' (and 'Sin empezar' in Spanish)", async () => {
    const page = await newPage();
    await page.goto(`${baseUrl}/not-live/demo-event-not-started?channel=events`);
    await expect.poll(() => page.getByTestId('not-live-start').textContent()).toBe('Not Started');
    expect(await page.getByTestId('not-live-clock').count()).toBe(0);
    await page.context().close();

    const es = await newPage('es-ES');
    await es.goto(`${baseUrl}/not-live/demo-event-not-started`);
    await expect.poll(() => es.getByTestId('not-live-start').textContent()).toBe('Sin empezar');
    await es.context().close();
  });

  it('an ended event goes to the not-live page, which says it ended', async () => {
    const page = await newPage();
    await page.goto(`${baseUrl}/channel/events/demo-event-ended`);
    await page.waitForURL('**/not-live/demo-event-ended?channel=events');
    await page.getByTestId('not-live-ended').waitFor();
    expect(await page.getByTestId('not-live').getAttribute('data-state')).toBe('ended');
    await page.context().close();
  });

  it('an event that is on replaces the not-live page with the live watch screen, which plays', async () => {
    const page = await newPage();
    await page.goto(`${baseUrl}/not-live/demo-event-live-now?channel=events`);
    await page.waitForURL('**/channel/events/demo-event-live-now');
    await expectPlaysPast(page, 1);
    await page.context().close();
  });

  it('when the end passes during playback, the viewer goes to the not-live page (ended)', async () => {
    const uid = 'demo-event-live-now';
    const event = await liveEvent(uid);
    const end = Date.parse(event.liveEvent.end!);
    const page = await newPage();
    await page.clock.install({ time: Date.now() });
    await page.goto(`${baseUrl}/channel/events/${uid}`);
    await expectPlaysPast(page, 1);
    await page.clock.fastForward(end - (await page.evaluate(() => Date.now())) + 1_000);
    await page.waitForURL(`**/not-live/${uid}?channel=events`);
    await page.getByTestId('not-live-ended').waitFor();
    // It stays there: the watch screen's cached play-url answer does not count as "it is on".
    await page.clock.runFor(6_000);
    expect(new URL(page.url()).pathname).toBe(`/not-live/${uid}`);
    await page.context().close();
  });
});
