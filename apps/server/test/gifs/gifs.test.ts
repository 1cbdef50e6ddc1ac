// Gifs (discovery-and-site §3, §5, §7, §9; decision 0047): the refusals first, then a real render
// by the `gif` job with ffmpeg, checked with ffprobe (an animated GIF of the cut's frames and a
// still), from a clear and an encrypted asset, and a render that fails.
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { GIF_FPS } from '@marquee/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newVideoRow } from '../../src/db/video-row';
import { JOB_HANDLERS } from '../../src/job-handlers';
import { ensureDemoAssets } from '../../src/media/demo-media';
import { runFfprobe } from '../../src/media/ffmpeg';
import { runWorker } from '../../src/modules/jobs/jobs.worker';
import { newSiteRow } from '../../src/modules/sites/site-defaults';
import { accountsHarness, bearer, type AccountsHarness } from '../support/accounts';

let t: AccountsHarness;
let assets: Map<string, string>;
beforeAll(async () => {
  t = await accountsHarness({
    sites: [
      newSiteRow('acme', 'Acme TV'),
      newSiteRow('nogifs', 'No Gifs', { perms: '{"hideGifCreator":true}' }),
    ],
  });
  assets = await ensureDemoAssets(t.h, 'acme', [
    { key: 'clear', title: 'Clear', seconds: 4, height: 360 },
    { key: 'paid', title: 'Paid', seconds: 4, height: 360, encrypted: true },
    { key: 'doomed', title: 'Doomed', seconds: 2, height: 360 },
  ]);
  const video = (uid: string, over: object) =>
    newVideoRow('acme', uid, {
      title: uid,
      published_at: '2026-01-01T00:00:00.000Z',
      duration_s: 4,
      ...over,
    });
  await t.h.db
    .insertInto('videos')
    .values([
      video('clip', { asset_id: assets.get('clear')! }),
      video('sealed', { asset_id: assets.get('paid')! }),
      video('locked', { asset_id: assets.get('paid')!, access_type: 'paid' }),
      video('doomed', { asset_id: assets.get('doomed')!, duration_s: 2 }),
      video('no-media', {}),
    ])
    .execute();
  await t.h.db
    .insertInto('videos')
    .values(newVideoRow('nogifs', 'clip', { title: 'clip', published_at: '2026-01-01T00:00:00.000Z' }))
    .execute();
}, 180_000);
afterAll(() => t.h.close());

let n = 0;
const userOf = async (site = 'acme') => {
  const id = `gif-user-${++n}`;
  return t.accessTokenFor({ id, site, email: `${id}@${site}.test` });
};
const create = async (video: string, body: object, token?: string, site = 'acme') =>
  t.h.app.inject({
    method: 'POST',
    url: `/api/gifs/video/${video}?__site=${site}`,
    payload: body,
    headers: bearer(token),
  });
const getGif = (video: string, id: string) =>
  t.h.app.inject({ method: 'GET', url: `/v2/sites/acme/videos/${video}/gifs/${id}` });
const file = (url: string) => t.h.app.inject({ method: 'GET', url });
/** Runs queued gif jobs until none is left, as the API's inline worker does. */
const render = () =>
  runWorker({ db: t.h.db, config: t.h.config, handlers: JOB_HANDLERS, types: ['gif'], once: true });
async function renderAll() {
  while ((await render()) > 0);
}

describe('POST /api/gifs/video/{id}: refusals', () => {
  it('401 without a signed-in viewer', async () => {
    const res = await create('clip', { start: 0, end: 2 });
    expect(res.statusCode).toBe(401);
  });

  it('400 naming the field: a range under 1 s or over 15 s, past the video, bad size or meme text', async () => {
    const token = await userOf();
    const cases: [object, string][] = [
      [{ start: 1, end: 1.5 }, 'end'],
      [{ start: 0, end: 16 }, 'end'],
      [{ start: 2, end: 1 }, 'end'],
      [{ start: 1, end: 5 }, 'end'],
      [{ start: 5, end: 7 }, 'start'],
      [{ start: -1, end: 2 }, 'start'],
      [{ start: 'soon', end: 2 }, 'start'],
      [{ start: 0, end: 2, size: 'huge' }, 'size'],
      [{ start: 0, end: 2, memeTopText: 'x'.repeat(61) }, 'memeTopText'],
      [{ start: 0, end: 2, memeBottomText: 'two\nlines' }, 'memeBottomText'],
    ];
    for (const [body, field] of cases) {
      const res = await create('clip', body, token);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error.field, JSON.stringify(body)).toBe(field);
    }
  });

  it('404 for an unknown video, 403 for one the viewer may not watch, 409 for one without media', async () => {
    const token = await userOf();
    expect((await create('nope', { start: 0, end: 2 }, token)).statusCode).toBe(404);
    const locked = await create('locked', { start: 0, end: 2 }, token);
    expect(locked.statusCode).toBe(403);
    expect(locked.json().error.code).toBe('notEntitled');
    expect((await create('no-media', { start: 0, end: 2 }, token)).statusCode).toBe(409);
  });

  it('403 where the site hides the gif creator, and for another site than the account’s', async () => {
    const hidden = await create('clip', { start: 0, end: 2 }, await userOf('nogifs'), 'nogifs');
    expect(hidden.statusCode).toBe(403);
    expect(hidden.json().error.code).toBe('gifsDisabled');
    const elsewhere = await create('clip', { start: 0, end: 2 }, await userOf('nogifs'), 'acme');
    expect(elsewhere.json().error.code).toBe('wrongSite');
  });

  it('429 with Retry-After after 10 gifs in an hour', async () => {
    const token = await userOf();
    for (let i = 0; i < 10; i++)
      expect((await create('clip', { start: 0, end: 1 }, token)).statusCode).toBe(202);
    const refused = await create('clip', { start: 0, end: 1 }, token);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    await renderAll();
  }, 120_000);
});

describe('rendering', () => {
  it('processing, then Success: an animated GIF of the cut and a still, with the meme text', async () => {
    const created = await create(
      'clip',
      { start: 1, end: 3, size: 'small', memeTopText: 'When the build', memeBottomText: 'is green' },
      await userOf(),
    );
    expect(created.statusCode).toBe(202);
    const gif = created.json();
    expect(gif).toMatchObject({ isProcessed: false, result: null, url: null, startTime: 1, endTime: 3 });
    expect((await file(`/v2/gifs/${gif._id}/animation.gif`)).statusCode).toBe(404);

    await renderAll();
    const done = (await getGif('clip', gif._id)).json();
    expect(done).toMatchObject({ isProcessed: true, result: 'Success', memeTopText: 'When the build' });
    const animation = await file(done.url);
    expect(animation.statusCode).toBe(200);
    expect(animation.headers['content-type']).toBe('image/gif');
    expect((await file(done.staticUrl)).headers['content-type']).toBe('image/jpeg');

    const path = join(t.h.config.gifsDir, gif._id);
    const probe = (await runFfprobe([
      '-count_frames',
      '-show_streams',
      '-show_format',
      join(path, 'animation.gif'),
    ])) as {
      format: { format_name: string };
      streams: { width: number; nb_read_frames: string }[];
    };
    expect(probe.format.format_name).toBe('gif');
    expect(probe.streams[0]!.width).toBe(320);
    // Two seconds at GIF_FPS (a frame either way for the cut's edges).
    expect(Math.abs(Number(probe.streams[0]!.nb_read_frames) - 2 * GIF_FPS)).toBeLessThanOrEqual(1);
    const still = (await runFfprobe(['-show_streams', join(path, 'still.jpg')])) as {
      streams: { width: number }[];
    };
    expect(still.streams[0]!.width).toBe(320);
  }, 120_000);

  it('cuts from an encrypted asset through a private copy of its key', async () => {
    const created = (await create('sealed', { start: 0, end: 2 }, await userOf())).json();
    await renderAll();
    const done = (await getGif('sealed', created._id)).json();
    expect(done.result).toBe('Success');
    const probe = (await runFfprobe([
      '-show_streams',
      join(t.h.config.gifsDir, created._id, 'animation.gif'),
    ])) as {
      streams: { width: number }[];
    };
    expect(probe.streams[0]!.width).toBe(480);
  }, 120_000);

  it('a render that fails marks the gif Error, and its files stay 404', async () => {
    const created = (await create('doomed', { start: 0, end: 2 }, await userOf())).json();
    rmSync(join(t.h.config.mediaDir, assets.get('doomed')!), { recursive: true, force: true });
    await renderAll();
    const done = (await getGif('doomed', created._id)).json();
    expect(done).toMatchObject({ isProcessed: true, result: 'Error', url: null });
    expect((await file(`/v2/gifs/${created._id}/animation.gif`)).statusCode).toBe(404);
  }, 120_000);

  it('lists and counts the rendered gifs only; ?startTime keeps those that end after it', async () => {
    const count = (
      await t.h.app.inject({ method: 'GET', url: '/api/gifs/video/clip/count?__site=acme' })
    ).json();
    const list = (await t.h.app.inject({ method: 'GET', url: '/api/gifs/video/clip?__site=acme' })).json();
    expect(count.count).toBe(list.items.length);
    expect(list.items.every((g: { result: string }) => g.result === 'Success')).toBe(true);
    const later = (
      await t.h.app.inject({ method: 'GET', url: '/api/gifs/video/clip?__site=acme&startTime=2.5' })
    ).json();
    expect(later.items.every((g: { endTime: number }) => g.endTime > 2.5)).toBe(true);
    expect(later.items.length).toBeLessThan(list.items.length);
    expect((await getGif('sealed', list.items[0]._id)).statusCode).toBe(404);
    const byId = await file(`/v2/sites/acme/gifs/${list.items[0]._id}`);
    expect(byId.json()).toEqual(list.items[0]);
    expect((await file(`/v2/sites/other/gifs/${list.items[0]._id}`)).statusCode).toBe(404);
  });

  it('400 for a malformed gif id or file, 404 for an unknown gif', async () => {
    expect((await file('/v2/gifs/nope/animation.gif')).statusCode).toBe(400);
    expect((await file('/v2/gifs/g_0123456789abcdef/other.png')).statusCode).toBe(400);
    expect((await file('/v2/gifs/g_0123456789abcdef/animation.gif')).statusCode).toBe(404);
    expect((await getGif('clip', 'g_0123456789abcdef')).statusCode).toBe(404);
    expect((await file('/v2/sites/acme/gifs/g_0123456789abcdef')).statusCode).toBe(404);
    expect((await file('/v2/sites/acme/gifs/nope')).statusCode).toBe(400);
  });
});
