/**
 * The embed's postMessage control API (discovery-and-site §2.12, playback-and-social §6: "Embed
 * control messages are accepted only from two allow-listed ad partner sites").
 * In: { type: 'play' | 'pause' | 'seek', time } | { type: 'mute', muted }. Out: ready, play, pause,
 * timeupdate (throttled), ended, reward (90 % watched, §4.8), error, each tagged with `source: 'marquee-player'`.
 */

export type EmbedCommand =
  { type: 'play' } | { type: 'pause' } | { type: 'seek'; time: number } | { type: 'mute'; muted: boolean };

export type EmbedEvent =
  | { type: 'ready'; videoUid: string; duration: number }
  | { type: 'play'; currentTime: number }
  | { type: 'pause'; currentTime: number }
  | { type: 'timeupdate'; currentTime: number; duration: number }
  | { type: 'ended'; duration: number }
  | { type: 'reward'; currentTime: number }
  | { type: 'error'; code: string; message: string };

export const EMBED_EVENT_SOURCE = 'marquee-player';
/** timeupdate reaches the parent at most this often. */
export const EMBED_TIMEUPDATE_THROTTLE_MS = 1000;

/** An origin as the browser sends it (scheme://host[:port]), lower-cased; null for anything else. */
export function normalizeOrigin(value: string): string | null {
  try {
    const url = new URL(value);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    return url.origin.toLowerCase();
  } catch {
    return null;
  }
}

/** Exact origin match against the site's list ('null' and opaque origins never match). */
export function isAllowedEmbedOrigin(origin: string, allowed: readonly string[]): boolean {
  const o = normalizeOrigin(origin);
  if (!o) return false;
  return allowed.some((a) => normalizeOrigin(a) === o);
}

/**
 * A control message from the parent page, or null when it is not one we accept (unknown type, a
 * seek without a finite time ≥ 0, a mute without a boolean). String payloads are JSON-parsed.
 */
export function parseEmbedCommand(data: unknown): EmbedCommand | null {
  let value = data;
  if (typeof value === 'string') {
    try {
      value = JSON.parse(value);
    } catch {
      return null;
    }
  }
  if (!value || typeof value !== 'object') return null;
  const m = value as Record<string, unknown>;
  switch (m.type) {
    case 'play':
      return { type: 'play' };
    case 'pause':
      return { type: 'pause' };
    case 'seek': {
      const t = typeof m.time === 'string' ? Number(m.time) : m.time;
      return typeof t === 'number' && Number.isFinite(t) && t >= 0 ? { type: 'seek', time: t } : null;
    }
    case 'mute': {
      const muted = m.muted ?? m.value;
      return typeof muted === 'boolean' ? { type: 'mute', muted } : null;
    }
    default:
      return null;
  }
}

/** A throttle for timeupdate: true when an event may go out now. */
export function createEventThrottle(intervalMs = EMBED_TIMEUPDATE_THROTTLE_MS) {
  let last = -Infinity;
  return (nowMs: number): boolean => {
    if (nowMs - last < intervalMs) return false;
    last = nowMs;
    return true;
  };
}

/**
 * Where events go: the parent's origin when it is allow-listed (from document.referrer or the
 * first accepted message), else nowhere: events never go to a page that is not a partner.
 */
export function embedTargetOrigin(
  candidates: ReadonlyArray<string | null | undefined>,
  allowed: readonly string[],
): string | null {
  for (const c of candidates) {
    if (!c) continue;
    const o = normalizeOrigin(c);
    if (o && isAllowedEmbedOrigin(o, allowed)) return o;
  }
  return null;
}
