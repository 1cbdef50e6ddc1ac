// The action an anonymous viewer asked for, completed once they have signed in (decision 0019).
// Kept in sessionStorage: only a click in this tab sets it (a link cannot add to anyone's list), and
// it survives the trips through signup, login and a social provider's redirect.

/** A pending action older than this is dropped: the viewer has moved on. */
export const PENDING_ACTION_TTL_MS = 30 * 60_000;
const KEY = 'marquee.pendingAction';

export type PendingAction =
  | { kind: 'watchList'; contentId: string; contentType: 'video' | 'series'; videoType: string }
  | { kind: 'favorite'; uid: string };

type Store = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;
const session = (): Store | null => (typeof sessionStorage === 'undefined' ? null : sessionStorage);

/** Remembers the action (replacing an earlier one). */
export function savePendingAction(action: PendingAction, now = Date.now(), store = session()): void {
  try {
    store?.setItem(KEY, JSON.stringify({ ...action, at: now }));
  } catch {
    // Storage full or blocked: the viewer only has to click again after signing in.
  }
}

/** Takes (and forgets) the pending action; null when there is none, it expired or it is malformed. */
export function takePendingAction(now = Date.now(), store = session()): PendingAction | null {
  let raw: string | null = null;
  try {
    raw = store?.getItem(KEY) ?? null;
    store?.removeItem(KEY);
  } catch {
    return null;
  }
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Record<string, unknown>;
    if (typeof value.at !== 'number' || now - value.at > PENDING_ACTION_TTL_MS || now < value.at) return null;
    if (
      value.kind === 'watchList' &&
      typeof value.contentId === 'string' &&
      (value.contentType === 'video' || value.contentType === 'series') &&
      typeof value.videoType === 'string'
    )
      return {
        kind: 'watchList',
        contentId: value.contentId,
        contentType: value.contentType,
        videoType: value.videoType,
      };
    if (value.kind === 'favorite' && typeof value.uid === 'string')
      return { kind: 'favorite', uid: value.uid };
  } catch {
    // Not JSON: ignore.
  }
  return null;
}
