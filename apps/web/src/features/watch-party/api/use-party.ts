import {
  ApiError,
  getWatchParty,
  getWatchPartyContent,
  updateWatchParty,
  videoPlayUrlQueryOptions,
  watchPartyQueryKey,
} from '@marquee/api-client';
import type { UpdateWatchPartyBody } from '@marquee/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** GET watch-party/{pid}; the room's `party:session` messages keep it fresh (usePartyRoom). */
export function useWatchParty(pid: string) {
  return useQuery({
    queryKey: watchPartyQueryKey(api, pid),
    queryFn: ({ signal }) => getWatchParty(api, pid, signal),
    enabled: !!pid,
    // 'invalid Watch Party' and an expired session do not get better by asking again.
    retry: (count, error) => !(error instanceof ApiError && error.status < 500) && count < 2,
  });
}

/** GET watch-party/{pid}/content: the party's video. */
export function usePartyContent(pid: string, enabled: boolean) {
  return useQuery({
    queryKey: [...watchPartyQueryKey(api, pid), 'content'],
    queryFn: ({ signal }) => getWatchPartyContent(api, pid, signal),
    enabled: !!pid && enabled,
    staleTime: 60_000,
  });
}

export function usePartyPlayUrl(uid: string | undefined) {
  return useQuery({ ...videoPlayUrlQueryOptions(api, uid ?? ''), enabled: !!uid });
}

/** PATCH watch-party/{pid} (start, joined, end, changeHost): the answer becomes the session. */
export function useUpdateParty(pid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateWatchPartyBody) => updateWatchParty(api, pid, body),
    onSuccess: (session) => queryClient.setQueryData(watchPartyQueryKey(api, pid), session),
  });
}

export { usePartyRoom } from '@marquee/player/react';
