import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoAssetSpecs, ensureDemoSite, seedDemoCatalog } from '../../src/seed/demo-catalog';
import { createHarness, type Harness } from '../harness';
import { insertAsset, makeHlsAsset } from './fixtures';

// Decision 0036: the demo guide repeats every 24 h, so a server left running keeps its live
// channels on air (before, they answered 404 offAir about 22 h after the seed).
const SEEDED = Date.UTC(2026, 10, 22, 12, 0, 0);
const DAY = 24 * 3_600_000;
const clock = { now: SEEDED };
let h: Harness;

beforeAll(async () => {
  h = await createHarness({ context: { now: () => clock.now } });
  await ensureDemoSite(h.db, new Date(SEEDED));
  // One real 8-s HLS clip stands in for every demo asset (the live playlist only names segments).
  const renditions = makeHlsAsset(h.config.mediaDir, 'clip', [{ name: '360p', width: 640, height: 360 }]);
  const ids = new Map(demoAssetSpecs().map((s) => [s.key, `asset-${s.key}`]));
  for (const id of ids.values()) await insertAsset(h.db, 'demo', id, renditions, 8);
  await seedDemoCatalog(h.db, ids, new Date(SEEDED));
});
afterAll(() => h.close());

/** The 360p live playlist of a demo channel at the clock's now (a fresh play-url each time). */
async function livePlaylist(channel: string) {
  const play = await h.app.inject(`/v2/sites/demo/live-channels/${channel}/play-url`);
  expect(play.statusCode, play.body).toBe(200);
  return h.app.inject(play.json().url.replace('master.m3u8', '360p.m3u8'));
}

const guide = (fromMs: number, toMs: number) =>
  h.app.inject(
    `/v2/sites/demo/live-channels/demo-live-news?from=${new Date(fromMs).toISOString()}&to=${new Date(toMs).toISOString()}`,
  );

describe('the seeded live channels, days after the seed', () => {
  it('stay on air 3 days (and a week) on, with the window on the wall clock', async () => {
    for (const later of [3 * DAY + 17 * 60_000, 7 * DAY + 5 * 3_600_000]) {
      clock.now = SEEDED + later;
      const res = await livePlaylist('demo-live-news');
      expect(res.statusCode, res.body).toBe(200);
      expect(res.body).toContain(`#EXT-X-MEDIA-SEQUENCE:${Math.floor(clock.now / 2000) - 6}`);
      expect(res.body.split('\n').filter((l) => l.startsWith('/media/'))).toHaveLength(6);
    }
  });

  it('the guide still answers programmes then, repeating the seeded day', async () => {
    clock.now = SEEDED + 3 * DAY + 17 * 60_000;
    // The guide's window around then (the catalog's default window follows the wall clock).
    const res = await guide(clock.now - 3_600_000, clock.now + 6 * 3_600_000);
    expect(res.statusCode).toBe(200);
    const epg = res.json().epg as { start: string; stop: string; title: string }[];
    expect(epg).toHaveLength(15); // 7 h from :17 past the hour touch 15 half-hour programmes
    const onNow = epg.find((e) => Date.parse(e.start) <= clock.now && clock.now < Date.parse(e.stop));
    expect(onNow).toBeDefined();
    // The same slot three days earlier, as seeded.
    const seeded = (await guide(Date.parse(onNow!.start) - 3 * DAY, Date.parse(onNow!.stop) - 3 * DAY)).json()
      .epg as { title: string }[];
    expect(seeded.map((e) => e.title)).toContain(onNow!.title);
  });
});
