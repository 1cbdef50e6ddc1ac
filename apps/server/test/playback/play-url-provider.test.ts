import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PlayableUrl } from '@marquee/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newSiteRow } from '../../src/modules/sites/site-defaults';
import { createHarness, type Harness } from '../harness';
import { insertAsset, insertVideo, makeHlsAsset } from './fixtures';

// The source map (discovery-and-site §9, playback-and-social §3; decision 0059): a live event whose
// source is YouTube, Dailymotion or JW Player plays in the provider's own player.
const NOW = Date.UTC(2026, 10, 22, 12, 0, 0);
const HOUR = 3_600_000;
const YT_SCRIPT = 'http://127.0.0.1:9/stand-in/iframe_api.js';
const DM_SCRIPT = 'https://geo.dailymotion.com/libs/player.js';

let h: Harness;
let noJw: Harness;
let dir: string;

const on = (extra: object) =>
  JSON.stringify({
    start: new Date(NOW - HOUR).toISOString(),
    end: new Date(NOW + HOUR).toISOString(),
    ended: false,
    type: 'stream',
    ...extra,
  });

async function seed(app: Harness) {
  await app.db
    .insertInto('sites')
    .values([newSiteRow('acme', 'Acme TV'), newSiteRow('plain', 'Plain TV')])
    .execute();
  const renditions = makeHlsAsset(
    app.config.mediaDir,
    'asset1',
    [{ name: '360p', width: 640, height: 360 }],
    4,
  );
  await insertAsset(app.db, 'acme', 'asset1', renditions, 4);
  const event = (uid: string, extra: object, site = 'acme') =>
    insertVideo(app.db, site, uid, { type: 'liveEvent', live_event: on(extra) });
  await event('yt-event', { sourceType: 'yt', videoLink: 'https://www.youtube.com/watch?v=aqz-KE-bpKQ' });
  await event('yt-named', { sourceType: 'Youtube', videoLink: 'https://youtu.be/aqz-KE-bpKQ' });
  await event('dm-event', { sourceType: 'dm', videoLink: 'https://www.dailymotion.com/video/x8abc12' });
  await event('jw-event', { sourceType: 'jw', videoLink: 'https://cdn.jwplayer.com/v2/media/AbCd1234' });
  await event('yt-no-link', { sourceType: 'yt', videoLink: null });
  await event('yt-bad-link', { sourceType: 'yt', videoLink: 'https://example.test/clip.mp4' });
  await event('yt-later', {
    sourceType: 'yt',
    videoLink: 'https://youtu.be/aqz-KE-bpKQ',
    start: new Date(NOW + HOUR).toISOString(),
    end: new Date(NOW + 2 * HOUR).toISOString(),
  });
  await insertVideo(app.db, 'acme', 'vjs-event', {
    type: 'liveEvent',
    asset_id: 'asset1',
    live_event: on({ sourceType: 'vjs' }),
  });
  await insertVideo(app.db, 'plain', 'plain-event', {
    type: 'liveEvent',
    asset_id: 'asset1',
    live_event: on({ sourceType: 'vjs' }),
  });
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'marquee-provider-'));
  mkdirSync(join(dir, 'web', 'dist'), { recursive: true });
  mkdirSync(join(dir, 'tv', 'dist'), { recursive: true });
  const index = '<!doctype html><html><head><title>M</title></head><body></body></html>';
  writeFileSync(join(dir, 'web/dist/index.html'), index);
  writeFileSync(join(dir, 'tv/dist/index.html'), index);
  const context = { now: () => NOW };
  h = await createHarness({
    context,
    clientsDir: dir,
    env: {
      PLAYER_SCRIPT_YT: YT_SCRIPT,
      PLAYER_SCRIPT_JW: 'https://cdn.jwplayer.com/libraries/Abc123Xy.js',
    },
  });
  noJw = await createHarness({ context });
  await seed(h);
  await seed(noJw);
});
afterAll(async () => {
  await h?.close();
  await noJw?.close();
  rmSync(dir, { recursive: true, force: true });
});

const playUrl = (app: Harness, uid: string) => app.app.inject(`/v2/sites/acme/videos/${uid}/play-url`);

describe('play-url of a provider source: refusals', () => {
  it('409 naming the provider when the event has no link, or none the provider can play', async () => {
    for (const uid of ['yt-no-link', 'yt-bad-link']) {
      const res = await playUrl(h, uid);
      expect(res.statusCode).toBe(409);
      expect(res.json().error).toMatchObject({ code: 'mediaNotReady' });
      expect(res.json().error.message).toContain('no YouTube video in its videoLink');
    }
  });

  it('409 for a JW Player source on a server without PLAYER_SCRIPT_JW (its library is per account)', async () => {
    const res = await playUrl(noJw, 'jw-event');
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toContain('JW Player, which this server has no player script for');
  });

  it('an event not on air answers code 20 with nothing of the provider', async () => {
    const body = PlayableUrl.parse((await playUrl(h, 'yt-later')).json());
    expect(body).toMatchObject({ code: 20, url: null, provider: null });
  });

  it('404 for an unknown video', async () => {
    expect((await playUrl(h, 'nope')).statusCode).toBe(404);
  });
});

describe('play-url of a provider source', () => {
  it('YouTube: the link, the video id and the configured API script; no media token', async () => {
    for (const uid of ['yt-event', 'yt-named']) {
      const body = PlayableUrl.parse((await playUrl(h, uid)).json());
      expect(body.provider).toEqual({ source: 'yt', videoId: 'aqz-KE-bpKQ', scriptUrl: YT_SCRIPT });
      expect(body.url).toMatch(/youtu/);
      expect(body).toMatchObject({ token: null, expiresAt: null, type: null });
    }
  });

  it('Dailymotion (the default script) and JW Player (the configured library)', async () => {
    expect(PlayableUrl.parse((await playUrl(h, 'dm-event')).json()).provider).toEqual({
      source: 'dm',
      videoId: 'x8abc12',
      scriptUrl: DM_SCRIPT,
    });
    expect(PlayableUrl.parse((await playUrl(h, 'jw-event')).json()).provider).toEqual({
      source: 'jw',
      videoId: 'AbCd1234',
      scriptUrl: 'https://cdn.jwplayer.com/libraries/Abc123Xy.js',
    });
  });

  it('vjs stays our own HLS player', async () => {
    const body = PlayableUrl.parse((await playUrl(h, 'vjs-event')).json());
    expect(body).toMatchObject({ provider: null, type: 'hls' });
    expect(body.url).toMatch(/^\/media\/.+\/asset1\/master\.m3u8$/);
  });
});

describe("a page's Content-Security-Policy and the provider scripts", () => {
  const scriptSrc = async (app: Harness, site: string) => {
    const res = await app.app.inject({ url: `/?__site=${site}` });
    expect(res.statusCode).toBe(200);
    const header = String(res.headers['content-security-policy']);
    const directive = (name: string) =>
      header
        .split(';')
        .map((d) => d.trim().split(/\s+/))
        .find(([n]) => n === name)
        ?.slice(1) ?? [];
    return {
      script: directive('script-src'),
      frame: directive('frame-src'),
      connect: directive('connect-src'),
    };
  };

  it('a site whose live events play from providers may load their scripts (and what the real ones load)', async () => {
    const policy = await scriptSrc(h, 'acme');
    // The stand-in's origin only; Dailymotion's own host with its player frame; JW Player's CDN.
    expect(policy.script).toEqual(
      expect.arrayContaining([
        "'self'",
        'http://127.0.0.1:9',
        'https://geo.dailymotion.com',
        'https://cdn.jwplayer.com',
      ]),
    );
    expect(policy.script).not.toContain('https://www.youtube.com');
    expect(policy.frame).toContain('https://geo.dailymotion.com');
    expect(policy.connect).toContain('https://cdn.jwplayer.com');
  });

  it('a site without any keeps scripts to its own origin', async () => {
    expect((await scriptSrc(h, 'plain')).script).toEqual(["'self'"]);
  });
});
