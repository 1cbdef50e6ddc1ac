/** A fresh play-url answer: the signed URL and when it expires (ISO), as `GET …/play-url` gives it. */
export type RenewedSource = { url: string; expiresAt: string | null };

export interface SourceRenewalOptions {
  /** The URL playback started with: `/media/{token}/{asset}/master.m3u8` or `/live/{token}/…`. */
  src: string;
  /** When its token expires (play-url's `expiresAt`); nothing is renewed without it. */
  expiresAt: string | null | undefined;
  /** Asks play-url again; null when it no longer plays (signed out, grant revoked). */
  renew: () => Promise<RenewedSource | null>;
  /** The server's clock, which `expiresAt` is on (a device's own clock may be hours off). */
  now?: () => number;
  setTimer?: (fn: () => void, ms: number) => unknown;
  clearTimer?: (id: unknown) => void;
}

/** Renew this long before expiry (or halfway, for a shorter life). */
export const RENEW_LEAD_MS = 60_000;
/** After a failed renewal, try again this much later, while the current token lives. */
export const RENEW_RETRY_MS = 10_000;

/** The signed prefix of a media or live URL (decision 0002), `/media/{token}/`, or null. */
const prefixOf = (url: string): string | null => /\/(?:media|live)\/[^/]+\//.exec(url)?.[0] ?? null;

/**
 * Keeps a signed source alive on a long play (decision 0037): media tokens, and so the content key's
 * URL, live only as long as play-url's TTL. Before the token expires this asks play-url again and
 * from then on `rewrite` moves every request of the engine (playlists, key, segments, all resolved
 * from the first URL) onto the new token, so playback goes on without reloading.
 */
export function createSourceRenewal(options: SourceRenewalOptions) {
  const now = options.now ?? (() => Date.now());
  const setTimer = options.setTimer ?? ((fn, ms) => setTimeout(fn, ms));
  const clearTimer = options.clearTimer ?? ((id) => clearTimeout(id as ReturnType<typeof setTimeout>));
  const original = prefixOf(options.src);
  let current = original;
  let timer: unknown = null;
  let stopped = false;

  function schedule(expiresAt: string | null | undefined): void {
    const expiresMs = expiresAt ? Date.parse(expiresAt) : NaN;
    if (stopped || !original || !Number.isFinite(expiresMs)) return;
    const left = expiresMs - now();
    // Already past on the given clock: this one is off (a device clock passed for the server's), and
    // renewing now would only get another token that looks expired, in a loop. Play on as it is.
    if (left <= 0) return;
    const lead = Math.min(RENEW_LEAD_MS, left / 2);
    timer = setTimer(() => void renewBefore(expiresMs), Math.max(0, left - lead));
  }

  async function renewBefore(expiresMs: number): Promise<void> {
    timer = null;
    const next = await options.renew().catch(() => null);
    if (stopped) return;
    const prefix = next ? prefixOf(next.url) : null;
    if (next && prefix) {
      current = prefix;
      schedule(next.expiresAt);
    } else if (now() + RENEW_RETRY_MS < expiresMs) {
      timer = setTimer(() => void renewBefore(expiresMs), RENEW_RETRY_MS);
    }
  }

  schedule(options.expiresAt);
  return {
    /** The URL to request instead of `url`: the same path under the newest token. */
    rewrite(url: string): string {
      if (!original || current === original) return url;
      return url.replace(original, current ?? original);
    },
    stop(): void {
      stopped = true;
      if (timer !== null) clearTimer(timer);
      timer = null;
    },
  };
}
