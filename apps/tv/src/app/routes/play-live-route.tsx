import { useParams } from 'react-router';
import { PlayLive } from '../../features/playback';
import { useLeave } from './use-leave';

/** /tvn/{type}/play-live/{assetId} (lazy: it pulls in the player). */
export default function PlayLiveRoute() {
  const { type = 'generic', assetId = '' } = useParams();
  const leave = useLeave(type);
  return <PlayLive key={assetId} assetId={assetId} onLeave={leave} />;
}
