import type { Insertable } from 'kysely';
import type { Db } from '../../db/database';
import type { PlaybackSessionsTable } from '../../db/schema';

export type PlaybackQualityRepository = ReturnType<typeof createPlaybackQualityRepository>;
export type PlaybackSessionRow = Insertable<PlaybackSessionsTable>;

/** A site's sessions of one title, day, startup bucket and error code, summed. */
export type QualityTotalsRow = {
  videoUid: string;
  day: string;
  startupBucket: number | null;
  errorCode: string | null;
  sessions: number;
  startupMs: number;
  watchedMs: number;
  stalledMs: number;
  stallCount: number;
  bitrateSwitches: number;
};

export function createPlaybackQualityRepository(db: Db) {
  return {
    /**
     * Stores a session's report: inserted when the session is new, else it replaces the stored
     * figures only when its seq is higher and its video the same (`day` and `started_at` stay the
     * first report's). One statement, so concurrent reports on several nodes cannot both win.
     * True when the row was written.
     */
    async upsert(row: PlaybackSessionRow): Promise<boolean> {
      // What a later report may change: everything but the key and the first report's day and start.
      const { site_uid: _site, session_id: _session, day: _day, started_at: _started, ...figures } = row;
      const result = await db
        .insertInto('playback_sessions')
        .values(row)
        .onConflict((oc) =>
          oc
            .columns(['site_uid', 'session_id'])
            .doUpdateSet(figures)
            .where((eb) =>
              eb.and([
                eb('playback_sessions.seq', '<', eb.ref('excluded.seq')),
                eb('playback_sessions.video_uid', '=', eb.ref('excluded.video_uid')),
              ]),
            ),
        )
        .executeTakeFirst();
      return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
    },

    /** The video a stored session is of, if the session is stored. */
    async sessionVideo(siteUid: string, sessionId: string): Promise<string | undefined> {
      const row = await db
        .selectFrom('playback_sessions')
        .select('video_uid')
        .where('site_uid', '=', siteUid)
        .where('session_id', '=', sessionId)
        .executeTakeFirst();
      return row?.video_uid;
    },

    /** Sums per title, day, startup bucket and error code, for the days from…to (both included). */
    async totals(siteUid: string, fromDay: string, toDay: string): Promise<QualityTotalsRow[]> {
      const rows = await db
        .selectFrom('playback_sessions')
        .select((eb) => [
          'video_uid',
          'day',
          'startup_bucket',
          'error_code',
          eb.fn.countAll<number | string>().as('sessions'),
          eb.fn.sum<number | string | null>('startup_ms').as('startup_ms'),
          eb.fn.sum<number | string>('watched_ms').as('watched_ms'),
          eb.fn.sum<number | string>('stalled_ms').as('stalled_ms'),
          eb.fn.sum<number | string>('stall_count').as('stall_count'),
          eb.fn.sum<number | string>('bitrate_switches').as('bitrate_switches'),
        ])
        .where('site_uid', '=', siteUid)
        .where('day', '>=', fromDay)
        .where('day', '<=', toDay)
        .groupBy(['video_uid', 'day', 'startup_bucket', 'error_code'])
        .execute();
      // PostgreSQL answers count and sum as strings (bigint).
      return rows.map((r) => ({
        videoUid: r.video_uid,
        day: r.day,
        startupBucket: r.startup_bucket,
        errorCode: r.error_code,
        sessions: Number(r.sessions),
        startupMs: Number(r.startup_ms ?? 0),
        watchedMs: Number(r.watched_ms),
        stalledMs: Number(r.stalled_ms),
        stallCount: Number(r.stall_count),
        bitrateSwitches: Number(r.bitrate_switches),
      }));
    },
  };
}
