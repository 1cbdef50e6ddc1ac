import { createGif, gifQueryOptions, gifsQueryKey, gifsQueryOptions } from '@marquee/api-client';
import type { CreateGifBody } from '@marquee/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** The video's rendered gifs (the Gifs tab). */
export const useGifs = (videoUid: string) => useQuery(gifsQueryOptions(api, videoUid));

/** One gif, polled every second while it is processing (null: nothing to ask yet). */
export const useGif = (gifId: string | null) =>
  useQuery({ ...gifQueryOptions(api, gifId ?? ''), enabled: !!gifId });

/** POST /api/gifs/video/{id}; the video's list is asked again once the gif is made. */
export function useCreateGif(videoUid: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateGifBody) => createGif(api, videoUid, body),
    onSuccess: () => client.invalidateQueries({ queryKey: gifsQueryKey(api, videoUid) }),
  });
}
