import { ApiError, DEFAULT_ERROR_MESSAGE, type PlayableUrl } from '@marquee/api-client';

/** What the guide's stage shows for the selected channel. */
export type PlayState =
  | { kind: 'idle' }
  | { kind: 'loading' }
  | { kind: 'play'; url: string }
  | { kind: 'login' }
  | { kind: 'offAir' }
  | { kind: 'purchase'; message: string | null }
  | { kind: 'error'; message: string };

/**
 * The stage's state from the play-url call (playback-and-social §4.1). A signed-out viewer of a
 * requires-login channel gets a 200 with no url and code 10 (decideAccess), a 401 counts the same;
 * a 404 `offAir` is a gap in the schedule; no url and no code asks for a purchase.
 */
export function playState(query: {
  enabled: boolean;
  isPending: boolean;
  error: unknown;
  data: Partial<PlayableUrl> | undefined;
}): PlayState {
  const { enabled, isPending, error, data } = query;
  if (!enabled) return { kind: 'idle' };
  if (error instanceof ApiError) {
    const code = error.code.toLowerCase();
    if (error.status === 401 || code === '10' || code.includes('login')) return { kind: 'login' };
    if (code === 'offair') return { kind: 'offAir' };
    if (error.status === 402 || code.includes('bundle') || code.includes('purchase'))
      return { kind: 'purchase', message: error.message || null };
    return { kind: 'error', message: error.message || DEFAULT_ERROR_MESSAGE };
  }
  if (error) return { kind: 'error', message: DEFAULT_ERROR_MESSAGE };
  if (isPending || !data) return { kind: 'loading' };
  if (data.url) return { kind: 'play', url: data.url };
  if (data.code === 10 || data.requiresLogin || data.code === 30) return { kind: 'login' };
  if (data.code === 20) return { kind: 'offAir' };
  return { kind: 'purchase', message: data.message ?? null };
}
