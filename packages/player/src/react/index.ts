/**
 * React binding for the player core, shared by web and TV: `<Player>` and `usePlayer`, and the
 * playback hooks bound to the client core's API client and session (@marquee/api-client/react).
 */
export { Player, type PlayerProps } from './player';
export { usePlayer, type PlayerState, type UsePlayerOptions } from './use-player';
export { useIdle, useCinemaMode } from './use-idle';
export { useProgressTracking } from './use-progress-tracking';
export { useHeartbeat, heartbeatUserId } from './use-heartbeat';
export { usePlaybackQuality } from './use-playback-quality';
export { usePlayerPayload } from './use-player-payload';
export { useResumePosition, resumeStart, type ResumeInputs } from './use-resume-position';
export {
  analyticsFor,
  analyticsAccount,
  heartbeatsFor,
  useFullscreenLogs,
  useAnalytics,
  usePlaybackAnalytics,
  useLiveChannelAnalytics,
} from './analytics';
export { useSmartPause } from './use-smart-pause';
export { PlayerMenu, DEFAULT_MENU_LABELS, type PlayerMenuLabels } from './player-menu';
export { useTrackChoice, showCaptions, type TrackChoiceView } from './use-track-choice';
export { useDobGate, type DobGate } from './use-dob-gate';
export { usePartySync, type UsePartySyncOptions } from './use-party-sync';
export { usePartyRoom } from './use-party-room';
export { useVideoAds, type VideoAdBreak, type VideoAdsState, type UseVideoAdsOptions } from './use-video-ads';
