import { join } from 'node:path';
import Database from 'better-sqlite3';
import { e2eDataDir } from './viewers';

/**
 * The demo site's share events since `since` (ISO), as the server stored them in its analytics
 * store (`analytics_events` of the e2e SQLite file), oldest first.
 */
export function storedShareEvents(since: string) {
  const db = new Database(join(e2eDataDir, 'marquee.sqlite'), { readonly: true });
  try {
    const rows = db
      .prepare(
        "SELECT type, video_uid, payload FROM analytics_events WHERE site_uid = 'demo' AND kind = 'share' AND received_at >= ? ORDER BY id",
      )
      .all(since) as { type: string; video_uid: string | null; payload: string }[];
    return rows.map((r) => {
      const p = JSON.parse(r.payload) as Record<string, unknown>;
      return {
        platform: p.platform,
        type: r.type,
        contentId: p.contentId,
        videoUid: r.video_uid,
        channelId: p.channelId,
      };
    });
  } finally {
    db.close();
  }
}
