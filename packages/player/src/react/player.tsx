import { useEffect, useRef, type CSSProperties, type ReactNode } from 'react';
import type { CaptionTrack } from '../captions';
import { ASPECT_RATIO } from '../constants';
import { bindHotkeys, type HotkeyAction } from '../hotkeys';
import type { PlayerError } from '../errors';
import type { PlayerOptions } from '../options';
import type { Player as CorePlayer } from '../player';
import type { ProviderSourceInfo } from '../providers/types';
import { useIdle } from './use-idle';
import { usePlayer, type PlayerState } from './use-player';
import { PlayerMenu, type PlayerMenuLabels } from './player-menu';
import { useSmartPause } from './use-smart-pause';

export interface PlayerProps {
  src: string | null | undefined;
  /**
   * A YouTube, Dailymotion or JW Player source (play-url's `provider`): the provider's own player
   * plays it in place of the video element (decision 0059).
   */
  provider?: ProviderSourceInfo | null;
  /** When the signed `src` expires, and how to renew it (play-url again) on a longer play. */
  expiresAt?: PlayerOptions['expiresAt'];
  renewSource?: PlayerOptions['renewSource'];
  /** The server's clock `expiresAt` is on (the API client's `serverNow`), to time the renewal by. */
  serverNow?: PlayerOptions['serverNow'];
  /** A DRM-protected src (play-url's drmType/licenseUrl, see `playerDrm`; decision 0081). */
  drm?: PlayerOptions['drm'];
  autoplay?: boolean;
  muted?: boolean;
  live?: boolean;
  startTime?: number;
  /** Show the browser's controls (off for TV, where the remote drives the player). */
  controls?: boolean;
  /** Listen for the spec's hotkeys on `window`; `leave` is called for Escape (and any extra Back keys). */
  hotkeys?: boolean;
  hotkeyMap?: Readonly<Record<number, HotkeyAction>>;
  onLeave?: () => void;
  onError?: (error: PlayerError) => void;
  onEnded?: () => void;
  onStateChange?: (state: PlayerState) => void;
  /** Receives the core player once created (and null when it goes), for custom controls such as a TV remote. */
  onPlayer?: (player: CorePlayer | null) => void;
  /** Show an "Unmute" button while autoplay keeps the video muted (default true; TV remotes cannot click it). */
  unmuteButton?: boolean;
  /** Fill the parent instead of keeping 16:9. */
  fill?: boolean;
  className?: string;
  title?: string;
  /** WebVTT captions as <track>s, with a captions menu (see `captionTracks`). */
  tracks?: readonly CaptionTrack[];
  /** Show the captions and quality menu (default: with `controls`, so not on TV remotes; hidden when there is no choice). */
  menu?: boolean;
  menuLabels?: PlayerMenuLabels;
  /** Pause while the page is hidden and resume what was paused so (spec §4.4 smart pause). */
  smartPause?: boolean;
  /** Overlays drawn over the video (e.g. a modal that must stay visible in the player area). */
  children?: ReactNode;
}

/**
 * The shared player element: a `<video data-testid="player">` driven by the core, with an
 * "Unmute" button while autoplay keeps it muted and an error overlay. Web and TV both use it.
 */
export function Player(props: PlayerProps) {
  const videoRef = useRef<HTMLVideoElement>(null);
  const providerRef = useRef<HTMLDivElement>(null);
  const provider = props.provider ?? null;
  const { player, state } = usePlayer(videoRef, {
    src: props.src,
    provider,
    providerHost: providerRef,
    expiresAt: props.expiresAt,
    renewSource: props.renewSource,
    serverNow: props.serverNow,
    drm: props.drm,
    autoplay: props.autoplay,
    muted: props.muted,
    live: props.live,
    startTime: props.startTime,
    onError: props.onError,
    onEnded: props.onEnded,
  });
  const idle = useIdle(state.playing);
  useSmartPause(player, !!props.smartPause);
  const { onLeave, onStateChange, onPlayer, hotkeys, hotkeyMap } = props;

  useEffect(() => {
    onPlayer?.(player);
  }, [player, onPlayer]);

  useEffect(() => {
    onStateChange?.(state);
  }, [state, onStateChange]);

  useEffect(() => {
    if (!player || !hotkeys || typeof window === 'undefined') return;
    return bindHotkeys(window, { ...player, leave: () => onLeave?.() }, { extra: hotkeyMap });
  }, [player, hotkeys, hotkeyMap, onLeave]);

  const style: CSSProperties = props.fill
    ? { position: 'relative', width: '100%', height: '100%', background: '#000' }
    : { position: 'relative', width: '100%', aspectRatio: `1 / ${ASPECT_RATIO}`, background: '#000' };

  return (
    <div
      className={['mq-player', props.className].filter(Boolean).join(' ')}
      style={style}
      data-state={state.error ? 'error' : state.playing ? 'playing' : state.ready ? 'ready' : 'loading'}
      data-idle={idle || undefined}
      data-engine={state.engine ?? undefined}
    >
      {provider ? (
        <div
          ref={providerRef}
          data-testid="player"
          data-provider={provider.source}
          title={props.title}
          style={{ width: '100%', height: '100%' }}
        />
      ) : (
        <video
          ref={videoRef}
          data-testid="player"
          controls={props.controls ?? true}
          playsInline
          title={props.title}
          style={{ width: '100%', height: '100%', display: 'block', cursor: idle ? 'none' : undefined }}
        >
          {props.tracks?.map((t) => (
            <track key={t.language} kind="subtitles" src={t.src} srcLang={t.language} label={t.label} />
          ))}
        </video>
      )}
      {(props.menu ?? props.controls !== false) && !state.error?.fatal && !provider ? (
        <PlayerMenu player={player} tracks={props.tracks ?? []} labels={props.menuLabels} hidden={idle} />
      ) : null}
      {props.unmuteButton !== false && state.muted && state.playing && !state.error ? (
        <button
          type="button"
          className="mq-player__unmute"
          data-testid="player-unmute"
          onClick={() => player?.setMuted(false)}
          style={{
            position: 'absolute',
            top: 12,
            left: 12,
            padding: '6px 12px',
            border: 0,
            borderRadius: 4,
            background: 'rgba(0,0,0,.7)',
            color: '#fff',
            cursor: 'pointer',
          }}
        >
          Unmute
        </button>
      ) : null}
      {state.error?.fatal ? (
        <div
          role="alert"
          className="mq-player__error"
          data-testid="player-error"
          style={{
            position: 'absolute',
            inset: 0,
            display: 'grid',
            placeItems: 'center',
            padding: 16,
            textAlign: 'center',
            background: 'rgba(0,0,0,.8)',
            color: '#fff',
          }}
        >
          {state.error.message}
        </div>
      ) : null}
      {props.children}
    </div>
  );
}
