import {
  createMoment,
  momentQueryOptions,
  momentsQueryKey,
  momentsWindowQueryOptions,
} from '@marquee/api-client';
import type { CreateMomentBody } from '@marquee/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** The moments of [from, to) of the video. */
export const useMomentsWindow = (videoUid: string, from: number, to: number) =>
  useQuery({ ...momentsWindowQueryOptions(api, videoUid, from, to), placeholderData: keepPreviousData });

/** The moment a `?tag=` link names (none asked without one). */
export const useMoment = (videoUid: string, momentId: string | null) =>
  useQuery({ ...momentQueryOptions(api, videoUid, momentId ?? ''), enabled: !!momentId && !!videoUid });

/** Adds a moment; the video's windows are asked again. */
export function useCreateMoment(videoUid: string, channelId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateMomentBody) => createMoment(api, channelId, body),
    onSuccess: () => client.invalidateQueries({ queryKey: momentsQueryKey(api, videoUid) }),
  });
}
