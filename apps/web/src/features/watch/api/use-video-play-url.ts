import { getVideoPlayUrl, renewVideoPlayUrl as renew, videoPlayUrlQueryOptions } from '@marquee/api-client';
import { useQuery } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { api } from '../../../lib/api';
import { takeFirstPlayUrl } from './first-play-url';

/**
 * GET /v2/sites/{site}/videos/{uid}/play-url: the access decision and a signed HLS URL. The screen
 * the page opens on takes the answer the page started with (inlined, or asked at boot), so its player
 * gets its source in its first render; a retry asks afresh.
 */
export function useVideoPlayUrl(uid: string) {
  const [first] = useState(() => takeFirstPlayUrl(uid));
  // A held call still in flight serves the first fetch; a retry or refetch asks play-url again.
  const held = useRef(first && !first.value ? first.answer : null);
  const options = videoPlayUrlQueryOptions(api, uid);
  return useQuery(
    first
      ? {
          ...options,
          queryFn: ({ signal }) => {
            const answer = held.current ?? getVideoPlayUrl(api, uid, signal);
            held.current = null;
            return answer;
          },
          initialData: first.value,
          refetchOnMount: false,
        }
      : options,
  );
}

/** play-url again, for the player to renew its signed URL before it expires (decision 0037). */
export const renewVideoPlayUrl = (uid: string) => renew(api, uid);
