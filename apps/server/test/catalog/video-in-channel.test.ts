import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CatalogFixture, acmeCatalog } from '../fixtures';
import { createHarness, type Harness } from '../harness';

// GET /v1/video/uid/{uid}/channel/{channel} (discovery-and-site §7 Videos, playback-and-social §7
// Videos; decision 0060): the video with the channel a shared link names.
let h: Harness;
beforeAll(async () => {
  h = await createHarness();
  await acmeCatalog().insert(h.db);
  await new CatalogFixture('other')
    .channel('news', 'videos')
    .video('o1', { channel_id: 'news' })
    .insert(h.db);
});
afterAll(() => h.close());

const get = (url: string) => h.app.inject({ method: 'GET', url });
const path = (uid: string, channel: string, site = 'acme') =>
  `/v1/video/uid/${uid}/channel/${channel}?__site=${site}`;

describe('video in channel: refuses', () => {
  it('400s a malformed uid or channel, naming it', async () => {
    expect((await get(path('x'.repeat(101), 'news'))).json().error.field).toBe('uid');
    const res = await get(path('v1', 'y'.repeat(101)));
    expect(res.statusCode).toBe(400);
    expect(res.json().error.field).toBe('channel');
  });

  it('404s an unknown site, video or channel, a private video, and a video of another channel', async () => {
    const cases: [string, string][] = [
      [path('v1', 'news', 'nowhere'), "Site 'nowhere' not found"],
      [path('nope', 'news'), "Video 'nope' not found"],
      [path('v1', 'nope'), "Channel 'nope' not found"],
      [path('v-private', 'news'), "Video 'v-private' not found"],
      [path('v1', 'cinema'), "Video 'v1' in channel 'cinema' not found"],
      [path('o1', 'news'), "Video 'o1' not found"],
    ];
    for (const [url, message] of cases) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.json().error.message, url).toBe(message);
    }
  });
});

describe('video in channel', () => {
  it('answers the video and its channel, as GET videos/{uid} and the channel list show them', async () => {
    const res = await get(path('v1', 'news'));
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.video).toEqual((await get('/v2/sites/acme/videos/v1')).json());
    expect(body.channel).toMatchObject({ channelId: 'news' });
    expect(body.video.metadata.channel).toBe('news');
  });

  it('serves an unlisted video by its link, and the other site’s own video on its site', async () => {
    expect((await get(path('v-unlisted', 'news'))).statusCode).toBe(200);
    expect((await get(path('o1', 'news', 'other'))).json().video.uid).toBe('o1');
  });
});
