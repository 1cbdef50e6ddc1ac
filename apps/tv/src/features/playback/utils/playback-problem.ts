import { ApiError, DEFAULT_ERROR_MESSAGE, type PlayableUrl } from '@marquee/api-client';
import { LOGIN_REQUIRED_MESSAGE, PREORDER_MESSAGE, REQUIRES_BUNDLE_MESSAGE } from '@marquee/domain';

export type TvPlaybackProblem = {
  kind: 'requiresLogin' | 'notLive' | 'requiresBundle' | 'ageRestricted' | 'error';
  message: string;
};

/**
 * Why a play-url answer cannot play, with the TV rejection names of playback-and-social §4.1
 * (requiresLogin, notLive, requiresBundle). Null when it can play.
 */
export function tvPlaybackProblem(error: unknown, data: PlayableUrl | undefined): TvPlaybackProblem | null {
  if (error instanceof ApiError) {
    const code = error.code.toLowerCase();
    if (code === '10' || code === '30' || code.includes('login') || error.status === 401)
      return { kind: 'requiresLogin', message: error.message || LOGIN_REQUIRED_MESSAGE };
    if (code === '20' || code.includes('live') || code.includes('ended') || code.includes('started'))
      return { kind: 'notLive', message: error.message };
    if (code.includes('bundle') || code.includes('preorder') || error.status === 402)
      return { kind: 'requiresBundle', message: error.message || REQUIRES_BUNDLE_MESSAGE };
    return { kind: 'error', message: error.message || DEFAULT_ERROR_MESSAGE };
  }
  if (error) return { kind: 'error', message: DEFAULT_ERROR_MESSAGE };
  if (!data || data.url) return null;
  if (data.code === 20) return { kind: 'notLive', message: data.message || 'This live event is not live' };
  if (data.code === 10 || data.code === 30 || data.requiresLogin)
    return { kind: 'requiresLogin', message: data.message || LOGIN_REQUIRED_MESSAGE };
  return {
    kind: 'requiresBundle',
    message: data.message || (data.isPreorder ? PREORDER_MESSAGE : REQUIRES_BUNDLE_MESSAGE),
  };
}
