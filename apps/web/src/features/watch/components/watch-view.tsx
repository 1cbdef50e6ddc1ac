import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { preloadHlsEngine, type Player as CorePlayer } from '@marquee/player';
import { Player } from '@marquee/player/react';
import { StatusMessage } from '../../../components/status-message';
import { errorMessage } from '../../../components/error-message';
import { useVideo } from '../api/use-video';
import { useResumePosition } from '../api/use-resume-position';
import { useVideoPlayUrl } from '../api/use-video-play-url';
import { useHeartbeat } from '../hooks/use-heartbeat';
import { useLiveEventPlayback } from '../hooks/use-live-event-playback';
import { usePlaybackAnalytics } from '../hooks/use-playback-analytics';
import { useProgressTracking } from '../hooks/use-progress-tracking';
import { useAgeGate } from '../hooks/use-age-gate';
import { playbackProblem } from '../utils/playback-problem';
import { PlaybackNotice } from './playback-notice';
import { AgeRestricted, BirthDateModal } from './age-gate';
import './watch.css';

interface WatchViewProps {
  channelId: string;
  videoUid: string;
  /** `?t=` of the link, in seconds (0 restarts); null resumes from the viewer's saved position. */
  startAt?: number | null;
  /** Escape (the spec's "leave" hotkey). */
  onLeave: () => void;
  /** A live event that is not live (play-url code 20) or whose end passed while playing: the not-live page. */
  onNotLive?: () => void;
}

/** The watch screen of a video in a channel: the player (autoplay, muted until a gesture), then its details. */
export function WatchView({ channelId, videoUid, startAt = null, onLeave, onNotLive }: WatchViewProps) {
  const { t } = useTranslation('watch');
  const video = useVideo(videoUid);
  const playUrl = useVideoPlayUrl(videoUid);
  // hls.js (where it is needed) loads alongside the video and play-url calls, not after them.
  useEffect(() => preloadHlsEngine((type) => document.createElement('video').canPlayType(type)), []);
  const startTime = useResumePosition(videoUid, startAt);
  const [player, setPlayer] = useState<CorePlayer | null>(null);
  const type = video.data?.type;
  useProgressTracking(player, videoUid, !!type && type !== 'liveEvent' && type !== 'liveChannel');
  usePlaybackAnalytics(player, channelId, videoUid, !!type && type !== 'liveEvent' && type !== 'liveChannel');
  useHeartbeat(player, channelId, video.data);
  const problem = playbackProblem({ error: playUrl.error, data: playUrl.data });
  useLiveEventPlayback(player, video.data, problem?.kind === 'notLive', playUrl.refetch, onNotLive);
  // The age gate runs alongside play-url (§4.1); the player waits for it (§4.2, decision 0022).
  const ageGate = useAgeGate(video.data);
  const gatePassed = ageGate.state === 'open' || ageGate.state === 'allowed';

  if (video.isError) {
    return (
      <StatusMessage kind="error" title={t('loadError')} onRetry={() => void video.refetch()}>
        {errorMessage(video.error)}
      </StatusMessage>
    );
  }

  return (
    <article className="watch" data-testid="watch" data-channel-id={channelId} data-video-uid={videoUid}>
      <div className="watch__stage">
        {ageGate.state === 'tooYoung' ? (
          <AgeRestricted onBack={onLeave} />
        ) : ageGate.state === 'noAge' ? (
          <>
            <div className="watch__placeholder" />
            <BirthDateModal onSubmit={ageGate.submit} onCancel={onLeave} saving={ageGate.saving} />
          </>
        ) : problem ? (
          <PlaybackNotice problem={problem} onRetry={() => void playUrl.refetch()} />
        ) : playUrl.data?.url && startTime !== null && gatePassed ? (
          <Player
            src={playUrl.data.url}
            startTime={startTime}
            autoplay
            hotkeys
            onLeave={onLeave}
            onPlayer={setPlayer}
            title={video.data?.title}
          />
        ) : (
          <div className="watch__placeholder" aria-busy="true" aria-label={t('loading')} />
        )}
      </div>
      <div className="watch__info">
        {video.data ? (
          <>
            <h1 className="watch__title" data-testid="watch-title">
              {video.data.seriesData
                ? `${video.data.title} | ${video.data.seriesData.title}`
                : video.data.title}
            </h1>
            {video.data.description ? <p className="watch__description">{video.data.description}</p> : null}
          </>
        ) : (
          <div className="skeleton skeleton--text" style={{ width: '40%', height: 24 }} />
        )}
      </div>
    </article>
  );
}
