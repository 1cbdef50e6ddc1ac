import type { LiveChannel } from '@marquee/contract';

type Channel = Pick<LiveChannel, 'id' | '_id' | 'channelNum' | 'categories'>;

const names = (c: Channel, key: string) => c.id === key || c._id === key;

/**
 * The live channel /play-live/{assetId}?channel plays (decision 0078): the one `assetId` names (id
 * or _id), else the one `channel` names (an EPG programme's asset on that channel: a live channel
 * only plays what is on air). Null when neither names one of the site's channels.
 */
export function liveChannelFor<T extends Channel>(
  channels: readonly T[],
  assetId: string,
  channel: string | null,
): T | null {
  return (
    channels.find((c) => names(c, assetId)) ??
    (channel ? channels.find((c) => names(c, channel)) : undefined) ??
    null
  );
}

/**
 * The channels Up/Down zap through on the live player, by channel number: the `category`'s
 * (case-insensitive; the guide the viewer came from), else all of them. The playing channel is
 * always in the list, so zapping starts from it.
 */
export function zapList<T extends Channel>(
  channels: readonly T[],
  category: string | null,
  playing: T | null,
): T[] {
  const wanted = category?.trim().toLowerCase();
  const inCategory = wanted
    ? channels.filter((c) => c.categories.some((k) => k.toLowerCase() === wanted))
    : [];
  const list = inCategory.length > 0 ? inCategory : [...channels];
  if (playing && !list.includes(playing)) list.push(playing);
  return list.sort((a, b) => a.channelNum - b.channelNum);
}

/** The channel `step` places from `current` in the list, round the ends (as a TV's channel keys). */
export function zapFrom<T extends Channel>(list: readonly T[], current: T | null, step: 1 | -1): T | null {
  if (list.length === 0) return null;
  const at = current ? list.indexOf(current) : -1;
  if (at < 0) return list[0]!;
  return list[(at + step + list.length) % list.length]!;
}
