import { ApiError, DEFAULT_ERROR_MESSAGE, type PlayableUrl } from '@marquee/api-client';
import {
  ENDED_MESSAGE,
  LOGIN_REQUIRED_MESSAGE,
  PASSCODE_REQUIRES_LOGIN_MESSAGE,
  PREORDER_MESSAGE,
  REQUIRES_BUNDLE_MESSAGE,
} from '@marquee/domain';

export type PlaybackProblemKind =
  'login' | 'passcode' | 'notLive' | 'purchase' | 'preorder' | 'closed' | 'notFound' | 'error';

export interface PlaybackProblem {
  kind: PlaybackProblemKind;
  title: string;
  message: string;
}

const TITLES: Record<PlaybackProblemKind, string> = {
  login: 'Login required',
  passcode: 'Login required',
  notLive: 'Not live',
  purchase: 'Subscription required',
  preorder: 'Available for pre-order',
  closed: 'Not available',
  notFound: 'Not found',
  error: 'Playback error',
};

const problem = (
  kind: PlaybackProblemKind,
  message: string | undefined,
  fallback: string,
): PlaybackProblem => ({
  kind,
  title: TITLES[kind],
  message: message || fallback,
});

const norm = (code: string) => code.toLowerCase().replace(/[^a-z0-9]/g, '');

/**
 * Why a video cannot play, from the play-url call (playback-and-social §4.1): codes 10 (login),
 * 20 (not live), 30 (passcode requires login), no url (subscribe or pre-order), private or archived.
 * Accepts both an error response and a 200 without a url. Null when it can play.
 */
export function playbackProblem(input: {
  error?: unknown;
  data?: Partial<PlayableUrl> | null;
}): PlaybackProblem | null {
  const { error, data } = input;
  if (error instanceof ApiError) {
    const code = norm(error.code);
    if (code === '30' || code.includes('passcode'))
      return problem('passcode', error.message, PASSCODE_REQUIRES_LOGIN_MESSAGE);
    if (code === '10' || code.includes('login') || error.status === 401)
      return problem('login', error.message, LOGIN_REQUIRED_MESSAGE);
    if (code === '20' || code.includes('notlive') || code.includes('notstarted') || code.includes('ended'))
      return problem('notLive', error.message, ENDED_MESSAGE);
    if (code.includes('preorder')) return problem('preorder', error.message, PREORDER_MESSAGE);
    if (
      code.includes('bundle') ||
      code.includes('purchase') ||
      code.includes('subscri') ||
      error.status === 402
    )
      return problem('purchase', error.message, REQUIRES_BUNDLE_MESSAGE);
    if (code.includes('private') || code.includes('archived') || error.status === 403)
      return problem('closed', error.message, DEFAULT_ERROR_MESSAGE);
    if (error.status === 404) return problem('notFound', error.message, 'This video could not be found.');
    return problem('error', error.message, DEFAULT_ERROR_MESSAGE);
  }
  if (error) return problem('error', undefined, DEFAULT_ERROR_MESSAGE);
  if (!data) return null;
  if (data.url) return null;
  if (data.code === 30 || data.passcodeRequiresLogin)
    return problem('passcode', data.message ?? undefined, PASSCODE_REQUIRES_LOGIN_MESSAGE);
  if (data.code === 20) return problem('notLive', data.message ?? undefined, ENDED_MESSAGE);
  if (data.code === 10 || data.requiresLogin)
    return problem('login', data.message ?? undefined, LOGIN_REQUIRED_MESSAGE);
  if (data.isPreorder) return problem('preorder', data.message ?? undefined, PREORDER_MESSAGE);
  return problem('purchase', data.message ?? undefined, REQUIRES_BUNDLE_MESSAGE);
}
