import type { PartyProgress, PartyTimeline } from '@marquee/contract';
import { isDesynced, nextMismatchCount } from '@marquee/domain';
import type { IntervalTimers } from '../heartbeat';
import type { PartyMedia } from './media';
import { isNewer, positionAt, timelineAt } from './timeline';

/** How a follower corrects drift (decision 0042 says why these values). */
export type SyncTuning = {
  /** Drift under this is left alone: it is below what the clock estimate can promise. */
  deadbandS: number;
  /** The rate stays within 1 ± this while it corrects (pitch is kept; 5 % goes unnoticed). */
  maxRateNudge: number;
  /** A drift is corrected over about this long: rate = 1 − drift / horizon, clamped. */
  horizonS: number;
  /** A playing drift beyond this is corrected by a seek rather than the rate. */
  seekThresholdS: number;
  /** Paused, a position further than this from the host's is sought to. */
  pausedThresholdS: number;
  /** First guess of how long a seek buffers, before one has been measured. */
  seekLatencyMs: number;
};

export const SYNC_TUNING: SyncTuning = {
  deadbandS: 0.03,
  maxRateNudge: 0.05,
  horizonS: 2,
  seekThresholdS: 1,
  pausedThresholdS: 0.1,
  seekLatencyMs: 250,
};

/** The playbackRate that closes `driftS` (positive: ahead of the host) within the tuning's bounds. */
export function nudgedRate(driftS: number, tuning: SyncTuning = SYNC_TUNING): number {
  if (Math.abs(driftS) <= tuning.deadbandS) return 1;
  const nudge = Math.min(tuning.maxRateNudge, Math.max(-tuning.maxRateNudge, driftS / tuning.horizonS));
  return 1 - nudge;
}

export type PartyFollowerOptions = {
  media: PartyMedia;
  /** Our own clock and timers. */
  timers: IntervalTimers;
  /** The shared (server) clock minus ours: the clock estimator's `offsetMs`. */
  clockOffsetMs: () => number | null;
  /** "After more than 5 position mismatches the viewer is desynchronised": the follower stops. */
  onDesync?: (mismatches: number) => void;
  tuning?: Partial<SyncTuning>;
};

/** The outcome of one 3 s progress check: the report to send and the spec's mismatch count. */
export type ProgressCheck = {
  progress: PartyProgress;
  /** Seconds ahead of the host (negative: behind); null when there is nothing to compare with. */
  driftS: number | null;
  mismatches: number;
  desynced: boolean;
};

export type PartyFollower = {
  /** A host action, a host progress report or a (re)join snapshot, in any order, late or early. */
  receive(timeline: PartyTimeline): void;
  /** Brings the media to the host's timeline; call it on `timeupdate` (and it runs at action times). */
  update(): void;
  /** The 3 s beat: our progress report, and the spec's mismatch rule applied to it. */
  progressCheck(): ProgressCheck | null;
  /** Not ready (an ad, the age gate, still loading): the media is left alone and nobody waits. */
  setReady(ready: boolean): void;
  /** Follows again after a desync (the viewer asked to), from a clean mismatch count. */
  resync(): void;
  /** Shared-clock now, or null before the clock offset is known. */
  sharedNow(): number | null;
  /** The newest timeline received, including one scheduled for later. */
  latest(): PartyTimeline | null;
  /** The timeline in force now. */
  current(): PartyTimeline | null;
  destroy(): void;
};

/**
 * The guest side of watch-party sync: the media follows the host's timeline on the shared clock.
 * Actions take effect at their stamped time (a timer wakes the follower then). A small drift is
 * closed by nudging playbackRate, a large one by a seek that aims where the host will be once the
 * seek has buffered (that latency is learnt from each landing).
 */
export function createPartyFollower(options: PartyFollowerOptions): PartyFollower {
  const { media, timers, clockOffsetMs } = options;
  const tuning: SyncTuning = { ...SYNC_TUNING, ...options.tuning };
  let known: PartyTimeline[] = [];
  let ready = true;
  let desynced = false;
  let destroyed = false;
  let mismatches = 0;
  let seekLatencyMs = tuning.seekLatencyMs;
  let measuringSeek = false;
  const pending = new Set<unknown>();

  const sharedNow = () => {
    const offset = clockOffsetMs();
    return offset === null ? null : timers.now() + offset;
  };

  const seek = (seconds: number, playing: boolean) => {
    media.seek(Math.max(0, seconds));
    // Only a media element that says when it is buffering lets us measure a landing.
    measuringSeek = playing && typeof media.seeking === 'boolean';
  };

  const setRate = (rate: number) => {
    if (media.playbackRate !== rate) media.playbackRate = rate;
  };

  const update = () => {
    const now = sharedNow();
    if (now === null || destroyed) return;
    const timeline = timelineAt(known, now);
    if (!timeline) return;
    known = known.filter((t) => t === timeline || isNewer(t, timeline));
    if (!ready || desynced || media.seeking) return;

    const driftS = media.currentTime - positionAt(timeline, now);
    if (measuringSeek) {
      // Landed behind the host by the part of the buffering we did not foresee: aim further next time.
      measuringSeek = false;
      if (timeline.playing) seekLatencyMs = Math.min(3000, Math.max(0, seekLatencyMs - driftS * 1000));
    }
    if (!timeline.playing) {
      if (!media.paused) media.pause();
      setRate(1);
      if (Math.abs(media.currentTime - timeline.position) > tuning.pausedThresholdS)
        seek(timeline.position, false);
      return;
    }
    if (Math.abs(driftS) > tuning.seekThresholdS) {
      setRate(1);
      seek(positionAt(timeline, now + seekLatencyMs), true);
    } else {
      setRate(nudgedRate(driftS, tuning));
    }
    if (media.paused) Promise.resolve(media.play()).catch(() => {});
  };

  const wakeAt = (at: number) => {
    const now = sharedNow();
    if (now === null || at <= now) return;
    const handle = timers.setTimeout(() => {
      pending.delete(handle);
      update();
    }, at - now);
    pending.add(handle);
  };

  return {
    receive(timeline) {
      if (destroyed) return;
      const now = sharedNow();
      const current = now === null ? null : timelineAt(known, now);
      if (current && !isNewer(timeline, current)) return; // late or repeated: already superseded
      known = [...known, timeline];
      wakeAt(timeline.at);
      update();
    },
    update,
    progressCheck() {
      const now = sharedNow();
      if (now === null) return null;
      const timeline = timelineAt(known, now);
      const progress: PartyProgress = {
        type: 'party.progress',
        seq: timeline?.seq ?? 0,
        at: now,
        position: media.currentTime,
        playing: !media.paused,
      };
      if (!timeline || !ready || desynced) return { progress, driftS: null, mismatches, desynced };
      const driftS = media.currentTime - positionAt(timeline, now);
      mismatches = nextMismatchCount(mismatches, driftS);
      if (isDesynced(mismatches)) {
        desynced = true;
        setRate(1);
        options.onDesync?.(mismatches);
      }
      return { progress, driftS, mismatches, desynced };
    },
    setReady(next) {
      ready = next;
      // An ad or a gate owns the element meanwhile; it is not behind the host, only elsewhere.
      if (!next) mismatches = 0;
      update();
    },
    resync() {
      desynced = false;
      mismatches = 0;
      update();
    },
    sharedNow,
    latest: () => known.reduce<PartyTimeline | null>((a, t) => (a === null || isNewer(t, a) ? t : a), null),
    current: () => {
      const now = sharedNow();
      return now === null ? null : timelineAt(known, now);
    },
    destroy() {
      destroyed = true;
      for (const handle of pending) timers.clearTimeout(handle);
      pending.clear();
    },
  };
}
