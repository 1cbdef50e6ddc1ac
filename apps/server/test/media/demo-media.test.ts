import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ensureDemoAssets,
  generateDemoSource,
  writeDemoSubtitles,
  type DemoAssetSpec,
} from '../../src/media/demo-media';
import { parseMediaPlaylist } from '../../src/media/hls';
import { assetDir } from '../../src/media/ingest';
import { probe } from '../../src/media/probe';
import { createHarness, type Harness } from '../harness';
import { mediaEntries, seedSite } from './fixtures';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
  await seedSite(h, 'demo');
});
afterAll(() => h.close());

const specs: DemoAssetSpec[] = [
  { key: 'intro', title: 'Intro: "Hello", world', seconds: 4, height: 360, subtitles: true },
  { key: 'outro', title: 'Outro', seconds: 4, height: 360 },
];

describe('demo media', () => {
  it('rejects a duration that is not a multiple of 2', async () => {
    await expect(
      ensureDemoAssets(h, 'demo', [{ key: 'x', title: 'X', seconds: 3, height: 360 }]),
    ).rejects.toThrow('seconds must be a positive multiple of 2');
  });

  it('generates a test-pattern source with sound and a WebVTT file', async () => {
    const file = join(h.config.dataDir, 'src.mp4');
    await generateDemoSource(file, {
      title: "It's: a \\ test",
      seconds: 2,
      width: 640,
      height: 360,
      hue: 90,
    });
    expect(await probe(file)).toMatchObject({ width: 640, height: 360, hasAudio: true, codec: 'h264' });
    const vtt = join(h.config.dataDir, 'x.vtt');
    writeDemoSubtitles(vtt, 'Title', 6);
    expect(readFileSync(vtt, 'utf8')).toMatch(/^WEBVTT\n\n1\n00:00:00\.000 --> 00:00:03\.900\nTitle — 0s\n/);
  });

  it('makes asset-only assets once, then reuses them without encoding', async () => {
    const first: boolean[] = [];
    const ids = await ensureDemoAssets(h, 'demo', specs, (p) => first.push(p.cached));
    expect(first).toEqual([false, false]);
    expect([...ids.keys()].sort()).toEqual(['intro', 'outro']);
    for (const id of ids.values()) expect(existsSync(join(assetDir(h.config, id), 'master.m3u8'))).toBe(true);
    expect(await h.db.selectFrom('videos').select('uid').execute()).toEqual([]);
    const intro = await h.db
      .selectFrom('media_assets')
      .selectAll()
      .where('id', '=', ids.get('intro')!)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(intro.subtitles)).toHaveLength(1);
    expect(JSON.parse(intro.renditions).map((r: { name: string }) => r.name)).toEqual(['360p']);
    // The top rung is a remux of the ladder-ready source: it must still cut at every 2 s.
    const media = readFileSync(join(assetDir(h.config, intro.id), '360p/index.m3u8'), 'utf8');
    expect(parseMediaPlaylist(media).map((s) => s.duration)).toEqual([2, 2]);
    expect((await probe(join(assetDir(h.config, intro.id), '360p/seg_00000.ts'))).hasAudio).toBe(true);

    const second: boolean[] = [];
    const started = Date.now();
    const again = await ensureDemoAssets(h, 'demo', specs, (p) => second.push(p.cached));
    expect(Date.now() - started).toBeLessThan(1000);
    expect(second).toEqual([true, true]);
    expect(again).toEqual(ids);
    expect(mediaEntries(h.config.mediaDir).sort()).toEqual([...ids.values()].sort());
  });

  it('rebuilds an asset whose folder went missing', async () => {
    const ids = await ensureDemoAssets(h, 'demo', specs.slice(1));
    const { rmSync } = await import('node:fs');
    rmSync(assetDir(h.config, ids.get('outro')!), { recursive: true });
    const cached: boolean[] = [];
    const again = await ensureDemoAssets(h, 'demo', specs.slice(1), (p) => cached.push(p.cached));
    expect(cached).toEqual([false]);
    expect(again.get('outro')).not.toBe(ids.get('outro'));
  });
});
