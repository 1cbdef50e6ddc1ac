import { join } from 'node:path';
import Database from 'better-sqlite3';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { seriousA11yViolations } from './axe';
import { launchBrowser } from './browser';
import { callApi, e2eDataDir, pageSignedInAs, signUpViewer, type Login } from './viewers';

// Live chat on a live event's watch page (playback-and-social §4.10; decision 0045): slow mode
// from the site's chat settings, a message rendered as text with its emoji, and a staff ban the
// banned viewer sees at once; the room's online count once it reaches the site's threshold
// (decision 0053). The demo site gets slow mode and the threshold for this file and loses them after.
const baseUrl = inject('baseUrl');
const EVENT = 'demo-event-live-now';
const CHAT = `live-${EVENT}`;
const SLOW_SECONDS = 30;
const ONLINE_THRESHOLD = 2;

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

beforeAll(async () => {
  browser = await launchBrowser();
  const db = new Database(join(e2eDataDir, 'marquee.sqlite'), { readonly: true });
  saved = db.prepare("SELECT perms, chat FROM sites WHERE uid = 'demo'").get() as typeof saved;
  db.close();
  siteSettings(
    JSON.stringify({ ...(JSON.parse(saved.perms) as object), slowModeChat: true }),
    JSON.stringify({ enabled: true, slowModeSeconds: SLOW_SECONDS, onlineUserThreshold: ONLINE_THRESHOLD }),
  );
});
afterAll(async () => {
  if (saved) siteSettings(saved.perms, saved.chat);
  await browser?.close();
});

/** Waits until the server reads the new site settings (its site cache lasts a few seconds). */
async function slowModeOn(token: string) {
  await expect
    .poll(
      async () =>
        (
          await callApi<{ slowModeSeconds: number }>(token, 'PATCH', `/v2/sites/demo/chats/${CHAT}`, {
            read: true,
          })
        ).body.slowModeSeconds,
      { timeout: 15_000 },
    )
    .toBe(SLOW_SECONDS);
}

/** The event's watch page with the Chat tab open (a phone: the tab is under More). */
async function openChat(page: Page) {
  await page.goto(`${baseUrl}/channel/events/live/${EVENT}`);
  await page.getByTestId('watch-tabs').waitFor();
  await page.getByTestId('watch-tab-more').click();
  await page.getByTestId('watch-tab-chat').click();
  await page.getByTestId('chat-panel').waitFor();
}

describe('live event chat', () => {
  it('slow mode holds the composer and the server; a staff ban reaches the viewer at once', async () => {
    const viewer = await signUpViewer('chat');
    const staffLogin = await callApi<Login>(null, 'POST', '/v2/me/auth/login', {
      email: 'staff@marquee.test',
      password: 'marquee-staff',
      site: 'demo',
    });
    expect(staffLogin.status).toBe(200);
    await slowModeOn(viewer.token);

    const viewerPage = await pageSignedInAs(browser, viewer);
    const staffPage = await pageSignedInAs(browser, staffLogin.body);
    await openChat(viewerPage);
    await openChat(staffPage);
    const panel = viewerPage.getByTestId('chat-panel');
    expect(await panel.getByTestId('chat-slow-mode').textContent()).toBe(
      `Slow mode: one message every ${SLOW_SECONDS} s`,
    );

    // Sent as typed: markup stays text, the shortcode becomes its emoji. The room keeps earlier runs' messages.
    const marker = `run-${Math.random().toString(36).slice(2, 10)}`;
    const typed = `<b>hello</b> from ${marker} :fire:`;
    await panel.getByTestId('chat-input').fill(typed);
    await panel.getByTestId('chat-send').click();
    const mine = panel.getByTestId('chat-message-text').filter({ hasText: marker });
    await expect.poll(() => mine.textContent()).toBe(typed.replace(':fire:', '🔥'));
    expect(await panel.locator('.chat__log b').count()).toBe(0);
    expect(await seriousA11yViolations(viewerPage)).toEqual([]);

    // Slow mode: the composer counts down, and the server refuses a second message too.
    await expect.poll(() => panel.getByTestId('chat-send').textContent()).toMatch(/^Wait \d+ s$/);
    expect(await panel.getByTestId('chat-send').isDisabled()).toBe(true);
    const again = await callApi<{ error: { code: string; message: string } }>(
      viewer.token,
      'POST',
      `/v2/sites/demo/chats/${CHAT}`,
      { message: 'again' },
    );
    expect(again.status).toBe(429);
    expect(again.body.error.message).toMatch(/^Slow mode is on: you can send another message in \d+ s$/);

    // The viewer and staff (and whoever else is in the room) reach the threshold: the count shows
    // after the server's next recount (a few seconds).
    const online = panel.getByTestId('chat-online');
    await online.waitFor();
    const [, count] = /^(\d+) watching$/.exec((await online.textContent()) ?? '') ?? [];
    expect(Number(count)).toBeGreaterThanOrEqual(ONLINE_THRESHOLD);

    // Staff see it live, and ban its author after confirming.
    const staffPanel = staffPage.getByTestId('chat-panel');
    const theirs = staffPanel.getByTestId('chat-message').filter({ hasText: marker });
    await theirs.waitFor();
    await theirs.getByRole('button', { name: 'Actions for Pat' }).click();
    await theirs.getByTestId('chat-ban').click();
    const confirm = staffPage.getByTestId('chat-confirm-ban');
    expect(await confirm.getByRole('heading').textContent()).toBe('Ban Pat?');
    await confirm.getByTestId('chat-confirm').click();

    // The banned viewer's panel switches to the suspended state without a reload.
    await panel.getByTestId('chat-suspended').waitFor();
    expect(await panel.getByTestId('chat-suspended').textContent()).toBe(
      'Your chat privileges have been suspended.',
    );
    expect(await panel.getByTestId('chat-composer').count()).toBe(0);
    const write = await callApi<{ error: { message: string } }>(
      viewer.token,
      'PATCH',
      `/v2/sites/demo/chats/${CHAT}`,
      {
        write: true,
      },
    );
    expect(write.status).toBe(403);
    expect(write.body.error.message).toBe('Your chat privileges have been suspended.');
  });

  it('a live channel has its own room under the player', async () => {
    const viewer = await signUpViewer('channel-chat');
    const page = await pageSignedInAs(browser, viewer);
    await page.goto(`${baseUrl}/live-tv/demo-live-news`);
    const panel = page.getByTestId('live-chat').getByTestId('chat-panel');
    await panel.waitFor();
    const marker = `run-${Math.random().toString(36).slice(2, 10)}`;
    await panel.getByTestId('chat-input').fill(`${marker} :tada:`);
    await panel.getByTestId('chat-input').press('Enter');
    await expect
      .poll(() => panel.getByTestId('chat-message-text').filter({ hasText: marker }).textContent())
      .toBe(`${marker} 🎉`);
    const history = await callApi<{ messages: { value: string }[] }>(
      viewer.token,
      'GET',
      '/v2/sites/demo/chats/channel-demo-live-news/messages',
    );
    expect(history.body.messages.map((m) => m.value)).toContain(`${marker} :tada:`);
  });
});
