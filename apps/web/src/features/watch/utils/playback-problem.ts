import type { PlayableUrl } from '@marquee/api-client';
import { classifyPlayUrl, type PlayProblemKind } from '@marquee/domain';

export type PlaybackProblemKind = PlayProblemKind;

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

/**
 * Why a video cannot play, from the play-url call (playback-and-social §4.1), with its title; the
 * outcome itself is `classifyPlayUrl` (shared with the TV). Null when it can play.
 */
export function playbackProblem(input: {
  error?: unknown;
  data?: Partial<PlayableUrl> | null;
}): PlaybackProblem | null {
  const problem = classifyPlayUrl(input);
  return problem && { ...problem, title: TITLES[problem.kind] };
}
