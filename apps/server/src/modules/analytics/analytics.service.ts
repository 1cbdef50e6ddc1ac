import type { RolesService } from '../roles';
import type {
  AnalyticsEvent,
  AnalyticsSummary,
  AnalyticsSummaryQuery,
  FullscreenLogEntry,
  HeartbeatBeat,
} from '@marquee/contract';
import {
  AD_ONLY_VIDEO_EVENT_TYPES,
  ANALYTICS_KINDS,
  VIDEO_EVENT_TYPES,
  type AdOnlyVideoEventType,
  type AnalyticsKind,
  type VideoEventType,
} from '@marquee/domain';
import type { AuthUser } from '../../plugins/auth';
import { AppError, badRequest } from '../../plugins/errors';
import type { AnalyticsEventRow, AnalyticsRepository } from './analytics.repository';

export type AnalyticsService = ReturnType<typeof createAnalyticsService>;

/**
 * How accepted events reach the database (decision 0021): buffered in memory and appended with one
 * multi-row INSERT every `flushMs`, or as soon as `flushAt` are waiting; past `maxBuffered` waiting
 * or being written, new events are refused (503) and counted as dropped.
 */
export const ANALYTICS_WRITES = { flushMs: 1_000, flushAt: 200, maxBuffered: 10_000 } as const;
export type AnalyticsWrites = { flushMs: number; flushAt: number; maxBuffered: number };

/** The summary's window when the query names none. */
const DEFAULT_WINDOW_MS = 30 * 24 * 3600 * 1000;
/** Dropped events are logged at most this often (one line with the count), not once per request. */
const DROP_LOG_EVERY_MS = 10_000;

/** 503 analyticsBusy: the buffer is full (the database is not keeping up); Retry-After 1 s. */
export class AnalyticsBusyError extends AppError {
  override readonly retryAfterSeconds = 1;
  constructor() {
    super(503, 'analyticsBusy', 'Analytics are busy. Please try again later');
  }
}

/** Who sent the events: the bearer token's user (if any), `__source` and the `appsflyer-id` header. */
export type EventOrigin = { user: AuthUser | null; source: string | undefined; appsflyerId?: string | null };

/**
 * What the table stores besides the spec's client events (decision 0060): fullscreen log entries
 * and heartbeat beats (the beat's own `userId` and `siteUid` are not kept: the token and the path
 * say who and where).
 */
export type StoredEvent =
  | AnalyticsEvent
  | ({ kind: 'fullscreen' } & FullscreenLogEntry)
  | ({ kind: 'heartbeat'; videoUid: string } & Omit<HeartbeatBeat, 'userId' | 'siteUid'>);

type Log = { warn: (obj: object, msg: string) => void };

const iso = (ms: number) => new Date(ms).toISOString();

/** The stored row of one event: the body (without the client ids) plus the columns queries use. */
function toRow(
  siteUid: string,
  event: StoredEvent,
  userId: string | null,
  origin: { source: string | null; appsflyerId: string | null },
  at: string,
) {
  const { kind, deviceId, sessionId, ...body } = event;
  const row: AnalyticsEventRow = {
    site_uid: siteUid,
    kind,
    type: 'type' in body ? body.type : null,
    video_uid: 'videoUid' in body ? (body.videoUid ?? null) : null,
    duration_s: 'duration' in body ? body.duration : null,
    payload: JSON.stringify(body),
    user_id: userId,
    source: origin.source,
    appsflyer_id: origin.appsflyerId,
    device_id: deviceId ?? null,
    session_id: sessionId ?? null,
    received_at: at,
  };
  return row;
}

/**
 * Analytics events (discovery-and-site §7; decision 0021): accepts them without waiting for the
 * database, writes them in batches off the request path, and adds them up for the site's admins.
 */
export function createAnalyticsService(deps: {
  repo: AnalyticsRepository;
  roles: Pick<RolesService, 'require'>;
  now: () => number;
  log?: Log;
  writes?: Partial<AnalyticsWrites>;
}) {
  const { repo, now, log } = deps;
  const { flushMs, flushAt, maxBuffered } = { ...ANALYTICS_WRITES, ...deps.writes };

  let buffer: AnalyticsEventRow[] = [];
  /** Rows handed to a write that has not finished (they still take memory). */
  let inFlight = 0;
  let timer: ReturnType<typeof setTimeout> | null = null;
  /** The chain of writes: one INSERT at a time, in order. */
  let writing: Promise<void> = Promise.resolve();
  let closed = false;
  let droppedSinceLog = 0;
  let lastDropLog = -Infinity;

  function noteDropped(count: number) {
    droppedSinceLog += count;
    const at = now();
    if (at - lastDropLog < DROP_LOG_EVERY_MS) return;
    log?.warn({ dropped: droppedSinceLog, maxBuffered }, 'analytics buffer full: events dropped');
    lastDropLog = at;
    droppedSinceLog = 0;
  }

  /**
   * Writes one chunk. When the multi-row INSERT fails (an account deleted since the event was
   * accepted breaks its foreign key, or the database is away), the rows are tried one by one, a
   * row whose user is gone again without the user; rows that still fail are logged and lost.
   */
  async function write(chunk: AnalyticsEventRow[]): Promise<void> {
    try {
      await repo.insertMany(chunk);
    } catch (batchErr) {
      let lost = 0;
      let lastErr: unknown = batchErr;
      for (const row of chunk) {
        try {
          await repo.insertMany([row]);
          continue;
        } catch (err) {
          lastErr = err;
        }
        if (row.user_id !== null) {
          try {
            await repo.insertMany([{ ...row, user_id: null }]);
            continue;
          } catch (err) {
            lastErr = err;
          }
        }
        lost++;
      }
      if (lost > 0) log?.warn({ err: lastErr, lost }, 'analytics events not recorded');
    } finally {
      inFlight -= chunk.length;
    }
  }

  /** Starts writing everything buffered (in chunks of `flushAt`); resolves when all of it is written. */
  function flush(): Promise<void> {
    if (timer) clearTimeout(timer);
    timer = null;
    while (buffer.length > 0) {
      const chunk = buffer.length <= flushAt ? buffer : buffer.slice(0, flushAt);
      buffer = buffer.length <= flushAt ? [] : buffer.slice(flushAt);
      inFlight += chunk.length;
      writing = writing.then(() => write(chunk));
    }
    return writing;
  }

  function schedule() {
    if (closed || buffer.length >= flushAt) void flush();
    else if (!timer) {
      timer = setTimeout(() => void flush(), flushMs);
      // A pending write never keeps the process alive; shutdown flushes through close().
      timer.unref?.();
    }
  }

  return {
    /**
     * Accepts the events of one request for the site and returns at once; they
     * are written with the next batch. The signed-in user is recorded when the token is of this
     * site; an anonymous, expired or foreign token records no user (an event is never refused for it).
     */
    async record(siteUid: string, events: StoredEvent[], origin: EventOrigin): Promise<{ accepted: number }> {
      if (buffer.length + inFlight + events.length > maxBuffered) {
        noteDropped(events.length);
        throw new AnalyticsBusyError();
      }
      const at = iso(now());
      const userId = origin.user && origin.user.siteUid === siteUid ? origin.user.id : null;
      const from = { source: origin.source || null, appsflyerId: origin.appsflyerId ?? null };
      for (const event of events) buffer.push(toRow(siteUid, event, userId, from, at));
      schedule();
      return { accepted: events.length };
    },

    /**
     * One VAST tracking pixel (decision 0026) as a `video` event: the spec's adImpression and adLoad,
     * or a type only the ad tracker writes (adStart, the quartiles, adComplete, adSkip, adError).
     */
    recordAdEvent(
      siteUid: string,
      event: { channelId: string; videoUid: string; type: VideoEventType | AdOnlyVideoEventType },
      origin: EventOrigin,
    ): Promise<{ accepted: number }> {
      // The tracker's types pass the same row mapping; only client POSTs are held to the spec's list.
      return this.record(siteUid, [{ kind: 'video', ...event } as AnalyticsEvent], origin);
    },

    /** Counts per kind and seconds watched in the window; the site's admins only (403 otherwise). */
    async summary(siteUid: string, user: AuthUser, query: AnalyticsSummaryQuery): Promise<AnalyticsSummary> {
      await deps.roles.require(
        user,
        siteUid,
        'analytics.read',
        "Only the site's admins may read its analytics",
      );
      const to = query.to ? Date.parse(query.to) : now();
      const from = query.from ? Date.parse(query.from) : to - DEFAULT_WINDOW_MS;
      if (from > to) throw badRequest('from', 'from must not be after to');
      // What this process still holds counts too (other processes' buffers are at most flushMs behind).
      await flush();
      const rows = await repo.totals(siteUid, iso(from), iso(to));

      const counts = Object.fromEntries(ANALYTICS_KINDS.map((k) => [k, 0])) as Record<AnalyticsKind, number>;
      const videoEvents = Object.fromEntries(
        [...VIDEO_EVENT_TYPES, ...AD_ONLY_VIDEO_EVENT_TYPES].map((t) => [t, 0]),
      ) as AnalyticsSummary['videoEvents'];
      const seconds = { watch: 0, liveChannelWatch: 0 };
      let events = 0;
      for (const r of rows) {
        events += r.events;
        if (r.kind in counts) counts[r.kind as AnalyticsKind] += r.events;
        if (r.kind === 'video' && r.type !== null && r.type in videoEvents)
          videoEvents[r.type as keyof typeof videoEvents] += r.events;
        if (r.kind === 'watch' || r.kind === 'liveChannelWatch') seconds[r.kind] += r.seconds;
      }
      const round = (s: number) => Math.round(s * 1000) / 1000;
      return {
        site: siteUid,
        from: iso(from),
        to: iso(to),
        events,
        counts,
        videoEvents,
        watchSeconds: round(seconds.watch),
        liveChannelWatchSeconds: round(seconds.liveChannelWatch),
      };
    },

    /** POST /v2/fullscreen-logs: each entry a `fullscreen` event (its type, its args). */
    recordFullscreenLogs(siteUid: string, entries: FullscreenLogEntry[], origin: EventOrigin) {
      return this.record(
        siteUid,
        entries.map((e) => ({ kind: 'fullscreen' as const, ...e })),
        origin,
      );
    },

    /** POST …/analytics/heartbeats: each beat a `heartbeat` event of its video. */
    recordHeartbeats(siteUid: string, beats: HeartbeatBeat[], origin: EventOrigin) {
      return this.record(
        siteUid,
        beats.map((b) => ({
          kind: 'heartbeat' as const,
          videoUid: b.video.uid,
          player: b.player,
          video: b.video,
          channel: b.channel,
          userAgent: b.userAgent,
          sentAt: b.sentAt,
          deviceId: b.deviceId,
          sessionId: b.sessionId,
        })),
        origin,
      );
    },

    flush,

    /** Events accepted and not yet written (buffered or being written). */
    pending: () => buffer.length + inFlight,

    /** On app close: writes what is buffered; anything accepted later is written at once. */
    async close(): Promise<void> {
      closed = true;
      await flush();
    },
  };
}
