import { useCallback } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { paths } from '../../config/paths';
import { PlayLive } from '../../features/playback';
import { useLeave } from './use-leave';

/**
 * /tvn/{type}/play-live/{assetId}?category&channel (lazy: it pulls in the player). Up/Down zap
 * within `category`; a zap replaces the entry, so Back leaves the player (decision 0078).
 */
export default function PlayLiveRoute() {
  const { type = 'generic', assetId = '' } = useParams();
  const [query] = useSearchParams();
  const category = query.get('category');
  const leave = useLeave(type);
  const navigate = useNavigate();
  const zap = useCallback(
    (channelId: string) =>
      void navigate(paths.playLive.getHref(type, channelId, { category }), { replace: true }),
    [navigate, type, category],
  );
  return (
    <PlayLive
      key={assetId}
      assetId={assetId}
      category={category}
      channel={query.get('channel')}
      onLeave={leave}
      onZap={zap}
    />
  );
}
