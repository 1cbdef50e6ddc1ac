import { useParams } from 'react-router';
import { PlayVideo } from '../../features/playback';
import { useLeave } from './use-leave';

/** /tvn/{type}/play-video/{channelId}/{videoUid} (lazy: it pulls in the player). */
export default function PlayVideoRoute() {
  const { type = 'generic', channelId = '', videoUid = '' } = useParams();
  const leave = useLeave(type);
  return <PlayVideo key={videoUid} channelId={channelId} videoUid={videoUid} onLeave={leave} />;
}
