import type {
  PlaybackQualityAccepted,
  PlaybackQualityFigures,
  PlaybackQualityQuery,
  PlaybackQualityReport,
  PlaybackQualitySummary,
} from '@marquee/contract';
import {
  perHourWatched,
  rebufferingRatio,
  STARTUP_BUCKETS_MS,
  startupBucket,
  startupMedianMs,
} from '@marquee/domain';
import type { RolesService } from '../roles';
import type { AuthUser } from '../../plugins/auth';
import { AppError, badRequest } from '../../plugins/errors';
import type { PlaybackQualityRepository, QualityTotalsRow } from './playback-quality.repository';

export type PlaybackQualityService = ReturnType<typeof createPlaybackQualityService>;

const DAY_MS = 24 * 3600_000;
/** The read's range when the query names none: the last 30 days, today included. */
const DEFAULT_DAYS = 30;
/** The longest range one read may ask for. */
const MAX_DAYS = 366;

const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const round = (n: number, digits = 4) => Math.round(n * 10 ** digits) / 10 ** digits;

/** Sessions summed as they come, then turned into figures. */
type Sums = {
  sessions: number;
  startupCounts: number[];
  startupMs: number;
  watchedMs: number;
  stalledMs: number;
  stallCount: number;
  bitrateSwitches: number;
  errorCodes: Record<string, number>;
};

const emptySums = (): Sums => ({
  sessions: 0,
  startupCounts: new Array<number>(STARTUP_BUCKETS_MS.length + 1).fill(0),
  startupMs: 0,
  watchedMs: 0,
  stalledMs: 0,
  stallCount: 0,
  bitrateSwitches: 0,
  errorCodes: {},
});

function add(sums: Sums, row: QualityTotalsRow) {
  sums.sessions += row.sessions;
  if (row.startupBucket !== null) sums.startupCounts[row.startupBucket]! += row.sessions;
  sums.startupMs += row.startupMs;
  sums.watchedMs += row.watchedMs;
  sums.stalledMs += row.stalledMs;
  sums.stallCount += row.stallCount;
  sums.bitrateSwitches += row.bitrateSwitches;
  if (row.errorCode !== null)
    sums.errorCodes[row.errorCode] = (sums.errorCodes[row.errorCode] ?? 0) + row.sessions;
}

function figures(s: Sums): PlaybackQualityFigures {
  const started = s.startupCounts.reduce((a, b) => a + b, 0);
  const errors = Object.values(s.errorCodes).reduce((a, b) => a + b, 0);
  const switchesPerHour = perHourWatched(s.bitrateSwitches, s.watchedMs);
  return {
    sessions: s.sessions,
    started,
    startupMedianMs: startupMedianMs(s.startupCounts),
    startupMeanMs: started > 0 ? Math.round(s.startupMs / started) : null,
    startupHistogram: s.startupCounts.map((sessions, i) => ({
      upToMs: STARTUP_BUCKETS_MS[i] ?? null,
      sessions,
    })),
    watchedMs: s.watchedMs,
    stalledMs: s.stalledMs,
    stallCount: s.stallCount,
    rebufferingRatio: round(rebufferingRatio(s.watchedMs, s.stalledMs)),
    bitrateSwitches: s.bitrateSwitches,
    bitrateSwitchesPerHour: switchesPerHour === null ? null : round(switchesPerHour, 2),
    errors,
    errorRate: s.sessions > 0 ? round(errors / s.sessions) : 0,
    errorCodes: s.errorCodes,
  };
}

/**
 * Playback quality (decision 0083): the players' session reports, kept one row per session with its
 * latest totals, and the site's operators' figures per title and day.
 */
export function createPlaybackQualityService(deps: {
  repo: PlaybackQualityRepository;
  roles: RolesService;
  /** The names of the site's videos among `uids` that the catalog serves. */
  videoTitles: (siteUid: string, uids: string[]) => Promise<Map<string, string>>;
  now: () => number;
}) {
  const { repo, roles, videoTitles, now } = deps;
  return {
    /**
     * Stores one session's report. A replay or an older report (seq not above the stored one)
     * changes nothing and answers `counted: false`; a session id already used for another video is
     * a 409, so one session cannot be moved onto another title.
     */
    async report(
      siteUid: string,
      report: PlaybackQualityReport,
      source: string | undefined,
    ): Promise<PlaybackQualityAccepted> {
      if (!(await videoTitles(siteUid, [report.videoUid])).has(report.videoUid))
        throw new AppError(404, 'notFound', `Video '${report.videoUid}' not found`, 'videoUid');
      const at = now();
      const counted = await repo.upsert({
        site_uid: siteUid,
        session_id: report.sessionId,
        seq: report.seq,
        video_uid: report.videoUid,
        day: dayOf(at),
        engine: report.engine,
        source: source ?? null,
        startup_ms: report.startupMs,
        startup_bucket: report.startupMs === null ? null : startupBucket(report.startupMs),
        watched_ms: report.watchedMs,
        stalled_ms: report.stalledMs,
        stall_count: report.stallCount,
        bitrate_switches: report.bitrateSwitches,
        average_bitrate: report.averageBitrate,
        last_bitrate: report.lastBitrate,
        error_code: report.errorCode,
        started_at: new Date(at).toISOString(),
        updated_at: new Date(at).toISOString(),
      });
      if (!counted) {
        const stored = await repo.sessionVideo(siteUid, report.sessionId);
        if (stored !== undefined && stored !== report.videoUid)
          throw new AppError(409, 'conflict', 'This session reported another video', 'sessionId');
      }
      return { counted };
    },

    /** The site's figures per title and day over `from`…`to` (UTC days); the site's admins only. */
    async summary(
      siteUid: string,
      user: AuthUser,
      query: PlaybackQualityQuery,
    ): Promise<PlaybackQualitySummary> {
      await roles.require(
        user,
        siteUid,
        'analytics.read',
        "Only the site's admins may read its playback quality",
      );
      const to = query.to ?? dayOf(now());
      const from = query.from ?? dayOf(Date.parse(to) - (DEFAULT_DAYS - 1) * DAY_MS);
      if (from > to) throw badRequest('from', 'from must not be after to');
      if ((Date.parse(to) - Date.parse(from)) / DAY_MS + 1 > MAX_DAYS)
        throw badRequest('from', `from and to may be at most ${MAX_DAYS} days apart`);

      const byTitle = new Map<string, { total: Sums; days: Map<string, Sums> }>();
      for (const row of await repo.totals(siteUid, from, to)) {
        let title = byTitle.get(row.videoUid);
        if (!title) byTitle.set(row.videoUid, (title = { total: emptySums(), days: new Map() }));
        let day = title.days.get(row.day);
        if (!day) title.days.set(row.day, (day = emptySums()));
        add(title.total, row);
        add(day, row);
      }
      const names = await videoTitles(siteUid, [...byTitle.keys()]);
      const titles = [...byTitle].map(([videoUid, t]) => ({
        videoUid,
        title: names.get(videoUid) ?? null,
        total: figures(t.total),
        days: [...t.days]
          .sort(([a], [b]) => (a < b ? -1 : 1))
          .map(([day, sums]) => ({ day, ...figures(sums) })),
      }));
      titles.sort((a, b) => b.total.sessions - a.total.sessions || (a.videoUid < b.videoUid ? -1 : 1));
      return { site: siteUid, from, to, titles };
    },
  };
}
