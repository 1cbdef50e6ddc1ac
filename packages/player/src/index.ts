/**
 * @marquee/player core: framework-free. A facade (`createPlayer`) over small parts — option building,
 * engine choice (native HLS or hls.js), error mapping, hotkeys, autoplay unmute and the spec's constants.
 * The React binding is `@marquee/player/react`.
 */
export { createPlayer } from './player';
export type { Player, PlayerEvents } from './player';
export {
  buildPlayerOptions,
  buildHlsConfig,
  chooseEngine,
  clearKeyInitData,
  isHlsUrl,
  playerDrm,
  type PlayerDrm,
  type PlayerOptions,
  type ResolvedPlayerOptions,
  type EngineKind,
} from './options';
export {
  DEFAULT_HOTKEYS,
  hotkeyAction,
  applyHotkey,
  bindHotkeys,
  isTypingTarget,
  type HotkeyAction,
  type HotkeyControls,
  type BindHotkeysOptions,
} from './hotkeys';
export {
  PLAYBACK_UNAVAILABLE_MESSAGE,
  VIDEO_ERROR_MESSAGE,
  MediaErrorCode,
  fromHlsError,
  fromMediaError,
  fromUnknownError,
  isUnplayableFileError,
  type PlayerError,
  type PlayerErrorKind,
} from './errors';
export { createEmitter, type Emitter, type Listener } from './events';
export { onFirstGesture, GESTURE_EVENTS } from './autoplay';
export * from './constants';
export {
  createProgressRecorder,
  trackProgress,
  PROGRESS_SAMPLE_S,
  type ProgressRecorder,
  type ProgressEntry,
  type SendProgress,
  type PageLifecycle,
} from './progress';
export {
  createAnalyticsQueue,
  trackPlaybackAnalytics,
  type AnalyticsQueue,
  type AnalyticsQueueOptions,
  type AnalyticsSink,
  type PlaybackAnalyticsEvent,
  type SendAnalytics,
} from './analytics';
export { trackFullscreen, type FullscreenLog, type FullscreenDocument } from './fullscreen-log';
export { trackLiveChannelAnalytics, type LiveChannelAnalyticsEvent } from './live-analytics';
export { trackMilestones, type MilestoneHandlers } from './milestones';
export { readAdConsent, pageAdConsent, deviceInfo, CONSENT_TIMEOUT_MS, type ConsentWindow } from './consent';
export {
  startHeartbeat,
  trackHeartbeat,
  type HeartbeatOptions,
  type HeartbeatPayload,
  type IntervalTimers,
  type TrackHeartbeatOptions,
} from './heartbeat';
export {
  trackPlaybackQuality,
  qualityErrorCode,
  type SendQualityReport,
  type TrackPlaybackQualityOptions,
} from './playback-quality';
export {
  keepAtLiveEdge,
  liveEdgeTarget,
  LIVE_EDGE_MAX_BEHIND_S,
  type KeepAtLiveEdgeOptions,
  type LiveEdgePlayer,
} from './live-edge';
export { preloadHlsEngine } from './engines';
export { AUTO_QUALITY, qualityOptions, type QualityLevel, type QualityOption } from './quality';
export { captionTracks, type CaptionTrack, type SubtitleRef } from './captions';
export {
  INITIAL_TRACK_CHOICE,
  audioOptions,
  chosenAudioTrack,
  matchLanguage,
  reduceTrackChoice,
  shownCaptions,
  type AudioTrackInfo,
  type TrackChoice,
  type TrackChoiceEvent,
} from './tracks';
export {
  createSmartPause,
  bindSmartPause,
  type SmartPause,
  type PausablePlayer,
  type VisibilitySource,
} from './smart-pause';
export {
  loadAdBreak,
  prefetchVast,
  playAdBreak,
  AD_START_TIMEOUT_MS,
  type AdBreak,
  type AdEvent,
  type AdMedia,
  type AdPlayback,
  type LoadAdBreakOptions,
  type VastPrefetch,
  type VastUrlHandler,
} from './ads';
export { isAdBlocked, pollUntilUnblocked } from './ad-blocker';
export { createSourceRenewal, type RenewedSource } from './source-renewal';
export {
  clockSample,
  createClockEstimator,
  nextPingDelayMs,
  CLOCK_WINDOW,
  type ClockEstimator,
  type ClockSample,
} from './party/clock';
export {
  createPartyFollower,
  nudgedRate,
  SYNC_TUNING,
  type PartyFollower,
  type PartyFollowerOptions,
  type ProgressCheck,
  type SyncTuning,
} from './party/follower';
export { createPartyHost, stampAction, PARTY_ACTION_LEAD_MS, type PartyHost } from './party/host';
export { isNewer, positionAt, timelineAt } from './party/timeline';
export { partyMedia, type PartyMedia } from './party/media';
export { bindPartySync, type PartySync, type PartySyncOptions, type PartyTransport } from './party/session';
export { socketPartyTransport } from './party/socket-transport';
export { createProviderPlayer, type ProviderPlayerOptions } from './providers/provider-player';
export {
  loadProviderScript,
  PROVIDER_UNREACHABLE_MESSAGE,
  PROVIDER_SCRIPT_TIMEOUT_MS,
} from './providers/script-loader';
export type { ProviderKind, ProviderSourceInfo } from './providers/types';
