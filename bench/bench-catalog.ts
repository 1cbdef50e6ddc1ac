// The demo catalog the API benches read: the demo site and its catalog over synthetic asset rows (no
// ffmpeg needed: catalog reads and play-url only read the rows, never the media files).
import type { Db } from '../apps/server/src/db/database';
import { demoAssetSpecs, ensureDemoSite, seedDemoCatalog } from '../apps/server/src/seed/demo-catalog';
import { DEMO_SITE_UID } from '../apps/server/src/seed/demo-content';

/** Seeds the demo site and catalog into a migrated database; answers a public video's uid. */
export async function seedBenchCatalog(db: Db): Promise<{ site: string; videoUid: string }> {
  await ensureDemoSite(db);
  const assetIds = new Map<string, string>();
  for (const spec of demoAssetSpecs()) {
    const id = `a_bench_${spec.key}`;
    assetIds.set(spec.key, id);
    await db
      .insertInto('media_assets')
      .values({
        id,
        site_uid: DEMO_SITE_UID,
        status: 'ready',
        source_name: `${spec.key}.mp4`,
        duration_s: spec.seconds,
        width: 854,
        height: 480,
        renditions: JSON.stringify([
          {
            name: '480p',
            width: 854,
            height: 480,
            bandwidth: 1_200_000,
            averageBandwidth: 1_000_000,
            playlist: '480p/index.m3u8',
          },
        ]),
        thumbnails: JSON.stringify({
          maxres: 'thumb-maxres.jpg',
          high: 'thumb-high.jpg',
          medium: 'thumb-medium.jpg',
          standard: 'thumb-standard.jpg',
          default: 'thumb-default.jpg',
        }),
        subtitles: '[]',
        segment_seconds: 2,
        created_at: new Date().toISOString(),
      })
      .execute();
  }
  await seedDemoCatalog(db, assetIds);
  const video = await db
    .selectFrom('videos')
    .select('uid')
    .where('site_uid', '=', DEMO_SITE_UID)
    .where('type', '=', 'video')
    .where('access_type', '=', 'public')
    .where('asset_id', 'is not', null)
    .executeTakeFirstOrThrow();
  return { site: DEMO_SITE_UID, videoUid: video.uid };
}
