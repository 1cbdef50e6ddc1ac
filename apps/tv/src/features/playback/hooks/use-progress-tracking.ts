import { queryKeys, saveProgress } from '@marquee/api-client';
import type { Player as CorePlayer } from '@marquee/player';
import { useProgressTracking as useTracking } from '@marquee/player/react';
import { useQueryClient } from '@tanstack/react-query';
import { useApi } from '../../../lib/api';
import { useSession } from '../../../lib/session';

/** Saves a signed-in viewer's position in `videoUid` (live content is not `trackable`). */
export function useProgressTracking(player: CorePlayer | null, videoUid: string, trackable: boolean) {
  const session = useSession();
  const api = useApi();
  const queryClient = useQueryClient();
  useTracking(player, videoUid, {
    enabled: trackable && !!session,
    send: async (batch, { keepalive }) => {
      await saveProgress(api, batch, { keepalive });
      void queryClient.invalidateQueries({ queryKey: [...queryKeys.all(api), 'history-progress'] });
    },
  });
}
