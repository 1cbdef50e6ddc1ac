import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { fakeVizioInitScript, type FakeVizioControls } from '../apps/tv/src/platform/fake-vizio';
import { expectPlaysPast, launchBrowser } from './browser';
import { callApi, pageSignedInAs, signUpViewer } from './viewers';

const baseUrl = inject('baseUrl');
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

declare global {
  interface Window {
    __fakeVizio: FakeVizioControls;
  }
}

describe('TV app, VIZIO SmartCast variant (a fake companion library)', () => {
  it('opens a cold-start content-change deep link on play-video, and toasts going offline and back', async () => {
    const context = await browser.newContext({ viewport: { width: 1920, height: 1080 } });
    const page = await context.newPage();
    // The TV injects the library after the app's page has started, as it does on a set.
    await page.addInitScript({
      content: fakeVizioInitScript({
        launchUrl: `${baseUrl}/tvn/vizio/play-video/newsroom/demo-video-01`,
        deviceId: 'VZ-E2E-0001',
        loadAfterMs: 300,
      }),
    });
    await page.goto(`${baseUrl}/tvn/vizio`);
    await page.waitForURL(/\/tvn\/vizio\/play-video\/newsroom\/demo-video-01$/);
    await expectPlaysPast(page, 1);
    await expect
      .poll(() => page.evaluate(() => window.__fakeVizio.calls))
      .toEqual(expect.arrayContaining(['setContentChangeHandler', 'setClosedCaptionHandler', 'getDeviceId']));

    const toasts = page.getByTestId('toast');
    await context.setOffline(true);
    await toasts.filter({ hasText: 'Network offline' }).waitFor();
    await context.setOffline(false);
    await toasts.filter({ hasText: 'Network reconnected' }).waitFor();

    // While running, a content change the TV cannot open says so and stays put.
    await page.evaluate((u) => window.__fakeVizio.changeContent(u), `${baseUrl}/tvn/vizio/menu`);
    await toasts.filter({ hasText: 'There was an error processing your request. . .' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/tvn/vizio/play-video/newsroom/demo-video-01');
    await context.close();
  });

  it("turns a movie's captions on and off from the TV's own caption setting", async () => {
    const context = await browser.newContext({ viewport: { width: 1920, height: 1080 } });
    const page = await context.newPage();
    await page.addInitScript({
      content: fakeVizioInitScript({
        launchUrl: `${baseUrl}/tvn/vizio/play-video/cinema/demo-movie-paper-moon?movieUid=demo-movie-paper-moon`,
        closedCaptions: false,
        loadAfterMs: 100,
      }),
    });
    await page.goto(`${baseUrl}/tvn/vizio`);
    await page.waitForURL(/\/tvn\/vizio\/play-video\/cinema\/demo-movie-paper-moon/);
    await expectPlaysPast(page, 0.2);
    const modes = () =>
      page
        .getByTestId('player')
        .evaluate((v: HTMLVideoElement) => Array.from(v.textTracks).map((t) => `${t.language}:${t.mode}`));
    await expect.poll(modes).toEqual(['en:disabled']);
    // The viewer turns captions on in the TV's menu: the library's caption handler tells the app.
    await page.evaluate(() => window.__fakeVizio.setClosedCaptions(true));
    await expect.poll(modes).toEqual(['en:showing']);
    await page.evaluate(() => window.__fakeVizio.setClosedCaptions(false));
    await expect.poll(modes).toEqual(['en:disabled']);
    await context.close();
  });

  it('sends the viewer to /activate/vizio, which the web opens as /activate with source vizio', async () => {
    const context = await browser.newContext({ viewport: { width: 1920, height: 1080 } });
    const tv = await context.newPage();
    await tv.goto(`${baseUrl}/tvn/vizio/login`);
    const url = tv.getByTestId('activation-url');
    await expect.poll(() => url.getAttribute('data-url')).toMatch(/^https?:\/\/[^/]+\/activate\/vizio$/);
    const phone = await context.newPage();
    await phone.goto(`${baseUrl}${new URL((await url.getAttribute('data-url'))!).pathname}`);
    // Signed out on the phone: login first, the activation intent kept with its source.
    await phone.waitForURL(/\/login\?odrc=activate&source=vizio$/);
    await context.close();
  });

  it("registers the set with its hardware id and model, listed once in the viewer's devices even after the app's storage is wiped", async () => {
    const viewer = await signUpViewer('tv-vizio-set');
    const hardwareId = `VZ-E2E-${Date.now()}`;
    const context = await browser.newContext({ viewport: { width: 1920, height: 1080 } });
    await context.addInitScript({
      content: fakeVizioInitScript({ deviceId: hardwareId, deviceModel: 'M55Q7-J01', loadAfterMs: 100 }),
    });
    const tv = await context.newPage();
    const phone = await pageSignedInAs(browser, viewer);
    type Listed = { _id: string; hardwareId: string | null; model: string | null; deviceId: string };
    const sets = async () =>
      (
        await callApi<{ items: Listed[] }>(viewer.token, 'GET', '/v2/sites/demo/second-screens')
      ).body.items.filter((d) => d.hardwareId === hardwareId);

    /** The TV shows a code; the phone enters it on /activate/vizio; the TV reaches its profile. */
    const activateOnce = async (tvPage: Page) => {
      await tvPage.goto(`${baseUrl}/tvn/vizio/login`);
      const code = (await tvPage.getByTestId('activation-code').textContent())!.trim();
      await phone.goto(`${baseUrl}/activate/vizio`);
      await phone.getByTestId('activate-code').fill(code);
      await phone.getByRole('button', { name: 'Activate' }).click();
      await phone.getByText('Device activated!').waitFor();
      await tvPage.waitForURL(/\/tvn\/vizio\/profile$/);
      return tvPage.evaluate(() => localStorage.getItem('marquee.tv.deviceId'));
    };

    const firstDeviceId = await activateOnce(tv);
    await expect
      .poll(sets)
      .toEqual([expect.objectContaining({ model: 'M55Q7-J01', deviceId: firstDeviceId })]);
    // The viewer's devices list on the web shows the set's model and id.
    await phone.goto(`${baseUrl}/active-devices`);
    const listed = phone.getByTestId('device').filter({ hasText: hardwareId });
    await listed.waitFor();
    expect(await listed.getByTestId('device-model').textContent()).toBe('M55Q7-J01');

    // The app's storage is wiped (a reinstall): a new deviceId, the same set. Activated again, it
    // replaces its entry rather than adding one.
    await tv.evaluate(() => localStorage.clear());
    const secondDeviceId = await activateOnce(tv);
    expect(secondDeviceId).not.toBe(firstDeviceId);
    await expect.poll(sets).toEqual([expect.objectContaining({ deviceId: secondDeviceId })]);
    await context.close();
    await phone.context().close();
  });
});
