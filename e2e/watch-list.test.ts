import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import { DEMO_USERS } from '../apps/server/src/seed/demo-content';
import { seriousA11yViolations } from './axe';
import { launchBrowser, submitLogin } from './browser';

// The watch-list button and the favorite toggle (discovery-and-site §2.10, playback-and-social
// §4.11): anonymous clicks lead to signup / login with the intent and complete after signing in;
// the discover row and /channels/watch-list follow every add and remove; a favorite changes the
// count by one.
const baseUrl = inject('baseUrl');
const viewer = DEMO_USERS.viewer;
const MOVIE = 'demo-movie-lighthouse';
const SERIES = 'demo-series-orbit';
let browser: Browser;

/** The viewer's API session, to start every test from an empty list and no favorite (data/e2e persists). */
async function apiToken(): Promise<string> {
  const res = await fetch(`${baseUrl}/v2/me/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: viewer.email, password: viewer.password, site: 'demo' }),
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { token: string }).token;
}

async function resetViewer() {
  const auth = { authorization: `Bearer ${await apiToken()}` };
  const list = (await (await fetch(`${baseUrl}/v2/me/sites/demo/watch-list`, { headers: auth })).json()) as {
    items: { id: string }[];
  };
  for (const item of list.items)
    await fetch(`${baseUrl}/v2/me/sites/demo/watch-list/${item.id}`, { method: 'DELETE', headers: auth });
  await fetch(`${baseUrl}/v2/sites/demo/videos/${MOVIE}/user-favorites`, {
    method: 'POST',
    headers: { ...auth, 'content-type': 'application/json' },
    body: JSON.stringify({ favorite: false }),
  });
}

const signIn = (page: Page) => submitLogin(page, viewer.email, viewer.password);

async function signedInPage(): Promise<Page> {
  const page = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
  await page.goto(`${baseUrl}/login`);
  await signIn(page);
  await page.waitForURL(`${baseUrl}/`);
  return page;
}

const heroButton = (page: Page) => page.getByTestId('movie-page').getByTestId('watch-list-button');
const countOf = async (page: Page) =>
  Number(await page.getByTestId('favorites-count').getAttribute('data-count'));

beforeAll(async () => {
  browser = await launchBrowser();
});
beforeEach(resetViewer);
afterAll(async () => {
  await resetViewer();
  await browser?.close();
});

describe('watch list in the web app', () => {
  it('sends an anonymous click to signup with the intent, and adds the movie after signing in', async () => {
    const page = await (await browser.newContext()).newPage();
    await page.goto(`${baseUrl}/movie/${MOVIE}?channel=cinema`);
    await heroButton(page).click();
    await page.waitForURL(/\/signup\?/);
    const intent = new URL(page.url()).searchParams;
    expect(intent.get('odrc')).toBe('watchListMovie');
    expect(intent.get('videoUid')).toBe(MOVIE);
    expect(intent.get('channel')).toBe('cinema');

    // An existing account: signup's "Sign in" link carries the intent to login.
    await page.getByTestId('signup').getByRole('link', { name: 'Sign in' }).click();
    await page.waitForURL(/\/login\?.*odrc=watchListMovie/);
    await signIn(page);
    await page.waitForURL(new RegExp(`/movie/${MOVIE}\\?channel=cinema$`));
    // The add happened on the way back: the button shows it, and so does the list.
    await expect.poll(() => heroButton(page).getAttribute('aria-pressed')).toBe('true');

    await page.goto(`${baseUrl}/`);
    const row = page.locator('[data-row-type="watchList"]');
    await row.locator(`[data-video-uid="${MOVIE}"]`).waitFor();
    await page.goto(`${baseUrl}/channels/watch-list`);
    const grid = page.getByTestId('channel-grid');
    await grid.locator(`[data-video-uid="${MOVIE}"]`).waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);

    // Remove from the list page: the card goes, the empty list says how it fills.
    await grid.locator(`[data-video-uid="${MOVIE}"]`).getByTestId('watch-list-button').click();
    await page.getByTestId('channel-empty').waitFor();
    await page.goto(`${baseUrl}/`);
    await page.locator('[data-row-type="watchList"]').waitFor();
    expect(await page.locator(`[data-row-type="watchList"] [data-video-uid="${MOVIE}"]`).count()).toBe(0);
    await page.close();
  });

  it('adds a series from its card with the keyboard; the row shows its next episode and follows a remove', async () => {
    const page = await signedInPage();
    await page.goto(`${baseUrl}/channels/details/shows`);
    const card = page.locator(`[data-testid="video-card"][data-video-uid="${SERIES}"]`);
    const button = card.getByTestId('watch-list-button');
    // Revealed on keyboard focus; Enter toggles it.
    await button.focus();
    await expect
      .poll(() => card.locator('.card__actions').evaluate((el) => getComputedStyle(el).opacity))
      .toBe('1');
    await page.keyboard.press('Enter');
    await expect.poll(() => button.getAttribute('aria-pressed')).toBe('true');

    await page.goto(`${baseUrl}/`);
    const row = page.locator('[data-row-type="watchList"]');
    const item = row.locator(`[data-testid="watch-list-button"][data-content-id="${SERIES}"]`);
    await item.waitFor();
    // The series variant's card is its next unfinished episode.
    const shown = row.locator(`[data-testid="video-card"]:has([data-content-id="${SERIES}"])`);
    expect(await shown.getAttribute('data-card-type')).toBe('episode');
    expect(await shown.getAttribute('data-video-uid')).toMatch(/^demo-series-orbit-/);

    // A double click while busy is one toggle: the series is removed, not removed and re-added.
    await item.dblclick();
    await expect.poll(() => row.locator(`[data-content-id="${SERIES}"]`).count()).toBe(0);
    await page.reload();
    await row.waitFor();
    expect(await row.locator(`[data-content-id="${SERIES}"]`).count()).toBe(0);
    await page.close();
  });

  it('shows the series page button pressed once the series is in the list', async () => {
    const page = await signedInPage();
    await page.goto(`${baseUrl}/series/${SERIES}`);
    const button = page.getByTestId('series-page').getByTestId('watch-list-button');
    expect(await button.getAttribute('aria-pressed')).toBe('false');
    // §4.11: busy while the add is on its way; a watchListChanged event (another button's change)
    // resets it before the answer arrives.
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    await page.route(/\/watch-list(\?.*)?$/, async (route) => {
      if (route.request().method() !== 'POST') return route.continue();
      await held;
      await route.continue();
    });
    await button.click();
    await expect.poll(() => button.getAttribute('aria-busy')).toBe('true');
    await page.evaluate(() =>
      window.dispatchEvent(
        new CustomEvent('watchListChanged', { detail: { contentId: 'other', inList: true } }),
      ),
    );
    await expect.poll(() => button.getAttribute('aria-busy')).toBeNull();
    release();
    await expect.poll(() => button.getAttribute('aria-pressed')).toBe('true');
    await page.reload();
    await expect.poll(() => button.getAttribute('aria-pressed')).toBe('true');
    await page.close();
  });
});

describe('favorites in the web app', () => {
  it('starts the login flow for an anonymous viewer', async () => {
    const page = await (await browser.newContext()).newPage();
    await page.goto(`${baseUrl}/movie/${MOVIE}`);
    await page.getByTestId('favorites-count').waitFor();
    await page.getByTestId('favorite-toggle').click();
    await page.waitForURL(/\/login\?/);
    const intent = new URL(page.url()).searchParams;
    expect(intent.get('odrc')).toBe('fav');
    expect(intent.get('videoUid')).toBe(MOVIE);
    // Back on the movie page after signing in, favorited.
    await signIn(page);
    await page.waitForURL(new RegExp(`/movie/${MOVIE}$`));
    await expect.poll(() => page.getByTestId('favorite-toggle').getAttribute('aria-pressed')).toBe('true');
    await page.close();
  });

  it('toggles a favorite from a card: the title page agrees, and the card keeps it after a reload', async () => {
    const page = await signedInPage();
    await page.goto(`${baseUrl}/channels/details/cinema`);
    const card = page.locator(`[data-testid="video-card"][data-video-uid="${MOVIE}"]`).first();
    const heart = card.getByTestId('card-favorite');
    // Settled (its flag and any change answered by the server) in the given state.
    const settled = (pressed: boolean) =>
      card.locator(`[data-testid="card-favorite"][aria-pressed="${pressed}"]:not([aria-disabled])`).waitFor();
    await settled(false);
    expect(await heart.getAttribute('aria-label')).toMatch(/^Favorite: /);
    await heart.focus();
    await page.keyboard.press('Enter');
    await settled(true);

    await page.reload();
    await settled(true);
    await page.goto(`${baseUrl}/movie/${MOVIE}`);
    await page.locator('[data-testid="favorite-toggle"][aria-pressed="true"]').waitFor();

    // And back off from the card: the server says so too.
    await page.goto(`${baseUrl}/channels/details/cinema`);
    await settled(true);
    await heart.click();
    await settled(false);
    const auth = { authorization: `Bearer ${await apiToken()}` };
    const flags = await fetch(`${baseUrl}/v2/me/sites/demo/favorites?uids=${MOVIE}`, { headers: auth });
    expect(await flags.json()).toEqual({ favorites: [] });
    await page.close();
  });

  it('sends an anonymous click on a card heart to login with the intent', async () => {
    const page = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
    await page.goto(`${baseUrl}/channels/details/cinema`);
    const card = page.locator(`[data-testid="video-card"][data-video-uid="${MOVIE}"]`).first();
    await card.getByTestId('card-favorite').click();
    await page.waitForURL(/\/login\?/);
    const intent = new URL(page.url()).searchParams;
    expect(intent.get('odrc')).toBe('fav');
    expect(intent.get('videoUid')).toBe(MOVIE);
    await page.close();
  });

  it('flips the favorite and changes the count by exactly one, and it stays after a reload', async () => {
    const page = await signedInPage();
    await page.goto(`${baseUrl}/movie/${MOVIE}`);
    const toggle = page.getByTestId('favorite-toggle');
    await page.getByTestId('favorites-count').waitFor();
    expect(await toggle.getAttribute('aria-pressed')).toBe('false');
    const before = await countOf(page);

    await toggle.click();
    await expect.poll(() => toggle.getAttribute('aria-pressed')).toBe('true');
    await expect.poll(() => countOf(page)).toBe(before + 1);
    await page.reload();
    await page.getByTestId('favorites-count').waitFor();
    expect(await toggle.getAttribute('aria-pressed')).toBe('true');
    expect(await countOf(page)).toBe(before + 1);
    expect(await seriousA11yViolations(page)).toEqual([]);

    await toggle.click();
    await expect.poll(() => toggle.getAttribute('aria-pressed')).toBe('false');
    await expect.poll(() => countOf(page)).toBe(before);
    const server = await (await fetch(`${baseUrl}/v2/sites/demo/videos/${MOVIE}/favorites-count`)).json();
    expect(server.favorites).toBe(before);
    await page.close();
  });
});
