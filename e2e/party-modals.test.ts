import { join } from 'node:path';
import Database from 'better-sqlite3';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser } from './browser';
import { setDemoPerms } from './site-settings';
import { callApi, e2eDataDir, pageSignedInAs, signUpViewer, type Login } from './viewers';

// The chat and watch party modals no other browser test opens (playback-and-social §2.3, §4.9,
// §4.10): add a name to chat, the muted people list, the 'host has started' prompt, the party
// share panel's Copy, the creation failure toast and the watch screen's Watch Party tab.

const baseUrl = inject('baseUrl');
// A live channel's room sits under its player: no tab to open.
const CHANNEL = 'demo-live-news';
const ROOM = `channel-${CHANNEL}`;
const MOVIE = 'demo-movie-last-train';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const desktopPageAs = (login: Login) => pageSignedInAs(browser, login, { width: 1280, height: 800 });
const marker = () => Math.random().toString(36).slice(2, 8);

/** The live channel's chat panel, connected. */
async function channelChat(page: Page) {
  await page.goto(`${baseUrl}/live-tv/${CHANNEL}`);
  const panel = page.getByTestId('live-chat').getByTestId('chat-panel');
  await panel.waitFor();
  return panel;
}

/** A party of the movie made over the API by `host`, started when asked. */
async function partyOf(host: Login, start: boolean): Promise<string> {
  const created = await callApi<{ pid: string }>(
    host.token,
    'POST',
    `/v2/sites/demo/watch-party/${MOVIE}?__source=web`,
  );
  expect(created.status).toBe(201);
  if (start) {
    const started = await callApi(host.token, 'PATCH', `/v2/sites/demo/watch-party/${created.body.pid}`, {
      action: 'start',
    });
    expect(started.status).toBe(200);
  }
  return created.body.pid;
}

describe('chat modals', () => {
  it('a viewer without a first name adds a chat name first, then sends under it', async () => {
    const viewer = await signUpViewer('nameless');
    // No first name (an account made before names were asked for): only the database can say so.
    const db = new Database(join(e2eDataDir, 'marquee.sqlite'));
    try {
      db.prepare("UPDATE users SET first_name = '' WHERE id = ?").run(viewer.user.id);
    } finally {
      db.close();
    }
    const page = await pageSignedInAs(browser, viewer);
    const panel = await channelChat(page);

    // No composer: the 'Add a name to chat' button, which opens the modal.
    const add = panel.getByTestId('chat-add-name');
    await add.waitFor();
    expect(await add.textContent()).toBe('Add a name to chat');
    expect(await panel.getByTestId('chat-composer').count()).toBe(0);
    await add.click();
    const modal = page.getByTestId('chat-name-modal');
    expect(await modal.getByRole('heading').textContent()).toBe('Add name to chat');

    // Too short: said in the modal, which stays.
    await modal.getByTestId('chat-name-input').fill('A');
    await modal.getByTestId('chat-name-save').click();
    expect(await modal.getByRole('alert').textContent()).toBe('Name must be at least 2 characters long');

    const name = `Ace ${marker()}`;
    await modal.getByTestId('chat-name-input').fill(name);
    await modal.getByTestId('chat-name-save').click();
    await modal.waitFor({ state: 'detached' });
    const text = `named ${marker()}`;
    await panel.getByTestId('chat-input').fill(text);
    await panel.getByTestId('chat-send').click();
    const mine = panel.getByTestId('chat-message').filter({ hasText: text });
    await mine.waitFor();
    expect(await mine.textContent()).toContain(name);
    const history = await callApi<{ messages: { value: string; username: string }[] }>(
      viewer.token,
      'GET',
      `/v2/sites/demo/chats/${ROOM}/messages`,
    );
    expect(history.body.messages.find((m) => m.value === text)?.username).toBe(name);
  });

  it('mutes someone, then unmutes them from the muted people list and closes it with Done', async () => {
    const [viewer, other] = await Promise.all([signUpViewer('muter'), signUpViewer('mutee')]);
    const otherName = `Loud ${marker()}`;
    const named = await callApi(other.token, 'PATCH', '/v2/sites/demo/chats/username', {
      chatUsername: otherName,
    });
    expect(named.status).toBe(200);
    const page = await pageSignedInAs(browser, viewer);
    const panel = await channelChat(page);
    await panel.getByTestId('chat-composer').waitFor();
    const muted = panel.getByTestId('chat-muted-people');
    expect(await muted.textContent()).toBe('Muted people (0)');

    const loud = `loud ${marker()}`;
    const sent = await callApi(other.token, 'POST', `/v2/sites/demo/chats/${ROOM}`, { message: loud });
    expect(sent.status).toBe(201);
    const theirs = panel.getByTestId('chat-message').filter({ hasText: loud });
    await theirs.waitFor();
    await theirs.getByRole('button', { name: `Actions for ${otherName}` }).click();
    await theirs.getByTestId('chat-mute').click();
    await page.getByTestId('chat-confirm-mute').getByTestId('chat-confirm').click();
    await theirs.waitFor({ state: 'detached' });
    await expect.poll(() => muted.textContent()).toBe('Muted people (1)');

    // The list names them; a click unmutes them, then Done closes it.
    await muted.click();
    const list = page.getByTestId('chat-mute-list');
    expect(await list.getByRole('heading').textContent()).toBe('Muted people');
    const unmute = list.getByRole('button', { name: `Unmute ${otherName}` });
    expect(await unmute.textContent()).toBe(otherName);
    await unmute.click();
    await list.getByText('Click a name to unmute.').waitFor({ state: 'detached' });
    await expect.poll(() => muted.textContent()).toBe('Muted people (0)');
    await list.getByRole('button', { name: 'Done' }).click();
    await list.waitFor({ state: 'detached' });
    const after = await callApi<{ users: unknown[] }>(viewer.token, 'GET', '/v2/sites/demo/chats/muteList');
    expect(after.body.users).toEqual([]);

    // Heard again: their next message shows.
    const again = `again ${marker()}`;
    await callApi(other.token, 'POST', `/v2/sites/demo/chats/${ROOM}`, { message: again });
    await panel.getByTestId('chat-message').filter({ hasText: again }).waitFor();
  });
});

/** Until the server's site config says `perm` is `on` (its site cache lasts a few seconds). */
async function permIs(perm: 'chatroll' | 'watchParty', on: boolean) {
  await expect
    .poll(
      async () =>
        (await callApi<{ perms: Record<string, boolean> }>(null, 'GET', '/v2/sites/demo/config')).body.perms[
          perm
        ],
      { timeout: 20_000 },
    )
    .toBe(on);
}

/** Where the chat log is: does it overflow, and is it scrolled to its end. */
const logPlace = (page: Page) =>
  page
    .getByTestId('live-chat')
    .getByTestId('chat-messages')
    .evaluate((el) => ({
      overflows: el.scrollHeight > el.clientHeight,
      atEnd: el.scrollHeight - el.scrollTop - el.clientHeight < 24,
    }));

/** Five long messages from `who` (the flood limit's most), each waited for in `panel`. */
async function talk(who: Login, panel: ReturnType<Page['getByTestId']>) {
  for (let i = 0; i < 5; i++) {
    const text = `${marker()} ${'long line of chatter '.repeat(6)}`.slice(0, 140);
    const sent = await callApi(who.token, 'POST', `/v2/sites/demo/chats/${ROOM}`, { message: text });
    expect(sent.status).toBe(201);
    await panel
      .getByTestId('chat-message')
      .filter({ hasText: text.slice(0, 6) })
      .waitFor();
  }
}

describe('chatroll', () => {
  // Off first: it is the demo's default, and this file is the only one that turns it on.
  it('off, the log keeps its place and offers the new messages instead', async () => {
    const [viewer, first, second] = await Promise.all([
      signUpViewer('still-viewer'),
      signUpViewer('still-a'),
      signUpViewer('still-b'),
    ]);
    await permIs('chatroll', false);
    const page = await pageSignedInAs(browser, viewer);
    const panel = await channelChat(page);
    expect(await panel.getAttribute('data-chatroll')).toBeNull();
    await panel.getByTestId('chat-composer').waitFor();
    // The viewer is at the end of whatever history the room has (where chatroll on would roll on)
    // while others talk. (The panel shows once the history is in: the log, or an empty room.)
    const log = panel.getByTestId('chat-messages');
    if (await log.count()) await log.evaluate((el) => (el.scrollTop = el.scrollHeight));
    await talk(first, panel);
    await talk(second, panel);
    await expect.poll(() => logPlace(page), { timeout: 10_000 }).toEqual({ overflows: true, atEnd: false });
    const jump = panel.getByTestId('chat-new-messages');
    await jump.waitFor();
    // The offer takes them to the end and goes away.
    await jump.click();
    await expect.poll(() => logPlace(page), { timeout: 10_000 }).toEqual({ overflows: true, atEnd: true });
    await jump.waitFor({ state: 'detached' });
    await page.close();
  });

  it('on, the log rolls to each new message', async () => {
    const [viewer, first, second] = await Promise.all([
      signUpViewer('roll-viewer'),
      signUpViewer('roll-a'),
      signUpViewer('roll-b'),
    ]);
    const restore = setDemoPerms({ chatroll: true });
    try {
      await permIs('chatroll', true);
      const page = await pageSignedInAs(browser, viewer);
      // The page inlines the site config it was served with, cached a few seconds longer than the
      // API's: load until the panel itself has chatroll on.
      let panel = await channelChat(page);
      await expect
        .poll(
          async () => {
            if ((await panel.getAttribute('data-chatroll')) === 'true') return true;
            panel = await channelChat(page);
            return (await panel.getAttribute('data-chatroll')) === 'true';
          },
          { timeout: 20_000, interval: 500 },
        )
        .toBe(true);
      await panel.getByTestId('chat-composer').waitFor();
      await talk(first, panel);
      await talk(second, panel);
      // Enough to overflow the log, which followed every message to the end.
      await expect.poll(() => logPlace(page), { timeout: 10_000 }).toEqual({ overflows: true, atEnd: true });
      expect(await panel.getByTestId('chat-new-messages').count()).toBe(0);
      await page.close();
    } finally {
      restore();
    }

    await permIs('chatroll', false);
  });
});

/** Creates a party from the page's button, which fails: the error toast says `message`, the modal closes. */
async function createFails(page: Page, message: string) {
  await page.getByTestId('party-create').click();
  const modal = page.getByTestId('party-create-modal');
  await modal.getByTestId('party-create-confirm').click();
  const toast = page.getByTestId('site-toast').filter({ hasText: message });
  await toast.waitFor();
  expect(await toast.locator('.toast__message').textContent()).toBe(message);
  expect(await toast.getAttribute('data-kind')).toBe('error');
  await modal.waitFor({ state: 'detached' });
}

describe('watch party modals', () => {
  it('guests waiting in the lobby are asked to join when the host starts: Cancel stays, Join goes in', async () => {
    const [hostLogin, stayLogin, joinLogin] = await Promise.all([
      signUpViewer('prompt-host'),
      signUpViewer('prompt-stay'),
      signUpViewer('prompt-join'),
    ]);
    const pid = await partyOf(hostLogin, false);
    const [stay, join] = await Promise.all([desktopPageAs(stayLogin), desktopPageAs(joinLogin)]);
    for (const page of [stay, join]) {
      await page.goto(`${baseUrl}/watch-party?pid=${pid}`);
      await page.getByTestId('party-waiting').waitFor();
    }
    expect(await stay.getByTestId('party-prompt').count()).toBe(0);

    const started = await callApi(hostLogin.token, 'PATCH', `/v2/sites/demo/watch-party/${pid}`, {
      action: 'start',
    });
    expect(started.status).toBe(200);

    const stayPrompt = stay.getByTestId('party-prompt');
    await stayPrompt.waitFor();
    expect(await stayPrompt.getByRole('heading').textContent()).toBe('Watch Party');
    await stayPrompt.getByText('The host has started the party, join now?').waitFor();
    await stayPrompt.getByRole('button', { name: 'Cancel' }).click();
    await stayPrompt.waitFor({ state: 'detached' });
    // Still in the lobby, which now offers to join.
    await stay.getByTestId('party-join').waitFor();
    expect(await stay.getByTestId('party-room').count()).toBe(0);

    const joinPrompt = join.getByTestId('party-prompt');
    await joinPrompt.getByTestId('party-prompt-join').click();
    await join.locator('[data-testid="party-room"][data-role="guest"]').waitFor();
    const party = await callApi<{ members: { userId: string }[] }>(
      hostLogin.token,
      'GET',
      `/v2/sites/demo/watch-party/${pid}`,
    );
    const members = party.body.members.map((m) => m.userId);
    expect(members).toContain(joinLogin.user.id);
    expect(members).not.toContain(stayLogin.user.id);
  });

  it('the share panel copies the party link and says "Link copied"', async () => {
    const hostLogin = await signUpViewer('copy-host');
    const pid = await partyOf(hostLogin, true);
    const host = await desktopPageAs(hostLogin);
    await host.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl });
    await host.goto(`${baseUrl}/watch-party?pid=${pid}`);
    await host.getByTestId('party-join').click();
    await host.locator('[data-testid="party-room"][data-role="host"]').waitFor();
    await host.getByTestId('party-tab-share').click();
    const share = host.getByTestId('party-share');
    const link = await share.getByTestId('party-share-link').inputValue();
    expect(link).toBe(`${baseUrl}/watch-party?pid=${pid}`);

    await share.getByTestId('party-share-copy').click();
    const toast = host.getByTestId('site-toast').filter({ hasText: 'Link copied' });
    await toast.waitFor();
    expect(await toast.getAttribute('data-kind')).toBe('success');
    expect(await host.evaluate(() => navigator.clipboard.readText())).toBe(link);
    // Short-lived (750 ms): it goes by itself.
    await toast.waitFor({ state: 'detached', timeout: 5000 });
  });

  it('a creation that fails says "There was a problem processing your request.." and closes the modal', async () => {
    const page = await desktopPageAs(await signUpViewer('create-fail'));
    await page.goto(`${baseUrl}/movie/${MOVIE}`);
    // The network fails the create call (the server never answers it).
    await page.route(
      (url) => url.pathname.includes('/watch-party/'),
      (route) => (route.request().method() === 'POST' ? route.abort('failed') : route.fallback()),
    );
    await createFails(page, 'There was a problem processing your request..');
    expect(await page.getByTestId('party-link-modal').count()).toBe(0);
  });

  it('a site that switched Watch Party off since the page loaded: the server’s refusal in the toast', async () => {
    const page = await desktopPageAs(await signUpViewer('create-off'));
    await page.goto(`${baseUrl}/movie/${MOVIE}`);
    await page.getByTestId('party-create').waitFor();
    const restore = setDemoPerms({ watchParty: false });
    try {
      await permIs('watchParty', false);
      await createFails(page, "Watch Party' is unavailable for this site.");
    } finally {
      restore();
    }
    await permIs('watchParty', true);
  });

  it('the watch screen’s Watch Party tab creates a party; its lobby records the vod-watch-party state', async () => {
    const hostLogin = await signUpViewer('tab-host');
    const host = await desktopPageAs(hostLogin);
    await host.goto(`${baseUrl}/channel/originals/demo-video-05`);
    await host.getByTestId('watch-tabs').waitFor();
    const tab = host.getByTestId('watch-tab-watchParty');
    if (!(await tab.isVisible())) await host.getByTestId('watch-tab-more').click();
    await tab.click();
    const panel = host.getByTestId('watch-party-tab');
    await panel.getByTestId('party-create').click();
    const modal = host.getByTestId('party-create-modal');
    expect(await modal.getByRole('heading').textContent()).toBe('Create VOD Watch Party');
    await modal.getByTestId('party-create-confirm').click();
    const linkModal = host.getByTestId('party-link-modal');
    const link = await linkModal.getByTestId('party-link').inputValue();
    expect(link).toMatch(/\/watch-party\?pid=[\w-]+$/);
    const pid = new URL(link).searchParams.get('pid');
    const party = await callApi<{ contentId: string; host: string; state: string }>(
      hostLogin.token,
      'GET',
      `/v2/sites/demo/watch-party/${pid}`,
    );
    expect(party.body).toMatchObject({
      contentId: 'demo-video-05',
      host: hostLogin.user.id,
      state: 'notStarted',
    });

    await linkModal.getByTestId('party-go-to-lobby').click();
    await host.waitForURL(link);
    await host.getByTestId('party-start').waitFor();
    // §2.2: the session remembers the party screen's watch state.
    await expect
      .poll(() => host.evaluate(() => sessionStorage.getItem('marquee.watchState')))
      .toContain('vod-watch-party');
    const state = JSON.parse(
      (await host.evaluate(() => sessionStorage.getItem('marquee.watchState'))) ?? '{}',
    ) as Record<string, unknown>;
    expect(state).toMatchObject({ id: 'vod-watch-party', 'watch-party': pid, videoUid: 'demo-video-05' });
  });
});
