import { join } from 'node:path';
import Database from 'better-sqlite3';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { seriousA11yViolations } from './axe';
import { launchBrowser } from './browser';
import { callApi, e2eDataDir, pageSignedInAs, signUpViewer, tvPageSignedInAs, type Login } from './viewers';

// The TV in watch parties and live chat (issue 15 item 6; decision 0050): a TV enters a web host's
// share code with the remote, joins and follows the host's pause; it reads a live event's chat.
const baseUrl = inject('baseUrl');
const MOVIE = 'demo-movie-last-train';
const EVENT = 'demo-event-live-now';
const DM_EVENT = 'demo-event-dailymotion';

let browser: Browser;
let saved: { perms: string; chat: string };

function siteSettings(perms: string, chat: string) {
  const db = new Database(join(e2eDataDir, 'marquee.sqlite'));
  try {
    db.prepare("UPDATE sites SET perms = ?, chat = ? WHERE uid = 'demo'").run(perms, chat);
  } finally {
    db.close();
  }
}
const CHAT_ON = JSON.stringify({ enabled: true, slowModeSeconds: 0, onlineUserThreshold: 0 });

beforeAll(async () => {
  browser = await launchBrowser();
  const db = new Database(join(e2eDataDir, 'marquee.sqlite'), { readonly: true });
  saved = db.prepare("SELECT perms, chat FROM sites WHERE uid = 'demo'").get() as typeof saved;
  db.close();
  // Chat on, no slow mode (restored after).
  siteSettings(saved.perms, CHAT_ON);
});
afterAll(async () => {
  if (saved) siteSettings(saved.perms, saved.chat);
  await browser?.close();
});

const tvSignedInAs = (login: Login) => tvPageSignedInAs(browser, login);

/** Types `code` on the TV's grid with the arrows and Enter, as a remote would. */
async function typeWithRemote(tv: Page, code: string) {
  const keys = await tv
    .locator('[data-testid="party-code-grid"] [data-key]')
    .evaluateAll((els) => els.map((el) => el.getAttribute('data-key') ?? ''));
  const cols = 8;
  let at = keys.indexOf(
    (await tv.locator('[data-testid="party-code-grid"] [data-focused]').getAttribute('data-key')) ?? '',
  );
  for (const [i, ch] of [...code].entries()) {
    const to = keys.indexOf(ch);
    expect(to, ch).toBeGreaterThanOrEqual(0);
    const rows = Math.floor(to / cols) - Math.floor(at / cols);
    const across = (to % cols) - (at % cols);
    for (let k = 0; k < Math.abs(rows); k++) await tv.keyboard.press(rows > 0 ? 'ArrowDown' : 'ArrowUp');
    for (let k = 0; k < Math.abs(across); k++)
      await tv.keyboard.press(across > 0 ? 'ArrowRight' : 'ArrowLeft');
    await tv.locator(`[data-testid="party-code-grid"] [data-key="${ch}"][data-focused]`).waitFor();
    await tv.keyboard.press('Enter');
    // The last character submits the code: the screen may leave for the party before it shows it.
    if (i < code.length - 1)
      await tv.locator(`[data-testid="party-code"][data-code="${code.slice(0, i + 1)}"]`).waitFor();
    at = to;
  }
}

const tvVideo = (tv: Page) => tv.locator('[data-testid="tv-party"] [data-testid="player"]');

describe('TV watch party', () => {
  it('asks a signed-out TV to sign in before joining', async () => {
    const tv = await browser.newPage({ viewport: { width: 1920, height: 1080 } });
    await tv.goto(`${baseUrl}/tvn/generic/party`);
    await tv.getByTestId('party-sign-in').waitFor();
    await tv.keyboard.press('Enter');
    await tv.waitForURL(/\/tvn\/generic\/login$/);
    await tv.close();
  });

  it('the TV types the share code with the remote, joins, and follows the host’s pause', async () => {
    const [hostLogin, tvLogin] = await Promise.all([signUpViewer('host'), signUpViewer('tv')]);
    const host = await pageSignedInAs(browser, hostLogin, { width: 1280, height: 800 });
    await host.goto(`${baseUrl}/movie/${MOVIE}`);
    await host.getByTestId('party-create').click();
    await host.getByTestId('party-create-confirm').click();
    await host.getByTestId('party-go-to-lobby').click();
    await host.getByTestId('party-start').click();
    await host.locator('[data-testid="party-room"][data-role="host"][data-synced]').waitFor();
    await host.getByTestId('party-tab-share').click();
    const code = (await host.getByTestId('party-share-code').textContent()) ?? '';
    expect(code).toMatch(/^[A-Z2-9]{6}$/);
    await host.getByTestId('party-share-done').click();
    const hostVideo = host.locator('[data-testid="party-room"] [data-testid="player"]');
    await host.waitForFunction(
      () => (document.querySelector<HTMLVideoElement>('[data-testid="player"]')?.readyState ?? 0) >= 1,
    );
    await hostVideo.evaluate((v: HTMLVideoElement) => void v.play());
    await host.waitForFunction(() => {
      const v = document.querySelector<HTMLVideoElement>('[data-testid="player"]');
      return !!v && !v.paused && v.currentTime > 1;
    });

    // The TV: menu → Join a party (Down, Down, Enter).
    const tv = await tvSignedInAs(tvLogin);
    await tv.goto(`${baseUrl}/tvn/generic/menu`);
    await tv.getByTestId('menu-join-party').waitFor();
    for (const testId of ['menu-account', 'menu-join-party']) {
      await tv.waitForTimeout(200); // the remote's arrow throttle (src/lib/spatial.ts), as a viewer presses
      await tv.keyboard.press('ArrowDown');
      await tv.waitForFunction((id) => document.activeElement?.getAttribute('data-testid') === id, testId);
    }
    await tv.keyboard.press('Enter');
    await tv.getByTestId('tv-party-join').waitFor();
    expect(await seriousA11yViolations(tv), 'TV join screen').toEqual([]);

    // An unknown code: 'invalid Watch Party'; Back deletes, one character at a time.
    const wrong = code[0] === 'A' ? 'BBBBBB' : 'AAAAAA';
    await typeWithRemote(tv, wrong);
    await tv.getByTestId('party-code-error').waitFor();
    expect(await tv.getByTestId('party-code-error').textContent()).toBe('invalid Watch Party');
    for (let i = wrong.length - 1; i >= 0; i--) {
      await tv.keyboard.press('Backspace');
      await tv.locator(`[data-testid="party-code"][data-code="${wrong.slice(0, i)}"]`).waitFor();
    }
    expect(await tv.getByTestId('party-code-error').count()).toBe(0);

    // The real code joins the party and plays with the host.
    await typeWithRemote(tv, code);
    await tv.waitForURL(/\/tvn\/generic\/party\/[\w-]+$/);
    await tv.waitForFunction(
      () => {
        const v = document.querySelector<HTMLVideoElement>('[data-testid="tv-party"] [data-testid="player"]');
        return !!v && !v.paused && v.currentTime > 1;
      },
      undefined,
      { timeout: 20_000 },
    );
    const pid = tv.url().split('/').pop() ?? '';
    const members = await callApi<{ members: { userId: string }[] }>(
      hostLogin.token,
      'GET',
      `/v2/sites/demo/watch-party/${pid}`,
    );
    expect(members.body.members.map((m) => m.userId)).toContain(tvLogin.user.id);

    // The host pauses: the TV is paused within 2 s, near the host's position.
    await hostVideo.evaluate((v: HTMLVideoElement) => v.pause());
    await tv.waitForFunction(
      () =>
        document.querySelector<HTMLVideoElement>('[data-testid="tv-party"] [data-testid="player"]')
          ?.paused === true,
      undefined,
      { timeout: 2000, polling: 20 },
    );
    const hostAt = await hostVideo.evaluate((v: HTMLVideoElement) => v.currentTime);
    await expect
      .poll(
        async () => Math.abs((await tvVideo(tv).evaluate((v: HTMLVideoElement) => v.currentTime)) - hostAt),
        {
          timeout: 2000,
        },
      )
      .toBeLessThan(0.5);

    // The host ends the party: the TV says so; its code then says it has ended.
    const ended = await callApi(hostLogin.token, 'PATCH', `/v2/sites/demo/watch-party/${pid}`, {
      action: 'end',
    });
    expect(ended.status, JSON.stringify(ended.body)).toBe(200);
    await tv.getByTestId('party-ended').waitFor();
    await tv.keyboard.press('Escape');
    await tv.waitForURL((url) => !url.pathname.includes('/party/'));
    await tv.goto(`${baseUrl}/tvn/generic/party`);
    await typeWithRemote(tv, code);
    await tv.getByTestId('party-code-error').waitFor();
    expect(await tv.getByTestId('party-code-error').textContent()).toBe('This Watch Party has ended');
    await tv.close();
    await host.close();
  });
});

describe('TV watch party of a provider source', () => {
  it("plays a Dailymotion live event's party in Dailymotion's player (the stand-in), loading its script once", async () => {
    const [hostLogin, tvLogin] = await Promise.all([signUpViewer('dm-host'), signUpViewer('dm-tv')]);
    const created = await callApi<{ pid: string }>(
      hostLogin.token,
      'POST',
      `/v2/sites/demo/watch-party/${DM_EVENT}?isLive=true&__source=web`,
    );
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const { pid } = created.body;
    const patch = (token: string, body: object) =>
      callApi(token, 'PATCH', `/v2/sites/demo/watch-party/${pid}`, body);
    expect((await patch(hostLogin.token, { action: 'start' })).status).toBe(200);
    expect((await patch(tvLogin.token, { action: 'joined' })).status).toBe(200);

    const tv = await tvSignedInAs(tvLogin);
    const dmScript = inject('dailymotionScriptUrl');
    let scriptRequests = 0;
    tv.on('request', (request) => {
      if (request.url() === dmScript) scriptRequests++;
    });
    await tv.goto(`${baseUrl}/tvn/generic/party/${pid}`);
    const party = tv.getByTestId('tv-party');
    await party.locator('[data-testid="player"][data-provider="dm"]').waitFor();
    await party.locator('[data-testid="dm-stand-in"][data-video-id="xf02xp"]').waitFor();
    await party
      .locator('.mq-player[data-engine="dm"]:is([data-state="ready"], [data-state="playing"])')
      .waitFor();
    expect(scriptRequests).toBe(1);
    expect(await party.getByTestId('player-error').count()).toBe(0);
    await patch(hostLogin.token, { action: 'end' });
    await tv.context().close();
  });
});

describe('TV live chat', () => {
  it('shows a web viewer’s message in the live event’s chat column, as text with its emoji', async () => {
    const [viewer, tvLogin] = await Promise.all([signUpViewer('chat'), signUpViewer('tvchat')]);
    const tv = await tvSignedInAs(tvLogin);
    await tv.goto(`${baseUrl}/tvn/generic/play-video/events/${EVENT}`);
    const column = tv.getByTestId('tv-chat');
    await tv.locator('[data-testid="tv-chat"][data-status="ready"]').waitFor({ timeout: 15_000 });
    expect(await column.locator('textarea, input').count()).toBe(0);

    const marker = `tv-run-${Math.random().toString(36).slice(2, 10)}`;
    const typed = `<b>hi</b> ${marker} :fire:`;
    const sent = await callApi(viewer.token, 'POST', `/v2/sites/demo/chats/live-${EVENT}`, {
      message: typed,
    });
    expect(sent.status, JSON.stringify(sent.body)).toBeLessThan(300);
    const line = column.getByTestId('tv-chat-message').filter({ hasText: marker });
    await line.waitFor();
    expect(await line.textContent()).toContain(typed.replace(':fire:', '🔥'));
    expect(await column.locator('b').count()).toBe(0);
    expect(await seriousA11yViolations(tv), 'TV live chat').toEqual([]);

    // Down hides the column and shows it again.
    await tv.keyboard.press('ArrowDown');
    await column.waitFor({ state: 'detached' });
    await tv.keyboard.press('ArrowDown');
    await column.waitFor();

    // A site that hides chat has no column on the TV either.
    siteSettings(JSON.stringify({ ...(JSON.parse(saved.perms) as object), hideChat: true }), CHAT_ON);
    await expect
      .poll(
        async () =>
          (await callApi<{ perms: { hideChat: boolean } }>(null, 'GET', '/v2/sites/demo/config')).body.perms
            .hideChat,
        {
          timeout: 15_000,
        },
      )
      .toBe(true);
    await tv.reload();
    await tv.locator('[data-testid="tv-player"] [data-testid="player"]').waitFor({ state: 'attached' });
    await tv.waitForLoadState('networkidle');
    expect(await column.count()).toBe(0);
    siteSettings(saved.perms, CHAT_ON);
    await tv.close();
  });
});
