import type { PlayableUrl } from '@marquee/api-client';
import { classifyPlayUrl, type PlayProblemKind } from '@marquee/domain';

export type TvPlaybackProblem = {
  kind: PlayProblemKind | 'ageRestricted';
  message: string;
};

/**
 * Why a play-url answer cannot play (playback-and-social §4.1): the outcome shared with the web
 * (`classifyPlayUrl`). Null when it can play.
 */
export function tvPlaybackProblem(error: unknown, data: PlayableUrl | undefined): TvPlaybackProblem | null {
  return classifyPlayUrl({ error, data });
}
