import type { Insertable } from 'kysely';
import type { Db } from '../../db/database';
import type { AnalyticsEventsTable } from '../../db/schema';

export type AnalyticsRepository = ReturnType<typeof createAnalyticsRepository>;
export type AnalyticsEventRow = Insertable<AnalyticsEventsTable>;

/** A site's events in a window, counted per kind and type, with the seconds watched. */
export type AnalyticsTotalsRow = { kind: string; type: string | null; events: number; seconds: number };

export function createAnalyticsRepository(db: Db) {
  return {
    /** Appends the rows in one multi-row INSERT. */
    async insertMany(rows: AnalyticsEventRow[]): Promise<void> {
      if (rows.length === 0) return;
      await db.insertInto('analytics_events').values(rows).execute();
    },

    /** Counts and seconds watched per kind and type between two ISO instants (both inclusive). */
    async totals(siteUid: string, fromIso: string, toIso: string): Promise<AnalyticsTotalsRow[]> {
      const rows = await db
        .selectFrom('analytics_events')
        .select((eb) => [
          'kind',
          'type',
          eb.fn.countAll<number | string>().as('events'),
          eb.fn.sum<number | string | null>('duration_s').as('seconds'),
        ])
        .where('site_uid', '=', siteUid)
        .where('received_at', '>=', fromIso)
        .where('received_at', '<=', toIso)
        .groupBy(['kind', 'type'])
        .execute();
      // PostgreSQL answers count and sum as strings (bigint, numeric).
      return rows.map((r) => ({
        kind: r.kind,
        type: r.type,
        events: Number(r.events),
        seconds: Number(r.seconds ?? 0),
      }));
    },
  };
}
