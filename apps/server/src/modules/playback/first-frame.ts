import type { PlayableUrl } from '@marquee/contract';
import { firstFrameVideoUid } from '@marquee/domain';
import type { PlaybackClient, createPlaybackService } from './playback.service';

type Playback = Pick<ReturnType<typeof createPlaybackService>, 'videoPlayUrl'>;

/** What a watch page carries for an anonymous viewer: the play-url answer and its master playlist. */
export type AnonymousFirstFrame = { videoUid: string; playUrl: PlayableUrl; master: string };

/**
 * A watch page's play-url answer for an anonymous viewer (decision 0085), or null. Only open content
 * that plays at once qualifies: a signed HLS stream of our own, with no purchase, preview, login, DRM
 * or provider player. It is play-url's own answer (the same short-lived token, scoped to the asset
 * and video, with no viewer in it; the play is counted as play-url counts it), for this one request.
 */
export async function anonymousFirstFrame(
  playback: Playback,
  siteUid: string,
  path: string,
  client: PlaybackClient,
): Promise<AnonymousFirstFrame | null> {
  const videoUid = firstFrameVideoUid(path);
  if (!videoUid) return null;
  const answer = await playback.videoPlayUrl(siteUid, videoUid, null, client);
  const { url } = answer;
  const open =
    url?.startsWith('/media/') &&
    answer.type === 'hls' &&
    !answer.paidAccess &&
    !answer.preview &&
    !answer.requiresLogin &&
    !answer.drmType &&
    !answer.provider;
  return open && url ? { videoUid, playUrl: answer, master: url } : null;
}
