import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { seriousA11yViolations } from './axe';
import { launchBrowser } from './browser';
import { setDemoChat } from './site-settings';
import { callApi, pageSignedInAs, signUpViewer, VIEWER_PASSWORD, type Login } from './viewers';

// A live event's watch party in two browser contexts (playback-and-social §2.2 live event watch
// party; decision 0051): the host creates it from the live watch screen, the guest opens the link
// (the live route), both play at the live edge, a host's pause is the host's own, and they chat.
const baseUrl = inject('baseUrl');
const EVENT = 'demo-event-live-now';
const LIVE_ROUTE = new RegExp(`^${baseUrl}/channel/events/live/${EVENT}/watch-party/([\\w-]+)$`);

let browser: Browser;
let restoreChat: (() => void) | undefined;

beforeAll(async () => {
  browser = await launchBrowser();
  // Chat on, no slow mode (restored after).
  restoreChat = setDemoChat({ enabled: true, slowModeSeconds: 0, onlineUserThreshold: 0 });
});
afterAll(async () => {
  restoreChat?.();
  await browser?.close();
});

const desktopPageAs = (login: Login) => pageSignedInAs(browser, login, { width: 1280, height: 800 });
const video = (page: Page) => page.locator('[data-testid="party-room"] [data-testid="player"]');
const media = (page: Page) =>
  video(page).evaluate((v: HTMLVideoElement) => ({ t: v.currentTime, paused: v.paused }));

/** Waits until the party's player plays past `after` seconds (a live stream's own clock). */
async function playsPast(page: Page, after: number) {
  await page.waitForFunction(
    (t) => {
      const v = document.querySelector<HTMLVideoElement>('[data-testid="party-room"] [data-testid="player"]');
      return !!v && !v.paused && v.currentTime > t;
    },
    after,
    { timeout: 30_000 },
  );
}

/** Opens the watch screen's Watch Party tab (under More when the menu has more than 5 tabs). */
async function openPartyTab(page: Page) {
  await page.getByTestId('watch-tabs').waitFor();
  const tab = page.getByTestId('watch-tab-watchParty');
  if (!(await tab.isVisible())) await page.getByTestId('watch-tab-more').click();
  await tab.click();
  await page.getByTestId('watch-party-tab').waitFor();
}

/** A started live party of the event, made over the API by a new host. */
async function startedLiveParty(name: string): Promise<string> {
  const host = await signUpViewer(name);
  const created = await callApi<{ pid: string }>(
    host.token,
    'POST',
    `/v2/sites/demo/watch-party/${EVENT}?isLive=true&__source=web`,
  );
  expect(created.status).toBe(201);
  const start = await callApi(host.token, 'PATCH', `/v2/sites/demo/watch-party/${created.body.pid}`, {
    action: 'start',
  });
  expect(start.status).toBe(200);
  return created.body.pid;
}

describe('live event watch party', () => {
  it('the host creates it on the live screen; the guest joins by the live route, both at the live edge, and they chat', async () => {
    const [hostLogin, guestLogin] = await Promise.all([
      signUpViewer('live-host'),
      signUpViewer('live-guest'),
    ]);
    const host = await desktopPageAs(hostLogin);
    const guest = await desktopPageAs(guestLogin);

    // The create modal from the live watch screen's Watch Party tab; its link is the live route.
    await host.goto(`${baseUrl}/channel/events/live/${EVENT}`);
    await openPartyTab(host);
    await host.getByTestId('watch-party-tab').getByTestId('party-create').click();
    const modal = host.getByTestId('party-create-modal');
    expect(await modal.getByRole('heading').textContent()).toBe('Create Watch Party');
    await modal.getByTestId('party-create-confirm').click();
    const link = await host.getByTestId('party-link-modal').getByTestId('party-link').inputValue();
    expect(link).toMatch(LIVE_ROUTE);
    await host.getByTestId('party-link-modal').getByTestId('party-go-to-lobby').click();
    await host.waitForURL(link);
    await host.getByTestId('party-start').click();
    await host.locator('[data-testid="party-room"][data-role="host"][data-live]').waitFor();
    // The live player plays by itself (autoplay), and the share panel gives the same link.
    await playsPast(host, 0);
    await host.getByTestId('party-tab-share').click();
    expect(await host.getByTestId('party-share-link').inputValue()).toBe(link);
    await host.getByTestId('party-share-done').click();

    // The guest opens the link: the lobby, then the party, its live player playing.
    await guest.goto(link);
    const join = guest.getByTestId('party-join');
    await join.waitFor();
    expect(await join.textContent()).toBe('Join the Party');
    await join.click();
    await guest.locator('[data-testid="party-room"][data-role="guest"][data-live]').waitFor();
    await playsPast(guest, 0);
    expect(await seriousA11yViolations(guest), 'live party room').toEqual([]);
    // Both at the live edge: within the edge rule's 3 s (and a segment's slack) of each other.
    await expect
      .poll(async () => Math.abs((await media(guest)).t - (await media(host)).t), { timeout: 15_000 })
      .toBeLessThan(5);
    // Host and guest are in the viewers list on the guest's side.
    await expect.poll(() => guest.getByTestId('party-members').locator('li').count()).toBe(2);

    // The host pauses its own player: the guest's live playback goes on.
    await video(host).evaluate((v: HTMLVideoElement) => v.pause());
    const guestAt = (await media(guest)).t;
    await playsPast(guest, guestAt + 1.5);
    expect((await media(host)).paused).toBe(true);

    // They chat in the party's room, both ways.
    await host.getByTestId('party-tab-chat').click();
    await guest.getByTestId('party-tab-chat').click();
    const hostChat = host.getByTestId('party-chat-slot').getByTestId('chat-panel');
    const guestChat = guest.getByTestId('party-chat-slot').getByTestId('chat-panel');
    const hello = `Live hello ${Date.now()}`;
    await hostChat.getByTestId('chat-input').fill(hello);
    await hostChat.getByTestId('chat-send').click();
    await guestChat.getByTestId('chat-message').filter({ hasText: hello }).waitFor();
    const reply = `Live reply ${Date.now()}`;
    await guestChat.getByTestId('chat-input').fill(reply);
    await guestChat.getByTestId('chat-send').click();
    await hostChat.getByTestId('chat-message').filter({ hasText: reply }).waitFor();

    // The host ends it: the route's lobby then says so.
    await host.getByTestId('party-tab-party').click();
    await host.getByTestId('party-end').click();
    await guest.goto(link);
    expect(await guest.getByTestId('party-ended').textContent()).toBe('This Watch Party has ended');
  }, 120_000);

  it("the live route refuses a party that is not this event's live party: 'invalid Watch Party'", async () => {
    const page = await desktopPageAs(await signUpViewer('live-lost'));
    await page.goto(`${baseUrl}/channel/events/live/${EVENT}/watch-party/no-such-party`);
    expect(await page.getByTestId('party-error').textContent()).toContain('invalid Watch Party');

    // A live party of this event opened under another event's address.
    const pid = await startedLiveParty('live-elsewhere');
    await page.goto(`${baseUrl}/channel/events/live/demo-event-later-today/watch-party/${pid}`);
    expect(await page.getByTestId('party-error').textContent()).toContain('invalid Watch Party');
  });

  it('the not-live page with hostId comes back to the party once the event plays', async () => {
    const pid = await startedLiveParty('live-countdown');
    const page = await desktopPageAs(await signUpViewer('live-back'));
    await page.goto(`${baseUrl}/not-live/${EVENT}?channel=events&hostId=${pid}`);
    await page.waitForURL(`${baseUrl}/channel/events/live/${EVENT}/watch-party/${pid}`);
    await page.getByTestId('party-join').waitFor();
  });

  it('signed out, the live route asks for login and comes back to the party after it', async () => {
    const pid = await startedLiveParty('live-anon-host');
    const viewer = await signUpViewer('live-anon');
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    const route = `${baseUrl}/channel/events/live/${EVENT}/watch-party/${pid}`;
    await page.goto(route);
    await page.waitForURL(/\/login\?/);
    const url = new URL(page.url());
    expect(url.searchParams.get('odrc')).toBe('watchParty');
    expect(url.searchParams.get('hostId')).toBe(pid);
    await page.getByLabel('Email', { exact: true }).fill(viewer.email);
    await page.getByLabel('Password', { exact: true }).fill(VIEWER_PASSWORD);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.waitForURL(route);
    await page.getByTestId('party-join').waitFor();
    await context.close();
  });
});
