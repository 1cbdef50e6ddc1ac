import { useState } from 'react';
import type { Player as CorePlayer } from '@marquee/player';
import { useResumePosition } from '../api/use-resume-position';
import { useVideo } from '../api/use-video';
import { useProgressTracking } from '../hooks/use-progress-tracking';
import { useVideoPlayUrl } from '../api/use-video-play-url';
import { tvPlaybackProblem } from '../utils/playback-problem';
import { FullscreenPlayer } from './fullscreen-player';

/** /tvn/{type}/play-video/{channelId}/{videoUid}: resumes a signed-in viewer's saved position and saves it as they watch. */
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
  const startTime = useResumePosition(videoUid);
  const [player, setPlayer] = useState<CorePlayer | null>(null);
  const type = video.data?.type;
  useProgressTracking(player, videoUid, !!type && type !== 'liveEvent' && type !== 'liveChannel');
  const problem =
    tvPlaybackProblem(playUrl.error, playUrl.data) ??
    (video.isError ? tvPlaybackProblem(video.error, undefined) : null);
  return (
    <FullscreenPlayer
      src={startTime === null ? undefined : playUrl.data?.url}
      startTime={startTime ?? 0}
      onPlayer={setPlayer}
      title={video.data?.title ?? ''}
      subtitle={video.data?.seriesData?.title}
      problem={problem}
      onLeave={onLeave}
    />
  );
}
