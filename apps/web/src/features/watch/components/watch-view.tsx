import type { Video } from '@marquee/contract';
import { asksToResume, type RightMenuTab } from '@marquee/domain';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { playerDrm, preloadHlsEngine, type Player as CorePlayer } from '@marquee/player';
import {
  Player,
  useFullscreenLogs,
  useHeartbeat,
  usePlayerPayload,
  usePlaybackAnalytics,
  usePlaybackQuality,
  useProgressTracking,
  useResumePosition,
} from '@marquee/player/react';
import { StatusMessage } from '../../../components/status-message';
import { api } from '../../../lib/api';
import { errorMessage } from '../../../components/error-message';
import { useVideo } from '../api/use-video';
import { renewVideoPlayUrl, useVideoPlayUrl } from '../api/use-video-play-url';
import { useLiveEventPlayback } from '../hooks/use-live-event-playback';
import { useAgeGate } from '../hooks/use-age-gate';
import { useExitMessage } from '../hooks/use-exit-message';
import { useVideoAds } from '../hooks/use-video-ads';
import { AdBreak } from './ad-break';
import { playbackProblem } from '../utils/playback-problem';
import { PlaybackOutcome } from './playback-outcome';
import { WatchExtras, type WatchTabSlots } from './watch-extras';
import type { WatchRouteInfo } from '../utils/watch-route-info';
import { AgeRestricted, BirthDateModal } from './age-gate';
import { usePlayerRules } from '../hooks/use-player-rules';
import { QueuePanel } from './queue-panel';
import { StillWatchingModal } from './still-watching-modal';
import { ActivityCheckModal } from './activity-check-modal';
import { ResumePrompt } from './resume-prompt';
import { RichText } from '../../../components/rich-text';
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
  /** The watch route's variant, flags and embed overlay (decision 0028); absent on other screens. */
  route?: WatchRouteInfo;
  /**
   * Buttons beside the title from other features (the favorite toggle). Drawn from the first
   * render, so what they fetch runs beside the video's own calls (§4.1 "checks in parallel").
   */
  actions?: ReactNode;
  /**
   * Right-menu panels of other features (Gifs, Comments…), the tab open first, and what they draw
   * over the player (the moments' markers).
   */
  tabs?: {
    slots: WatchTabSlots;
    initial?: RightMenuTab;
    overlay?: (at: { video: Video; player: CorePlayer | null }) => ReactNode;
  };
}

/** The watch screen of a video in a channel: the player (autoplay, muted until a gesture), then its details. */
export function WatchView({
  channelId,
  videoUid,
  startAt = null,
  onLeave,
  onNotLive,
  route,
  actions,
  tabs,
}: WatchViewProps) {
  const { t } = useTranslation('watch');
  const video = useVideo(videoUid);
  const playUrl = useVideoPlayUrl(videoUid);
  // hls.js (where it is needed) loads alongside the video and play-url calls, not after them.
  useEffect(() => preloadHlsEngine((type) => document.createElement('video').canPlayType(type)), []);
  const savedStart = useResumePosition(videoUid, startAt);
  // altResumeStyle (decision 0056): a saved position is offered, not taken; the answer is the start.
  const [resumeChoice, setResumeChoice] = useState<number | null>(null);
  const asksResume =
    savedStart !== null &&
    resumeChoice === null &&
    asksToResume({
      altResumeStyle: !!route?.site?.perms.altResumeStyle,
      requested: startAt,
      start: savedStart,
    });
  const startTime = asksResume ? null : (resumeChoice ?? savedStart);
  const [player, setPlayer] = useState<CorePlayer | null>(null);
  const type = video.data?.type;
  useProgressTracking(player, videoUid, !!type && type !== 'liveEvent' && type !== 'liveChannel');
  usePlaybackAnalytics(player, channelId, videoUid, !!type && type !== 'liveEvent' && type !== 'liveChannel');
  const payload = usePlayerPayload(channelId, video.data, { start: startTime });
  useHeartbeat(player, channelId, video.data, payload);
  useFullscreenLogs(player, videoUid);
  usePlaybackQuality(player, videoUid);
  const exitMessage = useExitMessage(player, !!type && type !== 'liveEvent' && type !== 'liveChannel');
  const problem = playbackProblem({ error: playUrl.error, data: playUrl.data });
  useLiveEventPlayback(player, video.data, problem?.kind === 'notLive', playUrl.refetch, onNotLive);
  // The age gate runs alongside play-url (§4.1); the player waits for it (§4.2, decision 0022).
  const ageGate = useAgeGate(video.data);
  const gatePassed = ageGate.state === 'open' || ageGate.state === 'allowed';
  // Ads and the ad-blocker gate also run alongside play-url; a pre-roll holds the content (decision 0026).
  const ads = useVideoAds(player, {
    channelId,
    videoUid,
    withoutAds: playUrl.data?.withoutAds,
    live: type === 'liveEvent' || type === 'liveChannel',
    payload,
  });
  // Queue, end of video, errors, cinema/landscape, still-watching, captions (decision 0027).
  const rules = usePlayerRules({
    video: video.data,
    videoUid,
    channelId,
    playUrl: playUrl.data?.url,
    player,
    onLeave,
    route,
  });

  if (video.isError) {
    return (
      <StatusMessage kind="error" title={t('loadError')} onRetry={() => void video.refetch()}>
        {errorMessage(video.error)}
      </StatusMessage>
    );
  }

  return (
    <article
      className="watch"
      data-testid="watch"
      data-channel-id={channelId}
      data-video-uid={videoUid}
      data-cinema={rules.cinema || undefined}
      data-landscape={rules.landscape || undefined}
    >
      <div className="watch__stage">
        {ageGate.state === 'tooYoung' ? (
          <AgeRestricted onBack={onLeave} />
        ) : ageGate.state === 'noAge' ? (
          <>
            <div className="watch__placeholder" />
            <BirthDateModal onSubmit={ageGate.submit} onCancel={onLeave} saving={ageGate.saving} />
          </>
        ) : problem ? (
          <PlaybackOutcome
            problem={problem}
            intent={{ channelId, videoUid, seriesUid: video.data?.series?.uid }}
            playUrl={playUrl.data}
            hybridPaywall={video.data?.hybridPaywall}
            embed={route?.flags.embed}
            onRetry={() => void playUrl.refetch()}
          />
        ) : asksResume && savedStart !== null && gatePassed ? (
          <ResumePrompt
            at={savedStart}
            onResume={() => setResumeChoice(savedStart)}
            onStartOver={() => setResumeChoice(0)}
          />
        ) : playUrl.data?.url && startTime !== null && gatePassed && !ads.holdContent ? (
          <Player
            src={playUrl.data.url}
            drm={playerDrm(playUrl.data)}
            provider={playUrl.data.provider}
            expiresAt={playUrl.data.expiresAt}
            renewSource={() => renewVideoPlayUrl(videoUid)}
            serverNow={api.serverNow}
            startTime={startTime}
            autoplay={route?.flags.autoplay ?? true}
            muted={route?.flags.mute || undefined}
            hotkeys
            onLeave={onLeave}
            onPlayer={setPlayer}
            title={video.data?.title}
            onEnded={rules.onEnded}
            onError={rules.onError}
            onStateChange={rules.onStateChange}
            tracks={rules.tracks}
            menuLabels={rules.menuLabels}
            smartPause
          />
        ) : (
          <div className="watch__placeholder" aria-busy="true" aria-label={t('loading')} />
        )}
        {video.data && player ? tabs?.overlay?.({ video: video.data, player }) : null}
        <AdBreak ads={ads} />
        {exitMessage ? (
          <p className="watch__exit-message" role="status" data-testid="exit-message">
            {t('pressExit')}
          </p>
        ) : null}
      </div>
      <div className="watch__info">
        {video.data ? (
          <>
            <h1 className="watch__title" data-testid="watch-title">
              {video.data.seriesData
                ? `${video.data.title} | ${video.data.seriesData.title}`
                : video.data.title}
            </h1>
            {video.data.description ? (
              <RichText
                className="watch__description"
                text={video.data.description}
                rich={!!route?.site?.perms.wysiwyg}
              />
            ) : null}
          </>
        ) : (
          <div className="skeleton skeleton--text" style={{ width: '40%', height: 24 }} />
        )}
        {actions && !route?.flags.embed ? <div className="watch__actions">{actions}</div> : null}
      </div>
      {route ? (
        <WatchExtras
          route={route}
          video={video.data}
          player={player}
          playUrl={playUrl.data}
          slots={tabs?.slots}
          initialTab={tabs?.initial}
        />
      ) : (
        <QueuePanel queue={rules.queue} channelId={channelId} />
      )}
      {rules.stillWatching.asking ? (
        <StillWatchingModal
          title={video.data?.title ?? ''}
          onContinue={rules.stillWatching.confirm}
          onExit={onLeave}
        />
      ) : null}
      <ActivityCheckModal check={rules.activity.check} onAnswer={rules.activity.answer} />
    </article>
  );
}
