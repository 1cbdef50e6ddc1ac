import { rmSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openDatabase, type Db } from '../apps/server/src/db/database';
import { newVideoRow } from '../apps/server/src/db/video-row';
import { ingestFile } from '../apps/server/src/media/ingest';
import { loadConfig, type Config } from '../apps/server/src/plugins/config';
import { makeClip } from '../apps/server/test/media/fixtures';
import { expectPlaysPast, launchBrowser } from './browser';
import { callApi, e2eDataDir, pageSignedInAs, signUpViewer, type Login } from './viewers';

// Clear Key DRM (decision 0081): a paid video packaged as CENC fMP4 plays in Chromium through
// hls.js's EME, its key coming from our licence endpoint only while the viewer is entitled. The
// asset is encoded here into the e2e data folder (an unlisted video, removed afterwards), so the
// demo seed stays as it is.
const baseUrl = inject('baseUrl');
const UID = 'e2e-clearkey';
const watchPath = `/channel/originals/${UID}`;

let browser: Browser;
let config: Config;
let db: Db;
let assetId: string | undefined;

async function removeAsset() {
  const row = await db.selectFrom('videos').select('asset_id').where('uid', '=', UID).executeTakeFirst();
  await db.deleteFrom('videos').where('site_uid', '=', 'demo').where('uid', '=', UID).execute();
  const id = row?.asset_id ?? assetId;
  if (!id) return;
  await db.deleteFrom('media_asset_keys').where('asset_id', '=', id).execute();
  await db.deleteFrom('media_assets').where('id', '=', id).execute();
  rmSync(join(config.mediaDir, id), { recursive: true, force: true });
}

beforeAll(async () => {
  config = loadConfig({ ...process.env, DATA_DIR: e2eDataDir });
  db = openDatabase(config);
  await removeAsset(); // a run that died before its cleanup
  const clip = join(config.dataDir, 'clearkey-clip.mp4');
  await makeClip(clip, { seconds: 20, height: 360 });
  ({ assetId } = await ingestFile(
    { db, config },
    { siteUid: 'demo', file: clip, assetOnly: true, preset: 'ultrafast', encrypt: 'clearkey' },
  ));
  rmSync(clip, { force: true });
  await db
    .insertInto('videos')
    .values(
      newVideoRow('demo', UID, {
        title: 'Clear Key e2e',
        published_at: new Date().toISOString(),
        access_type: 'paid',
        status: 'unlisted',
        channel_id: 'originals',
        asset_id: assetId,
        duration_s: 20,
      }),
    )
    .execute();
  browser = await launchBrowser();
}, 120_000);
afterAll(async () => {
  await browser?.close();
  if (db) {
    await removeAsset();
    await db.destroy();
  }
});

async function adminToken(): Promise<string> {
  const res = await callApi<{ token: string }>(null, 'POST', '/v2/me/auth/login', {
    email: 'admin@marquee.test',
    password: 'marquee-admin',
    site: 'demo',
  });
  expect(res.status).toBe(200);
  return res.body.token;
}

/** A fresh viewer with a complimentary grant of the whole-site bundle; `revoke` takes it back. */
async function entitledViewer(name: string) {
  const viewer = await signUpViewer(name);
  const admin = await adminToken();
  const grants = `/v2/admin/sites/demo/users/${viewer.user.id}/grants`;
  const granted = await callApi<{ id: string }>(admin, 'POST', grants, { bundleId: 'demo-monthly' });
  expect(granted.status).toBe(201);
  const revoke = async () =>
    expect((await callApi(admin, 'DELETE', `${grants}/${granted.body.id}`)).status).toBe(204);
  return { viewer, revoke };
}

/** The statuses of the page's licence and AES key requests, as they answer. */
function keyRequests(page: Page) {
  const seen = { licences: [] as number[], aesKeys: 0 };
  page.on('response', (res) => {
    if (res.url().endsWith('/clearkey-license')) seen.licences.push(res.status());
    if (res.url().endsWith('/content.key')) seen.aesKeys++;
  });
  return seen;
}

const open = async (login: Login) => {
  const page = await pageSignedInAs(browser, login, { width: 1280, height: 800 });
  const seen = keyRequests(page);
  return { page, seen };
};

describe('Clear Key DRM', () => {
  it('plays for an entitled viewer: hls.js asks our licence endpoint and decrypts through EME', async () => {
    const { viewer, revoke } = await entitledViewer('clearkey');
    try {
      const { page, seen } = await open(viewer);
      await page.goto(`${baseUrl}${watchPath}`);
      await expectPlaysPast(page, 3);
      // Through EME: the element has Clear Key media keys, and frames were decoded without an error.
      const played = await page.getByTestId('player').evaluate((v: HTMLVideoElement) => ({
        keySystem: v.mediaKeys ? 'set' : null,
        frames: v.getVideoPlaybackQuality().totalVideoFrames,
        error: v.error?.code ?? null,
      }));
      expect(played).toMatchObject({ keySystem: 'set', error: null });
      expect(played.frames).toBeGreaterThan(0);
      expect(await page.locator('.mq-player').getAttribute('data-engine')).toBe('hls.js');
      expect(seen.licences).toContain(200);
      expect(seen.aesKeys).toBe(0);
      await page.context().close();
    } finally {
      await revoke();
    }
  });

  it('does not play for a viewer whose entitlement ends before the licence: the licence is refused', async () => {
    const { viewer, revoke } = await entitledViewer('clearkey-revoked');
    const { page, seen } = await open(viewer);
    // play-url answers while the grant holds; the grant is revoked before the licence request
    // reaches the server, which then decides (the real server answers it).
    let revoked = false;
    await page.route('**/clearkey-license', async (route) => {
      if (!revoked) {
        revoked = true;
        await revoke();
      }
      await route.continue();
    });
    await page.goto(`${baseUrl}${watchPath}`);
    await page.locator('.mq-player[data-state="error"]').waitFor({ timeout: 30_000 });
    expect(revoked).toBe(true);
    expect(seen.licences.length).toBeGreaterThan(0);
    expect(seen.licences.every((s) => s === 403)).toBe(true);
    const time = await page.getByTestId('player').evaluate((v: HTMLVideoElement) => v.currentTime);
    expect(time).toBeLessThan(1);
    await page.context().close();
  });
});
