import { renewVideoPlayUrl as renew, videoPlayUrlQueryOptions } from '@marquee/api-client';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** GET /v2/sites/{site}/videos/{uid}/play-url: the access decision and a signed HLS URL. */
export function useVideoPlayUrl(uid: string) {
  return useQuery(videoPlayUrlQueryOptions(api, uid));
}

/** play-url again, for the player to renew its signed URL before it expires (decision 0037). */
export const renewVideoPlayUrl = (uid: string) => renew(api, uid);
