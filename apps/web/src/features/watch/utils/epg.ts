import type { EpgEntry, LiveChannel } from '@marquee/contract';

/** The programme on now and the next one, from a channel's EPG entries. */
export function nowAndNext(channel: Pick<LiveChannel, 'epg'>, nowMs = Date.now()) {
  const sorted = [...channel.epg].sort((a, b) => Date.parse(a.start) - Date.parse(b.start));
  const now = sorted.find((e) => Date.parse(e.start) <= nowMs && nowMs < Date.parse(e.stop)) ?? null;
  const next = sorted.find((e) => Date.parse(e.start) > nowMs) ?? null;
  return { now, next };
}

/** hh:mm in the viewer's locale. */
export function clock(entry: Pick<EpgEntry, 'start'>): string {
  return new Date(entry.start).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });
}
