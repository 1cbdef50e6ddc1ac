import type { PartyAction, PartyActionKind, PartyProgress, PartyTimeline } from '@marquee/contract';
import { createPartyFollower, type PartyFollower, type PartyFollowerOptions } from './follower';
import { positionAt } from './timeline';

/**
 * How far ahead the host stamps an action. Guests receive it within one relay (two network legs),
 * so with this lead most apply it at the very moment the host does; a later one extrapolates.
 */
export const PARTY_ACTION_LEAD_MS = 300;

/**
 * The action `kind` stamped to take effect at `nowMs + leadMs` on the shared clock, continuing
 * `previous` (the newest timeline, one still scheduled included): its position is where the host's
 * media will be then, and its seq is the next one.
 */
export function stampAction(
  previous: PartyTimeline,
  kind: PartyActionKind,
  nowMs: number,
  options: { leadMs?: number; target?: number } = {},
): PartyAction {
  const at = Math.max(nowMs + (options.leadMs ?? PARTY_ACTION_LEAD_MS), previous.at);
  const there = positionAt(previous, at);
  const next = {
    play: { position: there, playing: true },
    pause: { position: there, playing: false },
    seek: { position: Math.max(0, options.target ?? there), playing: previous.playing },
    end: { position: there, playing: false },
  }[kind];
  return { type: 'party.action', kind, seq: previous.seq + 1, at, ...next };
}

export type PartyHost = {
  /** Stamps the host's action, schedules it on the host's own media and returns it to send. */
  act(kind: PartyActionKind, target?: number): PartyAction | null;
  /** The host's progress report (every 3 s): guests re-anchor to where the host's media really is. */
  progress(): PartyProgress | null;
  /** Call on `timeupdate`: also reports once each action has settled (the seek buffered, the pause taken). */
  update(): void;
  follower: PartyFollower;
};

/**
 * The host side: the host's media follows its own actions through the same follower as every guest
 * (so all apply them at the same shared time), and its reports tell guests where it really is.
 */
export function createPartyHost(
  options: Omit<PartyFollowerOptions, 'onDesync'> & {
    leadMs?: number;
    onReport: (p: PartyProgress) => void;
    /** The room's timeline when this host takes over from another: its seq goes on from there. */
    timeline?: PartyTimeline;
  },
): PartyHost {
  const { media } = options;
  const follower = createPartyFollower(options);
  if (options.timeline) follower.receive(options.timeline);
  let reportedSeq = -1;

  const progress = (): PartyProgress | null => {
    const now = follower.sharedNow();
    const timeline = follower.current();
    // Mid-seek the position is the target, standing still: not worth telling anyone.
    if (now === null || !timeline || media.seeking) return null;
    reportedSeq = timeline.seq;
    const report: PartyProgress = {
      type: 'party.progress',
      seq: timeline.seq,
      at: now,
      position: media.currentTime,
      playing: timeline.playing,
    };
    follower.receive(report);
    return report;
  };

  return {
    act(kind, target) {
      const now = follower.sharedNow();
      if (now === null) return null;
      const previous = follower.latest() ?? {
        seq: 0,
        at: now,
        position: media.currentTime,
        playing: !media.paused,
      };
      const action = stampAction(previous, kind, now, { leadMs: options.leadMs, target });
      follower.receive(action);
      return action;
    },
    progress,
    update() {
      follower.update();
      const timeline = follower.current();
      const settled = timeline && !media.seeking && media.paused === !timeline.playing;
      if (timeline && settled && timeline.seq > reportedSeq) {
        const report = progress();
        if (report) options.onReport(report);
      }
    },
    follower,
  };
}
