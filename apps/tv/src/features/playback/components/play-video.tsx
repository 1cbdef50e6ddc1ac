import {
  useHeartbeat,
  usePlayerPayload,
  usePlaybackAnalytics,
  usePlaybackQuality,
  useProgressTracking,
  useResumePosition,
  useVideoAds,
} from '@marquee/player/react';
import { useSession } from '@marquee/api-client/react';
import { useMemo, useState, type ReactNode } from 'react';
import { Navigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { EndOfVideoAction } from '@marquee/domain';
import { captionTracks, type Player as CorePlayer } from '@marquee/player';
import { usePlatformDevice } from '../hooks/use-platform-device';
import { useVideo } from '../api/use-video';
import { useAgeGate } from '../hooks/use-age-gate';
import { useEndOfVideo } from '../hooks/use-end-of-video';
import { useRenewVideoPlayUrl, useVideoPlayUrl } from '../api/use-video-play-url';
import { tvPlaybackProblem } from '../utils/playback-problem';
import { playbackGuard } from '../../../lib/guards';
import { BirthDateScreen } from './birth-date-screen';
import { FullscreenPlayer } from './fullscreen-player';
import { PurchasePath } from './purchase-path';

/**
 * /tvn/{type}/play-video/{channelId}/{videoUid}: passes the age gate first, resumes a signed-in
 * viewer's saved position and saves it as they watch; the site's video ads play first (decision
 * 0075). At the end, `onEnd` receives what §4.5 says comes next. A login-required title goes to the
 * TV login (back here once signed in); a paid one shows its purchase path and plays once the
 * purchase lands (§4.1 on TV).
 */
export function PlayVideo({
  platform,
  here,
  channelId,
  videoUid,
  onLeave,
  onEnd,
  liveChat,
}: {
  /** The TV type (`:type`): the platform getPurchaseLink and the login screen are for. */
  platform: string;
  /** This screen's path and query (under the basename): where login returns to. */
  here: string;
  channelId: string;
  videoUid: string;
  onLeave: () => void;
  onEnd: (action: EndOfVideoAction) => void;
  /** A live event's chat column (composed by the route: decision 0050; absent when the site hides chat). */
  liveChat?: (videoUid: string) => ReactNode;
}) {
  const video = useVideo(videoUid);
  const playUrl = useVideoPlayUrl(videoUid);
  const renewPlayUrl = useRenewVideoPlayUrl(videoUid);
  const startTime = useResumePosition(videoUid);
  const [player, setPlayer] = useState<CorePlayer | null>(null);
  const type = video.data?.type;
  const vod = !!type && type !== 'liveEvent' && type !== 'liveChannel';
  useProgressTracking(player, videoUid, vod);
  usePlaybackAnalytics(player, channelId, videoUid, vod);
  const device = usePlatformDevice();
  const payload = usePlayerPayload(channelId, video.data, { device });
  useHeartbeat(player, channelId, video.data, payload);
  usePlaybackQuality(player, videoUid);
  // The site's VAST pre-roll and mid-rolls, by the web's rules, without the ad-blocker gate
  // (decision 0075); they run alongside play-url and a pre-roll holds the content.
  const ads = useVideoAds(player, {
    channelId,
    videoUid,
    withoutAds: playUrl.data?.withoutAds,
    live: type === 'liveEvent' || type === 'liveChannel',
    payload,
    tv: true,
  });
  const onEnded = useEndOfVideo(video.data, channelId, onEnd);
  const { t } = useTranslation('playback');
  const session = useSession();
  // The site's WebVTT subtitles, beside the signed playlist (as on the web).
  const tracks = useMemo(
    () => captionTracks(video.data?.subtitles ?? [], playUrl.data?.url),
    [video.data, playUrl.data],
  );
  // The gate runs alongside play-url (§4.1); the player waits for it (§4.2).
  const ageGate = useAgeGate(video.data);
  const problem =
    tvPlaybackProblem(playUrl.error, playUrl.data) ??
    (video.isError ? tvPlaybackProblem(video.error, undefined) : null) ??
    (ageGate.state === 'tooYoung'
      ? { kind: 'ageRestricted' as const, message: t('ageGate.tooYoung') }
      : null);
  const rejection = playbackGuard(problem?.kind, session.status, platform, here);
  if (rejection) return <Navigate to={rejection.redirect} replace={rejection.replace} />;
  if (problem?.kind === 'purchase' && session.status === 'signedIn') {
    return (
      <PurchasePath
        platform={platform}
        videoUid={videoUid}
        title={video.data?.title ?? ''}
        message={problem.message}
      />
    );
  }
  if (ageGate.state === 'noAge' && !problem) {
    return <BirthDateScreen onSubmit={ageGate.submit} onCancel={onLeave} saving={ageGate.saving} />;
  }
  const gatePassed = ageGate.state === 'open' || ageGate.state === 'allowed';
  return (
    <FullscreenPlayer
      src={startTime === null || !gatePassed || ads.holdContent ? undefined : playUrl.data?.url}
      provider={playUrl.data?.provider}
      expiresAt={playUrl.data?.expiresAt}
      renewSource={renewPlayUrl}
      startTime={startTime ?? 0}
      onPlayer={setPlayer}
      title={video.data?.title ?? ''}
      subtitle={video.data?.seriesData?.title}
      problem={problem}
      onLeave={onLeave}
      onEnded={vod ? onEnded : undefined}
      aside={type === 'liveEvent' && liveChat ? liveChat(videoUid) : undefined}
      tracks={tracks}
      ads={ads}
    />
  );
}
