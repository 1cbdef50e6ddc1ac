import { useApi } from '@marquee/api-client/react';
import {
  Player,
  useIdle,
  useTrackChoice,
  type PlayerProps,
  type PlayerState,
  type VideoAdsState,
} from '@marquee/player/react';
import { trackMilestones, type CaptionTrack, type Player as CorePlayer } from '@marquee/player';
import { setFocus } from '@noriginmedia/norigin-spatial-navigation';
import { useCallback, useEffect, useRef, useState, useSyncExternalStore, type ReactNode } from 'react';
import { usePlatform, useRemote } from '../../../lib/remote';
import { remoteAction } from '../../../platform';
import type { TvPlaybackProblem } from '../utils/playback-problem';
import { trackChoice } from '../utils/track-choice';
import { createHeldSeek, type SeekDirection } from '../utils/held-seek';
import { useTranslation } from 'react-i18next';
import { TvAdOverlay, type TvAdControl } from './ad-overlay';
import { AUDIO_KEY, CAPTIONS_KEY, TrackControls, TrackPanel, type TrackMenuState } from './track-menu';

const NO_TRACKS: readonly CaptionTrack[] = [];

interface FullscreenPlayerProps {
  src: string | null | undefined;
  /** A YouTube, Dailymotion or JW Player source: play-url's `provider` (decision 0059). */
  provider?: PlayerProps['provider'];
  /** When `src` expires and how to renew it before (play-url again; decision 0037). */
  expiresAt?: PlayerProps['expiresAt'];
  renewSource?: PlayerProps['renewSource'];
  title: string;
  subtitle?: string;
  live?: boolean;
  /** Seconds to start at (VOD). */
  startTime?: number;
  problem: TvPlaybackProblem | null;
  onLeave: () => void;
  /** Receives the core player once created (progress tracking listens to it). */
  onPlayer?: (player: CorePlayer | null) => void;
  /** The video played to its end (VOD). */
  onEnded?: () => void;
  /** A column beside the picture (a live event's chat); Down shows and hides it. */
  aside?: ReactNode;
  /** The video's WebVTT subtitles (`captionTracks`): the CC control lists them. */
  tracks?: readonly CaptionTrack[];
  /** The site's video ads for this video (`useVideoAds`, decision 0075): the break on screen plays over the picture. */
  ads?: VideoAdsState;
  /** A live channel's zapping (decision 0078): Up is the next channel (+1), Down the previous (-1). */
  onZap?: (step: 1 | -1) => void;
  /** How many channels Up/Down zap through (for the hint). */
  zapCount?: number;
}

function clock(seconds: number) {
  const s = Math.max(0, Math.floor(seconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const ss = String(s % 60).padStart(2, '0');
  return h ? `${h}:${String(m).padStart(2, '0')}:${ss}` : `${m}:${ss}`;
}

const SEEK_KEYS: Partial<Record<string, SeekDirection>> = {
  left: 'back',
  rewind: 'back',
  right: 'forward',
  fastForward: 'forward',
};

/**
 * The TV player: full screen, autoplay, driven by the remote (Enter/Play/Pause toggle, Left/Right seek
 * 5 s on VOD, and on and faster while held: utils/held-seek.ts; Back leaves). The seek bar shows the
 * focus while Left/Right seek; Up leaves it for the CC/Audio controls and Down for the chat column
 * (or hides the overlay), so it never traps the focus. The info overlay hides after 2 s without a
 * key press while playing.
 * Up focuses the CC (and Audio) controls: the session's captions and audio choice, which the
 * platform's handlers change too (decision 0070).
 */
export function FullscreenPlayer({
  src,
  provider,
  expiresAt,
  renewSource,
  title,
  subtitle,
  live,
  startTime,
  problem,
  onLeave,
  onPlayer: onPlayerProp,
  onEnded,
  aside,
  tracks = NO_TRACKS,
  ads,
  onZap,
  zapCount = 0,
}: FullscreenPlayerProps) {
  const playerRef = useRef<CorePlayer | null>(null);
  const { t } = useTranslation('playback');
  // play-url's expiresAt is on the server's clock, and a TV's own is often off.
  const { serverNow } = useApi();
  const [state, setState] = useState<PlayerState | null>(null);
  const idle = useIdle(!!state?.playing);

  const [player, setPlayer] = useState<CorePlayer | null>(null);
  const [exitMessage, setExitMessage] = useState(false);
  const [asideOpen, setAsideOpen] = useState(true);
  const choice = useSyncExternalStore(trackChoice.subscribe, trackChoice.get);
  const trackView = useTrackChoice(player, tracks, choice);
  const hasTrackControls = tracks.length > 0 || trackView.audio.length > 0;
  const [menu, setMenu] = useState<TrackMenuState>('closed');
  const openControls = (to: 'captions' | 'audio' | null) => {
    setMenu('controls');
    void setFocus(to === 'audio' || (to === null && tracks.length === 0) ? AUDIO_KEY : CAPTIONS_KEY);
  };
  const onPlayer = useCallback(
    (p: CorePlayer | null) => {
      playerRef.current = p;
      setPlayer(p);
      onPlayerProp?.(p);
    },
    [onPlayerProp],
  );
  // The exit hint near the end of a VOD item (§4.8: ExitMessage.PressExit).
  useEffect(() => {
    if (!player || live) return;
    return trackMilestones(player, { onExitMessage: setExitMessage });
  }, [player, live]);

  // Long-press seek: the keyup (or the window losing focus) ends a hold.
  const platform = usePlatform();
  const [heldSeek] = useState(() => createHeldSeek());
  useEffect(() => {
    if (!platform) return;
    const onKeyUp = (event: KeyboardEvent) => {
      const action = remoteAction(platform, event);
      if (action && SEEK_KEYS[action]) heldSeek.release();
    };
    const onBlur = () => heldSeek.release();
    window.addEventListener('keyup', onKeyUp, true);
    window.addEventListener('blur', onBlur);
    return () => {
      window.removeEventListener('keyup', onKeyUp, true);
      window.removeEventListener('blur', onBlur);
    };
  }, [platform, heldSeek]);
  const [overlayHidden, setOverlayHidden] = useState(false);

  const adControl = useRef<TvAdControl | null>(null);
  const adBreak = problem ? null : (ads?.current ?? null);

  useRemote((action) => {
    const p = playerRef.current;
    setOverlayHidden(false);
    // An ad on screen takes every key: Enter presses Skip (once the VAST allows it), Back leaves,
    // nothing seeks or pauses (the content waits behind it).
    if (adBreak) {
      adControl.current?.unmute();
      if (action === 'back' || action === 'stop' || action === 'exit') onLeave();
      else if (action === 'enter') adControl.current?.skip();
      return true;
    }
    // Autoplay starts muted; the first remote key is the gesture that brings the sound back.
    if (p?.video.muted) p.setMuted(false);
    // On the CC/Audio controls or in their panel, spatial navigation moves focus; Back and Down
    // always lead out, so focus is never trapped there.
    if (menu !== 'closed' && hasTrackControls) {
      if (action === 'back') {
        if (menu === 'controls') setMenu('closed');
        else openControls(menu);
        return true;
      }
      if (menu === 'controls') {
        if (action === 'down') {
          setMenu('closed');
          return true;
        }
        if (action === 'up') return true;
        if (action === 'left' || action === 'right' || action === 'enter') return false;
      } else {
        if (action === 'up' || action === 'down' || action === 'enter') return false;
        if (action === 'left' || action === 'right') return true;
      }
    }
    switch (action) {
      case 'back':
      case 'stop':
      case 'exit':
        onLeave();
        return true;
      case 'enter':
      case 'playPause':
        p?.togglePlay();
        return true;
      case 'play':
        void p?.play();
        return true;
      case 'pause':
        p?.pause();
        return true;
      case 'left':
      case 'rewind':
      case 'right':
      case 'fastForward': {
        const by = live ? 0 : heldSeek.keyDown(SEEK_KEYS[action]!);
        if (by) p?.seekBy(by);
        return true;
      }
      case 'down':
        // Out of the seek bar: to the chat column, else the overlay goes (the picture alone).
        if (aside) setAsideOpen((open) => !open);
        else if (onZap) onZap(-1);
        else setOverlayHidden(true);
        return true;
      case 'up':
        if (hasTrackControls && !problem) openControls(null);
        else if (onZap) onZap(1);
        return true;
      default:
        // Other keys only wake the overlay (useIdle sees the key press).
        return true;
    }
  });

  // A mid-roll covers the CC and Audio panels too (they come back after it).
  const menuOpen = menu !== 'closed' && hasTrackControls && !adBreak;
  const showOverlay = (!idle || !state?.playing || menuOpen) && !(overlayHidden && state?.playing);
  const seekBarFocused = showOverlay && !menuOpen && !live;
  const progress = state && state.duration > 0 ? Math.min(1, state.currentTime / state.duration) : 0;

  return (
    <div className="tv-player" data-testid="tv-player" data-aside={(aside && asideOpen) || undefined}>
      {problem ? (
        <div
          className="tv-player__problem"
          role="alert"
          data-testid="playback-error"
          data-kind={problem.kind}
        >
          <h1>{title || t('unavailable')}</h1>
          <p>{problem.message}</p>
          <p className="tv-hint">{t('pressBack')}</p>
        </div>
      ) : (
        <Player
          src={src}
          provider={provider}
          expiresAt={expiresAt}
          renewSource={renewSource}
          serverNow={serverNow}
          startTime={startTime}
          autoplay
          live={live}
          controls={false}
          unmuteButton={false}
          fill
          title={title}
          onPlayer={onPlayer}
          onStateChange={setState}
          onEnded={onEnded}
          tracks={tracks}
          menu={false}
        />
      )}
      {adBreak ? (
        <TvAdOverlay
          key={adBreak.position}
          current={adBreak}
          onAdEvent={ads!.onAdEvent}
          controlRef={adControl}
        />
      ) : null}
      {!problem && !adBreak ? (
        <div
          className="tv-player__overlay"
          data-visible={showOverlay || undefined}
          aria-hidden={!showOverlay}
        >
          <div className="tv-player__title">
            {live ? <span className="tv-badge">{t('live')}</span> : null}
            <h1>{title}</h1>
            {subtitle ? <p>{subtitle}</p> : null}
          </div>
          {!live && state && state.duration > 0 ? (
            <div
              className={`tv-player__progress${seekBarFocused ? ' is-focused' : ''}`}
              data-testid="seek-bar"
              data-focused={seekBarFocused || undefined}
            >
              <span>{clock(state.currentTime)}</span>
              <div className="tv-player__bar">
                <div style={{ width: `${progress * 100}%` }} />
              </div>
              <span>{clock(state.duration)}</span>
            </div>
          ) : null}
          {state && state.ready && !state.playing && !state.ended ? (
            <div className="tv-player__paused">{t('paused')}</div>
          ) : null}
          {state?.playing && state.muted ? <p className="tv-hint">{t('pressForSound')}</p> : null}
          {aside && !asideOpen ? <p className="tv-hint">{t('pressDownForChat')}</p> : null}
          {onZap ? (
            <p className="tv-hint" data-testid="zap-hint">
              {t('zapHint', { count: zapCount })}
            </p>
          ) : null}
          {hasTrackControls ? (
            <TrackControls
              tracks={tracks}
              shown={trackView.shown}
              audio={trackView.audio}
              audioTrack={trackView.audioTrack}
              active={menuOpen}
              onOpen={setMenu}
            />
          ) : null}
        </div>
      ) : null}
      {!problem && menuOpen && menu === 'captions' ? (
        <TrackPanel
          kind="captions"
          options={[
            {
              key: 'tv-track-off',
              language: '',
              label: t('tracks.off'),
              selected: !trackView.shown,
              onPick: () => {
                trackChoice.dispatch({ type: 'captions', language: null });
                openControls('captions');
              },
            },
            ...tracks.map((track) => ({
              key: `tv-track-${track.language}`,
              language: track.language,
              label: track.label,
              selected: trackView.shown?.language === track.language,
              onPick: () => {
                trackChoice.dispatch({ type: 'captions', language: track.language });
                openControls('captions');
              },
            })),
          ]}
        />
      ) : null}
      {!problem && menuOpen && menu === 'audio' ? (
        <TrackPanel
          kind="audio"
          options={trackView.audio.map((a) => ({
            key: `tv-audio-${a.index}`,
            language: a.language,
            label: a.label,
            selected: a.index === trackView.audioTrack,
            onPick: () => {
              if (a.language) trackChoice.dispatch({ type: 'audio', language: a.language });
              player?.setAudioTrack(a.index);
              openControls('audio');
            },
          }))}
        />
      ) : null}
      {!problem && aside && asideOpen ? aside : null}
      {!problem && exitMessage ? (
        <p className="tv-player__exit" role="status" data-testid="exit-message">
          {t('pressExit')}
        </p>
      ) : null}
    </div>
  );
}
