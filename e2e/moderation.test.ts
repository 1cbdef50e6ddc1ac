import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { seriousA11yViolations } from './axe';
import { launchBrowser } from './browser';
import { callApi, pageSignedInAs, signUpViewer, type Login } from './viewers';

// Moderation (issue 16 Must-have 11; decision 0054): a viewer reports a moment from the Comments
// tab (a second report is refused), the demo staff user hides it on /moderation, and the viewer's
// Comments tab no longer shows it.
const baseUrl = inject('baseUrl');
const VIDEO = 'demo-video-03';
const CHANNEL = 'originals';
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function openComments(page: Page) {
  await page.goto(`${baseUrl}/channel/${CHANNEL}/${VIDEO}`);
  await page.getByTestId('watch-tab-comments').click();
  return page.getByTestId('watch-panel-comments');
}

async function report(page: Page, tag: string, reason: string) {
  const panel = page.getByTestId('watch-panel-comments');
  await panel.getByTestId('moment').filter({ hasText: tag }).getByTestId('report-button').click();
  const dialog = page.getByTestId('report-dialog');
  await dialog.getByTestId(`report-reason-${reason}`).check();
  await dialog.getByTestId('report-send').click();
  await dialog.waitFor({ state: 'detached' });
}

describe('moderation', () => {
  it('a viewer reports a moment, staff hide it, and it leaves the viewer’s Comments tab', async () => {
    const viewer = await signUpViewer('report');
    const tag = `Spoiler ahead ${Date.now()}`;
    const added = await callApi(viewer.token, 'POST', `/api/moments/${CHANNEL}/none`, {
      timemarker: 5,
      tag,
      videoId: VIDEO,
    });
    expect(added.status).toBe(201);

    const viewerPage = await pageSignedInAs(browser, viewer, { width: 1400, height: 900 });
    const panel = await openComments(viewerPage);
    await panel.getByText(tag).waitFor();
    await panel.getByTestId('moment').filter({ hasText: tag }).getByTestId('report-button').click();
    await viewerPage.getByTestId('report-dialog').getByTestId('report-reason-spoiler').waitFor();
    expect(await seriousA11yViolations(viewerPage)).toEqual([]);
    await viewerPage.getByTestId('report-dialog').getByTestId('report-reason-spoiler').check();
    await viewerPage.getByTestId('report-dialog').getByTestId('report-note').fill('Ending spoiled');
    await viewerPage.getByTestId('report-dialog').getByTestId('report-send').click();
    await viewerPage.getByText('Thanks. Our team will review it.').waitFor();
    await report(viewerPage, tag, 'spam');
    await viewerPage.getByText('You have already reported this.').waitFor();

    const staffLogin = await callApi<Login>(null, 'POST', '/v2/me/auth/login', {
      email: 'staff@marquee.test',
      password: 'marquee-staff',
      site: 'demo',
    });
    expect(staffLogin.status).toBe(200);
    const staffPage = await pageSignedInAs(browser, staffLogin.body, { width: 1400, height: 900 });
    await staffPage.goto(`${baseUrl}/moderation`);
    const item = staffPage.getByTestId('reported-item').filter({ hasText: tag });
    await item.waitFor();
    expect(await item.textContent()).toContain('Ending spoiled');
    await item.getByTestId('moderation-hide').click();
    await staffPage.getByText('Hidden for everyone.').waitFor();
    await item.waitFor({ state: 'detached' });

    const after = await openComments(viewerPage);
    await after.locator('[data-testid="moment"], [data-testid="moments-empty"]').first().waitFor();
    expect(await after.getByText(tag).count()).toBe(0);
    await viewerPage.context().close();
    await staffPage.context().close();
  }, 120_000);

  it('a viewer without a staff role is told the page is not theirs', async () => {
    const viewer = await signUpViewer('not-staff');
    const page = await pageSignedInAs(browser, viewer, { width: 1400, height: 900 });
    await page.goto(`${baseUrl}/moderation`);
    await page.getByTestId('moderation-forbidden').waitFor();
    expect(await page.getByRole('link', { name: 'Moderation' }).count()).toBe(0);
    await page.context().close();
  }, 60_000);
});
