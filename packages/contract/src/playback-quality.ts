import { z } from 'zod';
import { PLAYBACK_ENGINES, QUALITY_LIMITS } from '@marquee/domain';
import { ClientQuery } from './common';

/**
 * Playback quality reported by the players (decision 0083): POST
 * /v2/sites/{site}/analytics/playbackQuality with one session's running totals, and the site's
 * operators' read of them per title and day (GET on the same path).
 */

const whole = (name: string, max: number, unit = '') =>
  z
    .number({ message: `${name} must be a number${unit}` })
    .int(`${name} must be a whole number${unit}`)
    .min(0, `${name} must be 0 or more`)
    .max(max, `${name} must be at most ${max}${unit}`);

const bitrate = (name: string) =>
  z
    .number({ message: `${name} must be a number of bits per second` })
    .int(`${name} must be a whole number of bits per second`)
    .min(1, `${name} must be 1 or more`)
    .max(QUALITY_LIMITS.bitrate, `${name} must be at most ${QUALITY_LIMITS.bitrate}`)
    .nullable();

/** One playback session's figures so far; a later report of the session replaces an earlier one. */
export const PlaybackQualityReport = z
  .object({
    /** The player's random id of this session: 16–64 letters, digits, _ or -. */
    sessionId: z
      .string({ message: 'sessionId is required' })
      .regex(/^[\w-]{16,64}$/, 'sessionId must be 16 to 64 letters, digits, _ or -'),
    /** The report's number within its session: only a higher one replaces what is stored. */
    seq: whole('seq', QUALITY_LIMITS.seq),
    videoUid: z
      .string({ message: 'videoUid is required' })
      .trim()
      .min(1, 'videoUid is required')
      .max(128)
      .regex(/^[\w.:-]+$/, 'videoUid must be letters, digits, dot, underscore, colon or dash'),
    engine: z.enum(PLAYBACK_ENGINES, { message: `engine must be one of ${PLAYBACK_ENGINES.join(', ')}` }),
    /** Play intent to the first frame; null when no frame was shown (then errorCode says why). */
    startupMs: whole('startupMs', QUALITY_LIMITS.startupMs, ' of ms').nullable(),
    watchedMs: whole('watchedMs', QUALITY_LIMITS.sessionMs, ' of ms'),
    stalledMs: whole('stalledMs', QUALITY_LIMITS.sessionMs, ' of ms'),
    stallCount: whole('stallCount', QUALITY_LIMITS.count),
    bitrateSwitches: whole('bitrateSwitches', QUALITY_LIMITS.count),
    /** Bits per second, weighted by time played; null where the engine does not tell (native HLS). */
    averageBitrate: bitrate('averageBitrate'),
    lastBitrate: bitrate('lastBitrate'),
    /** The fatal error that ended playback, if one did (e.g. `network`, `hls.manifestLoadError`). */
    errorCode: z
      .string()
      .regex(/^[\w.:-]{1,64}$/, 'errorCode must be 1 to 64 letters, digits, dot, underscore, colon or dash')
      .nullable(),
  })
  .superRefine((r, ctx) => {
    if (r.startupMs === null && r.errorCode === null)
      ctx.addIssue({
        code: 'custom',
        path: ['startupMs'],
        message: 'startupMs is required unless errorCode says why playback never started',
      });
  })
  .meta({ id: 'PlaybackQualityReport' });
export type PlaybackQualityReport = z.infer<typeof PlaybackQualityReport>;

/** `counted`: false for a replay or an older report of a session already stored. */
export const PlaybackQualityAccepted = z
  .object({ counted: z.boolean() })
  .meta({ id: 'PlaybackQualityAccepted' });
export type PlaybackQualityAccepted = z.infer<typeof PlaybackQualityAccepted>;

/** GET …/analytics/playbackQuality?from&to: UTC days, both included; the last 30 days by default. */
export const PlaybackQualityQuery = ClientQuery.extend({
  from: z.iso.date({ message: 'from must be a date (YYYY-MM-DD)' }).optional(),
  to: z.iso.date({ message: 'to must be a date (YYYY-MM-DD)' }).optional(),
});
export type PlaybackQualityQuery = z.infer<typeof PlaybackQualityQuery>;

/** The figures of a set of sessions (a title on a day, or over the whole range). */
export const PlaybackQualityFigures = z
  .object({
    sessions: z.number().int(),
    /** Sessions that reached a first frame. */
    started: z.number().int(),
    startupMedianMs: z.number().int().nullable().describe('estimated from the histogram'),
    startupMeanMs: z.number().int().nullable(),
    /** Sessions per startup bucket: up to `upToMs` (null: the open bucket past the last bound). */
    startupHistogram: z.array(z.object({ upToMs: z.number().int().nullable(), sessions: z.number().int() })),
    watchedMs: z.number().int(),
    stalledMs: z.number().int(),
    stallCount: z.number().int(),
    /** stalledMs / (watchedMs + stalledMs). */
    rebufferingRatio: z.number(),
    bitrateSwitches: z.number().int(),
    bitrateSwitchesPerHour: z.number().nullable(),
    /** Sessions that ended in a fatal error, and their share of all sessions. */
    errors: z.number().int(),
    errorRate: z.number(),
    errorCodes: z.record(z.string(), z.number().int()),
  })
  .meta({ id: 'PlaybackQualityFigures' });
export type PlaybackQualityFigures = z.infer<typeof PlaybackQualityFigures>;

export const PlaybackQualitySummary = z
  .object({
    site: z.string(),
    from: z.string(),
    to: z.string(),
    /** The titles with sessions in the range, most sessions first. */
    titles: z.array(
      z.object({
        videoUid: z.string(),
        /** The title's name; null when it is no longer in the catalog. */
        title: z.string().nullable(),
        total: PlaybackQualityFigures,
        /** One entry per UTC day with sessions (the day each session started), oldest first. */
        days: z.array(PlaybackQualityFigures.extend({ day: z.string() })),
      }),
    ),
  })
  .meta({ id: 'PlaybackQualitySummary' });
export type PlaybackQualitySummary = z.infer<typeof PlaybackQualitySummary>;
