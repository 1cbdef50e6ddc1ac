import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { callWithPageToken, expectPlaysPast, launchBrowser, signInOnWeb } from './browser';

// The watch screen saves a signed-in viewer's position (playback-and-social §4.8) and starts where a
// link says (`?t=`; Restart links say 0). Runs on the second demo site, whose accounts no other
// browser test uses, so its history starts empty.
const baseUrl = inject('baseUrl');
const classics = `http://classics.localhost:${new URL(baseUrl).port}`;
const watchPath = '/channel/newsroom/demo-video-06'; // 40 s long

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

/** Records the page's progress saves and console errors, for a failure message that says why. */
function watchProgressCalls(page: Page) {
  const calls: string[] = [];
  page.on('response', (res) => {
    if (res.url().includes('history-progress') && res.request().method() !== 'GET')
      calls.push(`${res.request().method()} ${res.status()} ${res.request().postData() ?? ''}`);
  });
  page.on('console', (msg) => {
    if (msg.type() === 'error') calls.push(`console: ${msg.text().slice(0, 200)}`);
  });
  return async (check: () => Promise<void>) => {
    try {
      await check();
    } catch (error) {
      throw new Error(`${(error as Error).message}\nprogress calls and errors: ${JSON.stringify(calls)}`);
    }
  };
}

describe('watch progress', () => {
  it('starts at ?t= seconds', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.goto(`${classics}${watchPath}?t=15`);
    expect(await expectPlaysPast(page, 1)).toBeGreaterThanOrEqual(15);
    await page.close();
  });

  it('saves the position of a signed-in viewer, and the history shows it', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    const explain = watchProgressCalls(page);
    await signInOnWeb(page, classics);

    // The e2e database outlives a run: forget an earlier run's position first (404 when none).
    await callWithPageToken(page, 'DELETE', '/v2/me/sites/classics/history-progress/demo-video-06');
    await page.goto(`${classics}${watchPath}?t=0`);
    await expectPlaysPast(page, 11); // one sample every 10 s of playback
    await page.getByRole('link', { name: /Northwind Classics/ }).click(); // leaving flushes

    const history = async () => {
      const { body } = await callWithPageToken(page, 'GET', '/v2/me/sites/classics/history-progress');
      return (body as { items: { id: string; progress: number }[] }).items.find(
        (i) => i.id === 'demo-video-06',
      )?.progress;
    };
    await explain(() => expect.poll(history, { timeout: 10_000 }).toBeGreaterThanOrEqual(10));
    await page.close();
  });

  it('§4.1 a switch to another video pauses the first and saves its position before the next one loads', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    const explain = watchProgressCalls(page);
    // The page's own record of the switch, in the order things happen: pauses of the player's
    // <video>, progress saves and play-url calls.
    await page.addInitScript(() => {
      const log: string[] = [];
      (window as unknown as { switchLog: string[] }).switchLog = log;
      const pause = HTMLMediaElement.prototype.pause;
      HTMLMediaElement.prototype.pause = function (this: HTMLMediaElement) {
        if (this.dataset.testid === 'player') log.push(`pause ${this.currentTime}`);
        return pause.call(this);
      };
      const fetch0 = window.fetch;
      window.fetch = (input: RequestInfo | URL, init?: RequestInit) => {
        const url = input instanceof Request ? input.url : String(input);
        const method = init?.method ?? (input instanceof Request ? input.method : 'GET');
        if (url.includes('/history-progress') && method === 'POST') log.push(`save ${String(init?.body)}`);
        else if (url.includes('/play-url')) log.push(`play-url ${new URL(url, location.href).pathname}`);
        return fetch0(input, init);
      };
    });
    await signInOnWeb(page, classics);
    await callWithPageToken(page, 'DELETE', '/v2/me/sites/classics/history-progress/demo-video-06');
    await page.goto(`${classics}${watchPath}?t=20`);
    // Past 20 s, and not on a 10 s sample: what is saved comes from the switch.
    const before = await expectPlaysPast(page, 2);
    await page.getByTestId('watch-tab-queue').click();
    const next = page.getByTestId('queue-panel').getByTestId('queue-item').first();
    const nextUid = (await next.getAttribute('href'))!.split('/').pop()!;
    expect(nextUid).not.toBe('demo-video-06');
    await page.evaluate(() => ((window as unknown as { switchLog: string[] }).switchLog.length = 0));
    await next.click();
    await page.waitForURL(new RegExp(`/${nextUid}$`));
    await expectPlaysPast(page, 0.2);

    const log = await page.evaluate(() => (window as unknown as { switchLog: string[] }).switchLog);
    const pauseAt = log.findIndex((e) => e.startsWith('pause '));
    const saveAt = log.findIndex((e) => e.startsWith('save ') && e.includes('demo-video-06'));
    const nextLoad = log.findIndex((e) => e === `play-url /v2/sites/classics/videos/${nextUid}/play-url`);
    await explain(async () => {
      expect(saveAt, JSON.stringify(log)).toBeGreaterThan(0);
      expect(pauseAt, JSON.stringify(log)).toBeGreaterThanOrEqual(0);
      expect(pauseAt, JSON.stringify(log)).toBeLessThan(saveAt); // paused, then saved
      expect(nextLoad, JSON.stringify(log)).toBeGreaterThan(saveAt); // before the next loads
    });
    const sent = (
      JSON.parse(log[saveAt]!.slice('save '.length)) as { history: { id: string; progress: number }[] }
    ).history.find((h) => h.id === 'demo-video-06')!.progress;
    // What is saved is the frame it paused at, not the last timeupdate before it.
    expect(sent).toBeCloseTo(Number(log[pauseAt]!.split(' ')[1]), 3);
    expect(sent).toBeGreaterThanOrEqual(before);

    // The real server has the first video's position from the switch.
    const saved = async () => {
      const { body } = await callWithPageToken(page, 'GET', '/v2/me/sites/classics/history-progress');
      return (body as { items: { id: string; progress: number }[] }).items.find(
        (i) => i.id === 'demo-video-06',
      )?.progress;
    };
    await explain(() => expect.poll(saved, { timeout: 10_000 }).toBeCloseTo(sent, 1));
    await page.close();
  });

  it('resumes from Continue Watching after a reload', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    const explain = watchProgressCalls(page);
    await signInOnWeb(page, classics);
    await callWithPageToken(page, 'DELETE', '/v2/me/sites/classics/history-progress/demo-movie-last-train');

    // A 180 s feature: 12 s in, it is unfinished, so it joins Continue Watching.
    await page.goto(`${classics}/channel/cinema/demo-movie-last-train?t=0`);
    await expectPlaysPast(page, 11);
    await page.getByRole('link', { name: /Northwind Classics/ }).click();
    const row = page.locator('[data-row-type="continueWatching"]');
    await explain(() => row.waitFor());

    await page.reload();
    await row.locator('.card__link[href*="demo-movie-last-train"]').click();
    // This site has altResumeStyle (decision 0056): the saved position is offered, not taken.
    const prompt = page.getByTestId('resume-prompt');
    await prompt.waitFor();
    expect(await prompt.getByRole('heading').textContent()).toMatch(/^Resume from 0:1\d\?$/);
    await prompt.getByTestId('resume-prompt-resume').click();
    expect(await expectPlaysPast(page, 1)).toBeGreaterThanOrEqual(10);

    // The movie page offers Resume and Restart; Restart plays from the beginning.
    await page.goto(`${classics}/movie/demo-movie-last-train`);
    await page.getByTestId('title-resume').waitFor();
    await page.getByTestId('title-restart').click();
    expect(await expectPlaysPast(page, 1)).toBeLessThan(8);
    await page.close();
  });

  it('the TV resumes a signed-in viewer from their saved position and saves it again', async () => {
    const login = (await (
      await fetch(`${baseUrl}/v2/me/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'viewer@marquee.test', password: 'marquee-viewer', site: 'classics' }),
      })
    ).json()) as { token: string; refreshToken: string; expiresIn: number };
    const history = (init?: RequestInit) =>
      fetch(`${baseUrl}/v2/me/sites/classics/history-progress`, {
        ...init,
        headers: { 'content-type': 'application/json', authorization: `Bearer ${login.token}` },
      });
    await history({
      method: 'POST',
      body: JSON.stringify({ history: [{ id: 'demo-movie-last-train', progress: 40 }] }),
    });

    const page = await browser.newPage({ viewport: { width: 1920, height: 1080 } });
    const explain = watchProgressCalls(page);
    await page.addInitScript((l) => {
      localStorage.setItem('marquee.tv.accessToken', l.token);
      localStorage.setItem('marquee.tv.refreshToken', l.refreshToken);
      localStorage.setItem('marquee.tv.expiresAt', String(Date.now() + l.expiresIn * 1000));
    }, login);
    await page.goto(`${classics}/tvn/generic/play-video/cinema/demo-movie-last-train`);
    expect(await expectPlaysPast(page, 1)).toBeGreaterThanOrEqual(40);
    await page.keyboard.press('Escape'); // Back leaves, which flushes

    const saved = async () => {
      const body = (await (await history()).json()) as { items: { id: string; progress: number }[] };
      return body.items.find((i) => i.id === 'demo-movie-last-train')?.progress ?? 0;
    };
    await explain(() => expect.poll(saved, { timeout: 10_000 }).toBeGreaterThan(40));
    await page.close();
  });

  it("a signed-in viewer's Recommended row asks for their own ranking", async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await signInOnWeb(page, classics);
    const personal = page.waitForRequest(
      (r) => r.url().includes('/dynamic-channels/recommended/') && !!r.headers()['authorization'],
    );
    await page.goto(`${classics}/`);
    await page.getByTestId('discover-more').evaluate((b: HTMLButtonElement) => b.click());
    await personal;
    await page.close();
  });
});
