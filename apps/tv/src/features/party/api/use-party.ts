import {
  ApiError,
  findWatchPartyByCode,
  getWatchParty,
  updateWatchParty,
  videoPlayUrlQueryOptions,
  watchPartyQueryKey,
} from '@marquee/api-client';
import { useApi } from '@marquee/api-client/react';
import type { WatchPartySession } from '@marquee/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';

/**
 * The join screen's lookup: the party of a short code, then `PATCH joined` (the guest becomes a
 * member) unless already one. Answers the session, or throws the API's error.
 */
export function useJoinByCode() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useCallback(
    async (code: string, me: string | undefined): Promise<WatchPartySession> => {
      const found = await findWatchPartyByCode(api, code);
      if (found.state === 'ended') return found;
      const session = found.members.some((m) => m.userId === me)
        ? found
        : await updateWatchParty(api, found.pid, { action: 'joined' });
      queryClient.setQueryData(watchPartyQueryKey(api, session.pid), session);
      return session;
    },
    [api, queryClient],
  );
}

/** GET watch-party/{pid}; the room's `party:session` messages keep it fresh. */
export function useWatchParty(pid: string) {
  const api = useApi();
  return useQuery({
    queryKey: watchPartyQueryKey(api, pid),
    queryFn: ({ signal }) => getWatchParty(api, pid, signal),
    retry: (count, error) => !(error instanceof ApiError && error.status < 500) && count < 2,
  });
}

export function usePartyPlayUrl(uid: string | undefined) {
  return useQuery({ ...videoPlayUrlQueryOptions(useApi(), uid ?? ''), enabled: !!uid });
}

/** PATCH changeHost: a TV made host gives the role to another member (decision 0050). */
export function useHandOver(pid: string) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useCallback(
    (hostId: string) =>
      void updateWatchParty(api, pid, { action: 'changeHost', hostId }).then(
        (session) => queryClient.setQueryData(watchPartyQueryKey(api, pid), session),
        () => {},
      ),
    [api, pid, queryClient],
  );
}
