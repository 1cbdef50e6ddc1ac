import type { PartyTimeline } from '@marquee/contract';

/** Where a timeline puts the host's media at shared time `atMs` (seconds; rate 1 while playing). */
export const positionAt = (timeline: PartyTimeline, atMs: number): number =>
  timeline.playing ? timeline.position + Math.max(0, atMs - timeline.at) / 1000 : timeline.position;

/** Later in the host's history: a later action, or a later report of the same one. */
export const isNewer = (a: PartyTimeline, b: PartyTimeline): boolean =>
  a.seq > b.seq || (a.seq === b.seq && a.at > b.at);

/**
 * The timeline in force at shared time `nowMs`: the newest one that has started. Messages may arrive
 * late or out of order; each one states the whole truth at its moment, so the newest simply wins.
 */
export function timelineAt(known: readonly PartyTimeline[], nowMs: number): PartyTimeline | null {
  let current: PartyTimeline | null = null;
  for (const t of known) if (t.at <= nowMs && (current === null || isNewer(t, current))) current = t;
  return current;
}
