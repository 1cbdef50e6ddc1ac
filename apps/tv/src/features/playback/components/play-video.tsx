import { useVideo } from '../api/use-video';
import { useVideoPlayUrl } from '../api/use-video-play-url';
import { tvPlaybackProblem } from '../utils/playback-problem';
import { FullscreenPlayer } from './fullscreen-player';

/** /tvn/{type}/play-video/{channelId}/{videoUid}. */
export function PlayVideo({
  videoUid,
  onLeave,
}: {
  channelId: string;
  videoUid: string;
  onLeave: () => void;
}) {
  const video = useVideo(videoUid);
  const playUrl = useVideoPlayUrl(videoUid);
  const problem =
    tvPlaybackProblem(playUrl.error, playUrl.data) ??
    (video.isError ? tvPlaybackProblem(video.error, undefined) : null);
  return (
    <FullscreenPlayer
      src={playUrl.data?.url}
      title={video.data?.title ?? ''}
      subtitle={video.data?.seriesData?.title}
      problem={problem}
      onLeave={onLeave}
    />
  );
}
