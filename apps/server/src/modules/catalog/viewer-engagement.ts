import type { Video } from '@marquee/contract';
import { NO_VIEWER_ENGAGEMENT } from '@marquee/domain';

/** A video's fields that belong to the signed-in viewer (playback-and-social §3 engagement). */
export type ViewerEngagement = Pick<Video, 'favorite' | 'progress' | 'finished' | 'watching' | 'watched'>;

/**
 * Where a viewer's engagement comes from (wired in context.ts): their favorites (watch-list module)
 * and their saved positions (progress module). Each is one read for all the videos of a response.
 */
export type EngagementSource = {
  favorited(userId: string, siteUid: string, videoUids: string[]): Promise<string[]>;
  positions(
    userId: string,
    siteUid: string,
    videoUids: string[],
  ): Promise<{ video_uid: string; position_s: number; finished: number }[]>;
};

export const noEngagement: EngagementSource = {
  favorited: async () => [],
  positions: async () => [],
};

type VideoLike = Record<string, unknown> & { uid: string };

/** A normalized Video anywhere in a response: it alone has both `_id.source` and `watched`. */
const isVideo = (v: Record<string, unknown>): v is VideoLike =>
  typeof v.uid === 'string' &&
  'watched' in v &&
  typeof (v._id as { source?: unknown } | null)?.source === 'string';

/** Calls `visit` on every Video in a response (lists, details with extras, seasons, rows…). */
function eachVideo(value: unknown, visit: (v: VideoLike) => void): void {
  if (Array.isArray(value)) {
    for (const item of value) eachVideo(item, visit);
    return;
  }
  if (value === null || typeof value !== 'object') return;
  const obj = value as Record<string, unknown>;
  if (isVideo(obj)) visit(obj);
  for (const key in obj) {
    const child = obj[key];
    if (child !== null && typeof child === 'object') eachVideo(child, visit);
  }
}

/** The uids of every Video in a response, once each. */
export function videoUidsIn(value: unknown): string[] {
  const uids = new Set<string>();
  eachVideo(value, (v) => uids.add(v.uid));
  return [...uids];
}

/**
 * The viewer's engagement with these videos, only for those they have any (a favorite or a saved
 * position): two reads however many videos, none when there are no uids.
 */
export async function engagementOf(
  source: EngagementSource,
  userId: string,
  siteUid: string,
  videoUids: string[],
): Promise<Map<string, ViewerEngagement>> {
  const found = new Map<string, ViewerEngagement>();
  if (videoUids.length === 0) return found;
  const [favorites, positions] = await Promise.all([
    source.favorited(userId, siteUid, videoUids),
    source.positions(userId, siteUid, videoUids),
  ]);
  for (const p of positions) {
    const finished = p.finished === 1;
    found.set(p.video_uid, {
      ...NO_VIEWER_ENGAGEMENT,
      progress: p.position_s,
      finished,
      watching: !finished,
      watched: true,
    });
  }
  for (const uid of favorites)
    found.set(uid, { ...(found.get(uid) ?? NO_VIEWER_ENGAGEMENT), favorite: true });
  return found;
}

/** Puts the viewer's engagement on every Video of a response (in place; a parsed copy is passed). */
export function applyEngagement(value: unknown, byUid: Map<string, ViewerEngagement>): void {
  eachVideo(value, (v) => {
    const mine = byUid.get(v.uid);
    if (mine) Object.assign(v, mine);
  });
}
